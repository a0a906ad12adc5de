"""A database password never reaches stdout, stderr or a log line, whatever form of URL carries it and
whichever command takes it (issue 35); a setting that looks like a URL but does not parse is refused by
name, exit 2, and creates no SQLite file named after it.

Every command that takes a database (``--db``, ``run --database``, ``db copy --to``, and
``$MAHJONG_DATABASE``) is run with every form libpq reads (https://www.postgresql.org/docs/current/
libpq-connect.html, "Connection URIs") and the usual mistypings, against a port where nothing listens.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from bot.cli import main
from bot.logsetup import JsonLines, Redacting
from bot.store import SettingError, Store, parse_database_setting, redact
from bot.store.dburl import url_problem

#: Two pieces of every password below: neither may be printed, alone or together.
PIECES = ("Qx7Vb", "Lm3Hn")

#: Forms libpq reads: (name, URL).  Each holds the password made of PIECES (raw or percent-encoded).
VALID = [
    ("postgresql", "postgresql://u:Qx7VbLm3Hn@127.0.0.1:1/x"),
    ("postgres", "postgres://u:Qx7VbLm3Hn@127.0.0.1:1/x"),
    ("percent-encoded / # ? @", "postgresql://u:Qx7Vb%2F%23%3F%40Lm3Hn@127.0.0.1:1/x"),
    ("query password", "postgresql://u@127.0.0.1:1/x?password=Qx7VbLm3Hn"),
    (
        "query password among others",
        "postgresql://127.0.0.1:1/x?sslmode=disable&password=Qx7Vb%26Lm3Hn&user=u",
    ),
    ("query sslpassword", "postgresql://u:Qx7VbLm3Hn@127.0.0.1:1/x?sslpassword=Qx7VbLm3Hn&connect_timeout=2"),
    ("several hosts", "postgresql://u:Qx7VbLm3Hn@127.0.0.1:1,127.0.0.1:2/x"),
    ("unix socket in the query", "postgresql://u:Qx7VbLm3Hn@/x?host=/nonexistent-socket-dir"),
    ("IPv6", "postgresql://u:Qx7VbLm3Hn@[::1]:1/x"),
    ("no port, no database", "postgresql://u:Qx7VbLm3Hn@127.0.0.1:1"),
]
#: Settings meant as URLs that do not parse: refused by name (exit 2), no file made.
MALFORMED = [
    ("raw / in the password", "postgresql://u:Qx7Vb/Lm3Hn@127.0.0.1:1/x"),
    ("raw # in the password", "postgresql://u:Qx7Vb#Lm3Hn@127.0.0.1:1/x"),
    ("raw ? in the password", "postgresql://u:Qx7Vb?Lm3Hn@127.0.0.1:1/x"),
    ("raw @ in the password", "postgresql://u:Qx7Vb@Lm3Hn@127.0.0.1:1/x"),
    ("postgres:/ with one slash", "postgres:/u:Qx7VbLm3Hn@127.0.0.1:1/x"),
    ("missing colon", "postgresql//u:Qx7VbLm3Hn@127.0.0.1:1/x"),
    ("no slashes", "postgresql:u:Qx7VbLm3Hn@127.0.0.1:1/x"),
    ("no scheme", "u:Qx7VbLm3Hn@127.0.0.1:1/x"),
    ("unknown scheme", "mysql://u:Qx7VbLm3Hn@127.0.0.1:1/x"),
    ("keyword/value string", "host=127.0.0.1 port=1 password=Qx7VbLm3Hn dbname=x"),
    ("bad percent", "postgresql://u:Qx7Vb%zzLm3Hn@127.0.0.1:1/x"),
    ("bad port", "postgresql://u:Qx7VbLm3Hn@127.0.0.1:port/x"),
]
NO_PASSWORD = ("no password", "postgresql://u@127.0.0.1:1/x")

#: Every command that takes a database; DB stands for the setting, SQLITE for an existing SQLite file.
COMMANDS = {
    "verify": ["verify", "1", "--db", "DB"],
    "export": ["export", "1", "--db", "DB"],
    "export (environment)": ["export", "1"],
    "simulate": ["simulate", "--rules", "sanma", "--games", "1", "--ai", "random", "--db", "DB"],
    "league list": ["league", "list", "--db", "DB"],
    "league standings": ["league", "standings", "L", "--db", "DB"],
    "league export": ["league", "export", "L", "--db", "DB"],
    "db migrate": ["db", "migrate", "--db", "DB"],
    "db check": ["db", "check", "--db", "DB"],
    "db copy": ["db", "copy", "--from", "SQLITE", "--to", "DB"],
    "run": ["run", "--database", "DB"],
    "animate": ["animate", "1", "--hand", "1", "--out", "hand.gif", "--db", "DB"],
    "review": ["review", "1", "--seat", "0", "--db", "DB"],
    "web": ["web", "--port", "0", "--db", "DB"],
}


@pytest.fixture(scope="module")
def sqlite_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("source") / "source.sqlite3"

    async def make() -> None:
        store = await Store.open(path)
        await store.close()

    asyncio.run(make())
    return path


def run_command(
    command: str,
    setting: str,
    sqlite_file: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> tuple[int, str]:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.setenv("MAHJONG_DATABASE", setting)
    words = {"DB": setting, "SQLITE": str(sqlite_file)}
    argv = [words.get(word, word) for word in COMMANDS[command]]
    with caplog.at_level(logging.DEBUG):
        code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out + captured.err + caplog.text


def assert_no_secret(text: str, *, traceback: bool = False) -> None:
    for piece in PIECES:
        assert piece not in text, text
    assert traceback or "Traceback" not in text, text


@pytest.mark.parametrize(("form", "url"), VALID + [NO_PASSWORD], ids=[f for f, _ in VALID + [NO_PASSWORD]])
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_no_command_prints_the_password_of_any_url_form(
    command: str,
    form: str,
    url: str,
    sqlite_file: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    assert url_problem(url) is None  # a form libpq reads is read here too
    code, text = run_command(command, url, sqlite_file, tmp_path, monkeypatch, capsys, caplog)
    assert code != 0  # nothing listens there (or, for run, no token)
    assert_no_secret(text)
    if command != "run":
        assert "127.0.0.1" in text or "::1" in text or "nonexistent-socket-dir" in text  # it says where


@pytest.mark.parametrize(("form", "setting"), MALFORMED, ids=[f for f, _ in MALFORMED])
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_setting_that_looks_like_a_url_but_does_not_parse_is_refused_by_name(
    command: str,
    form: str,
    setting: str,
    sqlite_file: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    code, text = run_command(command, setting, sqlite_file, tmp_path, monkeypatch, capsys, caplog)
    assert code == 2, text
    assert_no_secret(text)
    assert "malformed" in text or "unknown scheme" in text, text
    assert list(tmp_path.rglob("*")) == []  # no SQLite file named after it, password included


def test_db_migrate_of_a_url_missing_its_colon_does_not_answer_applied(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    code = main(["db", "migrate", "--db", "postgresql//u:Qx7VbLm3Hn@127.0.0.1/x"])
    captured = capsys.readouterr()
    assert code == 2 and "applied" not in captured.out
    assert "postgresql//u:***@127.0.0.1/x" in captured.err and "malformed" in captured.err
    assert list(tmp_path.rglob("*")) == []


@pytest.mark.parametrize(("form", "url"), VALID + MALFORMED, ids=[f for f, _ in VALID + MALFORMED])
def test_the_one_redaction_hides_every_password_and_keeps_the_rest(form: str, url: str) -> None:
    shown = redact(url)
    assert_no_secret(shown)
    assert "***" in shown
    assert "127.0.0.1" in shown or "::1" in shown or "nonexistent-socket-dir" in shown  # where it points
    if url_problem(url) is None:
        assert parse_database_setting(url).display == shown
    else:
        with pytest.raises(SettingError) as refused:
            parse_database_setting(url)
        assert_no_secret(str(refused.value))


def test_redaction_inside_free_text_and_of_the_decoded_password() -> None:
    url = "postgresql://u:Qx7Vb%2FLm3Hn@db/x"
    message = f"cannot connect to {url}: password for u is Qx7Vb/Lm3Hn; also password=Qx7VbLm3Hn&x=1"
    shown = redact(message, setting=url)
    assert_no_secret(shown)
    assert "cannot connect to postgresql://u:***@db/x" in shown and "&x=1" in shown
    assert redact("game 12 ended: 3 hands") == "game 12 ended: 3 hands"  # other text untouched
    assert redact("data/mahjong.sqlite3") == "data/mahjong.sqlite3"


def test_log_lines_and_their_tracebacks_carry_no_password() -> None:
    url = "postgresql://u:Qx7Vb%2FLm3Hn@db/x"
    try:
        raise OSError(f"could not reach {url} (password Qx7Vb/Lm3Hn)")
    except OSError:
        record = logging.LogRecord("bot", logging.ERROR, __file__, 1, "opening %s", (url,), None)
        import sys

        record.exc_info = sys.exc_info()
    assert Redacting(url).filter(record)
    line = JsonLines().format(record)
    assert_no_secret(line, traceback=True)
    assert "opening postgresql://u:***@db/x" in line and "OSError" in line


def test_the_config_repr_never_holds_the_database_password() -> None:
    from bot.config import BotConfig

    config = BotConfig(token="t0ken-value", database="postgresql://bot:Qx7VbLm3Hn@db/m")
    assert_no_secret(repr(config))
    assert "postgresql://bot:***@db/m" in repr(config) and "t0ken" not in repr(config)
