"""``mahjong-bot run [--config PATH] [--database D] [--shard-count N --shard-ids 0,1] [--log-format json]
[--log-level L] [--metrics-port P] [--login-timeout S]``: start the Discord bot.

The token comes from DISCORD_TOKEN or the config file (see bot/config.py). Without one the command
explains how to set it and exits 2; nothing else needs a token.  Flags win over the environment and the
file.  With nothing set it is one process on the SQLite file data/mahjong.sqlite3; several processes
share a PostgreSQL database and split the shards (docs/SCALE.md).

Start-up, in this order, so an operator sees a fault at once and a health check has an answer throughout:

1. /health and /metrics start (when ``metrics_port`` is set): /health is 503 "connecting" until the bot
   is connected to Discord.
2. The configuration is checked: the database opens and is migrated, shards split across processes are
   refused on SQLite; the web page starts (when ``web_port`` is set).  A fault is one line and exit 2
   (systemd does not restart on it).
3. The Discord login, given ``login_timeout`` seconds to be answered.  A rejected token, or Discord slow
   or unreachable, is one line (one JSON object under ``--log-format json``), never a traceback, and exit 1.

Exit codes: 0 stopped on SIGINT/SIGTERM; 1 a failure a restart may mend (Discord refused or could not be
reached, the database failed after the check, a defect); 2 the configuration (restarting cannot mend it).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import logging
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from bot.config import (
    DEFAULT_CONFIG_PATH,
    LOG_FORMATS,
    LOG_LEVELS,
    TOKEN_ENV,
    BotConfig,
    ConfigError,
    load_config,
)
from bot.logsetup import configure_logging
from bot.store import StoreError, parse_database_setting, redact

if TYPE_CHECKING:
    from bot.client import MahjongBot

log = logging.getLogger(__name__)

#: Exit statuses: a failure a restart may mend (Discord refused or unreachable, the database failing
#: after the start's check, a defect), and the configuration's (deploy/mahjong-bot.service restarts on
#: FAILURE, never on CONFIGURATION).
FAILURE = 1
CONFIGURATION = 2

DESCRIPTION = f"Start the Discord bot. The token comes from {TOKEN_ENV} or the config file's `token` key."
NO_TOKEN = f"""\
mahjong-bot run: no Discord bot token.
Set it in the environment:   export {TOKEN_ENV}=your-bot-token
or in a config file:         token = "your-bot-token"   in {DEFAULT_CONFIG_PATH} (or --config PATH)
Get a token at https://discord.com/developers/applications (Bot -> Reset Token).
No token is needed to try the referee: `mahjong-bot play --rules riichi` plays in the terminal and
`mahjong-bot simulate --rules riichi --games 10` runs computer-only games."""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("run", help="start the Discord bot", description=DESCRIPTION)
    p.add_argument(
        "--config", type=Path, help=f"TOML config file (default: {DEFAULT_CONFIG_PATH} if present)"
    )
    p.add_argument("--database", help="a SQLite file or a postgresql:// URL")
    p.add_argument("--shard-count", type=int, help="Discord shards in all (default: Discord's advice)")
    p.add_argument("--shard-ids", help="the shards this process runs, e.g. 0,1 (default: all)")
    p.add_argument("--log-level", choices=LOG_LEVELS, type=str.upper)
    p.add_argument("--log-format", choices=LOG_FORMATS, help="json: one JSON object per line on stdout")
    p.add_argument("--metrics-port", type=int, help="serve /health and /metrics on this port (default: off)")
    p.add_argument("--metrics-host", help="address for that endpoint (default 127.0.0.1)")
    p.add_argument(
        "--login-timeout", type=float, help="seconds Discord may take to answer the login (default 60)"
    )
    p.set_defaults(func=run)


def with_flags(config: BotConfig, args: argparse.Namespace) -> BotConfig:
    """The config with the command line's settings on top (checked as the file's are)."""
    values: dict[str, object] = {}
    if args.database:
        setting = parse_database_setting(args.database)  # a StoreError names a bad scheme
        values["database"] = Path(setting.target) if setting.kind == "sqlite" else setting.target
    if args.shard_count is not None:
        values["shard_count"] = args.shard_count
    if args.shard_ids:
        try:
            values["shard_ids"] = tuple(int(part) for part in args.shard_ids.replace(",", " ").split())
        except ValueError:
            raise ConfigError(
                f"--shard-ids takes shard numbers such as 0,1, not {args.shard_ids!r}"
            ) from None
    for flag in ("log_level", "log_format", "metrics_port", "metrics_host", "login_timeout"):
        if getattr(args, flag) is not None:
            values[flag] = getattr(args, flag)
    if "metrics_port" in values and not 1 <= int(str(values["metrics_port"])) <= 65535:
        raise ConfigError("--metrics-port must be from 1 to 65535")
    if "login_timeout" in values and not 1 <= float(str(values["login_timeout"])) <= 3600:
        raise ConfigError("--login-timeout must be a number of seconds from 1 to 3600")
    return dataclasses.replace(config, **values)  # type: ignore[arg-type]


def run(args: argparse.Namespace) -> int:
    try:
        config = with_flags(load_config(args.config), args)
    except (ConfigError, StoreError) as exc:
        print(redact(f"mahjong-bot run: {exc}", setting=args.database), file=sys.stderr)
        return CONFIGURATION
    if not config.token:
        print(NO_TOKEN, file=sys.stderr)
        return CONFIGURATION
    return start(config)


class StartFailure(Exception):
    """A start that cannot go on: ``str()`` is the one line to show, ``code`` the exit status."""

    def __init__(self, message: str, code: int) -> None:
        super().__init__(" ".join(message.split()))  # one line, whatever the cause's text holds
        self.code = code


def start(config: BotConfig) -> int:
    """Run the bot until SIGINT/SIGTERM.  Every fault of the start is one line (one JSON object under JSON
    logs) and an exit status, never a traceback."""
    from bot.client import MahjongBot

    assert config.token is not None
    configure_logging(config.log_level, config.log_format, str(config.database))
    try:
        asyncio.run(serve(MahjongBot(config), config.token, login_timeout=config.login_timeout))
    except StartFailure as failure:
        report(config, str(failure))
        return failure.code
    except KeyboardInterrupt:
        pass
    except Exception:  # a defect: its traceback goes through the configured log format (JSON stays JSON)
        log.exception("mahjong-bot run stopped on an unexpected error")
        return FAILURE
    return 0


def report(config: BotConfig, message: str) -> None:
    """The one line that says why the bot stopped: on stderr, or as one JSON log object on stdout."""
    line = redact(f"mahjong-bot run: {message}", setting=str(config.database))
    if config.log_format == "json":
        log.error(line)
    else:
        print(line, file=sys.stderr)


async def serve(
    bot: MahjongBot, token: str, stop: asyncio.Event | None = None, *, login_timeout: float = 60.0
) -> None:
    """Run ``bot`` until it fails or ``stop`` is set (SIGINT/SIGTERM set it), then close it cleanly.

    Health and metrics first, then the configuration's check, then the Discord login (the module's
    docstring); a fault of the start is raised as a StartFailure.  Closing goes through
    ``MahjongBot.close`` so the store is flushed on ``docker stop`` too.
    """
    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(sig, stop.set)
    try:
        async with bot:
            await prepare(bot)
            running = asyncio.create_task(connect(bot, token, login_timeout), name="mahjong-bot")
            stopping = asyncio.create_task(stop.wait(), name="mahjong-bot-stop")
            await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
            stopping.cancel()
            if running.done():
                running.result()  # the start-up error, if any
            else:
                if not bot.is_ready():
                    running.cancel()  # stopped while logging in or setting up: nothing to wait for
                await bot.close()
                with contextlib.suppress(asyncio.CancelledError):
                    await running
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.remove_signal_handler(sig)


async def prepare(bot: MahjongBot) -> None:
    """Before the login: /health and /metrics serving, the database open and migrated, shards checked,
    the web page serving (``web_port``)."""
    config = bot.config
    try:
        await bot.start_metrics()
    except OSError as exc:
        where = f"{config.metrics_host}:{config.metrics_port}"
        raise StartFailure(f"cannot serve /health and /metrics on {where}: {exc}", CONFIGURATION) from None
    try:
        await bot.open_store()
    except StoreError as exc:  # unreachable, damaged, newer than this program, shards split on SQLite
        raise StartFailure(str(exc), CONFIGURATION) from None
    try:
        await bot.start_web()
    except OSError as exc:
        where = f"{config.web_host}:{config.web_port}"
        raise StartFailure(f"cannot serve the web page on {where}: {exc}", CONFIGURATION) from None


async def connect(bot: MahjongBot, token: str, login_timeout: float) -> None:
    """``bot.start(token)``, with a limit on how long Discord may take to answer the login, and each way
    Discord can refuse the start or fail to answer it as a StartFailure."""
    import discord

    try:
        await login(bot, token, login_timeout)
        await open_gateway(bot)
    except discord.LoginFailure:
        raise StartFailure(
            "Discord rejected the token (reset it in the developer portal).", FAILURE
        ) from None
    except discord.PrivilegedIntentsRequired:
        raise StartFailure(
            "Discord refused a privileged intent this bot should not ask for.", FAILURE
        ) from None
    except discord.HTTPException as exc:
        if bot.is_ready():
            raise
        # Discord answered the start with an error (a 5xx after discord.py's own retries).
        raise StartFailure(f"Discord ({_api()}) answered {exc.status}: {exc.text}", FAILURE) from None
    except StoreError as exc:  # the database, checked before the login, failed while tables were restored
        raise StartFailure(str(exc), FAILURE) from None


def _unreachable() -> tuple[type[BaseException], ...]:
    """What discord.py's HTTP calls raise when Discord cannot be reached: aiohttp's errors (its connection
    errors are OSErrors), TimeoutError when a request is given up."""
    import aiohttp

    return (OSError, aiohttp.ClientError, TimeoutError)


def _api() -> str:
    from discord.http import Route

    return Route.BASE


def _cannot_reach(exc: BaseException) -> StartFailure:
    return StartFailure(f"cannot reach Discord ({_api()}): {exc or type(exc).__name__}", FAILURE)


async def login(bot: MahjongBot, token: str, timeout: float) -> None:
    """``bot.login``, given ``timeout`` seconds for Discord to answer it (the token check and the
    application's details).  The setting up that follows inside the login (``setup_hook``: emojis, cogs,
    restored tables) has no limit: a big restore is slow for good reason, while a login Discord has not
    answered in a minute will not be answered."""
    logging_in = asyncio.create_task(bot.login(token), name="mahjong-bot-login")
    try:
        await asyncio.wait({logging_in}, timeout=timeout)
        if not logging_in.done() and bot.application is None:
            raise StartFailure(f"Discord ({_api()}) did not answer the login within {timeout:g} s", FAILURE)
        await logging_in
    except _unreachable() as exc:
        if bot.application is not None:
            raise  # Discord answered the login: this is a fault of the setting up that followed
        raise _cannot_reach(exc) from None
    finally:
        if not logging_in.done():  # given up, or this task was cancelled (stopped while logging in)
            logging_in.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await logging_in


async def open_gateway(bot: MahjongBot) -> None:
    """``bot.connect``: the gateway's address, then the shards (discord.py retries a shard by itself)."""
    try:
        await bot.connect(reconnect=True)
    except _unreachable() as exc:
        if bot.is_ready():
            raise
        raise _cannot_reach(exc) from None
