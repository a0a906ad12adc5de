"""DM presses for a table another process runs (docs/SCALE.md): Discord sends them to shard 0's process,
which decides on its read-only copy while the owner shows the panels.  Two bots in this process, split
shards, one PostgreSQL database (tests/cluster/ does the same with real processes)."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

import pytest

import bot.service.table as table_module
from bot.engine import actions as A
from bot.engine.actions import Action
from bot.hand.notation import tile_name
from tests.cluster.harness import first_choice, press_first_choice
from tests.discord.test_table_support import TABLE, action_controls, open_prompt, prompt_key
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser
from tests.fakediscord.fixtures import connect_bot, stop_bot
from tests.fakediscord.interaction_api import DEFERRED_UPDATE
from tests.pgserver import PostgresServer

#: Pressing every panel's first choice, this deal's first call is a pon on decision 14.
SEED = "cluster-test-seed"


def _kind(custom_id: str) -> str:
    return custom_id.rsplit(":", 1)[-1]


@contextlib.asynccontextmanager
async def cluster_table(
    fake: FakeDiscord, pg_server: PostgresServer, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[tuple[list[FakeUser], list[Any]]]:
    """A started one-hand pihu table of four DM players in a guild shard 1's bot runs, beside shard 0's
    bot (Discord sends it every DM press); yields the users and the two bots (shard 0 first)."""
    monkeypatch.setattr(table_module, "new_seed", lambda: SEED)
    database = pg_server.create_database()
    guild = fake.add_guild("Cluster Club", shard=(1, 2))  # its tables are run by shard 1's bot
    channel = fake.add_channel(guild, "mahjong")
    users = [fake.add_user(name) for name in ("alice", "bob", "carol", "dave")]
    for user in users:
        fake.add_member(guild, user)
    bots = []
    try:
        for shard in (0, 1):
            settings = {"shard_count": 2, "shard_ids": (shard,), "pictures": False}
            bots.append(await connect_bot(fake, extensions=TABLE, database=database, settings=settings))
        await fake.wait_until(lambda: fake.commands, what="the slash commands")
        opened = await fake.slash(
            users[0], "mahjong new", {"rules": "pihu", "options": "max_hands=1"}, channel=channel
        )
        lobby = opened.original
        assert lobby is not None
        for user in users[1:]:
            await fake.click(user, lobby, fake.button_by_label(lobby, "Join"))
        await fake.click(users[0], lobby, fake.button_by_label(lobby, "Start"))
        yield users, [bot for bot, _task in bots]
    finally:
        for bot, task in reversed(bots):
            await stop_bot(bot, task)


async def test_a_pon_pressed_in_another_process_leaves_the_owners_discard_question_on_the_panel(
    fake: FakeDiscord, pg_server: PostgresServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a pon the caller is asked at once to discard.  The owner edits that question into the panel
    that was pressed; shard 0's process must then only acknowledge the press: a "you chose pon" edit
    without buttons reaching Discord after the owner's edit took the discard buttons away, the player
    could not answer, and their turn timed out (the referee discarded for them).  The press is held
    here until the owner's edit has landed, the order that lost the buttons."""
    async with cluster_table(fake, pg_server, monkeypatch) as (users, bots):
        shard0: Any = bots[0].get_cog("TableCog")
        handled: set[Any] = set()
        for _ in range(14):  # the discards before the first pon
            user, panel = await fake.wait_until(lambda: open_prompt(fake, users, handled), what="a panel")
            handled.add(prompt_key(panel))
            assert _kind(first_choice(panel)[0]) == A.DISCARD
            await press_first_choice(fake, user, panel)
        user, panel = await fake.wait_until(lambda: open_prompt(fake, users, handled), what="the pon")
        pon = prompt_key(panel)
        handled.add(pon)
        assert _kind(first_choice(panel)[0]) == A.PON

        decide = shard0.service.decide

        async def decide_then_let_the_owner_ask(game_id: int, user_id: int, seq: int, index: int) -> Action:
            action = await decide(game_id, user_id, seq, index)
            await fake.wait_until(
                lambda: action_controls(panel) and prompt_key(panel) != pon,
                what="the owner's discard question in the pressed panel",
            )
            return action

        monkeypatch.setattr(shard0.service, "decide", decide_then_let_the_owner_ask)
        pressed = await press_first_choice(fake, user, panel)
        monkeypatch.setattr(shard0.service, "decide", decide)
        asked: FakeMessage = panel  # edited in place: the message as it is now
        assert action_controls(asked), f"the discard buttons were taken away: {asked.content!r}"
        assert pressed.response_type == DEFERRED_UPDATE
        assert {_kind(str(c["custom_id"])) for c in action_controls(asked)} == {A.DISCARD}
        shown = next(c["label"] for c in action_controls(asked) if c["custom_id"] == first_choice(asked)[0])
        game_id = int(first_choice(asked)[0].split(":")[2])
        await press_first_choice(fake, user, asked)
        stored = await bots[1].store.load_decisions(game_id)
        assert len(stored) == 16 and stored[14].action[0] == A.PON
        assert tile_name(stored[15].action[2], frozenset()) == shown  # the tile the button showed


async def test_a_player_answering_through_another_process_gets_the_next_turn_edited_into_the_panel(
    fake: FakeDiscord, pg_server: PostgresServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A question comes as a new DM message (a ping) only when the player has been quiet for QUIET_AFTER
    seconds.  In a cluster the owner never sees the DM press (shard 0's process takes it), so without
    being told it counted every player as quiet since the hand's first message, and after 45 s every
    turn pinged.  Here the dealer's panel is made to look 100 s old, the dealer answers (through shard
    0's process), and their next turn must be edited into the same message."""
    async with cluster_table(fake, pg_server, monkeypatch) as (users, bots):
        owner: Any = bots[1].get_cog("TableCog")
        handled: set[Any] = set()
        dealer, panel = await fake.wait_until(
            lambda: open_prompt(fake, users, handled), what="the first turn"
        )
        handled.add(prompt_key(panel))
        game_id = int(first_choice(panel)[0].split(":")[2])
        # The owner keeps the panel once Discord has answered its send (the fake shows it a moment before).
        living = await fake.wait_until(
            lambda: owner.front.panels.get((game_id, 0)), what="the owner to keep the dealer's panel"
        )
        assert living.message_id == panel.id
        living.touched -= 100.0  # the hand's first message went out long ago
        await press_first_choice(fake, dealer, panel)
        for _ in range(3):  # the three others' first discards
            user, other = await fake.wait_until(lambda: open_prompt(fake, users, handled), what="a turn")
            assert user is not dealer
            handled.add(prompt_key(other))
            await press_first_choice(fake, user, other)
        messages = len(fake.dms(dealer))
        user, again = await fake.wait_until(lambda: open_prompt(fake, users, handled), what="the second turn")
        assert user is dealer and _kind(first_choice(again)[0]) == A.DISCARD
        assert again.id == panel.id, "the dealer's second turn was posted as a new message"
        assert len(fake.dms(dealer)) == messages
