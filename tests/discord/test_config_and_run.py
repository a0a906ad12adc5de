"""bot/config.py and `mahjong-bot run`: where the token comes from, and clear errors without a traceback."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from bot.cli import main
from bot.cli.run import serve, start
from bot.client import MahjongBot
from bot.config import DEFAULT_DATABASE, BotConfig, ConfigError, load_config
from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import World, fake_in_thread


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_config_file_values_are_read(tmp_path: Path) -> None:
    path = write(tmp_path, 'token = "abc"\ndatabase = "x/y.db"\nsync_guilds = [42]\nlog_level = "debug"\n')

    config = load_config(path, environ={})

    assert config == BotConfig(
        token="abc", database=Path("x/y.db"), sync_guilds=(42,), log_level="DEBUG", upload_emojis=True
    )
    assert config.source == path


def test_pictures_and_emoji_upload_are_on_unless_the_file_turns_them_off(tmp_path: Path) -> None:
    on = load_config(write(tmp_path, 'token = "abc"\n'), environ={})
    off = load_config(write(tmp_path, "pictures = false\nupload_emojis = false\n"), environ={})

    assert on.pictures and on.upload_emojis
    assert not off.pictures and not off.upload_emojis


@pytest.mark.parametrize("key", ["pictures", "upload_emojis"])
def test_a_switch_that_is_not_true_or_false_is_named(tmp_path: Path, key: str) -> None:
    with pytest.raises(ConfigError, match=f"{key} must be true or false"):
        load_config(write(tmp_path, f'{key} = "yes"\n'), environ={})


def test_environment_token_wins_over_the_file(tmp_path: Path) -> None:
    path = write(tmp_path, 'token = "from-file"\n')

    config = load_config(path, environ={"DISCORD_TOKEN": " from-env ", "MAHJONG_DATABASE": "env.db"})

    assert config.token == "from-env"
    assert config.database == Path("env.db")


def test_the_login_timeout_comes_from_the_file_the_environment_or_the_flag(tmp_path: Path) -> None:
    path = write(tmp_path, "login_timeout = 20\n")

    assert BotConfig().login_timeout == 60
    assert load_config(path, environ={}).login_timeout == 20
    assert load_config(path, environ={"MAHJONG_LOGIN_TIMEOUT": "7.5"}).login_timeout == 7.5
    with pytest.raises(ConfigError, match="login_timeout must be a number"):
        load_config(path, environ={"MAHJONG_LOGIN_TIMEOUT": "soon"})


def test_no_file_and_no_environment_means_no_token(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # no data/config.toml here

    config = load_config(None, environ={})

    assert config.token is None and config.database == DEFAULT_DATABASE


def test_default_config_file_is_used_when_present(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "config.toml").write_text('token = "default-file"\n')
    monkeypatch.chdir(tmp_path)

    assert load_config(None, environ={}).token == "default-file"


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('tokn = "abc"\n', "unknown key(s) tokn"),
        ("token = 5\n", "token must be a string"),
        ('sync_guilds = ["general"]\n', "sync_guilds must be a list of guild ids"),
        ('log_level = "loud"\n', "log_level must be one of"),
        ('sync_commands = "yes"\n', "sync_commands must be true or false"),
        ("token = \n", "not valid TOML"),
        ("login_timeout = 0\n", "login_timeout must be a number of seconds from 1 to 3600"),
        ('login_timeout = "soon"\n', "login_timeout must be a number of seconds"),
    ],
)
def test_bad_config_files_name_the_problem(tmp_path: Path, text: str, problem: str) -> None:
    path = write(tmp_path, text)

    with pytest.raises(ConfigError) as error:
        load_config(path, environ={})

    assert problem in str(error.value) and str(path) in str(error.value)


def test_explicit_missing_config_file_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="not found"):
        load_config(tmp_path / "nope.toml", environ={})
    with pytest.raises(ConfigError, match="not a regular file"):
        load_config(tmp_path, environ={})


def test_run_without_a_token_explains_and_exits_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)

    code = main(["run"])

    err = capsys.readouterr().err
    assert code == 2
    assert "DISCORD_TOKEN" in err and "mahjong-bot play" in err and "mahjong-bot simulate" in err
    assert "Traceback" not in err


def test_run_with_a_broken_config_exits_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    path = write(tmp_path, "token = [\n")

    code = main(["run", "--config", str(path)])

    assert code == 2
    assert "not valid TOML" in capsys.readouterr().err


def test_run_with_a_token_discord_rejects_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    try:
        with fake_in_thread() as fake:
            code = start(BotConfig(token="not-" + fake.token, database=Path(":memory:")))
    finally:
        root.handlers[:], root.level = handlers, level  # bot.run installs a log handler on the root

    assert code == 1
    assert "rejected the token" in capsys.readouterr().err
    assert [r.status for r in fake.requests] == [401]


async def test_serve_runs_the_bot_until_told_to_stop_then_closes_it(fake: FakeDiscord, world: World) -> None:
    closed_store: list[bool] = []

    class Bot(MahjongBot):
        async def close_store(self) -> None:
            closed_store.append(True)
            await super().close_store()  # an unclosed store leaves a thread that keeps pytest alive

    bot = Bot(BotConfig(token=fake.token, database=Path(":memory:")), guild_ready_timeout=0.05)
    stop = asyncio.Event()
    serving = asyncio.create_task(serve(bot, fake.token, stop))
    await fake.wait_connected()
    ix = await fake.slash(world.alice, "ping", channel=world.channel)
    assert ix.response_type == 4

    stop.set()
    await asyncio.wait_for(serving, 5)

    assert bot.is_closed() and closed_store == [True]
