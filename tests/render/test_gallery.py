"""A game's pictures (bot/render/gallery.py) and the view/record details they need from the engine."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.engine.game import Game
from bot.engine.registry import RULE_SETS
from bot.engine.ruleset import NextHand
from bot.engine.views import TableView
from bot.hand.meld import MeldType
from bot.hand.tiles import RED_FIVE_IDS
from bot.render.engine_view import TablePictures, meld_of, result_scene, table_scene
from bot.render.fonts import deterministic_fonts
from bot.render.gallery import TABLE_MOMENT, hand_moments, hand_spans, write_game_pictures
from tests.render.test_reference_set import reference_game


@pytest.mark.parametrize("rules", sorted(RULE_SETS))
def test_win_records_carry_the_whole_winning_hand(rules: str) -> None:
    game = reference_game(rules)
    wins = [w for h in game.hands for w in h["result"]["wins"]]
    assert wins, "the reference game has a win"
    for win in wins:
        melds = [meld_of(m) for m in win["melds"]]
        assert win["tile"] not in win["concealed"]  # shown apart as the winning tile
        # every set counts three tiles (a kan too), plus the pair and the winning tile
        assert len(win["concealed"]) + 1 + 3 * len(melds) == game.rules.hand_size + 1
        for meld in melds:
            assert not set(meld.tiles) & set(win["concealed"])
            if meld.type is not MeldType.ANKAN:
                assert meld.source in (1, 2, 3)  # the giver, so the called tile turns towards it


def test_red_fives_of_the_table_option_reach_the_scene() -> None:
    default = Game("riichi", seed="red").view(None)
    without = Game("riichi", {"red": 0}, seed="red").view(None)
    assert default["red_fives"] == sorted(RED_FIVE_IDS)
    assert without["red_fives"] == []
    assert table_scene(default, []).red_ids == RED_FIVE_IDS
    assert table_scene(without, []).red_ids == frozenset()
    assert Game("mingjiang", seed="red").view(None)["red_fives"] == []  # no red fives in the rule set


def test_each_table_is_shown_part_way_through_its_own_hand() -> None:
    game = reference_game("sichuan")
    spans = hand_spans(game)
    assert len(spans) == len(game.hands)
    assert sum(length for _, length in spans) == len(game.decisions)
    moments = hand_moments(game)
    assert [m.index for m in moments] == list(range(len(game.hands)))
    for m in moments:
        assert m.spectator["hand_index"] == m.seat["hand_index"] == m.index
        assert all("concealed" not in s for s in m.spectator["seats"])  # the channel sees no hand
        assert "concealed" in m.seat["seats"][0]
        assert any(s["discards"] for s in m.spectator["seats"])


def test_game_pictures_name_every_table_win_and_the_ranking(tmp_path: Path) -> None:
    game = reference_game("sichuan")
    written = write_game_pictures(game, tmp_path / "out", pictures=TablePictures(deterministic_fonts()))
    names = {p.name for p in written}
    hands = len(game.hands)
    tables = {f"hand{i:02d}-table-{who}.png" for i in range(1, hands + 1) for who in ("spectator", "seat1")}
    assert tables <= names
    results = {n for n in names if "-result" in n}
    assert len(results) == sum(len(h["result"]["wins"]) for h in game.hands)
    assert "ranking.png" in names
    assert all(p.stat().st_size > 0 for p in written)


def test_a_second_win_of_a_hand_has_its_own_result() -> None:
    record = {
        "result": {
            "wins": [
                {"seat": 1, "from": 0, "tile": 8, "fan": 1, "points": 1, "deltas": [-1, 1, 0, 0]},
                {"seat": 2, "from": 0, "tile": 8, "fan": 2, "points": 2, "deltas": [-2, 0, 2, 0]},
            ]
        }
    }
    names = ["Ann", "Ben", "Cat", "Dee"]
    second = result_scene(record, names, "sichuan", index=1)
    assert second is not None
    assert second.title == "Cat wins on Ann's discard (win 2 of 2)"
    assert second.score_changes[2] == ("Cat", 2)
    assert result_scene(record, names, "sichuan", index=2) is None


def test_taiwan_result_shows_the_flowers_the_winner_set_aside() -> None:
    game = reference_game("taiwan")
    record = next(h for h in game.hands if h["result"]["wins"])
    win = record["result"]["wins"][0]
    assert win["flowers"] and all(t >= 136 for t in win["flowers"])
    scene = result_scene(record, [], "taiwan")
    assert scene is not None
    assert scene.hand.flowers == tuple(win["flowers"])


def test_a_stored_game_record_gives_the_same_pictures(tmp_path: Path) -> None:
    game = reference_game("sanma")
    pictures = TablePictures(deterministic_fonts())
    from_game = write_game_pictures(game, tmp_path / "game", table_hands=1, pictures=pictures)
    from_record = write_game_pictures(game.to_json(), tmp_path / "record", table_hands=1, pictures=pictures)
    assert [p.name for p in from_game] == [p.name for p in from_record]
    assert all(a.read_bytes() == b.read_bytes() for a, b in zip(from_game, from_record, strict=True))


def test_each_called_meld_in_the_scene_keeps_its_giver_from_the_view() -> None:
    moment = hand_moments(reference_game("pihu"), 1)[0]
    scene = table_scene(moment.spectator, [])
    pairs = [
        (entry["source"], meld.source)
        for seat, view_seat in zip(scene.seats, moment.spectator["seats"], strict=True)
        for meld, entry in zip(seat.melds, view_seat["melds"], strict=True)
    ]
    assert pairs, "the reference pihu table has pons"
    assert all(view == drawn and drawn in (1, 2, 3) for view, drawn in pairs)


def test_a_game_started_at_a_later_hand_is_drawn_from_that_hand(tmp_path: Path) -> None:
    """A record excerpt's game (first_hand, first_sticks) is replayed from the hand it starts at: each
    table picture shows the table as the game itself stood at that decision (the replay once started at
    East 1 with no deposit, so it drew another table, or failed on a decision of another dealer)."""
    game = Game(
        "riichi",
        seed="gallery-later",
        start_points=[31000, 30000, 20000, 19000],
        first_hand=NextHand(1, 3, 2),
        first_sticks=1,
    )
    views: list[TableView] = []
    while not game.over:
        views.append(game.view(None))
        game.apply(game.legal_actions(game.waiting_for()[0])[0])
    spans = hand_spans(game)
    assert [length for _, length in spans] and sum(length for _, length in spans) == len(game.decisions)
    moments = hand_moments(game)
    assert [m.index for m in moments] == [i for i, (_, length) in enumerate(spans) if length]
    for m in moments:
        start, length = spans[m.index]
        assert m.spectator == views[start + int(length * TABLE_MOMENT)]
    first = moments[0].spectator
    assert (first["round_wind"], first["dealer"], first["honba"], first["sticks"]) == (1, 3, 2, 1)

    written = write_game_pictures(game.to_json(), tmp_path, pictures=TablePictures(deterministic_fonts()))
    names = {p.name for p in written}
    assert {"hand01-table-spectator.png", "hand01-table-seat1.png", "ranking.png"} <= names
