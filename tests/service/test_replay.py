"""bot/service/replay.py: a finished hand step by step, every hand open; running games and hands refused."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main
from bot.engine.actions import PASS, Action
from bot.engine.game import Game
from bot.engine.registry import RULE_SETS
from bot.hand.notation import tile_name
from bot.logs.load import read_mjlog
from bot.logs.replay import replay_record
from bot.render.gallery import hand_spans
from bot.service.refusal import Refusal
from bot.service.replay import HandReplay, StepAction, game_hand, record_hand, stored_hand
from bot.store import Store
from bot.store.gamekeys import SEED_KEY
from tests.oracle import oracle_path

MJLOG = ("tenhou", "mjx-mjlog", "2010081709gm-00a9-0000-fe3371ad.mjlog")


def _simulate(database: str, capsys: pytest.CaptureFixture[str], rules: str = "riichi") -> int:
    code = main(
        ["simulate", "--rules", rules, "--games", "1", "--seed", "rp", "--ai", "random", "--json"]
        + ["--db", database]
    )
    assert code == 0
    ids: list[int] = json.loads(capsys.readouterr().out)["game_ids"]
    return ids[0]


async def _with_store(database: str, work: Any) -> Any:
    store = await Store.open(database)
    try:
        return await work(store)
    finally:
        await store.close()


def _stored(database: str, game_id: int, hand: int, language: str | None = None) -> HandReplay:
    async def work(store: Store) -> HandReplay:
        return await stored_hand(store, game_id, hand, language=language)

    result: HandReplay = asyncio.run(_with_store(database, work))
    return result


def _stored_game(database: str, game_id: int) -> Game:
    async def work(store: Store) -> Game:
        record = await store.game_record(game_id)
        return Game.from_json(
            {
                "rules": record.game.rule_set,
                "seed": record.game.revealed_seed,
                "decisions": [d.action for d in record.decisions],
            }
        )

    game: Game = asyncio.run(_with_store(database, work))
    return game


def _refusal(work: Any) -> Refusal:
    with pytest.raises(Refusal) as caught:
        work()
    return caught.value


def _expected_steps(game: Game, index: int) -> list[tuple[int, Action]]:
    """(decision index, action) of each step after the deal: every decision of the hand but a pass that
    does not end it (found from the hand's span, bot/render/gallery.py's own replay)."""
    start, length = hand_spans(game)[index]
    last = start + length - 1
    shown = [i for i in range(start, start + length) if game.decisions[i].kind != PASS or i == last]
    return [(i, game.decisions[i]) for i in shown]


def _assert_open_and_consistent(replay: HandReplay) -> None:
    """Every step shows every seat's concealed tiles, as many as the table counts, no tile twice."""
    for step in replay.steps:
        seen: list[int] = []
        for seat in step.view["seats"]:
            assert len(seat["concealed"]) == seat["concealed_count"]
            seen += seat["concealed"]
            seen += [d[0] for d in seat["discards"] if not d[3]]
            seen += [t for m in seat["melds"] for t in m["tiles"]]
        assert len(seen) == len(set(seen)), f"a tile shown twice at step {step.number}"


