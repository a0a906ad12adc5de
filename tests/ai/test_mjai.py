"""Outside AIs speaking mjai at a riichi/sanma seat, and this project's player speaking mjai."""

from __future__ import annotations

import json
import logging
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.ai import make_player
from bot.engine import actions as A
from bot.engine.game import Game
from bot.mjai.answer import BadAnswer, match_answer, read_answer
from bot.mjai.seat import MjaiPlayer
from bot.mjai.tiles import TileIds, parse_name, tile_name

BOTS = Path(__file__).parent / "mjai_bots"
OUR_BOT = [sys.executable, "-m", "bot", "mjai"]


def bot(name: str, *args: str) -> list[str]:
    return [sys.executable, str(BOTS / f"{name}.py"), *args]


def play(rules: str, seed: str, players: list[Any]) -> Game:
    game = Game(rules, seed=seed)
    try:
        while not game.over:
            seat = game.waiting_for()[0]
            game.apply(players[seat].choose(game, seat))
    finally:
        for p in players:
            if isinstance(p, MjaiPlayer):
                p.close(game)
    return game


def with_outside_ai(rules: str, command: list[str], **options: Any) -> tuple[MjaiPlayer, list[Any]]:
    seats = 3 if rules == "sanma" else 4
    outside = MjaiPlayer(command, name="test", seed=0, **options)
    return outside, [outside] + [make_player("normal", s) for s in range(1, seats)]


@pytest.mark.parametrize("rules", ["riichi", "sanma"])
def test_a_bot_that_discards_what_it_draws_plays_a_whole_game(rules: str) -> None:
    outside, players = with_outside_ai(rules, bot("tsumogiri"))
    game = play(rules, "mjai-tsumogiri", players)
    assert game.final is not None and len(game.hands) >= 4
    assert outside.fallbacks == 0 and outside.answered > 50
    own = [a for a in game.decisions if a.seat == 0 and a.kind in (A.DISCARD, A.RIICHI)]
    assert own and all(a.kind == A.DISCARD for a in own)
    # every discard of seat 0 was the tile it had just drawn
    rivers = [d for hand in [game.view(0)] for d in hand["seats"][0]["discards"]]
    assert all(d[1] for d in rivers)


def test_a_bot_that_answers_garbage_falls_back_and_the_game_ends(caplog: pytest.LogCaptureFixture) -> None:
    outside, players = with_outside_ai("riichi", bot("garbage"))
    with caplog.at_level(logging.WARNING, logger="bot.mjai.seat"):
        game = play("riichi", "mjai-garbage", players)
    assert game.final is not None
    assert outside.answered == 0 and outside.fallbacks > 50
    assert (
        sum("not JSON" in r.getMessage() and "garbage" not in r.getMessage() for r in caplog.records)
        == outside.fallbacks
    )


def test_an_illegal_answer_falls_back() -> None:
    outside, players = with_outside_ai("riichi", bot("illegal"))
    game = play("riichi", "mjai-illegal", players)
    assert game.final is not None and outside.answered == 0 and outside.fallbacks > 50


def test_a_silent_bot_falls_back_after_the_time_limit(caplog: pytest.LogCaptureFixture) -> None:
    outside, players = with_outside_ai("sanma", bot("silent"), timeout=0.01)
    with caplog.at_level(logging.WARNING, logger="bot.mjai.seat"):
        game = play("sanma", "mjai-silent", players)
    assert game.final is not None and outside.answered == 0
    assert any("no answer within" in r.getMessage() for r in caplog.records)


def test_a_command_that_does_not_start_falls_back() -> None:
    outside, players = with_outside_ai("riichi", ["/nonexistent/mjai-bot"])
    game = play("riichi", "mjai-missing", players)
    assert game.final is not None and outside.answered == 0 and outside.fallbacks > 0


