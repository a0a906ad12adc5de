"""Discord: ``/mahjong addbot`` offers the outside mjai AIs the operator configured, where they play."""

from __future__ import annotations

import sys
from pathlib import Path

from bot.mjai.config import MjaiSpec
from tests.discord.test_table_support import table_bot
from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import StartBot, World

BOT = Path(__file__).parent.parent / "ai" / "mjai_bots" / "tsumogiri.py"
TSUMOGIRI = MjaiSpec("tsumogiri", (sys.executable, str(BOT)), frozenset({"riichi"}))


async def test_addbot_offers_configured_ais_where_they_play(
    fake: FakeDiscord, world: World, start_bot: StartBot
) -> None:
    cog = await table_bot(start_bot, settings={"mjai": (TSUMOGIRI,)})
    alice = world.players[0]
    await fake.slash(alice, "mahjong new", {"rules": "riichi"}, channel=world.channel)
    offered = await fake.autocomplete(
        alice, "mahjong addbot", {"level": ""}, focused="level", channel=world.channel
    )
    assert [c["value"] for c in offered] == ["easy", "normal", "strong", "mjai:tsumogiri"]
    assert offered[-1]["name"] == "tsumogiri"
    typed = await fake.autocomplete(
        alice, "mahjong addbot", {"level": "tsu"}, focused="level", channel=world.channel
    )
    assert [c["value"] for c in typed] == ["mjai:tsumogiri"]
    await fake.slash(alice, "mahjong addbot", {"level": "mjai:tsumogiri"}, channel=world.channel)
    table = cog.service.table_in(world.channel.id)
    assert table is not None and [m.level for m in table.members] == ["normal", "mjai:tsumogiri"]
    await fake.slash(alice, "mahjong addbot", {"level": "grandmaster"}, channel=world.channel)
    assert len(table.members) == 2  # refused by name (table.error.unknown_computer), nothing seated
