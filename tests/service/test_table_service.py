"""The table service without Discord: lobby rules, who may press what, stale presses, timeouts and the
computer taking an away seat, persistence before acknowledgement, resume by replay, abort votes."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.engine import Action, Game
from bot.engine import actions as A
from bot.service.refusal import Refusal
from bot.service.seats import Seat, majority, safe_default, seat_order
from bot.service.table import (
    AFK_AFTER,
    SEED_KEY,
    QuietListener,
    Table,
    TableService,
    Timing,
)
from bot.service.timers import ManualScheduler
from bot.store import Store

CHANNEL, GUILD = 100, 1
ALICE, BOB, CAROL, DAVE = 11, 12, 13, 14


class Recorder(QuietListener):
    def __init__(self) -> None:
        self.prompts: list[tuple[int, int, float | None]] = []
        self.closed: list[tuple[int, str]] = []
        self.away: list[int] = []
        self.hands = 0
        self.ended = 0

    async def prompt(self, table: Table, seat: int, seq: int, deadline: float | None) -> None:
        self.prompts.append((seat, seq, deadline))

    async def prompt_closed(self, table: Table, seat: int, seq: int, action: Action, reason: str) -> None:
        self.closed.append((seat, reason))

    async def seat_away(self, table: Table, seat: int) -> None:
        self.away.append(seat)

    async def hand_ended(self, table: Table, hand: dict[str, Any]) -> None:
        self.hands += 1

    async def game_ended(self, table: Table) -> None:
        self.ended += 1


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await Store.open(tmp_path / "tables.sqlite3")
    try:
        yield opened
    finally:
        await opened.close()


def service_for(store: Store, listener: Recorder | None = None) -> tuple[TableService, ManualScheduler]:
    clock = ManualScheduler()
    service = TableService(store, listener or Recorder(), scheduler=clock, timing=Timing(60, 20, 0))
    return service, clock


async def started(
    service: TableService, rules: str = "riichi", humans: tuple[int, ...] = (ALICE, BOB, CAROL, DAVE)
) -> Table:
    await service.open(CHANNEL, GUILD, Seat("alice", humans[0]), rules, {"length": "east"})
    for user in humans[1:]:
        await service.join(CHANNEL, Seat(f"user{user}", user))
    table = service.table_in(CHANNEL)
    assert table is not None
    while len(table.members) < table.players:
        await service.add_computer(CHANNEL, humans[0])
    await service.start(CHANNEL, humans[0], seed="fixed seed")
    await service.idle(table)
    return table


def user_at(table: Table, seat: int) -> int:
    user = table.members[seat].user_id
    assert user is not None
    return user


async def test_lobby_refuses_a_second_table_a_double_join_a_full_table_an_early_start(
    store: Store,
) -> None:
    service, _ = service_for(store)
    await service.open(CHANNEL, GUILD, Seat("alice", ALICE), "sanma")
    with pytest.raises(Refusal) as exists:
        await service.open(CHANNEL, GUILD, Seat("bob", BOB), "riichi")
    assert exists.value.key == "table.error.table_exists"
    with pytest.raises(Refusal) as twice:
        await service.join(CHANNEL, Seat("alice", ALICE))
    assert twice.value.key == "table.error.already_seated"
    with pytest.raises(Refusal) as early:
        await service.start(CHANNEL, ALICE)
    assert early.value.key == "table.error.need_players"
    await service.join(CHANNEL, Seat("bob", BOB))
    await service.add_computer(CHANNEL, ALICE)
    with pytest.raises(Refusal) as full:
        await service.join(CHANNEL, Seat("carol", CAROL))
    assert full.value.key == "table.error.table_full"


async def test_unknown_options_and_rule_sets_without_a_referee_are_refused_by_name(store: Store) -> None:
    service, _ = service_for(store)
    with pytest.raises(Refusal) as bad:
        await service.open(CHANNEL, GUILD, Seat("alice", ALICE), "riichi", {"length": "forever"})
    assert bad.value.key == "table.error.bad_option" and "forever" in str(bad.value.values["reason"])
    with pytest.raises(Refusal) as unknown:
        await service.open(CHANNEL, GUILD, Seat("alice", ALICE), "chess")
    assert unknown.value.key == "table.error.unknown_rules"


async def test_options_typed_as_words_reach_the_referee_as_the_cli_gives_them(store: Store) -> None:
    # "/mahjong new options: tenpai_stop=off" arrives as the word "off": the referee once took any
    # non-empty text for a yes and the game kept the dealer's stop the table had switched off.
    service, _ = service_for(store)
    words = {"tenpai_stop": "off", "kuitan": "off", "red": "0", "uma": "5-10", "length": "east"}
    table = await service.open(CHANNEL, GUILD, Seat("alice", ALICE), "riichi", words)
    assert table.options == {
        "tenpai_stop": False,
        "kuitan": False,
        "red": "0",
        "uma": "5-10",
        "length": "east",
    }
    while len(table.members) < table.players:
        await service.add_computer(CHANNEL, ALICE)
    await service.start(CHANNEL, ALICE, seed="fixed seed")
    referee = table.running().rules
    assert (referee.tenpai_stop, referee.kuitan, referee.red, referee.uma) == (
        False,
        False,
        False,
        (10, 5, -5, -10),
    )


@pytest.mark.parametrize(
    ("rules", "options", "named"),
    [
        ("riichi", {"kuiten": "off"}, "unknown option 'kuiten'"),  # a misspelt key was silently ignored
        ("sanma", {"tenpai_stop": "maybe"}, "option tenpai_stop must be on or off, not 'maybe'"),
        ("riichi", {"uma": "abc"}, "uma must be SMALL-BIG"),  # was Python's "invalid literal for int()"
        ("riichi", {"uma": "²-3"}, "uma must be SMALL-BIG"),
        ("mingjiang", {"uma": "30-10"}, "uma must be SMALL-BIG"),
        ("riichi", {"uma": "10-99999999999999999999"}, "uma must be SMALL-BIG"),
        ("pihu", {"start": str(10**19)}, "option start must be between 0 and 1000000000"),
        ("pihu", {"hands": "1000000"}, "option hands must be between 0 and 10000"),
        ("sichuan", {"base": "10000000"}, "option base must be between 1 and 1000000"),
        ("sichuan", {"hands": "0"}, "option hands must be between 1 and 10000"),
        ("mingjiang", {"decider_hands": "-1"}, "option decider_hands must be between 0 and 10000"),
    ],
)
async def test_a_table_option_the_rule_set_cannot_play_is_refused_naming_it(
    store: Store, rules: str, options: dict[str, str], named: str
) -> None:
    # Points beyond the store's 64-bit integers would have failed the game's last write.
    service, _ = service_for(store)
    with pytest.raises(Refusal) as bad:
        await service.open(CHANNEL, GUILD, Seat("alice", ALICE), rules, options)
    assert bad.value.key == "table.error.bad_option" and named in str(bad.value.values["reason"])
    assert service.table_in(CHANNEL) is None


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "en",
            "Bad option for Riichi (Tenhou, 4 players): unknown option 'kuiten' "
            "(options: red, kuitan, uma, length, tenpai_stop)",
        ),
        (
            "zh-TW",
            "日麻 立直（天鳳 四人） 的選項有誤：沒有選項「kuiten」"
            "（可用選項：red, kuitan, uma, length, tenpai_stop）",
        ),
        ("zh-CN", "没有选项“kuiten”"),
        ("ja", "オプション「kuiten」はありません"),
    ],
)
async def test_an_option_refusal_reads_in_the_readers_language(
    store: Store, language: str, said: str
) -> None:
    # The sentence around it was translated, but the reason stayed English and the rule set was named by
    # its id.
    service, _ = service_for(store)
    with pytest.raises(Refusal) as bad:
        await service.open(CHANNEL, GUILD, Seat("alice", ALICE), "riichi", {"kuiten": "off"})
    assert said in bad.value.text(language)


def test_seats_follow_the_seed_so_the_revealed_seed_shows_the_seating_was_random() -> None:
    members = ["a", "b", "c", "d"]
    orders = {tuple(seat_order(f"seed {i}", members)) for i in range(30)}
    assert len(orders) > 5
    assert seat_order("x", members) == seat_order("x", members)


def test_safe_default_passes_on_calls_and_discards_the_drawn_tile() -> None:
    offer = [Action(A.PON, 1, 8, (9, 10)), Action(A.PASS, 1)]
    assert safe_default(offer, None).kind == A.PASS
    turn = [Action(A.DISCARD, 0, 4), Action(A.DISCARD, 0, 40), Action(A.TSUMO, 0, 40)]
    assert safe_default(turn, 40) == Action(A.DISCARD, 0, 40)
    assert safe_default(turn[:2], None) == Action(A.DISCARD, 0, 40)
    assert safe_default([Action("void_suit", 0, 1), Action("void_suit", 0, 2)], None).tile == 1


def test_an_abort_vote_needs_more_than_half_of_the_humans() -> None:
    assert not majority(2, 4) and majority(3, 4) and majority(1, 1) and not majority(0, 3)


async def test_only_the_asked_seat_may_answer_and_an_old_question_is_stale(store: Store) -> None:
    service, _ = service_for(store)
    table = await started(service)
    game = table.game
    assert game is not None and table.game_id is not None
    seat = game.waiting_for()[0]
    other = (seat + 1) % 4
    seq = table.prompts[seat]
    with pytest.raises(Refusal) as wrong:
        await service.decide(table.game_id, user_at(table, other), seq, 0)
    assert wrong.value.key == "error.stale_button"
    with pytest.raises(Refusal) as outsider:
        await service.decide(table.game_id, 999, seq, 0)
    assert outsider.value.key == "error.not_your_seat"
    action = await service.decide(table.game_id, user_at(table, seat), seq, 0)
    assert action == game.decisions[0]
    with pytest.raises(Refusal) as stale:
        await service.decide(table.game_id, user_at(table, seat), seq, 0)
    assert stale.value.key == "error.stale_button"
    stored = await store.load_decisions(table.game_id)
    assert [d.action for d in stored] == [action.to_json()]


async def answer_until_asked(service: TableService, table: Table, seat: int) -> None:
    """The other humans answer (safe choices) until ``seat`` is asked something."""
    game = table.game
    assert game is not None and table.game_id is not None
    while table.status == "running" and seat not in game.waiting_for():
        other = min(game.waiting_for())
        legal = game.legal_actions(other)
        index = legal.index(safe_default(legal, game.hand.drawn))
        await service.decide(table.game_id, user_at(table, other), table.prompts[other], index)
        await service.idle(table)


async def test_a_timeout_plays_the_safe_default_and_two_hand_the_seat_to_the_computer(store: Store) -> None:
    listener = Recorder()
    service, clock = service_for(store, listener)
    table = await started(service, humans=(ALICE, BOB))  # and two computers
    game = table.game
    assert game is not None and table.game_id is not None
    alice = table.seat_of(ALICE)
    assert alice is not None
    for timeouts in range(1, AFK_AFTER + 1):
        await answer_until_asked(service, table, alice)
        assert listener.prompts[-1][:2] == (alice, table.prompts[alice])
        assert listener.prompts[-1][2] == clock.now() + (20 if game.hand.phase == "claim" else 60)
        drawn = game.hand.drawn
        before = len(game.decisions)
        await clock.advance(59)
        assert len(game.decisions) == before  # not yet
        await clock.advance(2)
        await service.idle(table)
        played = game.decisions[before]
        assert played.seat == alice and (played.kind == A.PASS or played.tile == drawn)
        assert table.timeouts[alice] == timeouts
        assert (alice in table.away) == (timeouts == AFK_AFTER)
    assert listener.away == [alice] and (alice, "timeout") in listener.closed
    # The computer plays alice's seat now: she is never asked while away.
    asked = len(listener.prompts)
    bob = table.seat_of(BOB)
    assert bob is not None
    for _ in range(4):  # bob answers a few questions; alice's turns are played meanwhile
        await answer_until_asked(service, table, bob)
        if table.status != "running":
            break
        legal = game.legal_actions(bob)
        index = legal.index(safe_default(legal, game.hand.drawn))
        await service.decide(table.game_id, BOB, table.prompts[bob], index)
        await service.idle(table)
    assert all(seat != alice for seat, _, _ in listener.prompts[asked:])
    assert any(reason == "computer" for seat, reason in listener.closed if seat == alice)
    # "I'm back": alice is asked again.
    await service.back(table.game_id, ALICE)
    assert alice not in table.away and table.timeouts[alice] == 0
    await answer_until_asked(service, table, alice)
    assert table.status != "running" or listener.prompts[-1][0] == alice


async def test_every_decision_is_stored_and_a_new_service_resumes_the_game_where_it_stopped(
    store: Store,
) -> None:
    service, _ = service_for(store)
    table = await started(service)
    game = table.game
    assert game is not None and table.game_id is not None
    for _ in range(25):
        seat = min(game.waiting_for())
        await service.decide(table.game_id, user_at(table, seat), table.prompts[seat], 0)
        await service.idle(table)
    assert len(await store.load_decisions(table.game_id)) == len(game.decisions) == 25
    prompts = dict(table.prompts)
    await service.close()

    again, _ = service_for(store)
    [restored] = await again.restore()
    assert restored.game is not None
    assert restored.game.snapshot() == game.snapshot()
    assert restored.prompts == prompts
    assert [s.user_id for s in restored.members] == [s.user_id for s in table.members]
    seat = min(restored.game.waiting_for())
    await again.decide(table.game_id, user_at(restored, seat), prompts[seat], 0)
    assert len(await store.load_decisions(table.game_id)) == 26
    await again.close()


async def test_a_decision_arriving_while_the_service_stops_is_stored_and_starts_no_worker(
    store: Store,
) -> None:
    """A press or another process's notice can still arrive while the bot shuts down.  The decision is
    stored (a restarted or peer process goes on from it), but no worker starts: one started then would
    play on and draw the table after the bot closed (seen as an edit task left running at shutdown)."""
    listener = Recorder()
    service, _ = service_for(store, listener)
    table = await started(service, humans=(ALICE, BOB))  # and two computers that would play on
    game = table.game
    assert game is not None and table.game_id is not None
    alice = table.seat_of(ALICE)
    assert alice is not None
    await answer_until_asked(service, table, alice)
    seat = min(game.waiting_for())
    asked, played = len(listener.prompts), len(game.decisions)
    await service.close()
    await service.decide(table.game_id, user_at(table, seat), table.prompts[seat], 0)
    for _ in range(10):
        await asyncio.sleep(0)
    assert table.worker is None or table.worker.done()
    assert len(game.decisions) == played + 1 and len(listener.prompts) == asked
    assert len(await store.load_decisions(table.game_id)) == played + 1

    again, _ = service_for(store)
    [restored] = await again.restore()  # and the game goes on from the stored decision
    assert restored.game is not None and restored.game.snapshot() == game.snapshot()
    await again.close()


async def test_a_finished_game_stores_hand_results_final_results_and_reveals_the_seed(store: Store) -> None:
    listener = Recorder()
    service, _ = service_for(store, listener)
    table = await started(service, rules="sanma", humans=(ALICE,))
    assert table.game is not None and table.game_id is not None
    alice = table.seat_of(ALICE)
    assert alice is not None
    table.away.add(alice)  # the computer plays every seat: the game runs to its end at once
    service._kick(table)
    await service.idle(table)
    assert table.status == "finished" and listener.ended == 1
    record = await store.game_record(table.game_id)
    assert record.game.status == "finished" and record.game.revealed_seed == "fixed seed"
    direct = Game("sanma", {"length": "east"}, record.game.options[SEED_KEY])
    for decision in record.decisions:
        direct.apply(Action.from_json(decision.action))
    assert [h.score_changes for h in record.hands] == [h["result"]["deltas"] for h in direct.hands]
    assert listener.hands == len(direct.hands)
    assert direct.final is not None
    assert sorted((f.seat, f.points, f.rank) for f in record.finals) == sorted(
        (f["seat"], f["points"], f["rank"]) for f in direct.final
    )
    assert table.revealed_seeds() and service.table_in(CHANNEL) is None


async def test_a_game_is_marked_finished_only_once_its_final_results_are_stored(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another process (or a crash between the two commits) must never see a finished game without its
    final results: recovery would skip a finished game and its results would be lost."""
    finals_when_finished: list[int] = []
    finish_game = store.finish_game

    async def observed_finish(game_id: int, **kwargs: Any) -> None:
        finals_when_finished.append(len(await store.load_final_results(game_id)))
        await finish_game(game_id, **kwargs)

    monkeypatch.setattr(store, "finish_game", observed_finish)
    service, _ = service_for(store)
    table = await started(service, rules="sanma", humans=(ALICE,))
    alice = table.seat_of(ALICE)
    assert alice is not None
    table.away.add(alice)
    service._kick(table)
    await service.idle(table)
    assert table.status == "finished" and finals_when_finished == [3]


