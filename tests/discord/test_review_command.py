"""/mahjong review through the loopback Discord: the asker's own decisions only, privately, with a
picture of each of the three largest differences; refused for a running game, a game the asker did not
play and an unknown game."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from bot.i18n import resolve_language, t
from bot.service.replay import StoredGame, load_stored
from bot.service.review import Review, review_game, stored_sources
from bot.service.review_pictures import difference_picture
from bot.service.review_text import decision_line
from bot.store import Store
from tests.discord.stored_game_support import deferred_answer, pixels, running_table, simulate_into
from tests.discord.test_table_support import table_bot
from tests.fakediscord import FakeDiscord, FakeUser
from tests.fakediscord.fixtures import StartBot, World

SEAT = 1


def _seat_user(database: Path, game_id: int, seat: int, user: FakeUser) -> None:
    """Give ``seat`` of the stored game to ``user`` (as if they had played it at a Discord table)."""
    with sqlite3.connect(database) as db:
        cursor = db.execute(
            "INSERT INTO players (discord_id, display_name, created_at) VALUES (?, ?, '2026-01-01')",
            (user.id, user.name),
        )
        db.execute(
            "UPDATE seats SET player_id = ? WHERE game_id = ? AND seat = ?", (cursor.lastrowid, game_id, seat)
        )


async def _stored(database: Path, game_id: int) -> StoredGame:
    async with await Store.open(str(database)) as store:
        return await load_stored(store, game_id)


def _review(stored: StoredGame, seat: int) -> Review:
    return review_game(stored_sources(stored), seat, "strong", source="", rules=str(stored.data["rules"]))


async def test_a_player_sees_their_own_decisions_privately_with_three_pictures(
    fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path
) -> None:
    database = tmp_path / "bot.sqlite3"  # the bot's own database (start_bot's default)
    game_id = await asyncio.to_thread(simulate_into, database, seed="rv", ai="normal")
    alice = world.alice
    _seat_user(database, game_id, SEAT, alice)
    expected = await asyncio.to_thread(_review, await _stored(database, game_id), SEAT)
    differing = [d for d in expected.largest_first() if not d.agrees]
    assert len(differing) >= 3 and expected.agreement < 1.0
    await table_bot(start_bot)

    ix = await fake.slash(alice, "mahjong review", {"game": game_id}, channel=world.channel)
    answer = await deferred_answer(fake, ix)
    assert answer.ephemeral and answer.visible_to is alice
    language = resolve_language(alice.locale)
    title = t("review.title", language, game=game_id, hand="", agreement=f"{expected.agreement:.0%}")
    assert title in answer.content
    # her own seat's decisions only, largest first: each line is one of seat 1's differences
    for n, decision in enumerate(differing[:3], 1):
        assert f"{n}. {decision_line(decision, language)}" in answer.content
        assert decision.actual.seat == SEAT
    files = answer.files()
    assert list(files) == [f"hand{d.hand}-step{d.step}.png" for d in differing[:3]]
    for decision, data in zip(differing[:3], files.values(), strict=True):
        assert pixels(data) == pixels(difference_picture(decision, language))
    fake.check_deadlines()


async def test_a_game_not_played_or_unknown_is_refused(
    fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path
) -> None:
    database = tmp_path / "bot.sqlite3"
    game_id = await asyncio.to_thread(simulate_into, database, seed="rv", ai="normal")
    _seat_user(database, game_id, SEAT, world.alice)
    await table_bot(start_bot)
    bob = world.bob
    ix = await fake.slash(bob, "mahjong review", {"game": game_id}, channel=world.channel)
    assert ix.original is not None and ix.original.ephemeral and not ix.original.attachments
    assert ix.original.content == t("review.not_played", resolve_language(bob.locale), game=game_id)
    ix = await fake.slash(bob, "mahjong review", {"game": 77}, channel=world.channel)
    assert ix.original is not None and ix.original.ephemeral
    assert ix.original.content == t("replay.no_game", resolve_language(bob.locale), game=77)
    fake.check_deadlines()


async def test_a_running_game_is_refused_even_to_its_players(
    fake: FakeDiscord, world: World, start_bot: StartBot
) -> None:
    table = await running_table(fake, world, await table_bot(start_bot))
    for user in (world.alice, world.carol):  # players of the table, en and ja
        ix = await fake.slash(user, "mahjong review", {"game": table.game_id}, channel=world.channel)
        assert ix.original is not None and ix.original.ephemeral and not ix.original.attachments
        expected = t("review.running", resolve_language(user.locale), game=table.game_id)
        assert ix.original.content == expected
    fake.check_deadlines()
