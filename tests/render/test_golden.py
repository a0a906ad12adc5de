"""Each picture against its committed reference, drawn with Pillow's bundled font (machine independent)."""

from __future__ import annotations

import pytest

from bot.render.fonts import deterministic_fonts
from bot.render.hand import render_hand
from bot.render.ranking import render_leaderboard, render_ranking
from bot.render.result import render_result
from bot.render.table import TableRenderer
from tests.render.golden import assert_matches_golden
from tests.render.scenes import (
    TABLES,
    every_meld_hand,
    pihu_hand,
    sample_leaderboard,
    sample_ranking,
    sample_result,
)

FONTS = deterministic_fonts()


@pytest.mark.parametrize("rules", sorted(TABLES))
def test_table_of_each_rule_set_looks_as_the_reference(rules: str) -> None:
    assert_matches_golden(TableRenderer(FONTS).render(TABLES[rules]()), f"table_{rules}")


def test_hand_with_every_meld_kind_looks_as_the_reference() -> None:
    assert_matches_golden(render_hand(every_meld_hand()), "hand_every_meld")


def test_pihu_hand_lays_the_given_pon_tile_face_down() -> None:
    assert_matches_golden(render_hand(pihu_hand()), "hand_pihu")


def test_result_looks_as_the_reference() -> None:
    assert_matches_golden(render_result(sample_result(), FONTS), "result")


def test_final_ranking_looks_as_the_reference() -> None:
    assert_matches_golden(render_ranking(sample_ranking(), fonts=FONTS), "ranking")


def test_leaderboard_looks_as_the_reference() -> None:
    assert_matches_golden(render_leaderboard(sample_leaderboard(), fonts=FONTS), "leaderboard")
