"""The deployment files: compose.yaml validated by the compose tool when this machine has one (the
``docker compose`` plugin, or Debian's ``docker-compose``), the database password it hands the bot reaching a
PostgreSQL that asks for it, the Dockerfile's promises checked, and the systemd unit's restart rule."""

from __future__ import annotations

import asyncio
import configparser
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import yaml

from bot.cli import main
from bot.store import Store
from tests.ci import unavailable
from tests.pgserver import PostgresServer

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "deploy" / "mahjong-bot.service"


def _compose() -> list[str]:
    docker = shutil.which("docker")
    if docker and subprocess.run([docker, "compose", "version"], capture_output=True).returncode == 0:
        return [docker, "compose"]
    legacy = shutil.which("docker-compose")
    if legacy is None:
        unavailable(
            "no compose tool here (neither `docker compose` nor `docker-compose`; .ci/run installs it)"
        )
    return [legacy]


def _compose_config(secrets: dict[str, str]) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "POSTGRES_PASSWORD")}
    return subprocess.run(
        [*_compose(), "-f", "compose.yaml", "config"],
        cwd=ROOT,
        env=env | secrets,
        capture_output=True,
        text=True,
    )


def test_compose_file_validates_and_requires_its_secrets() -> None:
    ok = _compose_config({"DISCORD_TOKEN": "t", "POSTGRES_PASSWORD": "p"})
    assert ok.returncode == 0, ok.stderr
    for shards in ("MAHJONG_SHARD_IDS: '0'", "MAHJONG_SHARD_IDS: '1'"):
        assert shards in ok.stdout
    assert "condition: service_healthy" in ok.stdout and "db-data" in ok.stdout
    for secrets in ({}, {"DISCORD_TOKEN": "t"}, {"POSTGRES_PASSWORD": "p"}):
        missing = _compose_config(secrets)
        assert missing.returncode != 0, secrets  # a secret missing: refused, never started with blanks


#: Every character that ends a URL's password or its host part, and a few that need %-encoding.
AWKWARD_PASSWORD = "p@ss/w#rd:x?y&z% é"


def _grant_password_login(server: PostgresServer, password: str) -> None:
    """The role and database compose.yaml names, the role admitted only with its password (scram)."""
    hba = server.data / "pg_hba.conf"
    if "mahjong-deploy-test" not in hba.read_text():
        rule = "host all mahjong 127.0.0.1/32 scram-sha-256  # mahjong-deploy-test\n"
        hba.write_text(rule + hba.read_text())  # first match wins: only this role needs a password
    server.psql("DROP DATABASE IF EXISTS mahjong")
    server.psql("DROP ROLE IF EXISTS mahjong")
    quoted = password.replace("'", "''")
    server.psql(f"CREATE ROLE mahjong LOGIN PASSWORD '{quoted}'")
    server.psql("CREATE DATABASE mahjong OWNER mahjong")
    server.psql("SELECT pg_reload_conf()")


