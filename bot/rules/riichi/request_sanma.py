"""``mahjong-bot score --rules sanma``: the riichi request for a three-player table."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from bot.rules.riichi.request import FLAGS_HELP, PARSERS, score_args, score_words
from bot.rules.riichi.request import batch_line_function as line_function

__all__ = ["FLAGS_HELP", "PARSER", "batch_line_function", "score_request", "score_typed"]

PARSER = PARSERS[3]


def score_request(words: list[str]) -> dict[str, Any]:
    """``score --rules sanma`` (no 2m-8m, no North seat, kita allowed, tsumo loss)."""
    return score_words(words, players=3)


def score_typed(args: argparse.Namespace) -> dict[str, Any]:
    return score_args(args, players=3)


def batch_line_function() -> Callable[[list[str]], str | None]:
    return line_function(players=3)