def test_a_finished_hand_steps_from_the_deal_to_its_end_with_every_hand_open(
    database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    game_id = _simulate(database, capsys)
    game = _stored_game(database, game_id)
    for hand in (1, len(game.hands)):
        replay = _stored(database, game_id, hand)
        assert replay.hand == hand and replay.hands == len(game.hands) and replay.game_id == game_id
        assert replay.steps[0].action is None and replay.steps[0].decision is None
        assert replay.steps[0].view["phase"] != "ended"
        expected = _expected_steps(game, hand - 1)
        assert [(s.decision, s.action.action if s.action else None) for s in replay.steps[1:]] == expected
        assert [s.number for s in replay.steps] == list(range(len(replay.steps)))
        last = replay.steps[-1]
        assert last.ended and all(not s.ended for s in replay.steps[:-1])
        assert replay.record == game.hands[hand - 1]
        record = game.hands[hand - 1]
        # the last step shows the points after the hand's payments
        assert [s["points"] for s in last.view["seats"]] == [
            p + d for p, d in zip(record["points"], record["result"]["deltas"], strict=True)
        ]
        _assert_open_and_consistent(replay)
    assert replay.names == tuple(f"Computer {seat} (random)" for seat in range(1, 5))


def test_a_replay_is_json_and_names_who_did_what(database: str, capsys: pytest.CaptureFixture[str]) -> None:
    game_id = _simulate(database, capsys)
    replay = _stored(database, game_id, 1, language="ja")
    data = json.loads(json.dumps(replay.to_json()))
    assert data["game_id"] == game_id and data["hand"] == 1 and data["language"] == "ja"
    assert len(data["steps"]) == len(replay.steps)
    first_move = data["steps"][1]
    assert first_move["action"]["seat"] == replay.steps[1].view["dealer"]
    assert first_move["action"]["kind"] == replay.steps[1].action.kind  # type: ignore[union-attr]
    assert all(len(seat["concealed"]) for seat in first_move["view"]["seats"])
    assert replay.caption(replay.steps[0]) == f"1/{len(replay.steps)} · 配牌"
    assert replay.caption(replay.steps[1]).startswith(f"2/{len(replay.steps)} · Computer ")


async def _store_running_game(store: Store, decisions: int) -> tuple[int, Game]:
    """A game stored as a table stores it (seed kept with the options) with its first decisions."""
    players = [(await store.ensure_player(f"P{i}", local_key=f"p{i}")).id for i in range(4)]
    game = Game("riichi", {}, "running-seed")
    game_id = await store.create_game("riichi", players, options={SEED_KEY: game.seed})
    for seq in range(decisions):
        seat = game.waiting_for()[0]
        action = game.legal_actions(seat)[0]
        game.apply(action)
        await store.append_decision(game_id, seq, seat, action.to_json())
    assert not game.hands  # the first hand still runs
    return game_id, game


def test_a_running_game_is_refused_even_its_finished_hands(
    database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    async def work(store: Store) -> tuple[int, Game]:
        return await _store_running_game(store, 6)

    game_id, _ = asyncio.run(_with_store(database, work))
    refusal = _refusal(lambda: _stored(database, game_id, 1))
    assert refusal.key == "replay.running"
    for language in ("en", "zh-TW", "zh-CN", "ja"):
        assert str(game_id) in refusal.text(language)


def test_a_hand_that_never_finished_is_refused(database: str) -> None:
    async def work(store: Store) -> int:
        game_id, game = await _store_running_game(store, 6)
        await store.finish_game(game_id, status="aborted", revealed_seed=game.seed)
        return game_id

    game_id = asyncio.run(_with_store(database, work))
    assert _refusal(lambda: _stored(database, game_id, 1)).key == "replay.hand_unfinished"
    refusal = _refusal(lambda: _stored(database, game_id, 2))
    assert refusal.key == "replay.no_hand" and refusal.values == {"hand": 2, "hands": 0}


def test_no_such_game_or_hand_is_refused(database: str, capsys: pytest.CaptureFixture[str]) -> None:
    game_id = _simulate(database, capsys)
    hands = _stored(database, game_id, 1).hands
    assert _refusal(lambda: _stored(database, game_id + 1, 1)).key == "replay.no_game"
    for hand in (0, hands + 1):
        refusal = _refusal(lambda hand=hand: _stored(database, game_id, hand))
        assert refusal.key == "replay.no_hand" and refusal.values["hands"] == hands


def test_game_hand_counts_the_hands_of_a_game_given_as_json() -> None:
    game = Game("riichi", {}, "json-seed")
    while not game.over and len(game.hands) < 2:
        seat = game.waiting_for()[0]
        game.apply(game.legal_actions(seat)[0])
    replay = game_hand(game.to_json(), 2)
    assert replay.hands == 2 and replay.names == ("Seat 1", "Seat 2", "Seat 3", "Seat 4")
    assert replay.steps[-1].ended


def test_a_tenhou_record_hand_replays_its_recorded_decisions() -> None:
    path: Path = oracle_path(*MJLOG)
    record = read_mjlog(path)
    whole = replay_record(record).game
    assert whole is not None
    for hand in (1, 3):
        replay = record_hand(record, hand)
        assert replay.hands == len(record.hands) and replay.hand == hand
        assert replay.names == tuple(record.names)
        assert replay.record["result"] == whole.hands[hand - 1]["result"]
        expected = [a for i, a in _expected_steps(whole, hand - 1)]
        assert [s.action.action for s in replay.steps[1:] if s.action] == expected
        _assert_open_and_consistent(replay)
    refusal = _refusal(lambda: record_hand(record, len(record.hands) + 1))
    assert refusal.key == "replay.no_hand"


@pytest.mark.parametrize("rules", sorted(RULE_SETS))
def test_every_rule_sets_first_hand_steps_with_every_hand_open(rules: str) -> None:
    game = Game(rules, {}, f"{rules}-replay")
    while not game.hands:
        seat = game.waiting_for()[0]
        game.apply(game.legal_actions(seat)[0])
    replay = game_hand(game.to_json(), 1)
    assert replay.rules == rules and replay.record == game.hands[0]
    assert replay.steps[-1].ended and not any(s.ended for s in replay.steps[:-1])
    assert [(s.decision, s.action.action if s.action else None) for s in replay.steps[1:]] == _expected_steps(
        game, 0
    )
    _assert_open_and_consistent(replay)


def test_a_discards_caption_gives_its_words_and_its_tile_apart(
    database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    game_id = _simulate(database, capsys)
    replay = _stored(database, game_id, 1, language="ja")
    step = next(s for s in replay.steps if s.action is not None and s.action.kind == "discard")
    assert step.action is not None
    words, tiles = replay.caption_parts(step)
    name = replay.names[step.action.seat]
    assert words == f"{step.number + 1}/{len(replay.steps)} · {name}: 打牌"
    assert tiles == [step.action.tile]
    assert replay.caption(step) == f"{words} {tile_name(step.action.tile, replay.red_ids)}"


def test_a_step_is_named_in_its_rule_sets_own_terms() -> None:
    ready = StepAction(seat=0, kind="riichi", tile=5, using=())
    assert ready.words("zh-TW", "taiwan") == "報聽"  # Taiwan declares ready; it has no riichi
    assert ready.words("zh-TW", "riichi") == "立直"
    assert ready.label("zh-TW", frozenset(), "taiwan") == "報聽 2m"
