"""Panels within Discord's limits (5 rows, 5 buttons a row, 25 options a menu), labels for every action
kind (also kinds this module does not know), and a public summary made only from the spectator view."""

from __future__ import annotations

import pytest

from bot.engine import Action, Game
from bot.engine import actions as A
from bot.hand.tiles import RED_FIVE_IDS
from bot.service.table_panel import PER_ROW, PER_SELECT, ROWS, choices_of, kind_label, layout, public_summary


def check_limits(controls: list) -> None:  # type: ignore[type-arg]
    assert len(controls) <= ROWS
    for control in controls:
        limit = PER_SELECT if control.select else PER_ROW
        assert 1 <= len(control.choices) <= limit


def all_indices(controls: list) -> set[int]:  # type: ignore[type-arg]
    return {c.index for control in controls for c in control.choices}


def test_fourteen_distinct_discards_and_a_tsumo_are_buttons() -> None:
    legal = [Action(A.DISCARD, 0, 4 * k) for k in range(14)] + [Action(A.TSUMO, 0, 52)]
    controls = layout(choices_of(legal, "en", RED_FIVE_IDS, drawn=52))
    check_limits(controls)
    assert not any(c.select for c in controls)
    assert all_indices(controls) == set(range(15))


def test_a_seventeen_tile_hand_with_other_choices_falls_back_to_a_select_menu() -> None:
    legal = [Action(A.DISCARD, 0, 4 * k) for k in range(17)]
    legal += [Action(A.TSUMO, 0, 64), Action(A.ANKAN, 0, None, (0, 1, 2, 3))]
    legal += [Action("declare_ready", 0, 4 * k) for k in range(6)]
    controls = layout(choices_of(legal, "en", frozenset(), drawn=64))
    check_limits(controls)
    assert any(c.select and c.kind == A.DISCARD for c in controls)
    assert all_indices(controls) == set(range(len(legal)))


def test_riichi_discards_get_their_own_menu() -> None:
    legal = [Action(A.DISCARD, 0, 4 * k) for k in range(14)] + [Action(A.RIICHI, 0, 4 * k) for k in range(9)]
    controls = layout(choices_of(legal, "en", RED_FIVE_IDS, drawn=None))
    check_limits(controls)
    riichi = [c for c in controls if c.kind == A.RIICHI]
    assert riichi and riichi[0].select and len(riichi[0].choices) == 9


def test_identical_tiles_are_one_button_and_the_drawn_copy_is_the_one_kept() -> None:
    legal = [Action(A.DISCARD, 0, 8), Action(A.DISCARD, 0, 9), Action(A.DISCARD, 0, 20)]
    choices = choices_of(legal, "en", RED_FIVE_IDS, drawn=9)
    assert [c.label for c in choices] == ["6m", "3m"]  # the drawn tile goes last
    assert choices[-1].index == 1 and choices[-1].drawn


def test_a_red_five_is_its_own_button() -> None:
    legal = [Action(A.DISCARD, 0, 16), Action(A.DISCARD, 0, 17)]
    assert {c.label for c in choices_of(legal, "en", RED_FIVE_IDS)} == {"0m", "5m"}


def test_an_unknown_action_kind_is_labelled_from_its_name() -> None:
    assert kind_label("exchange_three", "en") == "Exchange three"
    assert kind_label(A.PON, "ja") == "ポン"


def test_the_public_summary_comes_from_the_spectator_view_and_names_no_concealed_tile() -> None:
    game = Game("riichi", {}, "summary seed")
    names = ["a", "b", "c", "d"]
    with pytest.raises(ValueError):
        public_summary(game.view(0), names, "en", RED_FIVE_IDS)
    text = public_summary(game.view(None), names, "en", RED_FIVE_IDS)
    # Before any discard the only tile a spectator sees is the dora indicator.
    tiles = [w for w in text.replace(":", " ").split() if len(w) == 2 and w[0].isdigit() and w[1] in "mpsz"]
    assert len(tiles) == 1
    assert len(text) < 2000


def test_the_public_header_says_what_each_rule_set_counts_and_the_voids_once_declared() -> None:
    from bot.ai.random_player import RandomPlayer

    def summary(rules: str, moves: int) -> str:
        game = Game(rules, {}, "header seed")
        player = RandomPlayer(1)
        for _ in range(moves):
            game.apply(player.choose(game, game.waiting_for()[0]))
        names = ["a", "b", "c", "d"][: len(game.view(None)["seats"])]
        return public_summary(game.view(None), names, "en", RED_FIVE_IDS)

    riichi = summary("riichi", 0).splitlines()[0]
    assert "honba 0, sticks 0" in riichi and "dora indicator" in riichi
    sichuan = summary("sichuan", 40)  # exchange and void chosen, play under way
    assert not any(word in sichuan for word in ("honba", "sticks", "dora"))
    assert sichuan.count("void ") == 4
    taiwan = summary("taiwan", 0).splitlines()[0]
    assert "dealer streak 0" in taiwan and "dora" not in taiwan
    pihu = summary("pihu", 0).splitlines()[0]
    assert pihu.startswith("E 1 · wall ") and "honba" not in pihu


def test_option_suggestions_complete_the_word_being_typed_and_skip_keys_already_given() -> None:
    from bot.service.table_options import option_suggestions

    assert option_suggestions("riichi", "") == ["red=0", "red=3", "kuitan=off", "uma=10-20", "uma=5-10"]
    assert option_suggestions("riichi", "red=0 ku") == ["red=0 kuitan=off"]
    assert all(not s.count("red=") > 1 for s in option_suggestions("riichi", "red=0 "))
    assert option_suggestions("chess", "") == []
