"""What the terminal game prints and how it reads an answer: pure text functions over the engine's views.

Tiles are Unicode mahjong tiles or mpsz names (``--ascii``).  The header says what the rule set has (riichi
sticks and dora indicators, a dealer streak, the exchange direction), each seat's line
its flowers and norths set aside and its declared void suit; the player's own hand leaves out the tiles
picked for the exchange.  Texts come from the catalogue (``play.*``, ``result.*``) in the game's language.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.engine import actions as A
from bot.engine.actions import Action
from bot.engine.views import FinalPlace, HandResultRecord, TableView
from bot.hand.notation import tile_name
from bot.hand.tiles import kind_of
from bot.i18n import t
from bot.present.glossary import glossary_of
from bot.present.results import payment_lines, value_text
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


def help_text(language: str) -> str:
    return t("play.help", language, words=", ".join(WORDS))


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
    winds = t("table.winds", language)
    wind = winds[(seat - view["dealer"]) % len(view["seats"]) % len(winds)]
    return f"{names[seat]} ({wind})"


def header(view: TableView, painter: Painter, language: str = "en") -> str:
    return "--- " + " | ".join(header_parts(view, painter.tiles, language)) + " ---"


def render_table(view: TableView, names: Sequence[str], painter: Painter, language: str = "en") -> str:
    n = len(view["seats"])
    me = view["seat"] or 0
    lines = [header(view, painter, language)]
    width = max(len(seat_label(s, view, names, language)) for s in range(n))
    for k in range(1, n + 1):
        seat = (me + k) % n  # the others in turn order after you, then you
        entry = view["seats"][seat]
        tags = []
        if entry.get("riichi"):
            tags.append("RIICHI")
        if entry.get("won"):
            tags.append(t("play.tag.won", language))
        river = " ".join(
            ("(" + painter.tile(d[0]) + ")" if d[3] else painter.tile(d[0])) + ("^" if d[2] else "")
            for d in entry["discards"]
        )
        melds = "  ".join(
            f"{m['type']}:{''.join(painter.tile(t) for t in sorted(m['tiles'], key=sort_key))}"
            for m in entry["melds"]
        )
        label = seat_label(seat, view, names, language)
        line = f"  {label:<{width}} {entry['points']:>6}  {t('play.river', language)}: {river or '-'}"
        if melds:
            line += f"  {t('play.melds', language)}: {melds}"
        if entry.get("flowers"):
            line += f"  {t('play.flowers', language)}: {painter.tiles(entry['flowers'])}"
        if entry.get("kita"):
            line += f"  kita: {painter.tiles(entry['kita'])}"
        void = entry.get("void")
        if void is not None:
            line += f"  {t('play.void', language)}: {suit_name(void, language)}"
        if tags:
            line += "  " + " ".join(tags)
        lines.append(line)
    return "\n".join(lines)


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


def describe(action: Action, painter: Painter, language: str = "en") -> str:
    tile = painter.labelled(action.tile) if action.tile is not None else ""
    using = " ".join(painter.name(t) for t in sorted(action.using, key=sort_key))
    match action.kind:
        case A.DISCARD:
            return f"discard {tile}"
        case A.RIICHI:
            return f"riichi, discarding {tile}"
        case A.TSUMO:
            return f"TSUMO on {tile}"
        case A.RON:
            return f"RON on {tile}"
        case A.PASS:
            return "pass"
        case A.CHI | A.PON | A.KAN:
            return f"{action.kind} {tile} with {using}"
        case A.ANKAN:
            return f"closed kan of {painter.labelled(action.using[0])}" if action.using else "closed kan"
        case A.KAKAN:
            return f"add {tile} to your pon (kan)"
        case A.KITA:
            return f"kita: set {tile} aside"
        case A.NINE_TERMINALS:
            return "abort the hand (nine terminals)"
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


def narrate(action: Action, view: TableView, names: Sequence[str], painter: Painter) -> str | None:
    """What the table saw a computer player do (passes are not shown, and closed draws are private)."""
    who = seat_label(action.seat, view, names)
    tile = painter.labelled(action.tile) if action.tile is not None else ""
    match action.kind:
        case A.PASS:
            return None
        case A.DISCARD:
            return f"{who} discards {tile}"
        case A.RIICHI:
            return f"{who} declares RIICHI and discards {tile}"
        case A.CHI | A.PON | A.KAN:
            return f"{who} calls {action.kind.upper()} on {tile}"
        case A.ANKAN:
            return f"{who} declares a closed kan of {painter.labelled(action.using[0])}"
        case A.KAKAN:
            return f"{who} adds {tile} to a pon"
        case A.KITA:
            return f"{who} sets {tile} aside (kita)"
        case A.TSUMO | A.RON:
            return None  # the hand result says it
        case A.NINE_TERMINALS:
            return f"{who} aborts the hand with nine terminals"
        case A.EXCHANGE:
            return f"{who} picks a tile to pass (hidden until everyone has picked)"
        case A.VOID:
            return f"{who} declares a void suit (hidden until everyone has declared)"
    # An action kind this front end does not know may carry a hidden choice: never print its tiles.
    return f"{who} acts ({action.kind})"


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
                how = t("play.win_tsumo", language, tile=tile)
            else:
                how = t("play.win_ron", language, giver=names[giver], tile=tile)
            lines.append(f"{seat_label(seat, view, names, language)} {how}")
            hand = win.get("concealed") or win.get("hand") or revealed.get(seat)
            if hand:
                text = "  hand: " + painter.tiles(sorted(hand, key=sort_key))
                for m in win.get("melds") or view["seats"][seat].get("melds", []):
                    text += (
                        f"  {m['type']}:{''.join(painter.tile(t) for t in sorted(m['tiles'], key=sort_key))}"
                    )
                if win.get("flowers"):
                    text += f"  {t('play.flowers', language)}: {painter.tiles(win['flowers'])}"
                lines.append(text)
            for line, *values in win.get("yaku", []):
                lines.append(f"  {line_name(rules, str(line), language):<22} {' '.join(map(str, values))}")
            value = value_text(rules, win, language)
            figures = [value] if value else []
            points = win.get("points")
            if points is not None:
                figures.append(t(glossary_of(rules).points, language, points=points))
            if figures:
                lines.append("  = " + ", ".join(figures))
            if win.get("sticks"):
                lines.append("  " + t("play.sticks_taken", language, sticks=win["sticks"]))
    elif result["kind"] == "draw":
        ready = ", ".join(names[s] for s in result.get("tenpai", [])) or t("play.nobody", language)
        reason = result.get("reason") or "exhaustive"
        lines.append(t("play.draw", language, reason=t(f"result.reason.{reason}", language), ready=ready))
    else:
        lines.append(t("play.aborted_hand", language, reason=(result.get("reason") or "").replace("_", " ")))
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


def read_answer(text: str, options: list[Action], painter: Painter, *, numbers: bool = True) -> Action | str:
    """The action the text names, or the reason it names none.  ``numbers``: a bare number picks the
    option of that number (off for a call offer, which is answered by name)."""
    words = text.strip().lower().split()
    if not words:
        passing = [a for a in options if a.kind == A.PASS]
        if passing:
            return passing[0]
        return "type a number or a tile to discard (e.g. 5m); 'help' explains"
    if len(words) == 1 and words[0].isascii() and words[0].isdigit():
        if not numbers:
            return "answer an offered tile by name: " + ", ".join(offered_words(options))
        n = whole_number(words[0], most_digits=4)
        if n is not None and 1 <= n <= len(options):
            return options[n - 1]
        return f"there is no action {clip(words[0], 12)} (choose 1-{len(options)})"
    if words[0] in ("riichi", "r") or (
        len(words) == 1 and words[0][0] == "r" and TILE_WORD.match(words[0][1:])
    ):
        tile_word = words[1] if len(words) > 1 else words[0][1:]
        return by_tile(tile_word, [a for a in options if a.kind == A.RIICHI], painter, "riichi with")
    if words[0] == "void" or (
        len(words) == 1 and words[0] in SUITS and any(a.kind == A.VOID for a in options)
    ):
        return by_suit(words[-1], [a for a in options if a.kind == A.VOID])
    if len(words) == 1 and TILE_WORD.match(words[0]):
        exchange = [a for a in options if a.kind == A.EXCHANGE]
        if exchange:
            return by_tile(words[0], exchange, painter, "pass on")
        return by_tile(words[0], [a for a in options if a.kind == A.DISCARD], painter, "discard")
    kinds = WORDS.get(words[0])
    if kinds is None:
        return f"'{clip(text.strip(), 40)}' is not an action; type 'help' for the choices"
    found = [i for i, a in enumerate(options, start=1) if a.kind in kinds]
    if not found:
        return f"you cannot {words[0]} now"
    if len(found) > 1:
        return f"several {words[0]} choices: type one of the numbers {', '.join(map(str, found))}"
    return options[found[0] - 1]


def offered_words(options: Sequence[Action]) -> list[str]:
    words = [w for w, kinds in WORDS.items() if any(a.kind in kinds for a in options)]
    return words


def by_suit(word: str, actions: list[Action]) -> Action | str:
    if not actions:
        return "you cannot choose a void suit now"
    letter = word[:1] if word[:1] in SUITS else {"man": "m", "pin": "p", "sou": "s"}.get(word, "")
    for action in actions:
        if action.using and SUITS[kind_of(action.using[0]) // 9] == letter:
            return action
    return f"'{word}' is not a suit: type void m, void p or void s"


def by_tile(word: str, actions: list[Action], painter: Painter, verb: str) -> Action | str:
    match = TILE_WORD.match(word)
    if match is None:
        return f"'{word}' is not a tile (write it like 5m, 0p or 7z)"
    digit, suit = match.groups()
    if suit == "z" and not "1" <= digit <= "7" or suit == "f" and not "1" <= digit <= "8":
        return f"'{word}' is not a tile (honours are 1z-7z, flowers 1f-8f)"
    if not actions:
        return f"you cannot {verb.split()[0]} now"
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
            return f"your void suit ({next(iter(suits))}) must go first: discard one of its tiles"
        return f"you hold no {word} to {verb}"
    return chosen[-1]
