"""``mahjong-bot score --rules sanma``: the riichi request for a three-player table."""

from __future__ import annotations

from typing import Any

from bot.rules.riichi.request import FLAGS_HELP, score_words

__all__ = ["FLAGS_HELP", "score_request"]


def score_request(words: list[str]) -> dict[str, Any]:
    """``score --rules sanma`` (no 2m-8m, no North seat, kita allowed, tsumo loss)."""
    return score_words(words, players=3)
