"""Whole games at a /mahjong table through the loopback Discord: four humans click their DM buttons to
the end; the stored results equal a direct engine run; the channel never shows a concealed tile."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.engine.registry import RULE_SETS
from bot.i18n import t
from bot.service.table import Table
from bot.store import Store
from cogs.table import TableCog
from tests.discord.test_table_support import drawn_view, finished_table, play_by_dm, replayed, table_bot
from tests.fakediscord import FakeDiscord, FakeUser
from tests.fakediscord.fixtures import StartBot, World

#: Rule sets whose referee exists: the test covers each one as its flow lands.
PLAYABLE = list(RULE_SETS)
#: Short games where the rule set has an option for it (the whole game still runs to its end).
SHORT: dict[str, dict[str, Any]] = {
    "riichi": {"length": "east"},
    "sanma": {"length": "east"},
    "mingjiang": {"length": "east", "options": "decider_hands=1"},
    "sichuan": {"options": "hands=2"},
    "pihu": {"options": "hands=2"},
    "taiwan": {"options": "max_hands=2"},
}
EDIT_ROUTE = "PATCH /channels/{channel_id}/messages/{message_id}"
#: The rule set whose game runs with Discord's edit bucket on every channel, DMs included.
RATE_LIMITED_EVERYWHERE = "sichuan"


async def open_full_table(
    fake: FakeDiscord, world: World, cog: TableCog, rules: str, users: list[FakeUser]
) -> Table:
    options: dict[str, Any] = {"rules": rules, **SHORT.get(rules, {})}
    ix = await fake.slash(users[0], "mahjong new", options, channel=world.channel)
    lobby = ix.original
    assert lobby is not None
    for user in users[1:]:
        await fake.click(user, lobby, fake.button_by_label(lobby, t("table.join", "en")))
    await fake.click(users[0], lobby, f"mj:lobby:{world.channel.id}:start")
    table = cog.service.table_in(world.channel.id)
    assert table is not None and table.status == "running"
    return table


def assert_channel_shows_no_concealed_tile(fake: FakeDiscord, world: World) -> None:
    """Every picture posted in the channel was drawn from the spectator view; no text shows a hand."""
    hand_words = [t("table.your_hand", lang, tiles="").strip() for lang in ("en", "ja", "zh-TW", "zh-CN")]
    pictures = 0
    for record in fake.records:
        if record.channel_id != world.channel.id or record.ephemeral:
            continue
        for name, data in record.files.items():
            drawn = drawn_view(data)
            if "view" in drawn:  # the table picture: drawn from the spectator view
                assert name == "table.png" and drawn["view"]["seat"] is None
                pictures += 1
            elif "hand" in drawn:  # a result: only the winners' hands are shown, as at a real table
                for win in drawn["hand"]["result"]["wins"]:
                    win.pop("concealed", None)
                for ready in drawn["hand"]["result"].get("ready_hands", []):  # laid open at a draw
                    ready.pop("concealed", None)
            assert '"concealed":' not in json.dumps(drawn) and '"drawn":' not in json.dumps(drawn)
        text = record.content or ""
        assert not any(word in text for word in hand_words), text
    assert pictures > 0


@pytest.mark.parametrize("rules", PLAYABLE)
async def test_four_humans_play_a_short_game_by_dm_buttons_to_the_end(
    fake: FakeDiscord, world: World, start_bot: StartBot, rules: str
) -> None:
    # Discord's edit bucket (5 per 5 s per channel) on the table channel: the table message's edits must
    # be coalesced to stay inside it.  DM panels are edited once a question; scripted players answer at
    # once, far faster than people, so a bucket on every DM channel makes discord.py wait out its windows
    # (30-150 s a game, no 429); one rule set keeps it everywhere to show the bot waits rather than fails.
    everywhere = rules == RATE_LIMITED_EVERYWHERE
    fake.emulate_rate_limit(EDIT_ROUTE, limit=5, per=5.0, channels=None if everywhere else [world.channel.id])
    cog = await table_bot(start_bot, edit_interval=1.2)
    users = world.players[: RULE_SETS[rules].players]
    table = await open_full_table(fake, world, cog, rules, users)
    clicks = await play_by_dm(fake, users, finished_table(table))
    assert table.status == "finished" and clicks > 20
    await cog.service.idle(table)

    store: Store = cog.service.store
    assert table.game_id is not None
    direct = await replayed(store, table.game_id)
    record = await store.game_record(table.game_id)
    assert record.game.status == "finished"
    assert [h.score_changes for h in record.hands] == [h["result"]["deltas"] for h in direct.hands]
    assert direct.final is not None
    assert sorted((f.seat, f.points, f.rank) for f in record.finals) == sorted(
        (f["seat"], f["points"], f["rank"]) for f in direct.final
    )
    final = await fake.wait_for_message(lambda m: t("table.final", "en") in m.content, channel=world.channel)
    assert all(user.name in final.content for user in users) and "ranking.png" in final.files()
    assert t("replay.hint", "en", game=table.game_id) in final.content  # the id /mahjong replay takes
    assert drawn_view(final.files()["ranking.png"])["language"] == "en"  # the table's, as the text's
    results = [m for m in fake.channel_messages(world.channel) if "result.png" in m.files()]
    assert len(results) == len(direct.hands)

    assert_channel_shows_no_concealed_tile(fake, world)
    fake.check_deadlines()
    assert not [f for f in fake.served_faults if f.status == 429]
