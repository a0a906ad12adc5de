"""`mahjong-bot mjai` as other hosts speak mjai: every answer's fields, and the seat however it is given."""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from typing import Any

import pytest

from bot.ai import make_player
from bot.cli.mjai import serve
from bot.engine import actions as A
from bot.engine.actions import Action
from bot.hand.meld import Meld, MeldType
from bot.mjai.answer import action_to_mjai
from bot.mjai.mirror import Mirror

# The fields of each answer, transcribed from Mortal's libriichi (`libriichi/src/mjai/event.rs`, the
# `Event` enum the arena deserialises answers into: a missing field is an answer it cannot read) and the
# original mjai server (gimite's `validate_response_content`: hora's `pai`, ryukyoku's `reason`).  The
# number is the length of `consumed` that libriichi requires.
REQUIRED: dict[str, tuple[set[str], int | None]] = {
    "dahai": ({"type", "actor", "pai", "tsumogiri"}, None),
    "reach": ({"type", "actor"}, None),
    "hora": ({"type", "actor", "target", "pai"}, None),
    "none": ({"type"}, None),
    "chi": ({"type", "actor", "target", "pai", "consumed"}, 2),
    "pon": ({"type", "actor", "target", "pai", "consumed"}, 2),
    "daiminkan": ({"type", "actor", "target", "pai", "consumed"}, 3),
    "kakan": ({"type", "actor", "pai", "consumed"}, 3),
    "ankan": ({"type", "actor", "consumed"}, 4),
    "ryukyoku": ({"type", "actor", "reason"}, None),
}

RED = frozenset({16, 52, 88})  # the red fives' ids (5m, 5p, 5s)
EAST_IDS = (108, 109, 110, 111)


def check_fields(answer: dict[str, Any]) -> None:
    fields, consumed = REQUIRED[answer["type"]]
    assert fields <= set(answer), f"{answer['type']} lacks {fields - set(answer)}"
    if consumed is not None:
        assert len(answer["consumed"]) == consumed, answer


@pytest.mark.parametrize(
    "action, giver",
    [
        (Action(A.DISCARD, 2, 17), None),
        (Action(A.RIICHI, 2, 17), None),
        (Action(A.TSUMO, 2, 17), None),
        (Action(A.RON, 2, 17), 1),
        (Action(A.PASS, 2), None),
        (Action(A.CHI, 2, 17, (12, 20)), 1),
        (Action(A.PON, 2, 17, (16, 18)), 0),
        (Action(A.KAN, 2, 17, (16, 18, 19)), 3),
        (Action(A.KAKAN, 2, 111), None),
        (Action(A.ANKAN, 2, None, (16, 17, 18, 19)), None),
        (Action(A.NINE_TERMINALS, 2), None),
    ],
    ids=lambda value: value.kind if isinstance(value, Action) else str(value),
)
def test_every_answer_carries_the_fields_libriichi_and_mjai_define(action: Action, giver: int | None) -> None:
    pon_of_east = [Meld(MeldType.PON, EAST_IDS[:3], EAST_IDS[0], 1)]
    answers = action_to_mjai(action, RED, drawn=17, giver=giver, melds=pon_of_east)
    for answer in answers:
        check_fields(answer)
        assert answer.get("actor", 2) == 2


def test_a_kakan_answer_names_the_three_tiles_of_its_pon() -> None:
    """The arena could not read a kakan without `consumed` and ended the game with an error."""
    melds = [
        Meld(MeldType.PON, (52, 53, 54), 53, 1),  # 5p with its red five
        Meld(MeldType.PON, EAST_IDS[:3], EAST_IDS[0], 1),
    ]
    (answer,) = action_to_mjai(Action(A.KAKAN, 0, 55), RED, 55, None, melds)
    assert answer == {"type": "kakan", "actor": 0, "pai": "5p", "consumed": ["5pr", "5p", "5p"]}


class Prefers:
    """Takes the first legal action of the kinds it prefers, in order (a scripted player)."""

    def __init__(self, *kinds: str) -> None:
        self.kinds = kinds

    def decide(self, legal: Sequence[Action], view: Any) -> Action:
        for kind in self.kinds:
            for action in legal:
                if action.kind == kind:
                    return action
        return legal[0]


def deal(seat: int, hand: list[str], players: int = 4) -> dict[str, Any]:
    tehais = [["?"] * 13 for _ in range(players)]
    tehais[seat] = hand
    return {
        "type": "start_kyoku",
        "bakaze": "E",
        "dora_marker": "1s",
        "kyoku": 1,
        "honba": 0,
        "kyotaku": 0,
        "oya": 0,
        "scores": [25000] * players,
        "tehais": tehais,
    }


