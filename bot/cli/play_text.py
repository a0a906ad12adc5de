"""What the terminal game prints and how it reads an answer: pure text functions over the engine's views.

Tiles are Unicode mahjong tiles or mpsz names (``--ascii``).  The header says what the rule set has (riichi
sticks and dora indicators, a dealer streak, the exchange direction), each seat's line
its flowers and norths set aside and its declared void suit; the player's own hand leaves out the tiles
picked for the exchange.  Texts come from the catalogue (``play.*``, ``result.*``) in the game's language.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from bot.engine import actions as A
from bot.engine.actions import Action
from bot.engine.registry import RULE_SETS
from bot.engine.views import FinalPlace, HandResultRecord, TableView
from bot.hand.notation import tile_name
from bot.hand.tiles import kind_of
from bot.i18n import t
from bot.present.glossary import ACTION_TERMS, GENERAL, glossary_of, say
from bot.present.results import draw_reason, payment_lines, value_text
from bot.present.table_header import SUITS, header_parts, suit_name
from bot.rules.names import line_name
from bot.text import clip, whole_number

# Unicode mahjong tiles by kind: 1m-9m, 1p-9p, 1s-9s, East South West North White Green Red, flowers
# 1f-4f seasons (spring summer autumn winter) and 5f-8f plum orchid bamboo chrysanthemum.
GLYPHS = (
    [chr(0x1F007 + n) for n in range(9)]
    + [chr(0x1F019 + n) for n in range(9)]
    + [chr(0x1F010 + n) for n in range(9)]
    + [chr(c) for c in (0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F006, 0x1F005, 0x1F004)]
    + [chr(c) for c in (0x1F026, 0x1F027, 0x1F028, 0x1F029, 0x1F022, 0x1F023, 0x1F024, 0x1F025)]
)
TILE_WORD = re.compile(r"^([0-9])([mpszf])$")
WORDS = {
    "tsumo": (A.TSUMO,),
    "ron": (A.RON,),
    "pass": (A.PASS,),
    "chi": (A.CHI,),
    "pon": (A.PON,),
    "kan": (A.KAN, A.ANKAN, A.KAKAN),
    "kita": (A.KITA,),
    "abort": (A.NINE_TERMINALS,),
    "void": (A.VOID,),
}
#: Calls on another seat's tile: answered by name, never by a number typed for something else.
CALL_KINDS = frozenset({A.CHI, A.PON, A.KAN, A.RON, A.PASS})


#: The typed words that declare a ready hand with a discard (``riichi 5m``, ``ready 5m``, ``r5m``).
READY_WORDS = ("riichi", "ready", "r")
#: What each typed word says, as a glossary term or a message id.
_WORD_TERMS = {**ACTION_TERMS, "ready": "riichi"}
_WORD_MESSAGES = {
    "pass": "play.do.pass",
    "kita": "play.kita",
    "abort": "result.reason.nine_terminals",
    "void": "play.void",
    "discard": "play.verb.discard",
}


def word_name(rules: str, word: str, language: str) -> str:
    """A typed word as the rule set's players say it: ``pon`` is 碰, ``ron`` 食糊 at a Hong Kong table
    (in English the typed word is the name)."""
    if language == "en":
        return word
    if word in _WORD_TERMS:
        return say(rules, _WORD_TERMS[word], language)
    return t(_WORD_MESSAGES[word], language) if word in _WORD_MESSAGES else word


def rule_set_words(rules: str) -> list[str]:
    """The typed words of the moves this rule set offers (its descriptor's ``actions``)."""
    info = RULE_SETS.get(rules)
    offered = info.actions if info is not None else frozenset(k for kinds in WORDS.values() for k in kinds)
    return [word for word, kinds in WORDS.items() if any(kind in offered for kind in kinds)]


def ready_word(rules: str) -> str:
    """The word typed before a tile to declare a ready hand: ``riichi`` where the game says riichi (its
    glossary's general word), ``ready`` where it declares a ready hand its own way (報聽)."""
    return "riichi" if glossary_of(rules).riichi == GENERAL.riichi else "ready"


def help_text(language: str, rules: str = "") -> str:
    """The help of a ``rules`` table: only the moves it offers, each with its own name."""
    info = RULE_SETS.get(rules)
    words = rule_set_words(rules)

    def listed(chosen: Sequence[str]) -> str:
        said = {w: word_name(rules, w, language) for w in chosen}
        return t("result.list_separator", language).join(
            w if said[w] == w else t("play.help.word", language, word=w, name=said[w]) for w in chosen
        )

    offered = info.actions if info is not None else frozenset()
    riichi = ""
    if A.RIICHI in offered:
        word = ready_word(rules)
        riichi = t("play.help.riichi", language, word=word, name=word_name(rules, word, language))
    red = t("play.help.red", language) if info is not None and info.tileset.red_ids else ""
    calls = [w for w in words if w in ("chi", "pon", "kan", "ron", "pass")]
    return t("play.help", language, words=listed(words), calls=listed(calls), riichi=riichi, red=red)


class Painter:
    """Tiles as text: Unicode mahjong tiles, or mpsz names with ``ascii``."""

    def __init__(self, red_ids: frozenset[int], ascii_only: bool) -> None:
        self.red_ids = red_ids
        self.ascii = ascii_only

    def name(self, tile: int) -> str:
        return tile_name(tile, self.red_ids)

    def tile(self, tile: int) -> str:
        if self.ascii:
            return self.name(tile)
        glyph = GLYPHS[kind_of(tile)]
        return glyph + ("*" if tile in self.red_ids else "")

    def tiles(self, tiles: Sequence[int]) -> str:
        return " ".join(self.tile(t) for t in tiles) if tiles else "-"

    def labelled(self, tile: int) -> str:
        """A tile with its mpsz name (what to type), e.g. ``🀝 5p``."""
        return self.name(tile) if self.ascii else f"{self.tile(tile)} {self.name(tile)}"


def sort_key(tile: int) -> tuple[int, int]:
    return (kind_of(tile), tile)


# ---------------------------------------------------------------------- describing the table
def seat_label(seat: int, view: TableView, names: Sequence[str], language: str = "en") -> str:
    """A seat's name and its wind in this hand: ``CPU 1 (S)``, ``CPU 1 (南)``."""
    winds = t("table.winds", language)
    wind = winds[(seat - view["dealer"]) % len(view["seats"]) % len(winds)]
    return f"{names[seat]} ({wind})"


def header(view: TableView, painter: Painter, language: str = "en") -> str:
    return "--- " + " | ".join(header_parts(view, painter.tiles, language)) + " ---"


def render_table(view: TableView, names: Sequence[str], painter: Painter, language: str = "en") -> str:
    n = len(view["seats"])
    me = view["seat"] or 0
    rules = view.get("rules", "")
    lines = [header(view, painter, language)]
    width = max(len(seat_label(s, view, names, language)) for s in range(n))
    for k in range(1, n + 1):
        seat = (me + k) % n  # the others in turn order after you, then you
        entry = view["seats"][seat]
        tags = []
        if entry.get("riichi"):
            tags.append(say(rules, "riichi", language))
        if entry.get("won"):
            tags.append(t("play.tag.won", language))
        river = " ".join(
            ("(" + painter.tile(d[0]) + ")" if d[3] else painter.tile(d[0])) + ("^" if d[2] else "")
            for d in entry["discards"]
        )
        melds = "  ".join(meld_text(rules, m, painter, language) for m in entry["melds"])
        label = seat_label(seat, view, names, language)
        line = f"  {label:<{width}} {entry['points']:>6}  {t('play.river', language)}: {river or '-'}"
        if melds:
            line += f"  {t('play.melds', language)}: {melds}"
        if entry.get("flowers"):
            line += f"  {t('play.flowers', language)}: {painter.tiles(entry['flowers'])}"
        if entry.get("kita"):
            line += f"  {t('play.kita', language)}: {painter.tiles(entry['kita'])}"
        void = entry.get("void")
        if void is not None:
            line += f"  {t('play.void', language)}: {suit_name(void, language)}"
        if tags:
            line += "  " + " ".join(tags)
        lines.append(line)
    return "\n".join(lines)


def meld_text(rules: str, meld: Mapping[str, Any], painter: Painter, language: str) -> str:
    """A meld by its table word and tiles: ``碰:🀙🀙🀙``, ``pon:1p1p1p``."""
    kind = str(meld["type"])
    word = say(rules, kind, language) if kind in ("chi", "pon", "kan") else kind
    if kind in ("ankan", "kakan"):
        word = say(rules, "kan", language)
    return f"{word}:{''.join(painter.tile(t) for t in sorted(meld['tiles'], key=sort_key))}"


def render_hand(view: TableView, painter: Painter, language: str = "en") -> str:
    entry = view["seats"][view["seat"] or 0]
    drawn = entry.get("drawn")
    rest = sorted(entry["concealed"], key=sort_key)
    picked = list(entry.get("exchange_pick") or [])
    for tile in picked:  # the tiles picked for the exchange have left the hand
        if tile in rest:
            rest.remove(tile)
    if drawn is not None and drawn in rest:
        rest.remove(drawn)
    text = t("play.your_hand", language) + " " + painter.tiles(rest)
    if drawn is not None and drawn not in picked:
        text += "  " + t("play.drawn", language) + " " + painter.tile(drawn)
    if picked:
        text += "\n" + t("play.picked", language, tiles=painter.tiles(sorted(picked, key=sort_key)))
    return text


def describe(action: Action, painter: Painter, language: str = "en", rules: str = "") -> str:
    """One of the player's choices in the rule set's words: ``discard 5m``, ``碰 5m（用 5m 5m）``."""
    tile = painter.labelled(action.tile) if action.tile is not None else ""
    using = " ".join(painter.name(t) for t in sorted(action.using, key=sort_key))

    def said(term: str) -> str:
        return say(rules, term, language)

    match action.kind:
        case A.DISCARD:
            return t("play.do.discard", language, tile=tile)
        case A.RIICHI:
            return t("play.do.riichi", language, riichi=said("riichi"), tile=tile)
        case A.TSUMO:
            return t("play.do.tsumo", language, self_draw=said("self_draw"), tile=tile)
        case A.RON:
            return t("play.do.ron", language, ron=said("ron"), tile=tile)
        case A.PASS:
            return t("play.do.pass", language)
        case A.CHI | A.PON | A.KAN:
            return t("play.do.call", language, call=said(action.kind), tile=tile, using=using)
        case A.ANKAN:
            closed = painter.labelled(action.using[0]) if action.using else ""
            return t("play.do.ankan", language, kan=said("kan"), tile=closed).strip()
        case A.KAKAN:
            return t("play.do.kakan", language, kan=said("kan"), tile=tile)
        case A.KITA:
            return t("play.do.kita", language, tile=tile)
        case A.NINE_TERMINALS:
            return t("play.do.nine_terminals", language)
        case A.EXCHANGE:
            return t("play.exchange_pick", language, tile=tile)
        case A.VOID:
            suit = kind_of(action.using[0]) // 9 if action.using else 0
            return t("play.void_choice", language, suit=suit_name(suit, language))
    parts = [action.kind]
    if action.tile is not None:
        parts.append(tile)
    if using:
        parts.append(using)
    return " ".join(parts)


def narrate(
    action: Action, view: TableView, names: Sequence[str], painter: Painter, language: str = "en"
) -> str | None:
    """What the table saw a computer player do (passes are not shown, and closed draws are private)."""
    rules = view.get("rules", "")
    who = seat_label(action.seat, view, names, language)
    tile = painter.labelled(action.tile) if action.tile is not None else ""
    match action.kind:
        case A.PASS | A.TSUMO | A.RON:
            return None  # a pass is nothing to see; the hand result says a win
        case A.DISCARD:
            return t("play.saw.discard", language, who=who, tile=tile)
        case A.RIICHI:
            return t("play.saw.riichi", language, who=who, riichi=say(rules, "riichi", language), tile=tile)
        case A.CHI | A.PON | A.KAN:
            return t("play.saw.call", language, who=who, call=say(rules, action.kind, language), tile=tile)
        case A.ANKAN:
            closed = painter.labelled(action.using[0]) if action.using else ""
            return t("play.saw.ankan", language, who=who, kan=say(rules, "kan", language), tile=closed)
        case A.KAKAN:
            return t("play.saw.kakan", language, who=who, kan=say(rules, "kan", language), tile=tile)
        case A.KITA:
            return t("play.saw.kita", language, who=who, tile=tile)
        case A.NINE_TERMINALS:
            return t("play.saw.nine_terminals", language, who=who)
        case A.EXCHANGE:
            return t("play.saw.exchange", language, who=who)
        case A.VOID:
            return t("play.saw.void", language, who=who)
    # An action kind this front end does not know may carry a hidden choice: never print its tiles.
    return t("play.saw.other", language, who=who, kind=action.kind)


def result_lines(
    result: HandResultRecord,
    view: TableView,
    names: Sequence[str],
    painter: Painter,
    revealed: dict[int, list[int]],
    language: str = "en",
) -> list[str]:
    rules = view.get("rules", "")
    lines = ["", "=" * 60]
    if result["kind"] == "win":
        for win in result["wins"]:
            seat = win["seat"]
            tile = painter.labelled(win["tile"])
            giver = win.get("from")
            if giver is None:
                said = say(rules, "how_tsumo", language, tile=tile)
                how = t("play.win_tsumo", language, how=said, win=say(rules, "win", language))
            else:
                said = say(rules, "how_ron", language, giver=names[giver], tile=tile)
                how = t("play.win_ron", language, how=said, win=say(rules, "win", language))
            lines.append(f"{seat_label(seat, view, names, language)} {how}")
            hand = win.get("concealed") or win.get("hand") or revealed.get(seat)
            if hand:
                text = f"  {t('play.hand', language)} " + painter.tiles(sorted(hand, key=sort_key))
                for m in win.get("melds") or view["seats"][seat].get("melds", []):
                    text += "  " + meld_text(rules, m, painter, language)
                if win.get("flowers"):
                    text += f"  {t('play.flowers', language)}: {painter.tiles(win['flowers'])}"
                lines.append(text)
            for line, *values in win.get("yaku", []):
                lines.append(f"  {line_name(rules, str(line), language):<22} {' '.join(map(str, values))}")
            value = value_text(rules, win, language)
            figures = [value] if value else []
            points = win.get("points")
            if points is not None:
                figures.append(say(rules, "points", language, points=points))
            if figures:
                lines.append("  = " + ", ".join(figures))
            if win.get("sticks"):
                lines.append("  " + t("play.sticks_taken", language, sticks=win["sticks"]))
    elif result["kind"] == "draw":
        separator = t("result.list_separator", language)
        ready = separator.join(names[s] for s in result.get("tenpai", [])) or t("play.nobody", language)
        reason = draw_reason(rules, {**result, "reason": result.get("reason") or "exhaustive"}, language)
        ready_word = say(rules, "ready", language)
        lines.append(t("play.draw", language, reason=reason, ready_word=ready_word, ready=ready))
    else:
        lines.append(t("play.aborted_hand", language, reason=draw_reason(rules, result, language)))
    lines += ["  " + line for line in payment_lines(result, names, language)]
    deltas = result.get("deltas", [])
    if any(deltas):
        moves = ", ".join(f"{names[s]} {d:+d}" for s, d in enumerate(deltas) if d)
        lines.append(t("play.payments", language, moves=moves))
    lines.append("=" * 60)
    return lines


def final_lines(final: Sequence[FinalPlace], names: Sequence[str], language: str = "en") -> list[str]:
    lines = ["", t("play.final", language)]
    for entry in sorted(final, key=lambda e: e["rank"]):
        score = f"  ({entry['score']:+})"
        lines.append(f"  {entry['rank']}. {names[entry['seat']]:<12} {entry['points']:>7}{score}")
    return lines


# ---------------------------------------------------------------------- reading the player's answer
def numbered(legal: Sequence[Action], view: TableView) -> list[Action]:
    """The legal actions in the order they are listed: tiles in hand order (drawn tile last), pass last."""
    drawn = view["seats"][view["seat"] or 0].get("drawn")

    def key(a: Action) -> tuple[int, int, int]:
        rank = 0 if a.kind in (A.DISCARD, A.EXCHANGE) else 1 if a.kind == A.PASS else 2
        tile = a.tile if a.tile is not None else a.using[0] if a.kind == A.VOID and a.using else -1
        return (rank, 1 if tile == drawn else 0, kind_of(tile) * 200 + tile if tile >= 0 else -1)

    red = frozenset(view.get("red_fives", ()))

    def name(tile: int | None) -> str:
        return tile_name(tile, red) if tile is not None else ""

    order: list[Action] = []
    seen: set[tuple[str, str, tuple[str, ...]]] = set()
    for action in sorted(legal, key=key, reverse=True):  # two 8p are one choice (the drawn one kept)
        same = (action.kind, name(action.tile), tuple(sorted(name(x) for x in action.using)))
        if same not in seen:
            seen.add(same)
            order.append(action)
    order.reverse()
    passes = [a for a in order if a.kind == A.PASS]
    return [a for a in order if a.kind != A.PASS] + passes


def is_call_question(options: Sequence[Action]) -> bool:
    """An offer of another seat's tile: answered by name (a number typed for a discard must not call)."""
    return any(a.kind == A.PASS for a in options) and all(a.kind in CALL_KINDS for a in options)


def read_answer(
    text: str,
    options: list[Action],
    painter: Painter,
    *,
    numbers: bool = True,
    language: str = "en",
    rules: str = "",
) -> Action | str:
    """The action the text names, or the reason it names none (in ``language``, in the rule set's words).
    ``numbers``: a bare number picks the option of that number (off for a call offer, answered by name)."""
    words = text.strip().lower().split()
    if not words:
        passing = [a for a in options if a.kind == A.PASS]
        if passing:
            return passing[0]
        return t("play.answer.empty", language)
    if len(words) == 1 and words[0].isascii() and words[0].isdigit():
        if not numbers:
            return t("play.answer.by_name", language, words=", ".join(offered_words(options)))
        n = whole_number(words[0], most_digits=4)
        if n is not None and 1 <= n <= len(options):
            return options[n - 1]
        return t("play.answer.no_number", language, number=clip(words[0], 12), count=len(options))
    if words[0] in READY_WORDS or (len(words) == 1 and words[0][0] == "r" and TILE_WORD.match(words[0][1:])):
        tile_word = words[1] if len(words) > 1 else words[0][1:]
        ready = [a for a in options if a.kind == A.RIICHI]
        return by_tile(tile_word, ready, painter, "riichi", language=language, rules=rules)
    if words[0] == "void" or (
        len(words) == 1 and words[0] in SUITS and any(a.kind == A.VOID for a in options)
    ):
        return by_suit(words[-1], [a for a in options if a.kind == A.VOID], language)
    if len(words) == 1 and TILE_WORD.match(words[0]):
        exchange = [a for a in options if a.kind == A.EXCHANGE]
        if exchange:
            return by_tile(words[0], exchange, painter, "exchange", language=language, rules=rules)
        discards = [a for a in options if a.kind == A.DISCARD]
        return by_tile(words[0], discards, painter, "discard", language=language, rules=rules)
    kinds = WORDS.get(words[0])
    if kinds is None:
        return t("play.answer.not_action", language, text=clip(text.strip(), 40))
    found = [i for i, a in enumerate(options, start=1) if a.kind in kinds]
    if not found:
        return t("play.answer.cannot", language, word=word_name(rules, words[0], language))
    if len(found) > 1:
        numbers_text = ", ".join(map(str, found))
        return t(
            "play.answer.several", language, word=word_name(rules, words[0], language), numbers=numbers_text
        )
    return options[found[0] - 1]


def offered_words(options: Sequence[Action]) -> list[str]:
    words = [w for w, kinds in WORDS.items() if any(a.kind in kinds for a in options)]
    return words


def by_suit(word: str, actions: list[Action], language: str = "en") -> Action | str:
    if not actions:
        return t("play.answer.cannot", language, word=t("play.void", language))
    letter = word[:1] if word[:1] in SUITS else {"man": "m", "pin": "p", "sou": "s"}.get(word, "")
    for action in actions:
        if action.using and SUITS[kind_of(action.using[0]) // 9] == letter:
            return action
    choices = t("result.list_separator", language).join(
        t("play.answer.suit_choice", language, letter=letter, suit=suit_name(n, language))
        for n, letter in enumerate(SUITS)
    )
    return t("play.answer.not_suit", language, word=clip(word, 12), choices=choices)


def by_tile(
    word: str, actions: list[Action], painter: Painter, verb: str, *, language: str = "en", rules: str = ""
) -> Action | str:
    """The action of ``actions`` on the tile ``word`` names; ``verb`` (discard, exchange, riichi) says what
    the tile was for when none is."""
    match = TILE_WORD.match(word)
    if match is None:
        return t("play.answer.not_tile", language, word=clip(word, 12))
    digit, suit = match.groups()
    if suit == "z" and not "1" <= digit <= "7" or suit == "f" and not "1" <= digit <= "8":
        return t("play.answer.not_tile_range", language, word=word)
    verb_text = say(rules, "riichi", language) if verb == "riichi" else t(f"play.verb.{verb}", language)
    if not actions:
        return t("play.answer.cannot", language, word=verb_text)
    same = [a for a in actions if a.tile is not None and painter.name(a.tile)[1] == suit]
    if digit == "0":
        chosen = [a for a in same if painter.name(a.tile or 0)[0] == "0"]
    else:
        chosen = [a for a in same if painter.name(a.tile or 0)[0] == digit]
        if not chosen and digit == "5":
            chosen = [a for a in same if painter.name(a.tile or 0)[0] == "0"]
    if not chosen:
        suits = {painter.name(a.tile)[1] for a in actions if a.tile is not None}
        if verb == "discard" and len(suits) == 1 and suit not in suits and suit in SUITS:
            return t("play.answer.void_first", language, suit=next(iter(suits)))
        return t("play.answer.hold_no", language, word=word, verb=verb_text)
    return chosen[-1]