def test_the_outside_ai_sees_only_what_its_seat_may_see(tmp_path: Path) -> None:
    record = tmp_path / "seen.jsonl"
    outside, players = with_outside_ai("riichi", bot("recorder", str(record)))
    game = play("riichi", "mjai-privacy", players)
    events = [e for line in record.read_text().splitlines() for e in json.loads(line)]
    starts = [e for e in events if e["type"] == "start_kyoku"]
    assert len(starts) == len(game.hands)
    for start in starts:
        assert all(tile != "?" for tile in start["tehais"][0])
        assert all(tile == "?" for seat in (1, 2, 3) for tile in start["tehais"][seat])
    draws = [e for e in events if e["type"] == "tsumo"]
    assert {e["pai"] for e in draws if e["actor"] != 0} == {"?"}
    assert all(e["pai"] != "?" for e in draws if e["actor"] == 0)
    assert events[-1]["type"] == "end_game"


@pytest.mark.parametrize("rules", ["riichi", "sanma"])
def test_our_player_speaking_mjai_makes_only_legal_choices(rules: str) -> None:
    """Every seat is ``mahjong-bot mjai`` behind the mjai seat: each answer must be legal (a single
    wrong mirror of a win, riichi or call would fall back)."""
    seats = 3 if rules == "sanma" else 4
    players = [MjaiPlayer(OUR_BOT, name=f"ours{s}", seed=s, timeout=20) for s in range(seats)]
    game = play(rules, f"mjai-ours-{rules}", players)
    assert game.final is not None
    assert sum(p.fallbacks for p in players) == 0
    assert sum(p.answered for p in players) > 200
    kinds = {a.kind for a in game.decisions}
    assert {A.DISCARD, A.PASS} <= kinds


def test_tile_names() -> None:
    assert [tile_name(t) for t in (0, 16, 17, 52, 88, 108, 124, 128, 132)] == [
        "1m",
        "5mr",
        "5m",
        "5pr",
        "5sr",
        "E",
        "P",
        "F",
        "C",
    ]
    assert parse_name("5sr") == (22, True) and parse_name("N") == (30, False)
    for bad in ("0m", "5zr", "6mr", "?", 5, "10m"):
        with pytest.raises(ValueError):
            parse_name(bad)
    ids = TileIds()
    assert [ids.take("5m") for _ in range(3)] == [17, 18, 19] and ids.take("5mr") == 16


def test_answers_are_checked() -> None:
    with pytest.raises(BadAnswer, match="not JSON"):
        read_answer("{oops")
    with pytest.raises(BadAnswer, match="not an mjai action"):
        read_answer('{"pai": "1m"}')
    legal = [A.Action(A.DISCARD, 0, 17), A.Action(A.DISCARD, 0, 16), A.Action(A.PASS, 0)]
    assert match_answer({"type": "dahai", "pai": "5mr"}, legal, frozenset({16}), None) == legal[1]
    with pytest.raises(BadAnswer, match="not legal"):
        match_answer({"type": "dahai", "pai": "6m"}, legal, frozenset({16}), None)
    with pytest.raises(BadAnswer, match="unknown mjai action"):
        match_answer({"type": "fly"}, legal, frozenset({16}), None)


def test_simulate_seats_an_outside_ai() -> None:
    from bot.cli.simulate import simulate

    command = f"{sys.executable} {BOTS / 'tsumogiri.py'}"
    summary = simulate("sanma", 1, "cli", ai="normal", mjai=command)
    assert summary["games"] == 1 and summary["invariant_failures"] == 0 and summary["hands"] >= 3
    with pytest.raises(ValueError, match="riichi and sanma only"):
        simulate("sichuan", 1, "cli", ai="normal", mjai=command)


def test_a_bot_that_fails_to_start_is_explained_by_its_last_words(caplog: pytest.LogCaptureFixture) -> None:
    command = [sys.executable, "-c", "raise SystemExit('no model file at /models/x')"]
    outside, players = with_outside_ai("riichi", command)
    with caplog.at_level(logging.WARNING, logger="bot.mjai.seat"):
        game = play("riichi", "mjai-dies", players)
    assert game.final is not None and outside.answered == 0
    assert any("no model file" in r.getMessage() for r in caplog.records)


def test_the_one_event_a_line_protocol_plays_a_whole_game() -> None:
    """The original mjai / akochan framing: every event on its own line, every line answered."""
    outside, players = with_outside_ai("riichi", bot("tsumogiri"), protocol="event")
    game = play("riichi", "mjai-event", players)
    assert game.final is not None and outside.fallbacks == 0 and outside.answered > 50
