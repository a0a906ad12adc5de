"""Pictures straight from the referee's views, in every rule set, through a few dozen moves."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.engine.game import Game
from bot.engine.registry import RULE_SETS
from bot.render.engine_view import TablePictures, hand_scene, ranking_rows, result_scene, table_scene
from bot.render.fonts import deterministic_fonts
from bot.render.png import to_png
from bot.render.ranking import render_ranking

PICTURES = TablePictures(deterministic_fonts())


def _play(game: Game, moves: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(moves):
        waiting = game.waiting_for()
        if not waiting:
            return
        seat = waiting[0]
        actions = game.legal_actions(seat)
        if not actions:
            return
        game.apply(rng.choice(actions))


@pytest.mark.parametrize("rules", sorted(RULE_SETS))
def test_every_rule_set_view_draws_a_table_and_a_hand(rules: str) -> None:
    game = Game(rules, seed="render-test")
    _play(game, 40, 1)
    names = [f"P{i}" for i in range(len(game.hand.seats))]
    for viewer in [None, *range(len(names))]:
        png = PICTURES.table(game.view(viewer), names)
        assert png is not None
        with Image.open(io.BytesIO(png)) as img:
            assert img.width == img.height > 500
    scene = table_scene(game.view(None), names)
    assert all(isinstance(s.concealed, int) for s in scene.seats)  # a spectator sees counts only
    own = table_scene(game.view(0), names)
    assert isinstance(own.seats[0].concealed, tuple)
    hand = hand_scene(game.view(0), 0)
    total = len(hand.concealed) + (hand.drawn is not None)
    assert total == game.view(0)["seats"][0]["concealed_count"]
    assert PICTURES.hand(game.view(0), 0)


RIICHI_RECORD = {
    "round_wind": 0,
    "dealer": 0,
    "honba": 0,
    "sticks": 0,
    "points": [25000] * 4,
    "result": {
        "kind": "win",
        "deltas": [-3900, 3900, 0, 0],
        "wins": [
            {
                "seat": 1,
                "from": 0,
                "tile": 100,
                "yaku": [["riichi", 1], ["pinfu", 1], ["dora", 1]],  # line ids, as the engine records them
                "han": 3,
                "fu": 30,
                "yakuman": 0,
                "points": 3900,
                "deltas": [-3900, 3900, 0, 0],
                "dora": [20],
                "ura": [44],
            }
        ],
    },
}


def test_result_picture_from_a_hand_record_names_winner_lines_and_changes() -> None:
    scene = result_scene(RIICHI_RECORD, ["Ann", "Ben", "Cat", "Dee"], "riichi")
    assert scene is not None
    assert scene.title == "Ben wins on Ann's discard"
    assert scene.lines == (("Riichi", 1), ("Pinfu", 1), ("Dora", 1))
    assert scene.total == "30 fu  3 han  3900 points"
    assert scene.score_changes == (("Ann", -3900), ("Ben", 3900), ("Cat", 0), ("Dee", 0))
    assert PICTURES.result(RIICHI_RECORD, ["Ann", "Ben", "Cat", "Dee"], "riichi")


def test_result_picture_names_the_recorded_line_ids_in_the_readers_language() -> None:
    scene = result_scene(RIICHI_RECORD, ["Ann", "Ben", "Cat", "Dee"], "riichi", language="ja")
    assert scene is not None
    assert scene.lines == (("立直", 1), ("平和", 1), ("ドラ", 1))
    assert PICTURES.result(RIICHI_RECORD, ["Ann", "Ben", "Cat", "Dee"], "riichi", language="ja")


def test_a_line_no_table_knows_is_shown_as_recorded() -> None:
    record = {"result": {**RIICHI_RECORD["result"], "wins": [{"seat": 1, "from": 0, "tile": 100}]}}
    record["result"]["wins"][0]["yaku"] = [["Self-drawn", 1]]
    scene = result_scene(record, ["Ann", "Ben", "Cat", "Dee"], "sichuan")
    assert scene is not None and scene.lines == (("Self-drawn", 1),)


def test_a_hand_without_a_win_has_no_result_picture() -> None:
    record = {"result": {"kind": "draw", "deltas": [1500, -1500, 1500, -1500], "wins": []}}
    assert PICTURES.result(record, ["Ann", "Ben", "Cat", "Dee"]) is None


def test_final_ranking_rows_come_sorted_by_rank_with_names() -> None:
    final = [
        {"seat": 0, "rank": 2, "points": 30000, "score": 10.0},
        {"seat": 1, "rank": 1, "points": 45000, "score": 45.0},
        {"seat": 2, "rank": 3, "points": 20000, "score": -15.0},
        {"seat": 3, "rank": 4, "points": 5000, "score": -40.0},
    ]
    rows = ranking_rows(final, ["Ann", "Ben", "Cat", "Dee"])
    assert [(r.rank, r.name, r.points) for r in rows][:2] == [(1, "Ben", 45000), (2, "Ann", 30000)]
    assert PICTURES.ranking(final, ["Ann", "Ben", "Cat", "Dee"])


def test_the_final_ranking_picture_is_drawn_in_the_tables_language() -> None:
    final = [{"seat": s, "rank": s + 1, "points": 40000 - 10000 * s, "score": 30 - 20 * s} for s in range(4)]
    names = ["Ann", "Ben", "Cat", "Dee"]
    rows = ranking_rows(final, names)
    fonts = PICTURES.renderer.fonts

    japanese = PICTURES.ranking(final, names, language="ja")

    assert japanese == to_png(render_ranking(rows, fonts=fonts, language="ja"))
    assert japanese != PICTURES.ranking(final, names)  # English by default
