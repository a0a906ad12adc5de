"""The deployment files: compose.yaml validated by the compose tool when this machine has one (the
``docker compose`` plugin, or Debian's ``docker-compose``), and the Dockerfile's promises checked."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _compose() -> list[str] | None:
    docker = shutil.which("docker")
    if docker and subprocess.run([docker, "compose", "version"], capture_output=True).returncode == 0:
        return [docker, "compose"]
    legacy = shutil.which("docker-compose")
    return [legacy] if legacy else None


def test_compose_file_validates_and_requires_its_secrets() -> None:
    tool = _compose()
    if tool is None:
        reason = "no compose tool here (neither `docker compose` nor `docker-compose`)"
        if os.environ.get("CI") == "true":
            pytest.fail(f"{reason}: .ci/run installs Debian's docker-compose")
        pytest.skip(reason)
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "POSTGRES_PASSWORD")}
    ok = subprocess.run(
        [*tool, "-f", "compose.yaml", "config"],
        cwd=ROOT,
        env=env | {"DISCORD_TOKEN": "t", "POSTGRES_PASSWORD": "p"},
        capture_output=True,
        text=True,
    )
    assert ok.returncode == 0, ok.stderr
    for shards in ("MAHJONG_SHARD_IDS: '0'", "MAHJONG_SHARD_IDS: '1'"):
        assert shards in ok.stdout
    assert "condition: service_healthy" in ok.stdout and "db-data" in ok.stdout
    missing = subprocess.run(
        [*tool, "-f", "compose.yaml", "config", "-q"], cwd=ROOT, env=env, capture_output=True
    )
    assert missing.returncode != 0  # no token, no password: refused, never started with blanks


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
