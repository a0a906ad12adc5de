"""/league player and /league standings through the loopback Discord with a bot-played game stored as
the table service stores it: the rating chart comes as a PNG, the rates of the bot game's hands show."""

from __future__ import annotations

import io
from decimal import Decimal

from PIL import Image

from bot.store import Store
from tests.discord.league.support import answered, open_league, slash
from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import StartBot, World
from tests.service.test_league_hand_stats import direct_counts, played, store_bot_game

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def percent(part: int, whole: int) -> str:
    return f"{(Decimal(part) / whole).quantize(Decimal('0.001')):.1%}"


async def test_player_page_attaches_the_rating_chart_and_standings_show_hand_rates(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store
) -> None:
    await start_bot(extensions=("cogs.league",), store=store)
    await open_league(fake, world)  # created in world.channel: games there count
    game = played("riichi", "hs")
    seats = [(u.name, u.id) for u in world.players]
    await store_bot_game(store, game, guild=world.guild.id, channel=world.channel.id, players=seats)
    counts = direct_counts(game)

    board = await slash(fake, world, world.bob, "league standings")
    lines = board.embeds[0]["description"].split("\n")
    for user, (hands, wins, deal_ins) in zip(world.players, counts, strict=True):
        (line,) = [line for line in lines if f" {user.name}:" in line]
        assert line.endswith(f" · win {percent(wins, hands)} · deal-in {percent(deal_ins, hands)}")

    page = await answered(
        fake, await fake.slash(world.carol, "league player", {"user": world.alice}, channel=world.channel)
    )
    chart = page.files()["rating.png"]
    assert chart.startswith(PNG_MAGIC)
    assert page.embeds[0]["image"]["url"] == "attachment://rating.png"
    with Image.open(io.BytesIO(chart)) as img:
        assert img.width == 640 and img.height > 300  # two panels
    hands, wins, deal_ins = counts[0]
    results = next(f["value"] for f in page.embeds[0]["fields"] if f["name"] == "Results")
    assert f"win {percent(wins, hands)} · deal-in {percent(deal_ins, hands)}" in results

    erin = fake.add_user("erin")
    nobody = await answered(
        fake, await fake.slash(world.carol, "league player", {"user": erin}, channel=world.channel)
    )
    assert "rating.png" not in nobody.files()  # no game, no chart
    fake.check_deadlines()
