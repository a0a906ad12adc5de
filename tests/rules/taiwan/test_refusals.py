"""A situation taiwan cannot score is refused with its sentence, its message id and the values the
translations name (bot/rules/taiwan/messages.toml, bot/i18n/refusal_messages.toml): seats and the round
wind are 0-3 (E S W N), the dealer streak is a count, a ready declaration is one of taiwan.md's three, and
the ways of winning that taiwan.md ties to a self-drawn win (槓上開花, 天胡, 地胡), to a discard (搶槓, 人胡),
to the dealer (天胡) or to another player (地胡) are refused on any other win."""

from __future__ import annotations

from typing import Any

import pytest

from bot.hand.notation import parse_kinds
from bot.rules.taiwan.score import NotAWin, score_flower_win, score_kinds
from bot.rules.taiwan.situation import TaiwanOptions, TaiwanSituation
from tests.rules.taiwan.helpers import E, S, score

# 234m 567m 234p 567p 88s + 45s won on 6s: a win in every situation below but the refused part.
HAND = "234m567m234p567p88s45s6s"


def said(refusal: NotAWin) -> tuple[str, str, dict[str, object]]:
    """What a refusal tells the user: its English sentence, its message id, the values it names."""
    return str(refusal), refusal.message_id, refusal.values


def seat_refusal(name: str) -> tuple[str, str, dict[str, Any]]:
    return f"{name} must be 0-3 (E S W N)", "taiwan.seat_range", {"name": name}


def needs_tsumo(name: str) -> tuple[str, str, dict[str, Any]]:
    return f"{name} is a self-drawn win: say tsumo", "hand.needs_tsumo", {"name": name}


def needs_ron(name: str) -> tuple[str, str, dict[str, Any]]:
    return f"{name} is a win on another player's tile, not a self-drawn one", "hand.needs_ron", {"name": name}


DISCARDER_REFUSAL = ("a ron needs the discarder's seat, another player's", "taiwan.discarder", {})

REFUSALS: list[tuple[str, dict[str, Any], str, str, dict[str, Any]]] = [
    ("seat-4", {"seat": 4}, *seat_refusal("seat")),
    ("seat-minus-1", {"seat": -1}, *seat_refusal("seat")),
    ("dealer-4", {"dealer": 4}, *seat_refusal("dealer")),
    ("round-wind-4", {"round_wind": 4}, *seat_refusal("round wind")),
    ("streak", {"streak": -1}, "the dealer streak cannot be negative", "taiwan.negative_streak", {}),
    ("discarder-4", {"discarder": 4}, *DISCARDER_REFUSAL),
    ("discarder-is-winner", {"discarder": S}, *DISCARDER_REFUSAL),
    ("ron-without-discarder", {"discarder": None}, *DISCARDER_REFUSAL),
    (
        "ready",
        {"ready": "sometimes"},
        "ready declaration 'sometimes': use one of tianting, migi, diting",
        "taiwan.ready",
        {"value": "sometimes", "choices": "tianting, migi, diting"},
    ),
    ("after-kan-ron", {"after_kan": True}, *needs_tsumo("槓上開花 (after a kan)")),
    ("heavenly-ron", {"seat": E, "heavenly": True}, *needs_tsumo("天胡 (heavenly)")),
    ("earthly-ron", {"earthly": True}, *needs_tsumo("地胡 (earthly)")),
    ("robbing-tsumo", {"tsumo": True, "robbing_kan": True}, *needs_ron("搶槓 (robbing a kan)")),
    ("human-tsumo", {"tsumo": True, "human": True}, *needs_ron("人胡 (human)")),
    (
        "heavenly-non-dealer",
        {"seat": S, "tsumo": True, "heavenly": True},
        "天胡 (heavenly) is the dealer's win",
        "taiwan.heavenly_dealer",
        {},
    ),
    (
        "earthly-dealer",
        {"seat": E, "tsumo": True, "earthly": True},
        "地胡 (earthly) is a non-dealer's win",
        "taiwan.earthly_dealer",
        {},
    ),
]


