"""Standings of 32 players on pages (embed and picture), the season archive, /league standings season:<n>
and a player's season-over-season history, through the loopback Discord."""

from __future__ import annotations

import random

from bot.store import Store
from tests.discord.league.support import LEAGUE, add_member, open_league, public, slash
from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import StartBot, World

HEADER = "date,east,east_points,south,south_points,west,west_points,north,north_points"


def tables(names: list[str], games: int, seed: int) -> bytes:
    """A CSV of ``games`` games; every player plays (each round of tables seats everyone once)."""
    rng = random.Random(seed)
    lines = [HEADER]
    for number in range(games):
        if number % (len(names) // 4) == 0:
            order = rng.sample(names, len(names))
        seats = order[(number % (len(names) // 4)) * 4 :][:4]
        cuts = sorted(rng.sample(range(1, 1000), 3))
        points = [100 * (b - a) for a, b in zip([0, *cuts], [*cuts, 1000], strict=True)]
        cells = [f"2025-10-{number + 1:02d}"]
        for name, pts in zip(seats, points, strict=True):
            cells += [name, str(pts)]
        lines.append(",".join(cells))
    return "\n".join(lines).encode()


async def test_thirty_two_players_on_four_pages_and_an_archived_season(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store
) -> None:
    others = [add_member(fake, world, f"player{n:02d}") for n in range(28)]
    names = [u.name for u in (*world.players, *others)]
    await start_bot(extensions=LEAGUE, store=store)
    owner = await open_league(fake, world, members=[*world.players, *others])
    await public(fake, world, owner, "league import", file=("s1.csv", tables(names, 16, seed=1)))

    board = await public(fake, world, world.bob, "league standings")
    first_page = board.embeds[0]["description"].split("\n")
    assert len(first_page) == 10 and first_page[0].startswith("1. ")
    assert board.embeds[0]["footer"]["text"] == "Page 1 of 4 · 16 games"
    pictures = [board.files()["standings.png"]]
    lines = list(first_page)
    for page in (2, 3, 4):
        next_id = fake.message(board).custom_ids()[1]
        await fake.click(world.carol, board, next_id)
        await fake.wait_until(
            lambda page=page: fake.message(board).embeds[0]["footer"]["text"].startswith(f"Page {page} of 4"),
            what=f"page {page}",
        )
        lines += fake.message(board).embeds[0]["description"].split("\n")
        pictures.append(fake.message(board).files()["standings.png"])
    assert [line.split(". ", 1)[0] for line in lines] == [str(n) for n in range(1, 33)]
    assert len(set(pictures)) == 4 and all(p.startswith(b"\x89PNG\r\n\x1a\n") for p in pictures)
    assert (
        fake.message(board).custom_ids()[1].endswith(":4") and fake.message(board).components
    )  # Next disabled
    direct = await public(fake, world, world.dave, "league standings", page=4)
    assert direct.embeds[0]["description"].split("\n") == lines[30:]

    # Season 1 ends (archived with its settings); a new uma does not rewrite it.
    ended = await public(fake, world, owner, "league season end")
    assert ended.content == "Season 1 of Club has ended."
    await slash(fake, world, owner, "league settings", uma="30 10 -10 -30")
    await public(fake, world, owner, "league season start")
    await slash(
        fake, world, world.alice, "league record", scores="alice 40000 bob 30000 carol 20000 dave 10000"
    )
    archived = await public(fake, world, world.bob, "league standings", season=1)
    assert archived.embeds[0]["title"] == "Club: season 1 final standings"
    assert archived.embeds[0]["description"].split("\n") == first_page
    current = await public(fake, world, world.bob, "league standings")
    assert current.embeds[0]["title"] == "Club: season 2 standings"
    missing = await slash(fake, world, world.bob, "league standings", season=7)
    assert missing.ephemeral and missing.content == "There is no season 7."

    seasons = await public(fake, world, world.bob, "league seasons")
    rows = seasons.embeds[0]["description"].split("\n")
    leader = first_page[0].split(". ", 1)[1].split(":")[0]
    # Issue 39: the imported season is dated by its games (played in October 2025), not by the day it
    # was opened and closed in the bot (2026-03-01).
    assert rows[0].startswith("Season 1 · 2025-10-01 – 2025-10-16 · 16 games · 32 players · top: " + leader)
    assert rows[1].startswith("Season 2 · 2026-03-01 – open · 0 games · 0 players")

    alice_line = next(line for line in first_page + lines if ". alice:" in line)
    page = await public(fake, world, world.bob, "league player", user=world.alice, season=1)
    history = {f["name"]: f["value"] for f in page.embeds[0]["fields"]}["Seasons"]
    position = alice_line.split(".", 1)[0]
    assert history.split("\n")[0].startswith(f"Season 1: {position} · ")
