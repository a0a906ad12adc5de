"""Bookkeeping kept with a stored game's options, and the round label of its hand results.

Keys starting with ``_`` in ``games.options_json`` are not rule options: the game seed (secret until the
game ends, needed to resume it), and for ``simulate --db`` the run and the game's number in the run.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.engine.views import label_of

SEED_KEY = "_seed"  # the game seed (secret until the game ends; revealed_seed then)
RUN_KEY = "_run"  # simulate: which run the game belongs to
INDEX_KEY = "_index"  # simulate: the game's number in its run
CREATOR_KEY = "_creator"  # a table's creator (may close it at once), for whichever process runs it


def rule_options(stored_options: dict[str, Any]) -> dict[str, Any]:
    """The rule options of a stored game (without the bookkeeping keys)."""
    return {k: v for k, v in stored_options.items() if not k.startswith("_")}


def round_label(hand: Mapping[str, Any]) -> str:
    """The :func:`~bot.engine.views.label_of` a finished hand's record (its ``decider`` included)."""
    return label_of(hand["round_wind"], hand["dealer"], hand["honba"], decider=bool(hand.get("decider")))
