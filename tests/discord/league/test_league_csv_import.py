"""A season moved in from a spreadsheet: /league import of a 40-game CSV file through the loopback Discord.

With one bad line nothing is recorded and the answer names the line; fixed, all 40 games are recorded
(confirmed, as past games) and the standings equal a direct computation with bot/league."""

from __future__ import annotations

import random
from datetime import date, timedelta

from bot.league.settlement import default_settings
from bot.league.standings import settle_rows, standings
from bot.store import Store
from cogs.league.presenters import standing_line
from tests.discord.league.support import (
    LEAGUE,
    add_member,
    games_in_current_season,
    open_league,
    public,
    slash,
)
from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import StartBot, World

HEADER = "date,table,east,east_points,south,south_points,west,west_points,north,north_points,chombo"
NAMES = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi"]
BAD_LINE = 23  # the file's own line number (the header is line 1)


def season_file(seed: int = 22) -> tuple[list[str], list[tuple[list[str], list[int], int]]]:
    """40 games among 8 players (some with a chombo); lines of the file and (seats, points, chombo seat)."""
    rng = random.Random(seed)
    lines = [HEADER]
    games = []
    for number in range(40):
        seats = rng.sample(NAMES, 4)
        cuts = sorted(rng.sample(range(1, 1000), 3))
        points = [100 * (b - a) for a, b in zip([0, *cuts], [*cuts, 1000], strict=True)]
        chombo = rng.choice([-1, -1, -1, -1, 0, 2])
        played = date(2025, 9, 1) + timedelta(days=number)
        cells = [played.isoformat(), "AB"[number % 2]]
        for name, pts in zip(seats, points, strict=True):
            cells += [name, str(pts)]
        cells.append(seats[chombo] if chombo >= 0 else "")
        lines.append(",".join(cells))
        games.append((seats, points, chombo))
    return lines, games


async def test_a_forty_game_csv_is_imported_all_or_nothing_and_the_standings_equal_a_direct_computation(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store
) -> None:
    extra = [add_member(fake, world, name) for name in NAMES[4:]]
    await start_bot(extensions=LEAGUE, store=store)
    owner = await open_league(fake, world, members=[*world.players, *extra])
    lines, games = season_file()
    broken = list(lines)
    cells = broken[BAD_LINE - 1].split(",")
    cells[3] = str(int(cells[3]) + 100)  # the east player's points: the table no longer adds up
    broken[BAD_LINE - 1] = ",".join(cells)
    broken.append("2025-12-01,A,alice,40000,bob,30000,carol,20000,zoe,10000,")  # line 42: nobody is zoe

    refused = await slash(
        fake, world, owner, "league import", file=("season.csv", "\n".join(broken).encode())
    )
    assert refused.ephemeral
    assert refused.content.split("\n") == [
        "Nothing was imported into Club: 2 problem(s) in the file. Fix them and upload the file again.",
        f"Line {BAD_LINE}: The points add up to 100100, but they must add up to 100000.",
        "Line 42: No member of Club is called “zoe”. Members join with /league join; "
        "to record a visitor by name, add guests:True.",
    ]
    assert await games_in_current_season(store, world) == []

    not_admin = await slash(
        fake, world, world.bob, "league import", file=("season.csv", "\n".join(lines).encode())
    )
    assert not_admin.ephemeral and not_admin.content == "Only league admins import CSV files of past games."

    done = await public(
        fake, world, owner, "league import", file=("season.csv", "\n".join(lines).encode("utf-8-sig"))
    )
    assert done.content == "Club: imported 40 game(s) from season.csv, confirmed; they count in season 1."
    stored = await games_in_current_season(store, world)
    assert (
        len(stored) == 40
        and {g.status for g in stored} == {"confirmed"}
        and {g.source for g in stored} == {"import"}
    )
    assert [g.played_at[:10] for g in stored[:2]] == ["2025-09-01", "2025-09-02"]
    assert [g.table_label for g in stored[:2]] == ["A", "B"]

    ids = {
        name: (await store.find_player(discord_id=u.id))
        for name, u in zip(NAMES, [*world.players, *extra], strict=True)
    }
    pid = {name: p.id for name, p in ids.items() if p is not None}
    settings = default_settings("riichi")
    expected = standings(
        [
            settle_rows(
                [(pid[n], p) for n, p in zip(seats, points, strict=True)],
                settings,
                chombos=[int(seat == chombo) for seat in range(4)],
            )
            for seats, points, chombo in games
        ]
    )
    board = await public(fake, world, world.carol, "league standings")
    names = {player: name for name, player in pid.items()}
    assert board.embeds[0]["description"].split("\n") == [
        standing_line(s, names[s.player], "en") for s in expected
    ]
    assert board.embeds[0]["footer"]["text"] == "Page 1 of 1 · 40 games"
    fake.check_deadlines()


