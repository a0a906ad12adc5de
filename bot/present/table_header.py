"""What a table's header says in each rule set, for every front end: the round, then what the rule set
counts (honba, sticks and dora indicators where the game has them, else the dealer's streak in the rule
set's own word, shown even at 0 where its descriptor says the streak scores; the exchange direction while
the players pick), then the wall.  A seat's void suit by its name."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.engine.registry import RULE_SETS
from bot.engine.views import TableView
from bot.i18n import DEFAULT_LANGUAGE, t
from bot.present.glossary import GENERAL, glossary_of, say

SUITS = "mps"


def suit_name(suit: int, language: str) -> str:
    return t(f"suit.{SUITS[suit]}", language)


def _streak_always(rules: str) -> bool:
    info = RULE_SETS.get(rules)
    return info is not None and info.render.streak_always


def counts_hands(rules: str) -> bool:
    """Whether the rule set's game has no round names: its glossary keeps the general
    ``round``, and its hands are counted (第3局) where another's are named (東1局)."""
    return glossary_of(rules).round == GENERAL.round


def hand_number(view: TableView, language: str) -> str:
    """The hand counted from the game's first: ``Hand 3``, 第3局 (a result picture's round label and, in
    the other languages, a header's)."""
    return t("picture.hand", language, number=view.get("hand_index", 0) + 1)


def round_name(view: TableView, language: str) -> str:
    """The hand's place in the game as the rule set says it: ``East 2``, 東2局, 東風南 (the round's wind,
    then the dealer's number or the wind of the dealer's first seat); a game without round names counts
    its hands (第3局), as its pictures do, except in an English header, which keeps ``E 1`` (the seat
    winds still tell an English player who deals)."""
    rules = view.get("rules", "")
    if view.get("decider"):  # no round wind: the view's is kept for display only
        return say(rules, "decider", language)
    if counts_hands(rules) and language != DEFAULT_LANGUAGE:
        return hand_number(view, language)
    winds = t("table.winds", language)
    return say(
        rules,
        "round",
        language,
        wind=winds[view["round_wind"] % len(winds)],
        hand=view["dealer"] + 1,
        dealer_wind=winds[view["dealer"] % len(winds)],
    )


def header_parts(view: TableView, tiles: Callable[[Sequence[int]], str], language: str) -> list[str]:
    """The header's parts in ``language``; ``tiles`` writes indicator tiles as the front end shows them."""
    rules = view.get("rules", "")
    parts = [round_name(view, language)]
    if view.get("dora_indicators"):
        parts.append(t("play.header.sticks", language, honba=view["honba"], sticks=view["sticks"]))
        parts.append(t("play.header.dora", language, tiles=tiles(view["dora_indicators"])))
    elif view.get("honba") or _streak_always(rules):
        parts.append(t(glossary_of(rules).streak, language, honba=view["honba"], streak=view["honba"]))
    direction = view.get("exchange_direction")
    if direction and view.get("phase") == "exchange":
        parts.append(
            t("play.header.exchange", language, direction=t(f"play.direction.{direction}", language))
        )
    parts.append(t("play.header.wall", language, left=view["live_left"]))
    return parts
