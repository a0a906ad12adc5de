"""``public_url`` in the config: /league standings links to the season's page of the web page (bot/web)."""

from __future__ import annotations

from bot.store import Store
from tests.discord.league.support import LEAGUE, open_league, public
from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import StartBot, World

PUBLIC_URL = "https://mahjong.example.org/club/"


async def test_the_standings_title_links_to_the_web_page(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store
) -> None:
    await start_bot(extensions=LEAGUE, store=store, settings={"public_url": PUBLIC_URL})
    await open_league(fake, world)
    standings = await public(fake, world, world.players[1], "league standings")
    league = (await store.guild_leagues(world.guild.id))[0]
    assert standings.embeds[0]["url"] == f"{PUBLIC_URL}leagues/{league.id}/seasons/1?lang=en"


async def test_without_public_url_the_standings_link_nowhere(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store
) -> None:
    await start_bot(extensions=LEAGUE, store=store)
    await open_league(fake, world)
    standings = await public(fake, world, world.players[1], "league standings")
    assert "url" not in standings.embeds[0]