def test_the_mirror_answers_a_kakan_with_its_consumed_tiles() -> None:
    mirror = Mirror(Prefers(A.KAKAN, A.PON, A.DISCARD), "riichi")  # type: ignore[arg-type]
    hand = ["E", "E", "1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "N", "N"]
    events: list[dict[str, Any]] = [
        {"type": "start_game", "id": 0},
        deal(0, hand),
        {"type": "tsumo", "actor": 0, "pai": "W"},
        {"type": "dahai", "actor": 0, "pai": "W", "tsumogiri": True},
        {"type": "tsumo", "actor": 1, "pai": "?"},
        {"type": "dahai", "actor": 1, "pai": "E", "tsumogiri": True},
    ]
    for event in events:
        mirror.feed(event)
    assert mirror.answer() == {"type": "pon", "actor": 0, "target": 1, "pai": "E", "consumed": ["E", "E"]}
    for event in [
        {"type": "pon", "actor": 0, "target": 1, "pai": "E", "consumed": ["E", "E"]},
        {"type": "dahai", "actor": 0, "pai": "N", "tsumogiri": False},
        {"type": "tsumo", "actor": 1, "pai": "?"},
        {"type": "dahai", "actor": 1, "pai": "9p", "tsumogiri": True},
        {"type": "tsumo", "actor": 2, "pai": "?"},
        {"type": "dahai", "actor": 2, "pai": "9p", "tsumogiri": True},
        {"type": "tsumo", "actor": 3, "pai": "?"},
        {"type": "dahai", "actor": 3, "pai": "9p", "tsumogiri": True},
        {"type": "tsumo", "actor": 0, "pai": "E"},
    ]:
        mirror.feed(event)
    answer = mirror.answer()
    check_fields(answer)
    assert answer == {"type": "kakan", "actor": 0, "pai": "E", "consumed": ["E", "E", "E"]}


# ---------------------------------------------------------------------- the seat
HAND = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "N", "W"]


def answers_of(lines: list[Any], **options: Any) -> tuple[list[dict[str, Any]], str]:
    stdin = io.StringIO("".join(json.dumps(line) + "\n" for line in lines))
    stdout, stderr = io.StringIO(), io.StringIO()
    assert serve(stdin, stdout, stderr, **options) == 0
    return [json.loads(line) for line in stdout.getvalue().splitlines()], stderr.getvalue()


def first_turn(seat: int, start_game: dict[str, Any]) -> list[Any]:
    """A host's first lines (batches, as Mortal's hosts send them), up to the seat's first draw."""
    before = [
        event
        for other in range(seat)
        for event in (
            {"type": "tsumo", "actor": other, "pai": "?"},
            {"type": "dahai", "actor": other, "pai": "1s", "tsumogiri": True},
        )
    ]
    return [[start_game], [deal(seat, HAND), *before, {"type": "tsumo", "actor": seat, "pai": "C"}]]


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_a_host_that_gives_the_seat_outside_the_stream(seat: int) -> None:
    """riichienv sends `{"type": "start_game"}` without an id; mjai.app passes the seat as an argument."""
    answers, errors = answers_of(first_turn(seat, {"type": "start_game"}), seat=seat)
    assert errors == ""
    assert answers[0] == {"type": "none"}
    assert answers[1]["type"] == "dahai" and answers[1]["actor"] == seat


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_the_seat_of_start_games_id(seat: int) -> None:
    answers, errors = answers_of(first_turn(seat, {"type": "start_game", "id": seat, "names": list("abcd")}))
    assert errors == "" and answers[1]["type"] == "dahai" and answers[1]["actor"] == seat


@pytest.mark.parametrize("seat", [1, 2, 3])
def test_without_seat_nor_id_the_deal_shows_the_seat(seat: int) -> None:
    """Before, such a seat failed at start_kyoku and answered none to everything."""
    answers, _ = answers_of(first_turn(seat, {"type": "start_game"}))
    assert answers[1]["type"] == "dahai" and answers[1]["actor"] == seat


def test_a_seat_given_outside_the_stream_outranks_the_id_and_the_contradiction_is_reported() -> None:
    """mjai.app's engine numbers start_game by the game, not the seat; the argument is the seat."""
    answers, errors = answers_of(first_turn(2, {"type": "start_game", "id": 0}), seat=2)
    assert answers[1]["actor"] == 2
    assert "start_game says seat 0; playing seat 2 as given" in errors


def test_a_host_that_shows_every_hand_keeps_the_given_seat() -> None:
    """A deal that shows all the hands (a log replayed) says nothing of the seat: the id decides."""
    lines = first_turn(1, {"type": "start_game", "id": 1})
    lines[1][0]["tehais"] = [HAND] * 4
    answers, errors = answers_of(lines)
    assert errors == "" and answers[1]["actor"] == 1


def test_the_seat_argument_is_checked() -> None:
    from bot.cli import main

    with pytest.raises(SystemExit) as exit_:
        main(["mjai", "--seat", "4"])
    assert exit_.value.code == 2


def test_the_normal_player_decides_at_a_seat_given_outside_the_stream() -> None:
    mirror = Mirror(make_player("normal", "seat"), "riichi", seat=3)
    mirror.feed({"type": "start_game"})
    mirror.feed(deal(3, HAND))
    mirror.feed({"type": "tsumo", "actor": 3, "pai": "C"})
    answer = mirror.answer()
    check_fields(answer)
    assert answer["type"] == "dahai" and answer["actor"] == 3
