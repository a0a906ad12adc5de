"""The loopback Discord routes by shard as Discord does: a guild's events to (guild_id >> 22) % count,
DM events and DM interactions to shard 0; two bots with split shards each see only their guilds."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.client import MahjongBot
from bot.config import BotConfig, ConfigError
from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import connect_bot, stop_bot
from tests.pgserver import PostgresServer

PROBE = ("cogs.meta", "tests.discord.probe_cog")


def test_a_guild_can_be_made_on_a_chosen_shard(fake: FakeDiscord) -> None:
    for shard in range(3):
        guild = fake.add_guild(f"g{shard}", shard=(shard, 3))
        assert (guild.id >> 22) % 3 == shard


async def test_two_bots_with_split_shards_each_get_their_guilds_and_dms_go_to_shard_0(
    fake: FakeDiscord, pg_server: PostgresServer
) -> None:
    database = pg_server.create_database()  # split shards share one PostgreSQL database
    zero, one = fake.add_guild("zero", shard=(0, 2)), fake.add_guild("one", shard=(1, 2))
    user = fake.add_user("alice")
    for guild in (zero, one):
        fake.add_member(guild, user)
    bots = []
    try:
        for shard in (0, 1):
            bots.append(
                await connect_bot(
                    fake,
                    extensions=PROBE,
                    database=database,
                    settings={"shard_count": 2, "shard_ids": (shard,)},
                )
            )
        (bot0, _), (bot1, _) = bots
        assert [s.shard for s in fake.sessions.values()] == [(0, 2), (1, 2)]
        await fake.wait_until(lambda: bot0.get_guild(zero.id) and bot1.get_guild(one.id), what="guilds")
        assert bot0.get_guild(one.id) is None and bot1.get_guild(zero.id) is None
        assert fake.session_for(one.id).shard == (1, 2) and fake.session_for(None).shard == (0, 2)
        assert bot0.runs_guild(zero.id) and not bot0.runs_guild(one.id) and bot0.runs_guild(None)
        channel = fake.add_channel(one, "tables")
        await fake.wait_until(lambda: bot1.get_channel(channel.id), what="the channel on shard 1")
        assert bot0.get_channel(channel.id) is None
    finally:
        for bot, task in reversed(bots):
            await stop_bot(bot, task)


async def test_an_identify_with_a_shard_out_of_range_is_refused(fake: FakeDiscord) -> None:
    import aiohttp

    async with aiohttp.ClientSession() as http, http.ws_connect(fake.gateway_url) as ws:
        await ws.receive_json()  # HELLO
        await ws.send_json({"op": 2, "d": {"token": fake.token, "intents": 0, "shard": [2, 2]}})
        closing = await ws.receive()
        assert ws.close_code == 4010 or closing.data == 4010


def test_shard_ids_need_a_shard_count_and_must_be_in_range() -> None:
    with pytest.raises(ConfigError, match="needs shard_count"):
        BotConfig(shard_ids=(0,))
    with pytest.raises(ConfigError, match="from 0 to 1"):
        BotConfig(shard_count=2, shard_ids=(2,))
    assert BotConfig(shard_count=2, shard_ids=(1,)).split_across_processes
    assert not BotConfig(shard_count=2, shard_ids=(0, 1)).split_across_processes


async def test_split_shards_on_a_sqlite_file_are_refused_by_name(fake: FakeDiscord, tmp_path: Path) -> None:
    from bot.store import StoreError

    with pytest.raises(StoreError, match="must share a PostgreSQL database"):
        await connect_bot(
            fake, database=tmp_path / "x.sqlite3", settings={"shard_count": 2, "shard_ids": (1,)}
        )
    assert isinstance(MahjongBot, type)
