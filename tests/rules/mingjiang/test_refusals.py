"""Mingjiang's scorer refuses what cannot happen by name (docs/rules/mingjiang.md): each contradiction of
the situation with its message id (the front ends say it in the reader's language from the id and its
values, bot/rules/mingjiang/messages.toml) and its English text, several at once joined first; rest,
a wrong tile count with the counts, no winning shape; and what a limit hand's score holds."""

from __future__ import annotations

from typing import Any

import pytest

from bot.rules.mingjiang import InvalidWin, NotAWin, YakuLine
from bot.rules.mingjiang.points import base_points

from .helpers import score

CLOSED = "123m456p789s11z234s"  # a closed regular hand, won on the 4s (last written)
KAN = "123m456p11z234s ankan:9999s"  # with a closed kan


@pytest.mark.parametrize(
    ("hand", "flags", "key", "text"),
    [
        ("123m11z234s pon:222p chi:789s", {"riichi": True}, "riichi_open", "riichi needs a closed hand"),
        (
            KAN,
            {"after_kan": True},
            "after_kan",
            "a win after a kan is a self-draw by a hand that has a kan",
        ),
        (
            CLOSED,
            {"after_kan": True, "tsumo": True},
            "after_kan",
            "a win after a kan is a self-draw by a hand that has a kan",
        ),
        (
            CLOSED,
            {"robbing_kan": True, "tsumo": True},
            "robbing_kan",
            "robbing a kan is a ron, not a self-draw",
        ),
        (CLOSED, {"last_tile_draw": True}, "last_draw", "a win on the last draw is a self-draw"),
        (
            CLOSED,
            {"last_tile_claim": True, "tsumo": True},
            "last_discard",
            "a win on the last discard is a ron",
        ),
        (
            CLOSED,
            {"heavenly": True, "tsumo": True, "seat": "S"},
            "heavenly",
            "a heavenly hand is the dealer's self-draw on the dealt 14 (no kan)",
        ),
        (
            CLOSED,
            {"earthly": True, "seat": "S", "tsumo": True},
            "earthly",
            "an earthly hand is a non-dealer's ron on the dealer's first discard",
        ),
        (
            CLOSED,
            {"human": True},
            "human",
            "a hand of man is a non-dealer's win in the first go-around before any call",
        ),
        (
            CLOSED,
            {"ura": "1z", "seat": "S"},
            "ura_without_riichi",
            "only a riichi winner turns the ura indicator",
        ),
        (
            CLOSED,
            {"riichi": True, "ura": "1z2z", "seat": "S"},
            "ura_count",
            "a riichi winner turns one ura indicator",
        ),
    ],
)
def test_each_contradiction_of_the_situation_is_refused_by_its_message(
    hand: str, flags: dict[str, Any], key: str, text: str
) -> None:
    with pytest.raises(InvalidWin) as refused:
        score(hand, **flags)
    assert (refused.value.message_id, str(refused.value), refused.value.values) == (
        f"mingjiang.situation.{key}",
        text,
        {},
    )


def test_too_many_dora_indicators_are_refused_with_the_most_allowed() -> None:
    with pytest.raises(InvalidWin) as refused:
        score(CLOSED, dora="1m2m3m4m5m")
    assert (refused.value.message_id, str(refused.value), refused.value.values) == (
        "mingjiang.situation.dora",
        "at most 4 dora indicators are turned",
        {"count": 4},
    )


def test_several_contradictions_are_refused_together_first_then_the_rest() -> None:
    with pytest.raises(InvalidWin) as refused:
        score(CLOSED, robbing_kan=True, tsumo=True, last_tile_claim=True, human=True)
    error = refused.value
    assert str(error) == (
        "robbing a kan is a ron, not a self-draw; a win on the last discard is a ron; "
        "a hand of man is a non-dealer's win in the first go-around before any call"
    )
    assert error.message_id == "mingjiang.situation.all"
    first, rest = error.values["first"], error.values["rest"]
    assert isinstance(first, InvalidWin) and first.message_id == "mingjiang.situation.robbing_kan"
    assert isinstance(rest, InvalidWin) and rest.message_id == "mingjiang.situation.all"
    assert [rest.values["first"].message_id, rest.values["rest"].message_id] == [  # type: ignore[attr-defined]
        "mingjiang.situation.last_discard",
        "mingjiang.situation.human",
    ]


def test_a_wrong_tile_count_and_a_non_win_are_refused_by_name() -> None:
    with pytest.raises(InvalidWin) as refused:
        score("123m456p789s11z23s")
    assert (refused.value.message_id, refused.value.values) == ("hand.size", {"size": 14, "count": 13})
    assert str(refused.value) == "a winning hand has 14 tiles (a kan counts as 3), this one has 13"
    with pytest.raises(NotAWin) as not_a_win:
        score("123m456p789s11z248s")
    assert (not_a_win.value.message_id, str(not_a_win.value)) == (
        "mingjiang.not_a_win",
        "not a winning hand: the tiles do not form four sets and a pair or a special shape",
    )
    with pytest.raises(ValueError) as no_fan:
        base_points(0)
    assert str(no_fan.value) == "a winning hand has at least 1 fan, not 0"


def test_a_limit_hands_score_has_no_fan_and_keeps_how_it_was_won() -> None:
    # Four concealed triplets by tsumo on a kan replacement: small limit, base 120, its lines at 0 fan.
    result = score("111m222p444z55z ankan:3333s", win="4z", tsumo=True, after_kan=True)
    assert result.limit is not None and result.limit.value == "small"
    assert result.yaku == (YakuLine("four_concealed", 0),)
    assert (result.fan, result.yaku_fan, result.base, result.tsumo, result.after_kan) == (
        0,
        0,
        120,
        True,
        True,
    )


def test_a_winning_tile_not_in_the_hand_is_refused_with_the_tile() -> None:
    with pytest.raises(InvalidWin) as refused:
        score(CLOSED, win="5m")
    assert (refused.value.message_id, refused.value.values, str(refused.value)) == (
        "hand.win_not_held",
        {"tile": "5m"},
        "the winning tile 5m is not among the concealed tiles",
    )
