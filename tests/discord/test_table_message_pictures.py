"""Issue 39: every edit of the table message that changes the table's state carries the picture of that
state: at a new hand's start the message never shows the new hand's header over the old hand's picture.
Played through the loopback Discord, several hands per rule set; the picture hook writes down the view it
drew, so each edit's picture is compared with the header the edit shows."""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Any

import pytest

from bot.client import MahjongBot
from bot.engine.registry import RULE_SETS
from bot.i18n import t
from bot.render.engine_view import TablePictures
from bot.render.fonts import deterministic_fonts
from bot.service.table_panel import public_summary
from tests.discord.test_table_game import PLAYABLE, SHORT, open_full_table
from tests.discord.test_table_support import (
    TABLE,
    ViewPictures,
    finished_table,
    play_by_dm,
    running_table_bot,
    table_bot,
)
from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import StartBot, World, connect_bot, stop_bot


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
    fake: FakeDiscord, message_id: int, pictures: RecordedPictures, *, changes: int, new_hands: int
) -> None:
    """Each request on the table message after the lobby: when it changes the header, it sends a picture
    drawn from a state with that header; at least ``changes`` such requests, ``new_hands`` of them a new
    hand's."""
    requests = [
        (header(r.content or ""), r.files.get("table.png"))
        for r in fake.records
        if r.message_id == message_id and r.kind in ("message", "edit")
    ]
    board = next(i for i, (_, sent) in enumerate(requests) if sent is not None)  # after the lobby
    checked = new_hands_seen = 0
    for (before, _), (after, sent) in zip(requests[board:], requests[board + 1 :], strict=False):
        if after == before:
            continue  # an edit that leaves the header as it was
        new_hands_seen += wall_left(after) > wall_left(before)  # the wall grew back: a new hand
        assert sent is not None, f"{after!r} shown over the picture of {before!r}"
        assert after in pictures.headers[sent], (after, pictures.headers[sent])
        checked += 1
    assert checked >= changes and new_hands_seen >= new_hands, (checked, changes, new_hands_seen, new_hands)


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
    message_id = cog.front.table_message[world.channel.id]
    paced: list[str] = []  # the headers the table message was seen to show, in order
    clicks = itertools.count(1)

    async def every_sixth_shown() -> None:
        """Every sixth click waits until the table message shows the state it made: the edits are
        coalesced, so without this how many states are shown depends on how fast the machine plays."""
        if next(clicks) % 6:
            return
        current = header(cog.front.table_text(table, "en"))
        await fake.wait_until(
            lambda: table.status != "running" or header(fake.message(message_id).content) == current,
            timeout=10,
            what=f"the table message showing {current!r}",
        )
        if table.status == "running":
            paced.append(current)

    await play_by_dm(fake, users, finished_table(table), after_click=every_sixth_shown)
    await cog.service.idle(table)
    assert table.game is not None and len(table.game.hands) >= 2
    # the message went through the paced headers in order, so it changed at least as often as they did
    changes = sum(after != before for before, after in itertools.pairwise(paced))
    new_hands = sum(wall_left(after) > wall_left(before) for before, after in itertools.pairwise(paced))
    assert changes > 10 and new_hands >= 1, (changes, new_hands)
    assert_every_header_change_carries_its_picture(
        fake, message_id, pictures, changes=changes, new_hands=new_hands
    )


def assert_the_message_shows_one_state(
    fake: FakeDiscord, message_id: int, pictures: RecordedPictures
) -> None:
    """The table message as Discord shows it now: its header over a picture drawn from a state with that
    header (an edit without a file keeps the picture the message had)."""
    shown = fake.message(message_id)
    picture = shown.files().get("table.png")
    assert picture is not None, shown.content
    assert header(shown.content) in pictures.headers[picture], (
        header(shown.content),
        pictures.headers[picture],
    )


@pytest.mark.parametrize("rules", ["riichi", "taiwan"])
async def test_a_table_closed_at_a_new_hands_start_shows_that_hands_picture_under_its_header(
    fake: FakeDiscord, world: World, start_bot: StartBot, rules: str
) -> None:
    """The edits are coalesced (one per ``edit_interval``): a table closed while its newest state waits
    to be shown, here the second hand's deal, shows that state, header and picture, with who closed it.
    Before, the closing edit carried the new text only, and the first hand's last picture stayed under
    the second hand's header."""
    cog = await table_bot(start_bot, edit_interval=4.0)
    pictures = RecordedPictures()
    cog.bot.table_pictures = pictures
    users = world.players[: RULE_SETS[rules].players]
    table = await open_full_table(fake, world, cog, rules, users)
    pictures.red_ids = cog.front.red_ids(table)
    game = table.game
    assert game is not None
    await play_by_dm(fake, users, lambda: len(game.hands) >= 1)
    # the second hand is dealt and waits for the next edit of the table message
    await fake.wait_until(lambda: world.channel.id in cog.front._dirty, what="the new hand waiting")
    shown_before = header(fake.message(cog.front.table_message[world.channel.id]).content)
    assert game.hand.index == 1 and shown_before != header(cog.front.table_text(table, "en"))
    await fake.slash(users[0], "mahjong abort", channel=world.channel)
    message_id = cog.front.table_message[world.channel.id]
    closed = t("table.aborted_by", "en", player=users[0].name)
    await fake.wait_until(lambda: closed in fake.message(message_id).content, timeout=10, what="the closing")
    assert_the_message_shows_one_state(fake, message_id, pictures)