async def test_abort_by_the_creator_at_once_by_others_by_majority_vote(store: Store) -> None:
    service, _ = service_for(store)
    table = await started(service)
    assert table.game_id is not None
    creator = table.creator_id
    voters = [u for u in (ALICE, BOB, CAROL, DAVE) if u != creator]
    ended, votes, needed = await service.abort(CHANNEL, voters[0])
    assert (ended, votes, needed) == (False, 1, 3)
    ended, votes, _ = await service.abort(CHANNEL, voters[1])
    assert not ended and votes == 2
    ended, _, _ = await service.abort(CHANNEL, voters[2])
    assert ended and table.status == "aborted"
    assert (await store.get_game(table.game_id)).status == "aborted"
    assert service.table_in(CHANNEL) is None

    second, _ = service_for(store)
    await second.open(CHANNEL, GUILD, Seat("alice", ALICE), "riichi")
    ended, _, _ = await second.abort(CHANNEL, ALICE)
    assert ended


async def test_a_finished_game_is_offered_to_the_league_of_its_channel(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    import bot.service.league

    calls: list[tuple[int, int | None]] = []

    async def record_bot_game(_store: Store, game_id: int, *, parent_channel_id: int | None = None) -> None:
        calls.append((game_id, parent_channel_id))

    monkeypatch.setattr(bot.service.league, "record_bot_game", record_bot_game)
    service, _ = service_for(store)
    await service.open(CHANNEL, GUILD, Seat("alice", ALICE), "sanma", {"length": "east"}, parent_channel_id=7)
    await service.add_computer(CHANNEL, ALICE)
    await service.add_computer(CHANNEL, ALICE)
    table = await service.start(CHANNEL, ALICE)
    alice = table.seat_of(ALICE)
    assert alice is not None
    table.away.add(alice)
    await service.idle(table)
    assert table.status == "finished" and calls == [(table.game_id, 7)]
