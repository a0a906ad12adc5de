"""The three dragon pons the liability (包牌) tests start from."""

from __future__ import annotations

from bot.engine import actions as A
from bot.engine.game import Game
from tests.engine.tables import discard, kinds, pass_all


def south_pons_the_three_dragons(game: Game, after_first: str, after_second: str) -> None:
    """East discards 5z, West 6z and then 7z; South pons each, discarding ``after_first`` and
    ``after_second`` after the first two pons (nobody calls them). West fed the third set, so West is
    liable for big three dragons; South is left to discard after the third pon."""
    discard(game, 0, "5z")
    game.apply(kinds(game.legal_actions(1), A.PON)[0])
    discard(game, 1, after_first)
    pass_all(game)
    discard(game, 2, "6z")
    game.apply(kinds(game.legal_actions(1), A.PON)[0])
    discard(game, 1, after_second)
    pass_all(game)
    discard(game, 2, "7z")
    game.apply(kinds(game.legal_actions(1), A.PON)[0])
