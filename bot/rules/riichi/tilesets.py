"""The tiles of a riichi and a sanma table: read by the descriptors and by the score requests (which
need no descriptor, so a one-shot ``mahjong-bot score`` does not import the rule set's whole description)."""

from __future__ import annotations

from typing import Final

from bot.hand.notation import TileSet
from bot.hand.tiles import NUM_KINDS, RED_FIVE_IDS

SANMA_KINDS: Final = frozenset(k for k in range(NUM_KINDS) if not 1 <= k <= 7)  # no 2m-8m
RIICHI_TILESET: Final = TileSet("riichi", frozenset(range(NUM_KINDS)), red_ids=RED_FIVE_IDS)
SANMA_TILESET: Final = TileSet("sanma", SANMA_KINDS, red_ids=frozenset({52, 88}))
