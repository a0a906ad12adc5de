"""``mahjong-bot run [--config PATH]``: start the Discord bot.

The token comes from DISCORD_TOKEN or the config file (see bot/config.py). Without one the command
explains how to set it and exits 2; nothing else needs a token.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from bot.config import DEFAULT_CONFIG_PATH, TOKEN_ENV, BotConfig, ConfigError, load_config

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
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        config = load_config(args.config)
    except ConfigError as exc:
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
    discord.utils.setup_logging(level=logging.getLevelName(config.log_level), root=True)
    try:
        asyncio.run(serve(MahjongBot(config), config.token))
    except discord.LoginFailure:
        print(
            "mahjong-bot run: Discord rejected the token (reset it in the developer portal).", file=sys.stderr
        )
        return 1
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
