"""The bot's settings: a TOML file (``data/config.toml`` or ``--config PATH``) plus environment overrides.

File keys (all optional)::

    token = "..."                 # the bot token; DISCORD_TOKEN in the environment wins over it
    database = "data/mahjong.sqlite3"
    sync_commands = true          # push the slash commands to Discord at start-up
    sync_guilds = [123456789]     # sync to these guilds only (instant) instead of globally (up to 1 h)
    log_level = "INFO"
    pictures = true               # draw the table, hands and results as PNG (false: text only)
    upload_emojis = true          # upload the tile faces as application emojis for the tile buttons

Environment: ``DISCORD_TOKEN``, ``MAHJONG_DATABASE``. Relative paths are relative to the working directory.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DEFAULT_CONFIG_PATH = Path("data/config.toml")
DEFAULT_DATABASE = Path("data/mahjong.sqlite3")
TOKEN_ENV = "DISCORD_TOKEN"
DATABASE_ENV = "MAHJONG_DATABASE"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
#: On/off keys of the file besides ``sync_commands`` (all default to true).
SWITCHES = ("pictures", "upload_emojis")


class ConfigError(ValueError):
    """A config file that cannot be used; the message names the file and the problem."""


@dataclass(frozen=True)
class BotConfig:
    token: str | None = None
    database: Path = DEFAULT_DATABASE
    sync_commands: bool = True
    sync_guilds: tuple[int, ...] = ()
    log_level: str = "INFO"
    #: Draw the table, hands and results as pictures (off: text only, e.g. for a headless test bot).
    pictures: bool = True
    #: Upload tile_images/emoji/*.png as application emojis at start-up (only names not there yet).
    #: A config file turns it on unless it says otherwise (``load_config``); a BotConfig built in code
    #: (the loopback-Discord tests) leaves it off so their emoji records stay their own.
    upload_emojis: bool = False
    #: The file the settings came from, if any (for messages).
    source: Path | None = field(default=None, compare=False)


def load_config(path: Path | None = None, environ: Mapping[str, str] | None = None) -> BotConfig:
    """Read ``path`` (or the default file when it exists), then apply the environment.

    An explicit ``path`` that does not exist is an error; a missing default file is not.
    """
    env = os.environ if environ is None else environ
    values: dict[str, Any] = {}
    source: Path | None = None
    if path is not None and not path.exists():
        raise ConfigError(f"config file {path} not found")
    if path is not None and not path.is_file():
        raise ConfigError(f"config file {path} is not a regular file")
    chosen = path if path is not None else (DEFAULT_CONFIG_PATH if DEFAULT_CONFIG_PATH.is_file() else None)
    if chosen is not None:
        values = _read_toml(chosen)
        source = chosen
    config = _from_values(values, source)
    token = env.get(TOKEN_ENV, "").strip() or config.token
    database = Path(env[DATABASE_ENV]) if env.get(DATABASE_ENV) else config.database
    return BotConfig(
        token=token or None,
        database=database,
        sync_commands=config.sync_commands,
        sync_guilds=config.sync_guilds,
        log_level=config.log_level,
        pictures=config.pictures,
        upload_emojis=config.upload_emojis,
        source=source,
    )


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML ({exc})") from None
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read ({exc.strerror})") from None


def _from_values(values: dict[str, Any], source: Path | None) -> BotConfig:
    where = str(source) if source else "config"
    known = {"token", "database", "sync_commands", "sync_guilds", "log_level", *SWITCHES}
    unknown = sorted(set(values) - known)
    if unknown:
        raise ConfigError(f"{where}: unknown key(s) {', '.join(unknown)} (known: {', '.join(sorted(known))})")
    token = values.get("token")
    if token is not None and not isinstance(token, str):
        raise ConfigError(f"{where}: token must be a string")
    database = values.get("database", str(DEFAULT_DATABASE))
    if not isinstance(database, str) or not database:
        raise ConfigError(f"{where}: database must be a file path string")
    switches = {key: values.get(key, True) for key in ("sync_commands", *SWITCHES)}
    for key, value in switches.items():
        if not isinstance(value, bool):
            raise ConfigError(f"{where}: {key} must be true or false")
    guilds = values.get("sync_guilds", [])
    if not isinstance(guilds, list) or not all(
        isinstance(g, int) and not isinstance(g, bool) for g in guilds
    ):
        raise ConfigError(f"{where}: sync_guilds must be a list of guild ids (integers)")
    log_level = values.get("log_level", "INFO")
    if not isinstance(log_level, str) or log_level.upper() not in LOG_LEVELS:
        raise ConfigError(f"{where}: log_level must be one of {', '.join(LOG_LEVELS)}")
    return BotConfig(
        token=token.strip() if token else None,
        database=Path(database),
        sync_commands=switches["sync_commands"],
        sync_guilds=tuple(guilds),
        log_level=log_level.upper(),
        pictures=switches["pictures"],
        upload_emojis=switches["upload_emojis"],
        source=source,
    )