class PicturesThatFail(RecordedPictures):
    """The channel's picture cannot be drawn once ``failing`` is set (a font or a renderer failing)."""

    failing = False

    def table(self, view: Any, names: list[str], *, language: str = "en") -> bytes | None:
        if self.failing and view.get("seat") is None:
            raise OSError("the picture cannot be drawn")
        return super().table(view, names, language=language)


async def test_a_new_hand_whose_picture_cannot_be_drawn_shows_no_picture_rather_than_the_old_hands(
    fake: FakeDiscord, world: World, start_bot: StartBot
) -> None:
    """An edit without ``attachments`` keeps the message's picture: when the new state's picture cannot be
    drawn, the edit takes the old one away, so the new hand's header never stands over the old hand."""
    cog = await table_bot(start_bot, edit_interval=4.0)
    pictures = PicturesThatFail()
    cog.bot.table_pictures = pictures
    users = world.players[:4]
    table = await open_full_table(fake, world, cog, "riichi", users)
    pictures.red_ids = cog.front.red_ids(table)
    game = table.game
    assert game is not None
    await play_by_dm(fake, users, lambda: len(game.hands) >= 1)
    pictures.failing = True
    message_id = cog.front.table_message[world.channel.id]
    assert "table.png" in fake.message(message_id).files()  # the first hand's
    await fake.wait_until(
        lambda: header(fake.message(message_id).content) == header(cog.front.table_text(table, "en")),
        timeout=10,
        what="the second hand shown",
    )
    assert game.hand.index == 1
    assert "table.png" not in fake.message(message_id).files()


@pytest.mark.parametrize("rules", PLAYABLE)
async def test_with_computer_seats_every_header_change_carries_its_picture(
    fake: FakeDiscord, world: World, start_bot: StartBot, rules: str
) -> None:
    """One human and computer seats that play at once (the game moves on while a picture is drawn):
    each edit's header still comes with its own state's picture, and the finished table shows one
    state."""
    cog = await table_bot(start_bot, edit_interval=0.05)
    pictures = RecordedPictures()
    cog.bot.table_pictures = pictures
    human = world.players[0]
    ix = await fake.slash(
        human, "mahjong new", {"rules": rules, **SHORT.get(rules, {})}, channel=world.channel
    )
    assert ix.original is not None
    for _ in range(RULE_SETS[rules].players - 1):
        await fake.click(human, ix.original, f"mj:lobby:{world.channel.id}:addbot")
    await fake.click(human, ix.original, f"mj:lobby:{world.channel.id}:start")
    table = cog.service.table_in(world.channel.id)
    assert table is not None and table.game is not None
    pictures.red_ids = cog.front.red_ids(table)
    await play_by_dm(fake, [human], finished_table(table))
    await cog.service.idle(table)
    assert table.status == "finished" and len(table.game.hands) >= 2
    message_id = cog.front.table_message[world.channel.id]
    await fake.wait_until(
        lambda: header(fake.message(message_id).content) == header(cog.front.table_text(table, "en")),
        timeout=10,
        what="the last state shown",
    )
    assert_the_message_shows_one_state(fake, message_id, pictures)
    requests = [r for r in fake.records if r.message_id == message_id and r.kind in ("message", "edit")]
    board = next(i for i, r in enumerate(requests) if "table.png" in r.files)
    for before, after in zip(requests[board:], requests[board + 1 :], strict=False):
        if header(after.content or "") != header(before.content or ""):
            sent = after.files.get("table.png")
            assert sent is not None and header(after.content or "") in pictures.headers[sent]


def drawing_with(pictures: RecordedPictures) -> type[MahjongBot]:
    """A bot that draws with ``pictures`` from its start (a restarted bot draws as it restores)."""

    class DrawingBot(MahjongBot):
        def build_services(self) -> None:
            self.table_pictures = pictures
            super().build_services()

    return DrawingBot


async def test_a_bot_restarted_at_a_new_hands_start_shows_that_hands_picture_under_its_header(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    """Stopped as the second hand was dealt, before the table message showed it: the restarted bot
    edits the same message with the restored state's header and picture."""
    database = tmp_path / "restart.sqlite3"
    users = world.players[:3]
    pictures = RecordedPictures()
    async with running_table_bot(fake, database, bot_cls=drawing_with(pictures)) as cog:
        cog.edit_interval = 4.0
        table = await open_full_table(fake, world, cog, "sanma", users)
        pictures.red_ids = cog.front.red_ids(table)
        game = table.game
        assert game is not None
        await play_by_dm(fake, users, lambda: len(game.hands) >= 1)
        await fake.wait_until(lambda: world.channel.id in cog.front._dirty, what="the new hand waiting")
        message_id = cog.front.table_message[world.channel.id]
        new_hand = header(cog.front.table_text(table, "en"))
        assert header(fake.message(message_id).content) != new_hand

    bot, task = await connect_bot(fake, extensions=TABLE, database=database, bot_cls=drawing_with(pictures))
    try:
        await fake.wait_until(
            lambda: header(fake.message(message_id).content) == new_hand,
            timeout=10,
            what="the new hand shown",
        )
        assert_the_message_shows_one_state(fake, message_id, pictures)
        assert len([m for m in fake.channel_messages(world.channel) if "table.png" in m.files()]) == 1
    finally:
        await stop_bot(bot, task)