@pytest.mark.parametrize(
    ("situation", "message", "message_id", "values"),
    [case[1:] for case in REFUSALS],
    ids=[case[0] for case in REFUSALS],
)
def test_a_situation_taiwan_cannot_score_is_refused_with_its_message(
    situation: dict[str, Any], message: str, message_id: str, values: dict[str, Any]
) -> None:
    with pytest.raises(NotAWin) as refused:
        score(HAND, **situation)
    assert said(refused.value) == (message, message_id, values)


@pytest.mark.parametrize(
    ("hand", "situation", "message", "message_id", "values"),
    [
        (
            HAND,
            {"win_tile": parse_kinds("9s")[0]},
            "the winning tile 9s is not among the concealed tiles",
            "hand.win_not_held",
            {"tile": "9s"},
        ),
        (
            HAND[:-2],
            {},
            "a winning hand has 17 tiles (a kan counts as 3), this one has 16",
            "hand.size",
            {"size": 17, "count": 16},
        ),
        (
            "234m567m234p567p88s45s9s",  # 45s and 9s make no set
            {},
            "not a winning hand: a win is five sets and a pair (17 tiles, a kan counts as 3)",
            "taiwan.not_a_win",
            {},
        ),
    ],
    ids=["win-tile-not-held", "sixteen-tiles", "no-win"],
)
def test_tiles_taiwan_cannot_score_are_refused_with_their_message(
    hand: str, situation: dict[str, Any], message: str, message_id: str, values: dict[str, Any]
) -> None:
    with pytest.raises(NotAWin) as refused:
        score(hand, **situation)
    assert said(refused.value) == (message, message_id, values)


def test_the_edges_of_the_ranges_are_scored() -> None:
    """Seat, dealer and round wind 3 (North) and a streak of 0 are a game's own values."""
    result = score(HAND, seat=3, dealer=3, round_wind=3, streak=0, discarder=S)
    assert (result.winner, result.dealer) == (3, 3)


def test_a_flower_win_at_a_table_without_flowers_is_refused_with_its_message() -> None:
    with pytest.raises(NotAWin) as refused:
        score_flower_win(
            [34, 35, 36, 37, 38, 39, 40, 41], TaiwanSituation(seat=2), TaiwanOptions(flowers=False)
        )
    assert said(refused.value) == (
        "this table plays without flowers",
        "taiwan.no_flowers",
        {},
    )


@pytest.mark.parametrize(
    ("flowers", "options", "message", "message_id"),
    [
        ([42], TaiwanOptions(), "flowers are 1f-8f", "taiwan.flower_range"),  # one past 8f
        ([33], TaiwanOptions(), "flowers are 1f-8f", "taiwan.flower_range"),  # 7z, one before 1f
        ([34, 34], TaiwanOptions(), "each flower exists once", "taiwan.flower_once"),
        (
            [34],
            TaiwanOptions(flowers=False),
            "this table plays without flowers (flowers=off)",
            "taiwan.no_flowers",
        ),
    ],
    ids=["past-8f", "before-1f", "1f-twice", "flowers-off"],
)
def test_flowers_taiwan_cannot_hold_are_refused_with_their_message(
    flowers: list[int], options: TaiwanOptions, message: str, message_id: str
) -> None:
    """Flowers as kinds: 1f-8f are 34-41."""
    with pytest.raises(NotAWin) as refused:
        score_kinds(parse_kinds(HAND), [], flowers, TaiwanSituation(seat=S, discarder=3), options)
    assert said(refused.value) == (message, message_id, {})


def test_the_first_and_the_last_flower_are_flowers() -> None:
    # 1f (East's season) and 8f (North's plant) at the South seat: no flower tai, and pinghu is lost.
    result = score_kinds(parse_kinds(HAND), [], [34, 41], TaiwanSituation(seat=S, discarder=3))
    assert dict(result.lines) == {"concealed_hand": 1}
