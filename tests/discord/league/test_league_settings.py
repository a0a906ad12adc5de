"""League settings through the loopback Discord: uma tables offered per player count (sanma tables for a
3-player league), oka turned off, and the scoring settings shown."""

from __future__ import annotations

from bot.store import Store
from tests.discord.league.support import LEAGUE, game_id_of, open_league, public, slash
from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import StartBot, World


async def test_uma_tables_follow_the_player_count_and_oka_can_be_turned_off(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store
) -> None:
    sanma_room = fake.add_channel(world.guild, "sanma")
    await start_bot(extensions=LEAGUE, store=store)
    owner = await open_league(fake, world)

    offered = await fake.autocomplete(
        owner, "league settings", {"uma": ""}, focused="uma", channel=world.channel
    )
    assert [c["value"] for c in offered][:2] == ["+20 +10 -10 -20", "+30 +10 -10 -30"]
    await slash(fake, world, owner, "league create", name="Three", rules="sanma", bind=False)
    three = await fake.autocomplete(
        owner, "league settings", {"league": "Three", "uma": ""}, focused="uma", channel=sanma_room
    )
    assert [c["value"] for c in three] == ["+20 0 -20", "+15 0 -15", "+30 0 -30", "+10 0 -10", "0 0 0"]

    no_oka = await slash(fake, world, owner, "league settings", oka_off=True)
    description = no_oka.embeds[0]["description"]
    assert "`return_points` 25000" in description and "`oka` 0" in description
    game = await slash(
        fake, world, world.alice, "league record", scores="alice 35000 bob 25000 carol 25000 dave 15000"
    )
    for user in world.players[1:]:
        await fake.click(user, game, f"league:confirm:{game_id_of(game)}")
    board = await public(fake, world, world.bob, "league standings")
    # No oka: (points - 25000)/1000 + uma: 10+20, 0+10, 0-10, -10-20.
    assert [line.split(" pts")[0] for line in board.embeds[0]["description"].split("\n")] == [
        "1. alice: +30.0",
        "2. bob: +10.0",
        "3. carol: -10.0",
        "4. dave: -30.0",
    ]
    bad = await slash(fake, world, owner, "league settings", league="Three", uma="20 10 -10 -20")
    assert bad.ephemeral and "uma needs 3 values" in bad.content
