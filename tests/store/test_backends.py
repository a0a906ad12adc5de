"""The database setting picks the backend; both backends refuse what is not theirs, by name."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main
from bot.config import BotConfig, ConfigError, load_config
from bot.store import Store, StoreError, latest_version, parse_database_setting
from bot.store.connection import redact_url
from bot.store.migrate import POSTGRES_ROW_ID, available_migrations
from tests.pgserver import PostgresServer


@pytest.mark.parametrize(
    ("setting", "kind"),
    [
        ("data/mahjong.sqlite3", "sqlite"),
        (":memory:", "sqlite"),
        ("/var/lib/mahjong/bot.db", "sqlite"),
        ("C:/mahjong/bot.db", "sqlite"),  # a drive letter is not a URL scheme
        ("postgresql://bot@db:5432/mahjong", "postgresql"),
        ("postgres://bot:pw@db/mahjong", "postgresql"),
        ("PostgreSQL://db/mahjong", "postgresql"),
    ],
)
def test_a_path_means_sqlite_and_a_postgresql_url_means_postgresql(setting: str, kind: str) -> None:
    assert parse_database_setting(setting).kind == kind


@pytest.mark.parametrize(
    "setting", ["mysql://db/mahjong", "sqlite:///x.db", "postgresql:/db/mahjong", "redis:x"]
)
def test_any_other_scheme_is_refused_by_name(setting: str) -> None:
    with pytest.raises(StoreError, match="scheme|malformed"):
        parse_database_setting(setting)


def test_a_url_never_shows_its_password() -> None:
    assert redact_url("postgresql://bot:s3cret@db/mahjong") == "postgresql://bot:***@db/mahjong"
    assert "s3cret" not in parse_database_setting("postgresql://bot:s3cret@db/m").display


def test_simulate_with_a_url_of_an_unknown_scheme_creates_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    code = main(
        ["simulate", "--rules", "sanma", "--games", "1", "--db", "mysql://db/mahjong", "--ai", "random"]
    )
    assert code == 2
    assert "unknown scheme 'mysql'" in capsys.readouterr().err
    assert list(tmp_path.rglob("*")) == []  # no SQLite file named mysql:/db/mahjong


def test_simulate_into_postgresql_stores_there_and_creates_no_file(
    tmp_path: Path, pg_server: PostgresServer
) -> None:
    url = pg_server.create_database()
    done = subprocess.run(
        [sys.executable, "-m", "bot", "simulate", "--rules", "sanma", "--games", "1", "--ai", "random"]
        + ["--db", url, "--json"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert list(tmp_path.rglob("*")) == []
    assert (
        pg_server.psql("SELECT COUNT(*) FROM games WHERE status = 'finished'", url.rsplit("/", 1)[1]) == "1"
    )


def test_the_config_refuses_an_unknown_database_scheme(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('database = "mongodb://db/mahjong"\n')
    with pytest.raises(ConfigError, match="unknown scheme 'mongodb'"):
        load_config(path, environ={})
    url = load_config(None, environ={"MAHJONG_DATABASE": "postgresql://bot@db/mahjong"}).database
    assert url == "postgresql://bot@db/mahjong"  # a URL stays a URL (a Path would eat a slash)


def test_the_config_repr_never_holds_the_token() -> None:
    config = BotConfig(token="MTIz.secret-token-value", database="postgresql://bot:pw@db/m")
    assert "secret-token-value" not in repr(config) and "secret-token-value" not in str(config)


def test_postgresql_migrations_get_identity_ids_and_the_rest_unchanged() -> None:
    first = available_migrations()[0]
    pg = first.sql_for("postgresql")
    assert "INTEGER PRIMARY KEY" not in pg.replace(POSTGRES_ROW_ID, "")
    assert pg.count(POSTGRES_ROW_ID) == first.sql.count("INTEGER PRIMARY KEY") >= 4
    assert first.sql_for("sqlite") == first.sql


async def test_postgresql_database_of_another_program_is_refused(pg_server: PostgresServer) -> None:
    url = pg_server.create_database()
    pg_server.psql("CREATE TABLE recipes (name TEXT)", url.rsplit("/", 1)[1])
    with pytest.raises(StoreError, match="another program"):
        await Store.open(url)


async def test_postgresql_newer_schema_is_refused_and_left_untouched(pg_server: PostgresServer) -> None:
    url = pg_server.create_database()
    await (await Store.open(url)).close()
    name = url.rsplit("/", 1)[1]
    pg_server.psql(f"INSERT INTO schema_version VALUES ({latest_version() + 1}, 'later')", name)
    with pytest.raises(StoreError, match="newer than this program knows"):
        await Store.open(url)
    assert pg_server.psql("SELECT MAX(version) FROM schema_version", name) == str(latest_version() + 1)


async def test_two_processes_opening_a_new_postgresql_database_at_once_migrate_it_once(
    pg_server: PostgresServer,
) -> None:
    url = pg_server.create_database()
    stores = await asyncio.gather(*(Store.open(url) for _ in range(4)))
    for store in stores:
        assert await store.schema_version() == latest_version()
        await store.close()
    name = url.rsplit("/", 1)[1]
    assert pg_server.psql("SELECT COUNT(*) FROM schema_version", name) == str(latest_version())


async def test_an_unreachable_postgresql_server_is_a_clear_error() -> None:
    from tests.pgserver import free_port

    with pytest.raises(StoreError, match=r"cannot connect to the database postgresql://bot:\*\*\*@127.0.0.1"):
        await Store.open(f"postgresql://bot:pw@127.0.0.1:{free_port()}/mahjong")


@pytest.mark.parametrize(("ci", "outcome"), [("true", pytest.fail.Exception), ("", pytest.skip.Exception)])
def test_a_machine_without_postgresql_skips_the_half_outside_ci_and_fails_under_ci(
    monkeypatch: pytest.MonkeyPatch, ci: str, outcome: type[BaseException]
) -> None:
    import tests.pgserver as pgserver

    def missing() -> Path:
        raise pgserver.PostgresUnavailable(
            "PostgreSQL is not installed (no initdb on PATH or in /usr/lib/postgresql)"
        )

    monkeypatch.setattr(pgserver, "find_bin_dir", missing)
    monkeypatch.setenv("CI", ci)
    with pytest.raises(outcome, match="PostgreSQL is not installed"):
        pgserver.server_or_skip()
