"""The reference picture set: ``simulate --pictures`` of one game per rule set, committed under
tests/render/reference/<rules>/ so anyone can look at a real game's pictures, and checked here against
a fresh run (same tolerance as the golden pictures).  ``REGENERATE_GOLDEN=1`` rewrites them.

Every rule set with a referee (``RULE_SETS``) must have its reference pictures: a new rule set fails
here until they are generated.  The seeds were picked for a game with a win (a result picture), with a
meld in the winning hand where one was found; a rule set without its own seed uses ``ref0``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PIL import Image

from bot.cli.simulation import simulate
from bot.engine.game import Game
from bot.engine.registry import RULE_SETS
from bot.render.engine_view import TablePictures
from bot.render.fonts import deterministic_fonts
from bot.render.gallery import write_game_pictures
from tests.render.golden import assert_matches_file, regenerating

REFERENCE_DIR = Path(__file__).parent / "reference"
SEEDS = {
    "riichi": "ref20",
    "sanma": "ref106",
    "mingjiang": "ref0",
    "sichuan": "ref6",
    "taiwan": "ref90",
    "pihu": "ref0",
}
TABLE_HANDS = 1  # tables of the first hand only: the set stays small


def reference_game(rules: str) -> Game:
    games: list[Game] = []
    simulate(rules, 1, SEEDS.get(rules, "ref0"), on_game=games.append)
    return games[0]


def _pictures(folder: Path) -> set[str]:
    return {p.name for p in folder.glob("*.png") if not p.name.endswith(".actual.png")}


@pytest.mark.parametrize("rules", sorted(RULE_SETS))
def test_simulated_game_pictures_look_as_the_reference_set(rules: str, tmp_path: Path) -> None:
    pictures = TablePictures(deterministic_fonts())
    written = write_game_pictures(reference_game(rules), tmp_path, table_hands=TABLE_HANDS, pictures=pictures)
    folder = REFERENCE_DIR / rules
    if regenerating():
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        for path in written:
            with Image.open(path) as img:
                img.save(folder / path.name, optimize=True)
    assert folder.is_dir(), f"no reference pictures for {rules}: run this test with REGENERATE_GOLDEN=1"
    assert _pictures(tmp_path) == _pictures(folder)
    for path in written:
        with Image.open(path) as img:
            assert_matches_file(img, folder / path.name)


@pytest.mark.parametrize("rules", sorted(RULE_SETS))
def test_reference_set_shows_the_first_table_twice_a_win_and_the_ranking(rules: str) -> None:
    names = _pictures(REFERENCE_DIR / rules)
    assert {"hand01-table-spectator.png", "hand01-table-seat1.png", "ranking.png"} <= names
    assert any("-result" in n for n in names), "the reference game should show at least one win"
