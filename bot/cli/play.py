"""``mahjong-bot play --rules R [--seat-name NAME] [--seed S] [--level easy|normal] [--ascii]``.

One game in the terminal: you hold one seat, computer players the others.  At each of your decisions
the table is drawn (Unicode mahjong tiles, or mpsz with ``--ascii``) with your legal actions numbered;
answer with the number, a tile (``5m`` discards a 5m, ``0p`` the red five), ``riichi 5m``, or a word
(``tsumo``, ``ron``, ``pon``, ``chi``, ``kan``, ``kita``, ``pass``; an empty line passes on an offer).
``hint`` asks the computer for advice, ``table`` draws the table again, ``quit`` (or end of input)
stops the game.  Each hand's result is shown with its yaku and payments, the game with its ranking.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Mapping, Sequence
from typing import Any, TextIO

from bot.ai import LEVELS, make_player
from bot.ai.player import AIPlayer
from bot.ai.random_player import Chooser
from bot.engine import actions as A
from bot.engine.actions import Action, Event
from bot.engine.game import Game
from bot.hand.notation import tile_name
from bot.hand.tiles import kind_of
from bot.rules.names import line_name
from bot.rules.registry import RULE_SETS, rule_set

WINDS = ("East", "South", "West", "North")
# Unicode mahjong tiles by kind: 1m-9m, 1p-9p, 1s-9s, East South West North White Green Red, flowers
# 1f-4f seasons (spring summer autumn winter) and 5f-8f plum orchid bamboo chrysanthemum.
_GLYPHS = (
    [chr(0x1F007 + n) for n in range(9)]
    + [chr(0x1F019 + n) for n in range(9)]
    + [chr(0x1F010 + n) for n in range(9)]
    + [chr(c) for c in (0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F006, 0x1F005, 0x1F004)]
    + [chr(c) for c in (0x1F026, 0x1F027, 0x1F028, 0x1F029, 0x1F022, 0x1F023, 0x1F024, 0x1F025)]
)
_TILE_WORD = re.compile(r"^([0-9])([mpszf])$")
_WORDS = {
    "tsumo": (A.TSUMO,),
    "ron": (A.RON,),
    "pass": (A.PASS,),
    "chi": (A.CHI,),
    "pon": (A.PON,),
    "kan": (A.KAN, A.ANKAN, A.KAKAN),
    "kita": (A.KITA,),
    "abort": (A.NINE_TERMINALS,),
}
HELP = (
    "Type the number of an action, a tile to discard (5m, 0p = red five, 7z), 'riichi 5m', or a word: "
    + ", ".join(_WORDS)
    + ". An empty line passes on an offered tile. 'hint' asks the computer, 'table' redraws, 'quit' stops."
)


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
        glyph = _GLYPHS[kind_of(tile)]
        return glyph + ("*" if tile in self.red_ids else "")

    def tiles(self, tiles: Sequence[int]) -> str:
        return " ".join(self.tile(t) for t in tiles) if tiles else "-"

    def labelled(self, tile: int) -> str:
        """A tile with its mpsz name (what to type), e.g. ``🀝 5p``."""
        return self.name(tile) if self.ascii else f"{self.tile(tile)} {self.name(tile)}"


def sort_key(tile: int) -> tuple[int, int]:
    return (kind_of(tile), tile)


# ---------------------------------------------------------------------- describing the table


def seat_label(seat: int, view: dict[str, Any], names: list[str]) -> str:
    wind = WINDS[(seat - view["dealer"]) % len(view["seats"])]
    return f"{names[seat]} ({wind})"


def render_table(view: dict[str, Any], names: list[str], painter: Painter) -> str:
    n = len(view["seats"])
    me = view["seat"]
    lines = [
        f"--- {WINDS[view['round_wind'] % 4]} {view['dealer'] + 1}, honba {view['honba']}, "
        f"sticks {view['sticks']} | wall {view['live_left']} | dora indicator "
        f"{painter.tiles(view['dora_indicators'])} ---"
    ]
    width = max(len(seat_label(s, view, names)) for s in range(n))
    for k in range(1, n + 1):
        seat = (me + k) % n  # the others in turn order after you, then you
        entry = view["seats"][seat]
        tags = []
        if entry.get("riichi"):
            tags.append("RIICHI")
        river = " ".join(
            ("(" + painter.tile(d[0]) + ")" if d[3] else painter.tile(d[0])) + ("^" if d[2] else "")
            for d in entry["discards"]
        )
        melds = "  ".join(
            f"{m['type']}:{''.join(painter.tile(t) for t in sorted(m['tiles'], key=sort_key))}"
            for m in entry["melds"]
        )
        line = f"  {seat_label(seat, view, names):<{width}} {entry['points']:>6}  river: {river or '-'}"
        if melds:
            line += f"  melds: {melds}"
        if entry.get("kita"):
            line += f"  kita: {painter.tiles(entry['kita'])}"
        if tags:
            line += "  " + " ".join(tags)
        lines.append(line)
    return "\n".join(lines)


def render_hand(view: dict[str, Any], painter: Painter) -> str:
    entry = view["seats"][view["seat"]]
    drawn = entry.get("drawn")
    rest = sorted(entry["concealed"], key=sort_key)
    if drawn is not None and drawn in rest:
        rest.remove(drawn)
    text = "Your hand: " + painter.tiles(rest)
    if drawn is not None:
        text += "  + drawn " + painter.tile(drawn)
    return text


def describe(action: Action, painter: Painter) -> str:
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
    parts = [action.kind]
    if action.tile is not None:
        parts.append(tile)
    if using:
        parts.append(using)
    return " ".join(parts)


def narrate(action: Action, view: dict[str, Any], names: list[str], painter: Painter) -> str | None:
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
    result: dict[str, Any],
    view: dict[str, Any],
    names: list[str],
    painter: Painter,
    revealed: dict[int, list[int]],
) -> list[str]:
    lines = ["", "=" * 60]
    if result["kind"] == "win":
        for win in result["wins"]:
            seat = win["seat"]
            how = "by tsumo" if win.get("from") is None else f"by ron from {names[win['from']]}"
            lines.append(f"{seat_label(seat, view, names)} wins {how} on {painter.labelled(win['tile'])}")
            if seat in revealed:
                hand = "  hand: " + painter.tiles(sorted(revealed[seat], key=sort_key))
                for m in view["seats"][seat]["melds"]:
                    hand += (
                        f"  {m['type']}:{''.join(painter.tile(t) for t in sorted(m['tiles'], key=sort_key))}"
                    )
                lines.append(hand)
            for line, value in win.get("yaku", []):
                lines.append(f"  {line_name(str(view.get('rules', '')), str(line)):<22} {value}")
            figures = [f"{win[k]} {k}" for k in ("han", "fan", "tai", "fu") if win.get(k)]
            if win.get("yakuman"):
                figures.insert(0, f"{win['yakuman']}x yakuman")
            if win.get("points") is not None:
                figures.append(f"{win['points']} points")
            if figures:
                lines.append("  = " + ", ".join(figures))
            if win.get("sticks"):
                lines.append(f"  + {win['sticks']} riichi stick(s) from the table")
    elif result["kind"] == "draw":
        tenpai = result.get("tenpai", [])
        ready = ", ".join(names[s] for s in tenpai) or "nobody"
        lines.append(f"Draw ({result.get('reason') or 'exhaustive'}): ready: {ready}")
    else:
        lines.append(f"Hand aborted: {result.get('reason', '').replace('_', ' ')}")
    deltas = result.get("deltas", [])
    if any(deltas):
        moves = ", ".join(f"{names[s]} {d:+d}" for s, d in enumerate(deltas) if d)
        lines.append(f"Payments: {moves}")
    lines.append("=" * 60)
    return lines


def final_lines(final: list[dict[str, Any]], names: list[str]) -> list[str]:
    lines = ["", "Final ranking:"]
    for entry in sorted(final, key=lambda e: e["rank"]):
        score = f"  ({entry['score']:+})" if "score" in entry else ""
        lines.append(f"  {entry['rank']}. {names[entry['seat']]:<12} {entry['points']:>7}{score}")
    return lines


# ---------------------------------------------------------------------- reading the player's answer


def numbered(legal: Sequence[Action], view: dict[str, Any]) -> list[Action]:
    """The legal actions in the order they are listed: discards in hand order (drawn tile last)."""
    drawn = view["seats"][view["seat"]].get("drawn")

    def key(a: Action) -> tuple[int, int, int]:
        rank = 0 if a.kind == A.DISCARD else 1 if a.kind == A.PASS else 2
        tile = a.tile if a.tile is not None else -1
        return (rank, 1 if tile == drawn else 0, kind_of(tile) * 200 + tile if tile >= 0 else -1)

    order = sorted(legal, key=key)
    passes = [a for a in order if a.kind == A.PASS]
    return [a for a in order if a.kind != A.PASS] + passes


def read_answer(text: str, options: list[Action], painter: Painter) -> Action | str:
    """The action the text names, or the reason it names none."""
    words = text.strip().lower().split()
    if not words:
        passing = [a for a in options if a.kind == A.PASS]
        if passing:
            return passing[0]
        return "type a number or a tile to discard (e.g. 5m); 'help' explains"
    if len(words) == 1 and words[0].isdigit():
        n = int(words[0])
        if 1 <= n <= len(options):
            return options[n - 1]
        return f"there is no action {n} (choose 1-{len(options)})"
    if words[0] in ("riichi", "r") or (
        len(words) == 1 and words[0][0] == "r" and _TILE_WORD.match(words[0][1:])
    ):
        tile_word = words[1] if len(words) > 1 else words[0][1:]
        return _by_tile(tile_word, [a for a in options if a.kind == A.RIICHI], painter, "riichi with")
    if len(words) == 1 and _TILE_WORD.match(words[0]):
        return _by_tile(words[0], [a for a in options if a.kind == A.DISCARD], painter, "discard")
    kinds = _WORDS.get(words[0])
    if kinds is None:
        return f"'{text.strip()}' is not an action; type 'help' for the choices"
    found = [i for i, a in enumerate(options, start=1) if a.kind in kinds]
    if not found:
        return f"you cannot {words[0]} now"
    if len(found) > 1:
        return f"several {words[0]} choices: type one of the numbers {', '.join(map(str, found))}"
    return options[found[0] - 1]


def _by_tile(word: str, actions: list[Action], painter: Painter, verb: str) -> Action | str:
    match = _TILE_WORD.match(word)
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
        return f"you hold no {word} to {verb}"
    return chosen[-1]


# ---------------------------------------------------------------------- the game loop


class EndOfInput(Exception):
    pass


class TerminalGame:
    def __init__(
        self,
        game: Game,
        human: int,
        names: list[str],
        players: Mapping[int, Chooser],
        painter: Painter,
        inp: TextIO,
        out: TextIO,
        adviser: AIPlayer,
    ) -> None:
        self.game = game
        self.human = human
        self.names = names
        self.players = players
        self.painter = painter
        self.inp = inp
        self.out = out
        self.adviser = adviser
        self.revealed: dict[int, list[int]] = {}  # winners' hands, shown with the result

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def run(self) -> int:
        game = self.game
        self.say(f"{RULE_SETS[game.rules_id].title}, seed {game.seed}: you are {self.names[self.human]}.")
        self.say(HELP)
        try:
            while not game.over:
                seat = game.waiting_for()[0]
                if seat == self.human:
                    action = self.ask()
                else:
                    action = self.players[seat].choose(game, seat)
                self.play(action)
        except EndOfInput:
            self.say("\nInput ended: the game is stopped before its end.")
            return 1
        assert game.final is not None
        for line in final_lines(game.final, self.names):
            self.say(line)
        return 0

    def play(self, action: Action) -> None:
        game = self.game
        before = game.view(self.human)
        if action.kind in (A.TSUMO, A.RON):
            # A winning hand is shown to everyone, as at a real table.  A ron is settled once every
            # seat offered the tile has answered, so the hand is kept until the hand ends.
            self.revealed[action.seat] = list(game.snapshot()["concealed"][action.seat])
            if action.kind == A.RON and action.tile is not None:
                self.revealed[action.seat].append(action.tile)
        if action.seat != self.human:
            line = narrate(action, before, self.names, self.painter)
            if line:
                self.say(line)
        events = game.apply(action)
        self.show_events(events, before)

    def show_events(self, events: list[Event], before: dict[str, Any]) -> None:
        new_hand = False
        for event in events:
            if not event.visible_to(self.human):
                continue
            if event.kind == "hand_end":
                for line in result_lines(event.to_json(), before, self.names, self.painter, self.revealed):
                    self.say(line)
                self.revealed = {}
            elif event.kind == "hand_start":
                new_hand = True
                data = event.data
                honba = f", honba {data['honba']}" if data.get("honba") else ""
                self.say(f"\n*** New hand: {WINDS[data['round_wind'] % 4]} {data['dealer'] + 1}{honba} ***")
            elif event.kind == "dora":
                label = "Dora indicator" if new_hand else "New dora indicator (kan)"
                self.say(f"{label}: {self.painter.labelled(event.data['indicator'])}")

    def ask(self) -> Action:
        game = self.game
        view = game.view(self.human)
        options = numbered(game.legal_actions(self.human), view)
        if len(options) == 1 and options[0].kind == A.DISCARD:
            # A locked hand (riichi, a ready declaration) or a forced void-suit discard has no choice.
            self.say(f"You discard {describe(options[0], self.painter).removeprefix('discard ')} (no choice)")
            return options[0]
        self.say()
        self.say(render_table(view, self.names, self.painter))
        if view["offer"] is not None:
            offer = view["offer"]
            giver = seat_label(offer["giver"], view, self.names)
            self.say(f"{giver} offers {self.painter.labelled(offer['tile'])} ({offer['context']})")
        self.say(render_hand(view, self.painter))
        self.say(self.menu(options))
        while True:
            print("> ", end="", file=self.out, flush=True)
            line = self.inp.readline()
            if not line:
                raise EndOfInput
            word = line.strip().lower()
            if word in ("quit", "exit", "q"):
                raise EndOfInput
            if word in ("help", "?", "h"):
                self.say(HELP)
                continue
            if word in ("table", "t"):
                self.say(render_table(view, self.names, self.painter))
                self.say(render_hand(view, self.painter))
                self.say(self.menu(options))
                continue
            if word == "hint":
                advice = self.adviser.decide(options, view)
                self.say(f"The computer would choose: {describe(advice, self.painter)}")
                continue
            answer = read_answer(line, options, self.painter)
            if isinstance(answer, Action):
                return answer
            self.say(f"Not understood: {answer}.")

    def menu(self, options: list[Action]) -> str:
        discards = [(i, a) for i, a in enumerate(options, start=1) if a.kind == A.DISCARD]
        others = [(i, a) for i, a in enumerate(options, start=1) if a.kind != A.DISCARD]
        lines = []
        if discards:
            assert all(a.tile is not None for _, a in discards)
            lines.append(
                "Discard: " + "  ".join(f"{i}) {self.painter.labelled(a.tile or 0)}" for i, a in discards)
            )
        for i, a in others:
            enter = " (or just Enter)" if a.kind == A.PASS else ""
            lines.append(f"{i}) {describe(a, self.painter)}{enter}")
        return "\n".join(lines)


# ---------------------------------------------------------------------- command line


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "play",
        help="play a game in the terminal against computer players",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--rules", required=True, choices=sorted(RULE_SETS), help="the rule set")
    p.add_argument("--seat-name", default="You", metavar="NAME", help="your name at the table")
    p.add_argument("--seat", type=int, default=0, metavar="N", help="your seat: 0 is East in the first hand")
    p.add_argument("--seed", default=None, metavar="S", help="the game's seed (default: a fresh random one)")
    p.add_argument("--level", choices=LEVELS, default="normal", help="the computer players' level")
    p.add_argument(
        "--mjai",
        metavar="COMMAND",
        help="the computer seats are an outside AI speaking mjai, run as COMMAND (riichi and sanma)",
    )
    p.add_argument("--ascii", action="store_true", help="write tiles as 5m 7z instead of Unicode tiles")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.rules not in RULE_SETS:
        available = ", ".join(sorted(RULE_SETS))
        print(
            f"mahjong-bot play: the referee cannot play {args.rules} yet (available: {available})",
            file=sys.stderr,
        )
        return 2
    game = Game(args.rules, seed=args.seed)
    players = game.rules.players
    if not 0 <= args.seat < players:
        print(f"mahjong-bot play: --seat must be 0-{players - 1} in {args.rules}", file=sys.stderr)
        return 2
    names = [f"CPU {s}" for s in range(players)]
    names[args.seat] = args.seat_name
    computers: dict[int, Any] = {
        s: make_player(args.level, f"{game.seed}:{s}") for s in range(players) if s != args.seat
    }
    if args.mjai:
        from bot.mjai.seat import MJAI_RULES, MjaiPlayer, close_players

        if args.rules not in MJAI_RULES:
            print(f"mahjong-bot play: --mjai plays riichi and sanma only, not {args.rules}", file=sys.stderr)
            return 2
        computers = {s: MjaiPlayer(args.mjai, name=f"mjai {s}", seed=f"{game.seed}:{s}") for s in computers}
    painter = Painter(rule_set(args.rules).tileset.red_ids, args.ascii)
    if not args.ascii and not _can_print(sys.stdout, _GLYPHS[0]):
        painter.ascii = True
    terminal = TerminalGame(
        game, args.seat, names, computers, painter, sys.stdin, sys.stdout, make_player("normal", "hint")
    )
    try:
        return terminal.run()
    finally:
        if args.mjai:
            close_players(list(computers.values()), game)


def _can_print(stream: TextIO, text: str) -> bool:
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True