async def test_a_csv_guest_name_or_table_longer_than_the_commands_take_is_refused_by_line(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store
) -> None:
    await start_bot(extensions=LEAGUE, store=store)
    owner = await open_league(fake, world)
    long_name, long_table = "x" * 3000, "t" * 3000  # a pasted column: before, it became a guest's name
    lines = [
        HEADER,
        f"2025-09-01,A,alice,40000,bob,30000,carol,20000,{long_name},10000,",
        f"2025-09-02,{long_table},alice,40000,bob,30000,carol,20000,dave,10000,",
        f"2025-09-03,A,alice,40000,bob,30000,carol,20000,{'y' * 60},10000,",  # 60: as /league guest add
    ]
    refused = await slash(
        fake, world, owner, "league import", file=("season.csv", "\n".join(lines).encode()), guests=True
    )
    assert refused.ephemeral
    assert refused.content.split("\n") == [
        "Nothing was imported into Club: 2 problem(s) in the file. Fix them and upload the file again.",
        f"Line 2: “{'x' * 39}…” is too long: at most 60 characters.",
        f"Line 3: “{'t' * 39}…” is too long: at most 40 characters.",
    ]
    league = (await store.guild_leagues(world.guild.id))[0]
    assert [m.player.display_name for m in await store.league_roster(league.id) if m.is_guest] == []
    typed = await slash(
        fake,
        world,
        world.alice,
        "league record",
        guests=True,
        scores=f"alice 40000 bob 30000 carol 20000 {'z' * 61} 10000",
    )
    assert typed.ephemeral and typed.content == f"“{'z' * 39}…” is too long: at most 60 characters."


async def test_a_csv_chombo_count_beyond_what_league_chombo_allows_is_refused_by_line(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store
) -> None:
    await start_bot(extensions=LEAGUE, store=store)
    owner = await open_league(fake, world)
    lines = [
        HEADER,
        "2025-09-01,A,alice,40000,bob,30000,carol,20000,dave,10000,bob 999",
        "2025-09-02,A,alice,40000,bob,30000,carol,20000,dave,10000,bob 20",
    ]
    refused = await slash(fake, world, owner, "league import", file=("season.csv", "\n".join(lines).encode()))
    assert refused.ephemeral
    assert refused.content.split("\n") == [
        "Nothing was imported into Club: 1 problem(s) in the file. Fix them and upload the file again.",
        "Line 2: A chombo count lies between 0 and 20, not 999.",
    ]
    assert await games_in_current_season(store, world) == []


async def test_a_csv_uploaded_twice_is_refused_by_line_unless_repeats_is_said(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store
) -> None:
    await start_bot(extensions=LEAGUE, store=store)
    owner = await open_league(fake, world)
    data = "\n".join([HEADER, "2025-09-01,A,alice,40000,bob,30000,carol,20000,dave,10000,"]).encode()
    await public(fake, world, owner, "league import", file=("season.csv", data))
    again = await slash(fake, world, owner, "league import", file=("season.csv", data))
    assert again.ephemeral
    [first] = await games_in_current_season(store, world)
    assert again.content.split("\n")[1] == (
        f"Line 2: This game is already recorded (game {first.id}: same date, table, players and points). "
        "To record it again on purpose, import with repeats:True (--repeats on the command line)."
    )
    done = await public(fake, world, owner, "league import", file=("season.csv", data), repeats=True)
    assert done.content == "Club: imported 1 game(s) from season.csv, confirmed; they count in season 1."
    assert len(await games_in_current_season(store, world)) == 2
    fake.check_deadlines()
