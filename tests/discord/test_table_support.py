"""Helpers for the /mahjong table tests (no tests here): a bot with an instant clock, and players that
click what the bot sent them (DM panels, or the ephemeral panel for closed DMs)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from bot.engine import Action, Game
from bot.service.table import SEED_KEY, Table
from bot.service.timers import ManualScheduler
from bot.store import Store
from bot.store.gamekeys import rule_options
from cogs.table import TableCog
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser
from tests.fakediscord.fixtures import StartBot, connect_bot, stop_bot
from tests.fakediscord.world import iter_components

TABLE = ("cogs.table",)
PNG = b"\x89PNG\r\n\x1a\n"
WIN_KINDS = ("tsumo", "ron")


class ViewPictures:
    """A picture hook that writes down the view it was given, so a test can check what was drawn."""

    def table(self, view: dict[str, Any], names: list[str], **options: Any) -> bytes:
        return PNG + json.dumps({"view": view, "names": names}).encode()

    def result(self, hand: dict[str, Any], names: list[str], rules: str = "", **options: Any) -> bytes:
        return PNG + json.dumps({"hand": hand, "names": names, "rules": rules}).encode()

    def ranking(self, final: list[dict[str, Any]], names: list[str], **options: Any) -> bytes:
        return PNG + json.dumps({"final": final, "names": names, **options}).encode()


def drawn_view(data: bytes) -> dict[str, Any]:
    assert data.startswith(PNG)
    decoded: dict[str, Any] = json.loads(data[len(PNG) :])
    return decoded


async def table_bot(start_bot: StartBot, *, edit_interval: float = 0.05, **options: Any) -> TableCog:
    bot = await start_bot(extensions=TABLE, **options)
    bot.table_pictures = ViewPictures()  # type: ignore[attr-defined]
    cog: Any = bot.get_cog("TableCog")  # the extension's own module object, not cogs.table as imported here
    assert type(cog).__name__ == TableCog.__name__
    cog.service.scheduler = ManualScheduler()
    cog.service.timing = type(cog.service.timing)(turn=60.0, claim=20.0, computer=0.0)
    cog.edit_interval = edit_interval
    return cog


@asynccontextmanager
async def running_table_bot(fake: FakeDiscord, database: Path, **options: Any) -> AsyncIterator[Any]:
    """A bot with the table cog on ``database`` (a second one on the same file models a restart), its
    computer seats playing at once: yields its table cog, and stops the bot when the block ends."""
    bot, task = await connect_bot(fake, extensions=TABLE, database=database, **options)
    try:
        cog: Any = bot.get_cog("TableCog")
        cog.service.timing = type(cog.service.timing)(computer=0.0)
        yield cog
    finally:
        await stop_bot(bot, task)


def components(message: FakeMessage) -> list[dict[str, Any]]:
    return [
        c for c in iter_components(message.components) if c.get("type") in (2, 3) and not c.get("disabled")
    ]


def action_controls(message: FakeMessage) -> list[dict[str, Any]]:
    return [c for c in components(message) if str(c.get("custom_id", "")).startswith(("mj:a:", "mj:s:"))]


def simple_choice(message: FakeMessage) -> tuple[str, list[str] | None]:
    """Win when possible, pass on calls, else discard the drawn tile (tsumogiri), else the first choice.

    Returns (custom id, None) for a button or (custom id, [value]) for a select menu."""
    controls = action_controls(message)
    buttons = [c for c in controls if c["type"] == 2]
    kind = {c["custom_id"]: c["custom_id"].rsplit(":", 1)[-1] for c in buttons}
    for wanted in (*WIN_KINDS, "pass"):
        for c in buttons:
            if kind[c["custom_id"]] == wanted:
                return c["custom_id"], None
    discards = [c for c in buttons if kind[c["custom_id"]] == "discard"]
    drawn = [c for c in discards if c.get("style") == 1]
    if drawn:
        return drawn[0]["custom_id"], None
    if discards:
        return discards[-1]["custom_id"], None
    if buttons:
        return buttons[0]["custom_id"], None
    menu = controls[0]
    return menu["custom_id"], [menu["options"][-1]["value"]]


async def press(fake: FakeDiscord, user: FakeUser, message: FakeMessage) -> Any:
    custom_id, values = simple_choice(message)
    if values is None:
        return await fake.click(user, message, custom_id)
    return await fake.select(user, message, custom_id, values)


def prompt_key(message: FakeMessage) -> tuple[int, tuple[str, ...]]:
    """A question on a panel: the message and its controls (a living panel is edited for the next one)."""
    return message.id, tuple(str(c["custom_id"]) for c in action_controls(message))


def open_prompt(
    fake: FakeDiscord, users: list[FakeUser], handled: set[Any]
) -> tuple[FakeUser, FakeMessage] | None:
    """The newest DM of any user that still has action controls and was not answered yet."""
    for user in users:
        for message in reversed(fake.dms(user)):
            if prompt_key(message) in handled:
                continue
            if action_controls(message):
                return user, message
            break
    return None


async def play_by_dm(
    fake: FakeDiscord,
    users: list[FakeUser],
    finished: Callable[[], bool],
    *,
    max_clicks: int = 5000,
    stop_after: int | None = None,
    after_click: Callable[[], Awaitable[object]] | None = None,
) -> int:
    """Answer DM prompts with :func:`simple_choice` until ``finished()``; returns the clicks made.
    ``after_click`` paces the game: awaited after each click, before the next question is answered."""
    handled: set[Any] = set()
    clicks = 0
    while not finished():
        if stop_after is not None and clicks >= stop_after:
            break
        found = await fake.wait_until(
            lambda: finished() or open_prompt(fake, users, handled), timeout=10, what="a DM prompt"
        )
        if found is True:
            break
        user, message = found
        handled.add(prompt_key(message))
        await press(fake, user, message)
        clicks += 1
        if after_click is not None:
            await after_click()
        assert clicks < max_clicks, "the game does not end"
    return clicks


async def replayed(store: Store, game_id: int) -> Game:
    """A direct engine run with the stored seed and decisions."""
    record = await store.game_record(game_id)
    game = Game(record.game.rule_set, rule_options(record.game.options), record.game.options[SEED_KEY])
    for decision in record.decisions:
        game.apply(Action.from_json(decision.action))
    return game


def finished_table(table: Table) -> Callable[[], bool]:
    return lambda: table.status in ("finished", "aborted")
