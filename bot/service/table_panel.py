"""What a seat's panel shows: one control per distinct legal action, laid out within Discord's limits
(5 rows, 5 buttons a row, 25 options a select menu), and the texts of the public table.  Pure.

A control refers to its action by the index in ``legal_actions(seat)``; the front end puts that index
in the custom id and the service checks it against the question's seq.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from bot.engine import actions as A
from bot.engine.actions import Action
from bot.engine.views import TableView
from bot.hand.notation import tile_name
from bot.hand.tiles import RED_FIVE_IDS, kind_of
from bot.i18n import t
from bot.present.glossary import ACTION_TERMS, say
from bot.present.table_header import header_parts, suit_name

ROWS = 5
PER_ROW = 5
PER_SELECT = 25

#: Action kinds with a message of their own; any other kind is labelled from its name.
KNOWN_KINDS = {
    A.DISCARD,
    A.RIICHI,
    A.TSUMO,
    A.RON,
    A.PASS,
    A.CHI,
    A.PON,
    A.KAN,
    A.ANKAN,
    A.KAKAN,
    A.KITA,
    A.NINE_TERMINALS,
    "exchange",
    "void",
}


@dataclass(frozen=True)
class Choice:
    index: int  # in legal_actions(seat)
    kind: str
    label: str
    tile: str | None  # face name for an emoji ("5p", "0p"), when the choice shows one tile
    drawn: bool = False  # the tile just drawn (shown highlighted)
    tile_id: int | None = None  # the tile it plays, for the hand order


@dataclass
class Control:
    """A row of buttons (``select`` False) or one select menu holding ``choices``."""

    kind: str
    choices: list[Choice] = field(default_factory=list)
    select: bool = False


def kind_label(kind: str, language: str, rules: str = "") -> str:
    if rules and kind in ACTION_TERMS:
        return say(rules, ACTION_TERMS[kind], language)
    if kind in KNOWN_KINDS:
        return t(f"table.action.{kind}", language)
    return kind.replace("_", " ").strip().capitalize() or "?"  # a new phase's action: its own name


def tiles_text(tiles: Sequence[int], red_ids: frozenset[int] = RED_FIVE_IDS) -> str:
    return " ".join(tile_name(x, red_ids) for x in tiles)


def shown_tiles(action: Action) -> list[int]:
    """The tiles an action is named by, in the order its label shows them: a discard's tile, a call's
    own tiles, a closed kan's kind, a riichi's or added kan's tile, a void suit's example tile."""
    if action.kind == A.DISCARD and action.tile is not None:
        return [action.tile]
    if action.kind in (A.CHI, A.PON, A.KAN) and action.using:
        return sorted(action.using)
    if action.kind == A.ANKAN and action.using:
        return [action.using[0]]
    if action.tile is not None and action.kind not in (A.TSUMO, A.RON):
        return [action.tile]
    return list(action.using)


def choice_label(action: Action, language: str, red_ids: frozenset[int], rules: str = "") -> str:
    """A button's label: a discard by its tile alone, any other choice by its name and its tiles."""
    tiles = tiles_text(shown_tiles(action), red_ids)
    if action.kind == A.DISCARD and action.tile is not None:
        return tiles
    name = kind_label(action.kind, language, rules)
    return f"{name} {tiles}" if tiles else name


def choices_of(
    legal: Sequence[Action],
    language: str,
    red_ids: frozenset[int],
    drawn: int | None = None,
    rules: str = "",
) -> list[Choice]:
    """One choice per distinct label (two 3m are one button), preferring the drawn tile's id."""
    chosen: dict[str, Choice] = {}
    for index, action in enumerate(legal):
        label = choice_label(action, language, red_ids, rules)
        tile = tile_name(action.tile, red_ids) if action.tile is not None else None
        if action.kind == A.ANKAN and action.using:
            tile = tile_name(action.using[0], red_ids)
        is_drawn = drawn is not None and action.tile == drawn and action.kind == A.DISCARD
        key = f"{action.kind}|{label}"
        if key not in chosen or is_drawn:
            chosen[key] = Choice(index, action.kind, label, tile, is_drawn, action.tile)
    return sorted(chosen.values(), key=hand_order(legal))


