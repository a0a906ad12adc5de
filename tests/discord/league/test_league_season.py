"""A whole league season through the loopback Discord: 8 players, 12 games (bot-played, entered by hand
with confirmations, one corrected, one imported from a Tenhou record), standings equal to a direct
computation with bot/league, refusals for a non-admin's correction and a self-confirmation."""

from __future__ import annotations

import csv
import io
import sys
from decimal import Decimal

import pytest

from bot.i18n import t
from bot.league.settlement import default_settings
from bot.league.standings import settle_rows, standings
from bot.service.league import record_bot_game
from bot.store import FinalResult, Store
from cogs.league.presenters import standing_line
from tests.discord.league.support import answered, game_id_of
from tests.fakediscord import FakeDiscord, FakeMessage, FakeRole, FakeUser, PendingInteraction
from tests.fakediscord.fixtures import StartBot, World
from tests.oracle import oracle_path

EPHEMERAL, LOADING = 64, 128
TENHOU_GAME = "2010081709gm-00a9-0000-fe3371ad"


class Club:
    """The world of the test: 8 players, the server owner, and a league-admin role held by heidi."""

    def __init__(self, fake: FakeDiscord, world: World) -> None:
        self.fake, self.world = fake, world
        self.owner = fake.users[world.guild.owner_id]
        self.role: FakeRole = fake.add_role(world.guild, "League admin")
        extra = []
        for name in ("erin", "frank", "grace", "heidi"):
            user = fake.add_user(name)
            fake.add_member(world.guild, user, roles=[self.role] if name == "heidi" else [])
            extra.append(user)
        self.players: list[FakeUser] = [*world.players, *extra]
        self.by_name = {u.name: u for u in self.players}

    def __getitem__(self, name: str) -> FakeUser:
        return self.by_name[name]

    async def slash(
        self, user: FakeUser, command: str, options: dict[str, object] | None = None
    ) -> FakeMessage:
        """Run a command and return the answer the user sees (after a deferred answer is filled in)."""
        ix = await self.fake.slash(user, command, options or {}, channel=self.world.channel)
        return await answered(self.fake, ix)

    async def record(
        self, reporter: str, seats: list[str], points: list[int], **extra: object
    ) -> FakeMessage:
        options: dict[str, object] = {}
        for wind, name, pts in zip(("east", "south", "west", "north"), seats, points, strict=True):
            options[wind] = self[name]
            options[f"{wind}_points"] = pts
        options.update(extra)
        return await self.slash(self[reporter], "league record", options)

    async def click(self, name: str, message: FakeMessage) -> PendingInteraction:
        (custom_id,) = [c for c in self.fake.message(message).custom_ids() if c.startswith("league:confirm:")]
        return await self.fake.click(self[name], message, custom_id)


# (seats East first, final points): five games played on the bot, six entered by hand.
BOT_GAMES = [
    (["alice", "bob", "carol", "dave"], [45000, 30000, 15000, 10000]),
    (["erin", "frank", "grace", "heidi"], [20000, 35000, 25000, 20000]),
    (["alice", "erin", "bob", "frank"], [28000, 22000, 31000, 19000]),
    (["carol", "grace", "dave", "heidi"], [50000, 5000, 30000, 15000]),
    (["bob", "heidi", "alice", "grace"], [25000, 25000, 25000, 25000]),
]
MANUAL_GAMES = [
    (["dave", "carol", "bob", "alice"], [38000, 27000, 21000, 14000]),
    (["frank", "erin", "heidi", "grace"], [42000, 18000, 26000, 14000]),
    (["alice", "frank", "carol", "heidi"], [30000, 30000, 25000, 15000]),
]
STICK_GAME = (["grace", "dave", "erin", "bob"], [33000, 24000, 24000, 18000])  # one stick left: 99000
ADMIN_CONFIRMED = (["carol", "alice", "grace", "erin"], [26000, 34000, 20000, 20000])
CORRECTED = (["heidi", "bob", "dave", "frank"], [45000, 25000, 20000, 10000])
CORRECTION = [44000, 26000, 20000, 10000]
IMPORT_SEATS = ["carol", "dave", "erin", "frank"]


