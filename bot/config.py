"""The bot's settings: a TOML file (``data/config.toml`` or ``--config PATH``) plus environment overrides.

File keys (all optional)::

    token = "..."                 # the bot token; DISCORD_TOKEN in the environment wins over it
    database = "data/mahjong.sqlite3"   # a file (SQLite) or "postgresql://user:pw@host/db" (PostgreSQL)
    sync_commands = true          # push the slash commands to Discord at start-up
    sync_guilds = [123456789]     # sync to these guilds only (instant) instead of globally (up to 1 h)
    log_level = "INFO"
    pictures = true               # draw the table, hands and results as PNG (false: text only)
    upload_emojis = true          # upload the tile faces as application emojis for the tile buttons
    [mjai.NAME]                   # an outside AI speaking mjai for riichi/sanma seats (bot/mjai/config.py)
    command = ["python", "bot.py"]
    log_format = "text"           # or "json": one JSON object per line on stdout (containers)
    shard_count = 2               # Discord shards in all (default: as many as Discord recommends)
    shard_ids = [0]               # the shards this process runs (default: all; needs shard_count)
    lease_seconds = 15            # a table whose owner stops renewing for this long is taken over
    metrics_port = 9100           # serve /metrics and /health over HTTP (default: off)
    metrics_host = "127.0.0.1"    # where that endpoint listens ("0.0.0.0" in a container)
    login_timeout = 60            # seconds Discord may take to answer the login before `run` gives up
    web_port = 8080               # serve the web page of leagues, games and replays (default: off)
    web_host = "127.0.0.1"        # where the web page listens ("0.0.0.0" in a container behind a proxy)
    public_url = "https://mahjong.example.org/"  # the web page's address as players reach it: /league
                                  # standings and finished games link to it in Discord

Environment (wins over the file): ``DISCORD_TOKEN``, ``MAHJONG_DATABASE``, ``MAHJONG_LOG_LEVEL``,
``MAHJONG_LOG_FORMAT``, ``MAHJONG_SHARD_COUNT``, ``MAHJONG_SHARD_IDS`` ("0,1"), ``MAHJONG_METRICS_PORT``,
``MAHJONG_METRICS_HOST``, ``MAHJONG_LOGIN_TIMEOUT``, ``MAHJONG_WEB_PORT``, ``MAHJONG_WEB_HOST``,
``MAHJONG_PUBLIC_URL``.  ``mahjong-bot run`` flags win over both.  Relative
paths are relative to the working directory.  Several processes (shards split between them) need a
PostgreSQL database: docs/SCALE.md.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.store.database import parse_database_setting
from bot.store.dburl import redact
from bot.store.errors import StoreError

if TYPE_CHECKING:
    from bot.mjai.config import MjaiSpec

DEFAULT_CONFIG_PATH = Path("data/config.toml")
DEFAULT_DATABASE = Path("data/mahjong.sqlite3")
TOKEN_ENV = "DISCORD_TOKEN"
DATABASE_ENV = "MAHJONG_DATABASE"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
LOG_FORMATS = ("text", "json")
#: Environment variables that override a file key (name -> key); parsed like the file's value.
ENV_KEYS = {
    "MAHJONG_LOG_LEVEL": "log_level",
    "MAHJONG_LOG_FORMAT": "log_format",
    "MAHJONG_SHARD_COUNT": "shard_count",
    "MAHJONG_SHARD_IDS": "shard_ids",
    "MAHJONG_METRICS_PORT": "metrics_port",
    "MAHJONG_METRICS_HOST": "metrics_host",
    "MAHJONG_LOGIN_TIMEOUT": "login_timeout",
    "MAHJONG_WEB_PORT": "web_port",
    "MAHJONG_WEB_HOST": "web_host",
    "MAHJONG_PUBLIC_URL": "public_url",
}
#: On/off keys of the file besides ``sync_commands`` (all default to true).
SWITCHES = ("pictures", "upload_emojis")


class ConfigError(ValueError):
    """A config file that cannot be used; the message names the file and the problem."""


@dataclass(frozen=True)
class BotConfig:
    #: Never shown by repr (a config gets logged, printed in tracebacks, pasted into bug reports).
    token: str | None = field(default=None, repr=False)
    #: A file path (SQLite) or a postgresql:// URL (bot/store/database.py).
    database: Path | str = DEFAULT_DATABASE
    sync_commands: bool = True
    sync_guilds: tuple[int, ...] = ()
    log_level: str = "INFO"
    #: Draw the table, hands and results as pictures (off: text only, e.g. for a headless test bot).
    pictures: bool = True
    #: Upload tile_images/emoji/*.png as application emojis at start-up (only names not there yet).
    #: A config file turns it on unless it says otherwise (``load_config``); a BotConfig built in code
    #: (the loopback-Discord tests) leaves it off so their emoji records stay their own.
    upload_emojis: bool = False
    log_format: str = "text"
    #: Discord shards in all (None: as many as Discord recommends) and the ones this process runs
    #: (None: all of them, AutoShardedBot).  Several processes share the work by splitting shard_ids.
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    #: Seconds a table's owner may go without renewing its lease before another process takes it over.
    lease_seconds: float = 15.0
    #: The opt-in health/metrics endpoint (None: off).
    metrics_port: int | None = None
    metrics_host: str = "127.0.0.1"
    #: Seconds Discord may take to answer the login (the token check and the application's details)
    #: before ``mahjong-bot run`` gives up with one line; setting up afterwards has no such limit.
    login_timeout: float = 60.0
    #: The web page of leagues, games and replays (bot/web; None: not served by ``run``), where it
    #: listens, and the address players reach it at (None: Discord messages do not link to it).
    web_port: int | None = None
    web_host: str = "127.0.0.1"
    public_url: str | None = None
    #: Outside mjai AIs the lobby's "Add computer" offers at riichi/sanma tables (``[mjai.NAME]`` tables).
    mjai: tuple[MjaiSpec, ...] = ()
    #: The file the settings came from, if any (for messages).
    source: Path | None = field(default=None, compare=False)

    def __repr__(self) -> str:
        """The settings without secrets: no token, the database URL without its password."""
        shown = (
            f"{f.name}={redact(str(self.database))!r}"
            if f.name == "database"
            else f"{f.name}={getattr(self, f.name)!r}"
            for f in fields(self)
            if f.repr
        )
        return f"BotConfig({', '.join(shown)})"

    def __post_init__(self) -> None:
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise ConfigError("shard_ids needs shard_count (how many shards there are in all)")
            bad = [s for s in self.shard_ids if not 0 <= s < self.shard_count]
            if bad or not self.shard_ids or len(set(self.shard_ids)) != len(self.shard_ids):
                raise ConfigError(
                    f"shard_ids must be distinct numbers from 0 to {self.shard_count - 1}, "
                    f"got {list(self.shard_ids)}"
                )

    @property
    def split_across_processes(self) -> bool:
        """True when this process runs only some of the shards (others run elsewhere)."""
        return self.shard_ids is not None and len(self.shard_ids) < (self.shard_count or 0)


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
    for variable, key in ENV_KEYS.items():
        if env.get(variable, "").strip():
            values[key] = _env_value(key, env[variable].strip())
    if env.get(DATABASE_ENV, "").strip():
        values["database"] = env[DATABASE_ENV].strip()
    config = _from_values(values, source)
    token = env.get(TOKEN_ENV, "").strip() or config.token
    return replace(config, token=token or None)


def _env_value(key: str, text: str) -> Any:
    """An environment variable's text as the file would hold it (numbers, a list of shard ids)."""
    if key == "login_timeout":
        try:
            return float(text)
        except ValueError:
            raise ConfigError(f"the environment's {key} must be a number of seconds, got {text!r}") from None
    try:
        if key == "shard_ids":
            return [int(part) for part in text.replace(",", " ").split()]
        if key in ("shard_count", "metrics_port", "web_port"):
            return int(text)
    except ValueError:
        raise ConfigError(f"the environment's {key} must be a whole number (list), got {text!r}") from None
    return text


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
    known = {
        "token",
        "database",
        "sync_commands",
        "sync_guilds",
        "log_level",
        "log_format",
        "shard_count",
        "shard_ids",
        "lease_seconds",
        "metrics_port",
        "metrics_host",
        "login_timeout",
        "web_port",
        "web_host",
        "public_url",
        "mjai",
        *SWITCHES,
    }
    unknown = sorted(set(values) - known)
    if unknown:
        raise ConfigError(f"{where}: unknown key(s) {', '.join(unknown)} (known: {', '.join(sorted(known))})")
    token = values.get("token")
    if token is not None and not isinstance(token, str):
        raise ConfigError(f"{where}: token must be a string")
    database = values.get("database", str(DEFAULT_DATABASE))
    if not isinstance(database, str) or not database:
        raise ConfigError(f"{where}: database must be a file path or a postgresql:// URL")
    try:
        setting = parse_database_setting(database)
    except StoreError as exc:
        raise ConfigError(f"{where}: {exc}") from None
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
    log_format = values.get("log_format", "text")
    if log_format not in LOG_FORMATS:
        raise ConfigError(f"{where}: log_format must be one of {', '.join(LOG_FORMATS)}")
    shard_count = _whole(values, "shard_count", where, low=1)
    shard_ids = values.get("shard_ids")
    if shard_ids is not None and (
        not isinstance(shard_ids, list)
        or not all(isinstance(s, int) and not isinstance(s, bool) for s in shard_ids)
    ):
        raise ConfigError(f"{where}: shard_ids must be a list of shard numbers")
    metrics_port = _whole(values, "metrics_port", where, low=1, high=65535)
    metrics_host = values.get("metrics_host", "127.0.0.1")
    if not isinstance(metrics_host, str) or not metrics_host:
        raise ConfigError(f"{where}: metrics_host must be a host name or address")
    web_port = _whole(values, "web_port", where, low=1, high=65535)
    web_host = values.get("web_host", "127.0.0.1")
    if not isinstance(web_host, str) or not web_host:
        raise ConfigError(f"{where}: web_host must be a host name or address")
    public_url = values.get("public_url")
    if public_url is not None and (
        not isinstance(public_url, str) or not public_url.startswith(("http://", "https://"))
    ):
        raise ConfigError(f"{where}: public_url must be an http:// or https:// address, got {public_url!r}")
    lease = _seconds(values, "lease_seconds", where, 15.0)
    login_timeout = _seconds(values, "login_timeout", where, 60.0)
    mjai: tuple[MjaiSpec, ...] = ()
    if "mjai" in values:
        from bot.mjai.config import parse_specs

        try:
            mjai = parse_specs(values["mjai"], where, secrets=(TOKEN_ENV, DATABASE_ENV))
        except ValueError as exc:
            raise ConfigError(str(exc)) from None
    try:
        return BotConfig(
            token=token.strip() if token else None,
            database=Path(setting.target) if setting.kind == "sqlite" else setting.target,
            sync_commands=switches["sync_commands"],
            sync_guilds=tuple(guilds),
            log_level=log_level.upper(),
            pictures=switches["pictures"],
            upload_emojis=switches["upload_emojis"],
            log_format=log_format,
            shard_count=shard_count,
            shard_ids=tuple(shard_ids) if shard_ids is not None else None,
            lease_seconds=lease,
            metrics_port=metrics_port,
            metrics_host=metrics_host,
            login_timeout=login_timeout,
            web_port=web_port,
            web_host=web_host,
            public_url=public_url.rstrip("/") + "/" if public_url else None,
            mjai=mjai,
            source=source,
        )
    except ConfigError as exc:
        raise ConfigError(f"{where}: {exc}") from None


def _seconds(values: dict[str, Any], key: str, where: str, default: float) -> float:
    value = values.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int | float) or not 1 <= value <= 3600:
        raise ConfigError(f"{where}: {key} must be a number of seconds from 1 to 3600")
    return float(value)


def _whole(values: dict[str, Any], key: str, where: str, *, low: int, high: int | None = None) -> int | None:
    value = values.get(key)
    if value is None:
        return None
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or value < low
        or (high is not None and value > high)
    ):
        limit = f"from {low} to {high}" if high is not None else f"of at least {low}"
        raise ConfigError(f"{where}: {key} must be a whole number {limit}, got {value!r}")
    return int(value)
