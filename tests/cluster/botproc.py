"""One bot process for the cluster tests: ``python -m tests.cluster.botproc`` with its settings in the
environment, pointed at a loopback Discord (the test's FakeDiscord) and a PostgreSQL database.

It is ``mahjong-bot run`` (bot/cli/run.py: load_config + serve) with two test-only changes: discord.py's
API base and gateway point at the fake, and new tables get the seed ``MAHJONG_TEST_SEED`` so the test can
compare runs.  Settings: DISCORD_TOKEN, MAHJONG_DATABASE, MAHJONG_SHARD_COUNT, MAHJONG_SHARD_IDS (the real
config keys), FAKE_API, FAKE_GATEWAY, MAHJONG_TEST_SEED, MAHJONG_TEST_LEASE.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import os
import sys

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

import bot.service.table as table_module
from bot.cli.run import serve
from bot.client import MahjongBot
from bot.config import load_config


def main() -> int:
    Route.BASE = os.environ["FAKE_API"]
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["FAKE_GATEWAY"])
    seed = os.environ.get("MAHJONG_TEST_SEED")
    if seed:
        table_module.new_seed = lambda: seed  # the same deal in every run of the test
    config = load_config(None)
    config = dataclasses.replace(
        config,
        pictures=False,
        upload_emojis=False,
        lease_seconds=float(os.environ.get("MAHJONG_TEST_LEASE", "15")),
    )
    logging.basicConfig(level=logging.INFO, stream=sys.stderr, format="%(asctime)s %(name)s %(message)s")
    assert config.token is not None
    asyncio.run(serve(MahjongBot(config, guild_ready_timeout=0.05), config.token))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
