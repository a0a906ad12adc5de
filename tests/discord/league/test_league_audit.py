"""Corrections, chombo and the audit columns of the games CSV, through the loopback Discord.

A reporter's correction sends a confirmed game back to waiting for confirmation; an admin's correction
stands on the admin's authority and says so in the history; chombo added after the game is an admin's
audited act; the games CSV carries voided and corrected games with their status and history, and names
a spreadsheet would run as formulas are escaped."""

from __future__ import annotations

import csv
import io

from bot.store import Store
from tests.discord.league.support import (
    LEAGUE,
    add_member,
    game_id_of,
    open_league,
    public,
    slash,
)
from tests.fakediscord import FakeDiscord, FakeMessage
from tests.fakediscord.fixtures import StartBot, World


def history_lines(message: FakeMessage) -> list[str]:
    return [line.split("` ", 1)[1] for line in message.embeds[0]["description"].split("\n")]


async def test_corrections_chombo_and_voids_are_audited_and_exported(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store
) -> None:
    formula = add_member(fake, world, '=HYPERLINK("http://x")')
    await start_bot(extensions=LEAGUE, store=store)
    owner = await open_league(fake, world, members=[*world.players, formula])
    a, b, c, d = world.players

    first = await slash(
        fake, world, a, "league record", scores="alice 40000 bob 30000 carol 20000 dave 10000"
    )
    for user in (b, c, d):
        await fake.click(user, first, "league:confirm:1")
    assert (await store.get_league_game(1)).status == "confirmed"

    # The reporter corrects within 24 h: the others have not seen these points, so they confirm again.
    fixed = await public(
        fake, world, a, "league correct", game=1, points="39000 31000 20000 10000", reason="typo"
    )
    assert fixed.content.startswith(
        "Club: game 1 corrected; it waits for the other players' confirmation again"
    )
    game = await store.get_league_game(1)
    assert game.status == "pending"
    assert [p.confirmed_at is not None for p in game.players] == [True, False, False, False]
    waiting = f"{b.mention} {c.mention} {d.mention}: please confirm game 1 with the button."
    await fake.wait_until(lambda: fake.message(first).content == waiting, what="the game's message updated")
    empty = await public(fake, world, b, "league standings")
    assert empty.embeds[0]["description"] == "No confirmed games yet."
    for user in (b, c, d):
        again = await slash(fake, world, user, "league confirm", game=1)
        assert again.ephemeral and "Club" in again.content  # in each player's own language
    assert (await store.get_league_game(1)).status == "confirmed"

    # An admin's correction keeps the confirmations and is recorded as the admin's.
    by_admin = await public(fake, world, owner, "league correct", game=1, points="38000 32000 20000 10000")
    assert by_admin.content == "Club: game 1 corrected (the old points are kept in the audit log)."
    assert (await store.get_league_game(1)).status == "confirmed"
    history = await slash(fake, world, b, "league history", game=1)
    assert history_lines(history)[-2:] == [
        "corrected · alice · 39000 31000 20000 10000 (typo)",
        f"corrected · {owner.name} (admin) · 38000 32000 20000 10000",
    ]
    audit = [
        e
        for e in await store.audit_entries((await store.guild_leagues(world.guild.id))[0].id)
        if e.action == "correct"
    ]
    assert [e.after["authority"] for e in audit] == ["reporter", "admin"]

    # Chombo after the game: admins only, audited, in the standings.
    second = await slash(
        fake, world, b, "league record", scores=f"bob 40000 carol 30000 {formula.mention} 20000 alice 10000"
    )
    for user in (c, formula, a):
        await fake.click(user, second, f"league:confirm:{game_id_of(second)}")
    refused = await slash(fake, world, c, "league chombo", game=2, player="bob")
    assert refused.ephemeral and (await store.get_league_game(2)).players[0].chombo == 0
    chombo = await public(fake, world, owner, "league chombo", game=2, player="bob", reason="false win")
    assert chombo.content == "Club: game 2: bob now has 1 chombo (set by an admin, kept in the audit log)."
    assert (await store.get_league_game(2)).players[0].chombo == 1
    assert history_lines(await slash(fake, world, b, "league history", game=2))[-1] == (
        f"chombo changed · {owner.name} (admin) · 1 0 0 0 (false win)"
    )

    # A game voided by its reporter stays in the export, marked.
    third = await slash(
        fake, world, c, "league record", scores="carol 25000 dave 25000 alice 25000 bob 25000"
    )
    voided = await public(fake, world, c, "league undo", game=game_id_of(third), reason="wrong table")
    assert voided.content == "Club: game 3 no longer counts (kept in the audit log)."

    export = await slash(fake, world, d, "league export")
    rows = list(csv.DictReader(io.StringIO(export.files()["club-season1-games.csv"].decode("utf-8"))))
    by_game = {game_id: [r for r in rows if r["game_id"] == str(game_id)] for game_id in (1, 2, 3)}
    first_rows = by_game[1]
    assert [(r["status"], r["counts"], r["corrections"]) for r in first_rows] == [("confirmed", "1", "2")] * 4
    assert [r["final_points"] for r in first_rows] == ["38000", "32000", "20000", "10000"]
    assert "recorded by alice: 40000 30000 20000 10000" in first_rows[0]["history"]
    assert (
        "corrected by alice: 40000 30000 20000 10000 -> 39000 31000 20000 10000 (typo)"
        in first_rows[0]["history"]
    )
    assert (
        f"corrected by {owner.name} (admin): 39000 31000 20000 10000 -> 38000 32000 20000 10000"
        in first_rows[0]["history"]
    )
    assert [r["chombo"] for r in by_game[2]] == ["1", "0", "0", "0"]
    assert by_game[2][2]["player"] == '\'=HYPERLINK("http://x")'  # read as text, not run as a formula
    assert [(r["status"], r["counts"], r["league_points"]) for r in by_game[3]] == [("void", "0", "")] * 4
    assert "voided by carol (wrong table)" in by_game[3][0]["history"]
    assert [r["reported_by"] for r in (by_game[1][0], by_game[3][0])] == ["alice", "carol"]
    standings = list(
        csv.DictReader(io.StringIO(export.files()["club-season1-standings.csv"].decode("utf-8")))
    )
    assert '\'=HYPERLINK("http://x")' in [r["player"] for r in standings]
    counted = sum(float(r["league_points"]) for r in rows if r["counts"] == "1")
    assert round(counted, 1) == round(sum(float(r["total"]) for r in standings), 1)


async def test_a_correction_with_points_no_game_can_hold_is_refused_naming_them_and_changes_nothing(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store
) -> None:
    await start_bot(extensions=LEAGUE, store=store)
    owner = await open_league(fake, world)
    await slash(
        fake, world, world.alice, "league record", scores="alice 40000 bob 30000 carol 20000 dave 10000"
    )
    league = (await store.guild_leagues(world.guild.id))[0]
    audited = await store.audit_entries(league.id, target_id=1)

    # The totals are right, the points absurd: 10^22 overflowed the database ("Something went wrong"),
    # 10^12 was stored (a recorded game refuses both).
    for huge in (10**22, 10**12):
        refused = await slash(
            fake, world, owner, "league correct", game=1, points=f"{huge} {100000 - huge} 0 0"
        )
        assert refused.ephemeral and refused.content == f"“{huge}” is not a whole number of points."
    game = await store.get_league_game(1)
    assert [p.final_points for p in sorted(game.players, key=lambda p: p.seat)] == [
        40000,
        30000,
        20000,
        10000,
    ]
    assert await store.audit_entries(league.id, target_id=1) == audited