def hand_order(legal: Sequence[Action]) -> Callable[[Choice], tuple[int, ...]]:
    """Discards first, then the other kinds as the referee lists them; within a kind the tiles in the
    order the hand picture shows them (suits m p s z, numbers up, a red five among the fives) and the
    tile just drawn last, as it lies apart at the right end of the hand."""
    kinds: dict[str, int] = {A.DISCARD: -1}
    for action in legal:
        kinds.setdefault(action.kind, len(kinds))

    def key(c: Choice) -> tuple[int, ...]:
        if c.tile_id is None:
            return (kinds[c.kind], 1, 0, 0, 0, c.index)
        return (kinds[c.kind], 0, int(c.drawn), kind_of(c.tile_id), c.tile_id, c.index)

    return key


def layout(choices: Sequence[Choice]) -> list[Control]:
    """Buttons where they fit in five rows, select menus for long lists (a 17-tile hand, riichi discards)."""
    discards = [c for c in choices if c.kind == A.DISCARD]
    others: dict[str, list[Choice]] = {}
    for c in choices:
        if c.kind != A.DISCARD:
            others.setdefault(c.kind, []).append(c)
    controls: list[Control] = []
    loose: list[Choice] = []  # kinds with few options share button rows
    for kind, group in others.items():
        if len(group) > 2:
            controls += _selects(kind, group)
        else:
            loose += group
    loose_rows = [Control("other", loose[i : i + PER_ROW]) for i in range(0, len(loose), PER_ROW)]
    rows_left = ROWS - len(controls) - len(loose_rows)
    discard_rows = (len(discards) + PER_ROW - 1) // PER_ROW
    if discards and discard_rows <= rows_left:
        controls = [
            Control(A.DISCARD, discards[i : i + PER_ROW]) for i in range(0, len(discards), PER_ROW)
        ] + (controls)
    elif discards:
        controls = _selects(A.DISCARD, discards) + controls
    controls += loose_rows
    if len(controls) > ROWS:  # only with a rule set offering very many kinds at once: merge into menus
        merged = [c for control in controls for c in control.choices]
        controls = _selects("any", merged)[:ROWS]
    return controls


def _selects(kind: str, group: Sequence[Choice]) -> list[Control]:
    return [Control(kind, list(group[i : i + PER_SELECT]), True) for i in range(0, len(group), PER_SELECT)]


def public_summary(view: TableView, names: Sequence[str], language: str, red_ids: frozenset[int]) -> str:
    """The table for everyone, from the *spectator* view: points, melds, rivers, never a concealed tile."""
    if view.get("seat") is not None:
        raise ValueError("the public summary is made from the spectator view only")
    winds = t("table.winds", language)
    lines = [" · ".join(header_parts(view, lambda tiles: tiles_text(tiles, red_ids), language))]
    for seat, entry in enumerate(view["seats"]):
        marks = []
        if seat == view["dealer"]:
            marks.append(t("table.dealer", language))
        if entry["riichi"]:
            marks.append(t("table.action.riichi", language))
        if seat == view.get("current"):
            marks.append("◀")
        melds = "  ".join(tiles_text(m["tiles"], red_ids) for m in entry["melds"])
        river = " ".join(tile_name(d[0], red_ids) + ("*" if d[2] else "") for d in entry["discards"])
        extra = tiles_text(entry["kita"] + entry["flowers"], red_ids)
        void = entry.get("void")
        if void is not None:
            marks.append(f"{t('play.void', language)} {suit_name(void, language)}")
        lines.append(
            f"**{winds[(seat - view['dealer']) % len(winds)]} {names[seat]}** {entry['points']} "
            f"{' '.join(marks)} · {entry['concealed_count']}🀫 {melds} {extra}".rstrip()
        )
        if river:
            lines.append(f"> {river}")
    return "\n".join(lines)