async def play_on_the_bot(store: Store, club: Club, seats: list[str], points: list[int]) -> None:
    """What the table service does at a game's end, then the league hook it calls."""
    ids = [(await store.ensure_player(name, discord_id=club[name].id)).id for name in seats]
    game_id = await store.create_game(
        "riichi", ids, guild_id=club.world.guild.id, channel_id=club.world.channel.id
    )
    ranks = sorted(range(4), key=lambda s: (-points[s], s))
    await store.record_final_results(
        game_id, [FinalResult(s, ids[s], points[s], ranks.index(s) + 1) for s in range(4)]
    )
    await store.finish_game(game_id)
    recorded = await record_bot_game(store, game_id)
    assert recorded is not None and recorded.status == "confirmed"


async def test_a_season_of_twelve_games_gives_the_standings_of_a_direct_computation(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = Club(fake, world)  # before the bot connects: its guild cache then knows the role
    await start_bot(extensions=("cogs.league",), store=store)

    created = await club.slash(
        club.owner, "league create", {"name": "Club", "rules": "riichi", "admin_role": club.role}
    )
    assert "Club" in created.content and not created.ephemeral
    refused = await club.slash(club["alice"], "league season start")
    assert refused.ephemeral and "Only league admins" in refused.content
    started = await club.slash(club["heidi"], "league season start")  # the admin role is enough
    assert started.content == "Season 1 of Club has started."
    for user in club.players:
        await club.slash(user, "league join")
    again = await club.slash(club["alice"], "league join")
    assert again.ephemeral and "already a member" in again.content

    for seats, points in BOT_GAMES:
        await play_on_the_bot(store, club, seats, points)

    # Games entered by hand: the reporter is confirmed at once, every other player clicks Confirm.
    for seats, points in MANUAL_GAMES:
        message = await club.record(seats[0], seats, points)
        assert not message.ephemeral and "Waiting for confirmation" in message.embeds[0]["description"]
        waiting = " ".join(club[name].mention for name in seats[1:])  # mentioned: Discord notifies them
        assert message.content == f"{waiting}: please confirm game {game_id_of(message)} with the button."
        for name in seats[1:]:
            click = await club.click(name, message)
            assert click.response_type == 7
        assert fake.message(message).embeds[0]["description"] == "Confirmed: it counts in the standings."
        assert fake.message(message).custom_ids() == [] and fake.message(message).content == ""

    wrong = await club.record("grace", *STICK_GAME)
    assert wrong.ephemeral and "add up to 99000, but they must add up to 100000" in wrong.content
    sticks = await club.record("grace", *STICK_GAME, sticks=1)
    for name in STICK_GAME[0][1:]:
        await club.click(name, sticks)

    # An admin who did not play confirms for the players who have not.
    admin_game = await club.record("carol", *ADMIN_CONFIRMED)
    outsider = await club.click("dave", admin_game)
    assert outsider.original is not None and outsider.original.ephemeral
    game = game_id_of(admin_game)  # dave's client speaks Traditional Chinese: so does the refusal
    assert outsider.original.content == t("league.confirm.not_yours", "zh-TW", game=game)
    by_admin = await club.click("heidi", admin_game)
    assert by_admin.response_type == 7
    assert "✅" in fake.message(admin_game).embeds[0]["fields"][3]["name"]
    assert fake.message(admin_game).custom_ids() == []

    # Reported by bob (not East); nobody confirms for himself; a non-admin's correction is refused.
    corrected = await club.record("bob", *CORRECTED)
    game_id = game_id_of(corrected)
    self_confirm = await club.click("bob", corrected)
    assert self_confirm.original is not None and self_confirm.original.flags & EPHEMERAL
    assert (
        self_confirm.original.content
        == f"You reported game {game_id}: the other players confirm it, not you."
    )
    points_text = " ".join(str(p) for p in CORRECTION)
    not_admin = await club.slash(club["carol"], "league correct", {"game": game_id, "points": points_text})
    assert not_admin.ephemeral
    assert not_admin.content == t("league.error.not_reporter", "ja", game=game_id)  # carol reads Japanese
    fixed = await club.slash(
        club["bob"], "league correct", {"game": game_id, "points": points_text, "reason": "typo"}
    )
    assert f"Club: game {game_id} corrected; it waits for the other players" in fixed.content
    for name in ("heidi", "dave", "frank"):
        await club.click(name, corrected)

    # An online game from a Tenhou record: its names are nobody's here, so the bot asks for the seats.
    record = ("game.mjlog", oracle_path("tenhou", "mjx-mjlog", f"{TENHOU_GAME}.mjlog").read_bytes())
    asked = await club.slash(club["alice"], "league import", {"file": record})
    assert asked.ephemeral and "Who sat in these seats?" in asked.content
    seats = dict(zip(("east", "south", "west", "north"), (club[n] for n in IMPORT_SEATS), strict=True))
    ix = await fake.slash(club["alice"], "league import", {"file": record, **seats}, channel=world.channel)
    ack = await answered(fake, ix)
    assert ack.ephemeral and "Club: imported mjlog record" in ack.content
    imported = await fake.wait_until(lambda: ix.followups and ix.followups[-1], what="the imported game")
    assert [f["value"].split("\n")[1] for f in imported.embeds[0]["fields"]] == [
        "20100",
        "35800",
        "5200",
        "38900",
    ]
    for name in IMPORT_SEATS:
        await club.click(name, imported)
    assert fake.message(imported).embeds[0]["description"] == "Confirmed: it counts in the standings."

    # Standings: the same numbers as bot/league computes from the games' final points.
    games = [
        *BOT_GAMES,
        *MANUAL_GAMES,
        STICK_GAME,
        ADMIN_CONFIRMED,
        (CORRECTED[0], CORRECTION),
        (IMPORT_SEATS, [20100, 35800, 5200, 38900]),
    ]
    assert len(games) == 12
    settings = default_settings("riichi")
    player_id = {u.name: (await store.ensure_player(u.name, discord_id=u.id)).id for u in club.players}
    expected = standings(
        [
            settle_rows(
                [(player_id[n], p) for n, p in zip(seats_, points_, strict=True)],
                settings,
                leftover_sticks=1 if (seats_, points_) == STICK_GAME else 0,
            )
            for seats_, points_ in games
        ]
    )
    names = {pid: name for name, pid in player_id.items()}
    board = await club.slash(club["dave"], "league standings")
    lines = board.embeds[0]["description"].split("\n")
    assert lines == [standing_line(s, names[s.player], "en") for s in expected]
    assert len(lines) == 8 and sum((s.total for s in expected), Decimal(0)) == 0
    assert board.embeds[0]["footer"]["text"] == "Page 1 of 1 · 12 games"
    # The leaderboard picture (bot/render) comes with the embed.
    assert board.files()["standings.png"].startswith(b"\x89PNG\r\n\x1a\n")
    assert board.embeds[0]["image"]["url"] == "attachment://standings.png"

    # The same standings in pages of three, turned with persistent buttons.
    # load_extension executes the cog module afresh: patch the module the bot runs.
    monkeypatch.setattr(sys.modules["cogs.league.presenters"], "PAGE_SIZE", 3)
    paged = await club.slash(club["dave"], "league standings")
    assert paged.embeds[0]["description"].split("\n") == lines[:3]
    next_id = paged.custom_ids()[1]
    first_page_png = paged.files()["standings.png"]
    await fake.click(club["erin"], paged, next_id)
    await fake.wait_until(lambda: fake.message(paged).embeds[0]["description"].split("\n") == lines[3:6])
    assert fake.message(paged).embeds[0]["footer"]["text"] == "Page 2 of 3 · 12 games"
    assert list(fake.message(paged).files()) == ["standings.png"]  # the page's picture replaced the first
    assert fake.message(paged).files()["standings.png"] != first_page_png

    # CSV export: opens in the csv module with the documented columns and the same totals.
    ix = await fake.slash(club["erin"], "league export", {}, channel=world.channel)
    export = await answered(fake, ix)
    assert export.ephemeral
    files = export.files()
    table = list(csv.DictReader(io.StringIO(files["club-season1-standings.csv"].decode("utf-8"))))
    assert [(r["player"], Decimal(r["total"])) for r in table] == [
        (names[s.player], s.total) for s in expected
    ]
    rows = list(csv.DictReader(io.StringIO(files["club-season1-games.csv"].decode("utf-8"))))
    assert len(rows) == 48 and {r["source"] for r in rows} == {"bot", "manual", "import"}

    # A player's page: results and the rating history.
    page = await club.slash(club["frank"], "league player", {"user": club["bob"]})
    bob = next(s for s in expected if s.player == player_id["bob"])
    fields = {f["name"]: f["value"] for f in page.embeds[0]["fields"]}
    assert f"{bob.games} games" in fields["Results"] and f"{bob.total:+.1f} pts" in fields["Results"]
    assert fields["R after each game"].count("→") == bob.games - 1
    assert page.files()["rating.png"].startswith(b"\x89PNG\r\n\x1a\n")  # the rating chart
    assert page.embeds[0]["image"]["url"] == "attachment://rating.png"

    fake.check_deadlines()
    assert fake.rejections == []
