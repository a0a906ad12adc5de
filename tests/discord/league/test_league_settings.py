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


async def test_an_uma_the_league_cannot_use_is_refused_in_the_admins_language_and_the_league_still_works(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store
) -> None:
    referees = fake.add_role(world.guild, "Referees")  # before the bot connects: it knows the role
    kenji = fake.add_user("kenji", locale="ja")
    fake.add_member(world.guild, kenji, roles=[referees])
    await start_bot(extensions=LEAGUE, store=store)
    owner = await open_league(fake, world)
    await slash(fake, world, owner, "league settings", admin_role=referees)

    # 1e999 read as a finite number once, was saved, and then every standings page broke.
    huge = await slash(fake, world, kenji, "league settings", uma="1e999 0 0 0")
    assert huge.ephemeral
    assert huge.content == (
        "その設定は使えません：uma は -1000 から 1000 までの数値（小数は 6 桁まで）です"
        "（「1E+999」は使えません）"
    )
    short = await slash(fake, world, kenji, "league settings", uma="30 10 -10")
    assert short.content == "その設定は使えません：uma には順位ごとに 4 個の数値が必要です（入力は 3 個）"
    nan = await slash(fake, world, world.dave, "league settings", uma="NaN 0 0 0")
    assert nan.content == "只有聯賽管理員可以這樣做（聯賽管理身分組或「管理伺服器」權限）。"

    game = await slash(
        fake, world, world.alice, "league record", scores="alice 35000 bob 25000 carol 25000 dave 15000"
    )
    for user in world.players[1:]:
        await fake.click(user, game, f"league:confirm:{game_id_of(game)}")
    board = await public(fake, world, world.bob, "league standings")
    assert board.embeds[0]["description"].startswith("1. alice: +45.0")
