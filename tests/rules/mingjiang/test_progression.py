"""Mingjiang's hand progression and win records over whole seeded games, checked against the rules file
(docs/rules/mingjiang.md, "Dora" and "Hand and game progression"), not against the flow's own code:

- a hand won by the dealer adds one to the dealer streak, anything else ends it (no honba in mingjiang: the
  streak only decides how many dora indicators are turned);
- 2 indicators with no streak, 3 after one repeat, 4 after two or more;
- a riichi winner turns exactly one ura indicator, any other winner none;
- a hand with a win is a "win", its record names the tile, the fan, the base, the deltas (those of the
  hand) and the deposits taken, and the winner takes every deposit on the table.

Computer players ("normal") so that the games hold wins of every kind the checks need; the test asserts
that they do, so it cannot pass on games without them.
"""

from __future__ import annotations

from typing import Any

from bot.cli.simulate import simulate

SEED, GAMES = "i43-probe", 2


def _hands() -> list[list[dict[str, Any]]]:
    played: list[Any] = []
    simulate("mingjiang", GAMES, SEED, on_game=played.append, ai="normal")
    return [game.hands for game in played]


def test_streak_dora_ura_and_win_records_follow_the_rules_file() -> None:
    seen = {"dealer win": 0, "other win": 0, "riichi win": 0, "plain win": 0, "repeat": 0}
    for hands in _hands():
        for hand, following in zip(hands, [*hands[1:], None], strict=True):
            result = hand["result"]
            wins = result.get("wins") or []
            dealer_won = any(w["seat"] == hand["dealer"] for w in wins)
            if following is not None:
                assert following["honba"] == (hand["honba"] + 1 if dealer_won else 0), (hand, following)
            if not wins:
                continue
            if following is not None:
                assert following["sticks"] == 0  # the winner takes every deposit on the table
            assert result["kind"] == "win"
            assert [sum(x) for x in zip(*(w["deltas"] for w in wins), strict=True)] == result["deltas"]
            for win in wins:
                assert len(win["dora"]) == 2 + min(hand["honba"], 2), (hand["honba"], win)
                riichi = any(name == "riichi" for name, _ in win["yaku"])
                assert len(win["ura"]) == (1 if riichi else 0), win
                assert win["tile"] is not None and win["fan"] >= 1 and win["base"] > 0
                assert win["sticks"] >= hand["sticks"]  # those of earlier hands, and this hand's riichi
                seen["riichi win" if riichi else "plain win"] += 1
            seen["dealer win" if dealer_won else "other win"] += 1
            seen["repeat"] += hand["honba"] > 0
    assert all(seen.values()), seen
