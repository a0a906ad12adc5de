"""``mahjong-bot run [--config PATH] [--database D] [--shard-count N --shard-ids 0,1] [--log-format json]
[--log-level L] [--metrics-port P]``: start the Discord bot.

The token comes from DISCORD_TOKEN or the config file (see bot/config.py). Without one the command
explains how to set it and exits 2; nothing else needs a token.  Flags win over the environment and the
file.  With nothing set it is one process on the SQLite file data/mahjong.sqlite3; several processes
share a PostgreSQL database and split the shards (docs/SCALE.md).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
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
from bot.store import StoreError, parse_database_setting

if TYPE_CHECKING:
    from bot.client import MahjongBot

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
    for flag in ("log_level", "log_format", "metrics_port", "metrics_host"):
        if getattr(args, flag) is not None:
            values[flag] = getattr(args, flag)
    if "metrics_port" in values and not 1 <= int(str(values["metrics_port"])) <= 65535:
        raise ConfigError("--metrics-port must be from 1 to 65535")
    return dataclasses.replace(config, **values)  # type: ignore[arg-type]


def run(args: argparse.Namespace) -> int:
    try:
        config = with_flags(load_config(args.config), args)
    except (ConfigError, StoreError) as exc:
        print(f"mahjong-bot run: {exc}", file=sys.stderr)
        return 2
    if not config.token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    return start(config)


def start(config: BotConfig) -> int:
    """Run the bot until SIGINT/SIGTERM; a rejected token or missing intent is a message, not a traceback."""
    import discord

    from bot.client import MahjongBot

    assert config.token is not None
    configure_logging(config.log_level, config.log_format)
    try:
        asyncio.run(serve(MahjongBot(config), config.token))
    except discord.LoginFailure:
        print(
            "mahjong-bot run: Discord rejected the token (reset it in the developer portal).", file=sys.stderr
        )
        return 1
    except StoreError as exc:  # the database cannot be opened, or shards split on a SQLite file
        print(f"mahjong-bot run: {exc}", file=sys.stderr)
        return 2
    except discord.PrivilegedIntentsRequired:
        print(
            "mahjong-bot run: Discord refused a privileged intent this bot should not ask for.",
            file=sys.stderr,
        )
        return 1
    except KeyboardInterrupt:
        pass
    return 0


async def serve(bot: MahjongBot, token: str, stop: asyncio.Event | None = None) -> None:
    """Run ``bot`` until it fails or ``stop`` is set (SIGINT/SIGTERM set it), then close it cleanly.

    Closing goes through ``MahjongBot.close`` so the store is flushed on ``docker stop`` too.
    """
    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(sig, stop.set)
    try:
        async with bot:
            running = asyncio.create_task(bot.start(token), name="mahjong-bot")
            stopping = asyncio.create_task(stop.wait(), name="mahjong-bot-stop")
            await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
            stopping.cancel()
            if running.done():
                running.result()  # the start-up error, if any
            else:
                await bot.close()
                await running
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.remove_signal_handler(sig)