def test_a_password_with_at_slash_and_hash_reaches_the_database_whole(
    pg_server: PostgresServer, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    done = _compose_config({"DISCORD_TOKEN": "t", "POSTGRES_PASSWORD": AWKWARD_PASSWORD})
    assert done.returncode == 0, done.stderr
    services: dict[str, Any] = yaml.safe_load(done.stdout)["services"]
    assert services["db"]["environment"]["POSTGRES_PASSWORD"] == AWKWARD_PASSWORD
    settings = [services[name]["environment"] for name in ("bot-0", "bot-1")]
    for env in settings:
        url = urlsplit(env["MAHJONG_DATABASE"])
        assert (url.scheme, url.hostname, url.port, url.username, url.password, url.path, url.fragment) == (
            "postgresql",
            "db",
            5432,
            "mahjong",
            None,
            "/mahjong",
            "",
        )
        assert not any(part in env["MAHJONG_DATABASE"] for part in ("p@ss", "w#rd", "ss/w"))  # none of it
        assert env["PGPASSWORD"] == AWKWARD_PASSWORD

    # What the bot does with those settings, against a PostgreSQL that asks for that password.
    _grant_password_login(pg_server, AWKWARD_PASSWORD)
    here = settings[0]["MAHJONG_DATABASE"].replace("@db:5432/", f"@127.0.0.1:{pg_server.port}/")
    monkeypatch.setenv("PGPASSWORD", settings[0]["PGPASSWORD"])
    assert main(["db", "migrate", "--db", here]) == 0
    assert main(["db", "check", "--db", here]) == 0
    assert "(current)" in capsys.readouterr().out

    async def who() -> str:
        async with await Store.open(here) as store:
            row = await store.db.fetch_one("SELECT current_user")
        return str(row[0]) if row is not None else ""

    assert asyncio.run(who()) == "mahjong"
    monkeypatch.setenv("PGPASSWORD", AWKWARD_PASSWORD[:-1])  # so the password is what was checked
    assert main(["db", "check", "--db", here]) == 2
    err = capsys.readouterr().err
    assert "password authentication failed" in err and AWKWARD_PASSWORD[:6] not in err


def test_the_image_runs_as_a_non_root_user_with_the_picture_fonts() -> None:
    text = (ROOT / "Dockerfile").read_text()
    assert "FROM python:3.11-slim" in text
    assert "fonts-noto-cjk" in text and "fonts-dejavu-core" in text
    users = [line.split()[1] for line in text.splitlines() if line.startswith("USER ")]
    assert users and users[-1] not in ("root", "0")


def test_the_systemd_unit_runs_the_bot_unprivileged() -> None:
    unit = (ROOT / "deploy" / "mahjong-bot.service").read_text()
    assert "ExecStart=/opt/mahjong-bot/bin/mahjong-bot run" in unit
    assert "User=mahjong" in unit and "NoNewPrivileges=true" in unit


def _unit_section(name: str) -> configparser.SectionProxy:
    unit = configparser.ConfigParser(strict=False, interpolation=None, delimiters=("=",))
    unit.optionxform = str  # type: ignore[assignment,method-assign]  # systemd's keys are case-sensitive
    unit.read_string(UNIT.read_text(encoding="utf-8"))
    return unit[name]


def systemd_restarts(service: configparser.SectionProxy, exit_code: int) -> bool:
    """systemd.service(5): whether a main process that exited with ``exit_code`` is started again."""
    prevented = {int(word) for word in service.get("RestartPreventExitStatus", "").split() if word.isdigit()}
    clean = {0} | {int(word) for word in service.get("SuccessExitStatus", "").split() if word.isdigit()}
    if exit_code in prevented:
        return False
    policy = service.get("Restart", "no")
    if exit_code in clean:
        return policy in ("always", "on-success")
    return policy in ("always", "on-failure")


def test_the_unit_restarts_after_a_failure_but_not_after_a_configuration_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    service = _unit_section("Service")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    configuration_error = main(["run"])  # what the unit meets while /etc/mahjong-bot.env has no token
    assert configuration_error == 2 and "DISCORD_TOKEN" in capsys.readouterr().err
    assert not systemd_restarts(service, configuration_error)  # stopped: a restart cannot mend it
    assert systemd_restarts(service, 1)  # Discord unreachable, a crash: started again
    assert not systemd_restarts(service, 0)  # stopped on purpose


def test_systemd_reads_every_line_of_the_unit(tmp_path: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        unavailable(
            "no systemd-analyze here: the unit's syntax was not checked by systemd", required_under_ci=False
        )
    # Only the program is swapped for one that exists here; every other line is checked as shipped.
    text = UNIT.read_text(encoding="utf-8").replace(
        "ExecStart=/opt/mahjong-bot/bin/mahjong-bot", "ExecStart=/bin/true"
    )
    copy = tmp_path / UNIT.name
    copy.write_text(text, encoding="utf-8")
    verified = subprocess.run([analyze, "verify", str(copy)], capture_output=True, text=True, timeout=60)
    assert verified.returncode == 0 and verified.stdout + verified.stderr == "", verified.stderr


def test_every_variable_of_the_env_example_is_one_the_bot_reads() -> None:
    from bot.config import DATABASE_ENV, ENV_KEYS, TOKEN_ENV

    text = (ROOT / "deploy" / "mahjong-bot.env.example").read_text(encoding="utf-8")
    named = {
        line.lstrip("#").partition("=")[0]
        for line in text.splitlines()
        if "=" in line and line.lstrip("#").partition("=")[0].isupper()
    }
    assert {"DISCORD_TOKEN", "MAHJONG_DATABASE", "PGPASSWORD", "MAHJONG_LOGIN_TIMEOUT"} <= named
    assert named <= {TOKEN_ENV, DATABASE_ENV, *ENV_KEYS, "PGPASSWORD"}, named
