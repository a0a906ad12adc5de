"""Issue 39: every edit of the table message that changes the table's state carries the picture of that
state: at a new hand's start the message never shows the new hand's header over the old hand's picture.
Played through the loopback Discord, several hands per rule set; the picture hook writes down the view it
drew, so each edit's picture is compared with the header the edit shows."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.engine.registry import RULE_SETS
from bot.render.engine_view import TablePictures
from bot.render.fonts import deterministic_fonts
from bot.service.table_panel import public_summary
from tests.discord.test_table_game import PLAYABLE, open_full_table
from tests.discord.test_table_support import ViewPictures, finished_table, play_by_dm, table_bot
from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import StartBot, World


class RecordedPictures(TablePictures):
    """The real channel pictures, with the headers of the states each was drawn from (by its bytes: two
    states that look the same, an exchange's direction aside, give the same picture); DMs get cheap ones."""

    def __init__(self) -> None:
        super().__init__(deterministic_fonts())
        self.headers: dict[bytes, set[str]] = {}
        self.red_ids: Any = frozenset()

    def table(self, view: Any, names: list[str], *, language: str = "en") -> bytes | None:
        if view.get("seat") is not None:  # a DM's picture: cheap, so the players' clicks stay quick
            return ViewPictures().table(view, names, language=language)
        picture = super().table(view, names, language=language)
        if picture is not None:  # the channel's picture
            drawn = header(public_summary(view, names, language, self.red_ids))
            self.headers.setdefault(picture, set()).add(drawn)
        return picture


def header(content: str) -> str:
    return content.split("\n", 1)[0]


def wall_left(header: str) -> int:
    found = re.search(r"wall (\d+)", header)
    return int(found.group(1)) if found else -1


def assert_every_header_change_carries_its_picture(
    fake: FakeDiscord, message_id: int, pictures: RecordedPictures
) -> None:
    """Each request on the table message after the lobby: when it changes the header, it sends a picture
    drawn from a state with that header."""
    requests = [
        (header(r.content or ""), r.files.get("table.png"))
        for r in fake.records
        if r.message_id == message_id and r.kind in ("message", "edit")
    ]
    board = next(i for i, (_, sent) in enumerate(requests) if sent is not None)  # after the lobby
    checked = new_hands = 0
    for (before, _), (after, sent) in zip(requests[board:], requests[board + 1 :], strict=False):
        if after == before:
            continue  # an edit that leaves the header as it was
        new_hands += wall_left(after) > wall_left(before)  # the wall grew back: a new hand
        assert sent is not None, f"{after!r} shown over the picture of {before!r}"
        assert after in pictures.headers[sent], (after, pictures.headers[sent])
        checked += 1
    assert checked > 10 and new_hands >= 1, (checked, new_hands)


@pytest.mark.parametrize("rules", PLAYABLE)
async def test_every_table_message_edit_that_changes_the_header_carries_that_states_picture(
    fake: FakeDiscord, world: World, start_bot: StartBot, rules: str
) -> None:
    cog = await table_bot(start_bot, edit_interval=0.05)
    pictures = RecordedPictures()
    cog.bot.table_pictures = pictures
    users = world.players[: RULE_SETS[rules].players]
    table = await open_full_table(fake, world, cog, rules, users)
    pictures.red_ids = cog.front.red_ids(table)
    await play_by_dm(fake, users, finished_table(table))
    await cog.service.idle(table)
    assert table.game is not None and len(table.game.hands) >= 2
    assert_every_header_change_carries_its_picture(fake, cog.front.table_message[world.channel.id], pictures)
