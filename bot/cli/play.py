"""``mahjong-bot play --rules R [--seat-name NAME] [--seed S] [--level L] [--ascii] [--lang L]``.

One game in the terminal: you hold one seat, computer players the others.  The game runs through the
same table service as Discord (bot/service/table.py: the referee loop, computer seats, an in-memory
store), with this terminal as its listener (:class:`TerminalFront`) and no turn timers.  At each of your
questions the table is drawn (Unicode mahjong tiles, or mpsz with ``--ascii``) with your choices:

* your turn: a number from the list, a tile (``5m`` discards a 5m, ``0p`` the red five), ``riichi 5m``,
  or a word (``tsumo``, ``kan``, ``kita``, ``abort``); the three-tile exchange takes tiles (``1s``) and the
  void suit a suit (``void m``);
* an offered tile: its name (``chi``, ``pon``, ``kan``, ``ron``, ``pass``; an empty line passes).  A number
  typed there is refused, so a number meant for a discard never takes a call; when a name has several
  choices (two chis), the numbers of that one question pick among them.

``hint`` asks the computer for advice, ``table`` draws the table again, ``quit`` (or end of input) stops
the game.  Each hand's result is shown with its lines and payments, the game with its ranking.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import shlex
import sys
from collections import Counter
from typing import Any, TextIO, cast

from bot.ai import LEVELS, make_player
from bot.ai.player import AIPlayer
from bot.cli.play_text import (
    GLYPHS,
    WORDS,
    Painter,
    by_suit,
    by_tile,
    describe,
    final_lines,
    help_text,
    is_call_question,
    narrate,
    numbered,
    read_answer,
    render_hand,
    render_table,
    result_lines,
    seat_label,
    sort_key,
    word_name,
)
from bot.engine import actions as A
from bot.engine.actions import Action
from bot.engine.registry import RULE_SETS, load_rules, rule_set
from bot.engine.views import FinalPlace, HandRecord, TableView
from bot.i18n import LANGUAGES, t
from bot.i18n.catalog import MESSAGES
from bot.present.table_header import header_parts
from bot.service.seats import Seat, seat_order
from bot.service.table import QuietListener, Table, TableService, Timing
from bot.service.timers import ManualScheduler
from bot.text import whole_number

__all__ = [
    "Painter",
    "TerminalFront",
    "by_suit",
    "by_tile",
    "read_answer",
    "register",
    "result_lines",
    "run",
]

#: ``play --help``: what a player needs, without the module's markup or where its parts live.
PLAY_HELP = """One game in the terminal: you hold one seat, computer players the others, with the referee
that runs the Discord tables.  At each of your questions the table is drawn (Unicode mahjong tiles, or
tile names such as 5m 7z with --ascii) with your choices, in the language of --lang:

  your turn       a number from the list, a tile to discard (5m), or a word the help lists
                  (each rule set offers only its own moves: riichi 5m, kita, void m...)
  an offered tile answer by name (pon, chi, kan, ron, pass); an empty line passes

hint asks the computer for advice, table draws the table again, help lists your moves, quit leaves
the game.  Each hand's result is shown with its lines and payments, the game with its ranking."""

HUMAN_ID = 1  # the terminal player's user id at the table
CHANNEL = 1  # the terminal's one "channel"


class EndOfInput(Exception):
    pass


class Quit(Exception):
    """The player typed ``quit``: the game ends at their word, not as a failure."""


class TerminalFront(QuietListener):
    """The table service's listener for one human at a terminal: narrates the others' moves, asks the
    human, shows results.  Runs inside the service's worker: a question is answered before play goes on."""

    def __init__(
        self,
        names: list[str],
        painter: Painter,
        inp: TextIO,
        out: TextIO,
        adviser: AIPlayer,
        language: str = "en",
    ) -> None:
        self.names = names
        self.painter = painter
        self.inp = inp
        self.out = out
        self.adviser = adviser
        self.language = language
        self.service: TableService | None = None
        self.done = asyncio.Event()
        self.ended_by_input = False
        self.quit = False
        self.output_gone = False
        self.told = 0  # decisions already narrated
        self.flowers: list[int] = []  # flowers set aside per seat, as last shown
        self.exchange: tuple[list[int], list[int]] | None = None  # (hand before, picks) of the exchange
        self.picked: set[int] = set()  # seats whose exchange picks were announced this hand (one line each)

    def say(self, text: str = "") -> None:
        if self.output_gone:
            return
        try:
            print(text, file=self.out, flush=True)
        except BrokenPipeError:
            # Nobody reads any more (`play ... | head`): stop the game rather than play on unheard, and
            # send what is left to /dev/null so the interpreter's last flush does not complain.
            self.output_gone = True
            self.done.set()
            with contextlib.suppress(OSError, ValueError):
                os.dup2(os.open(os.devnull, os.O_WRONLY), self.out.fileno())

    # ---------------------------------------------------------------- what happened
    def catch_up(self, table: Table) -> None:
        """Narrate the other seats' decisions since the last look, and the flowers they set aside."""
        game = table.game
        if game is None:
            return
        human = table.seat_of(HUMAN_ID)
        view = game.view(human)
        for action in game.decisions[self.told :]:
            if action.seat != human:
                if action.kind == A.EXCHANGE:
                    if action.seat in self.picked:
                        continue  # three picks, one line
                    self.picked.add(action.seat)
                line = narrate(action, view, self.names, self.painter, self.language)
                if line:
                    self.say(line)
        self.told = len(game.decisions)
        counts = [len(entry.get("flowers", [])) for entry in view["seats"]]
        for seat, entry in enumerate(view["seats"]):
            shown = self.flowers[seat] if seat < len(self.flowers) else 0
            for flower in entry.get("flowers", [])[shown:]:
                who = seat_label(seat, view, self.names, self.language)
                self.say(t("play.flower", self.language, who=who, tile=self.painter.labelled(flower)))
        self.flowers = counts
        self.exchange_received(view)

    def exchange_received(self, view: TableView) -> None:
        if self.exchange is None or view.get("phase") == "exchange":
            return
        before, picks = self.exchange
        self.exchange = None
        kept = Counter(before) - Counter(picks)
        now = view["seats"][view["seat"] or 0].get("concealed", [])
        received = sorted((Counter(now) - kept).elements(), key=sort_key)
        direction = view.get("exchange_direction") or "across"
        self.say(
            t(
                "play.exchanged",
                self.language,
                passed=self.painter.tiles(sorted(picks, key=sort_key)),
                direction=t(f"play.direction.{direction}", self.language),
                received=self.painter.tiles(received),
            )
        )

    async def table_changed(self, table: Table) -> None:
        self.catch_up(table)

    async def hand_started(self, table: Table, hand_index: int, commitment: str) -> None:
        assert table.game is not None
        view = table.game.view(table.seat_of(HUMAN_ID))
        self.picked = set()
        parts = header_parts(view, self.painter.tiles, self.language)[:-1]  # the wall is drawn with the table
        self.say(f"\n*** {t('play.new_hand', self.language)}: {' | '.join(parts)} ***")
        self.say(t("play.commitment", self.language, commitment=commitment))
        self.catch_up(table)  # flowers set aside while dealing

    async def hand_ended(self, table: Table, hand: HandRecord) -> None:
        self.catch_up(table)
        assert table.game is not None
        view = table.game.view(table.seat_of(HUMAN_ID)).copy()
        view["dealer"] = hand["dealer"]  # the finished hand's (the view may be the next hand's)
        for line in result_lines(hand["result"], view, self.names, self.painter, {}, self.language):
            self.say(line)
        self.say(t("play.seed", self.language, seed=table.hand_seed(len(table.game.hands) - 1)))

    async def game_ended(self, table: Table) -> None:
        assert table.game is not None and table.game.final is not None
        final = cast(list[FinalPlace], table.game.final)  # the engine's list, typed (bot/engine/views.py)
        for line in final_lines(final, self.names, self.language):
            self.say(line)
        self.done.set()

    # ---------------------------------------------------------------- asking the human
    async def prompt(self, table: Table, seat: int, seq: int, deadline: float | None) -> None:
        assert self.service is not None and table.game is not None and table.game_id is not None
        self.catch_up(table)
        if self.output_gone:
            return  # the game is being stopped: nobody would see the question
        game = table.game
        view = game.view(seat)
        legal = game.legal_actions(seat)
        options = numbered(legal, view)
        try:
            action = self.ask(view, options)
        except EndOfInput:
            self.say("\n" + t("play.input_ended", self.language))
            self.ended_by_input = True
            self.done.set()
            return
        except Quit:
            self.say("\n" + t("play.quit", self.language))
            self.quit = True
            self.done.set()
            return
        if action.kind == A.EXCHANGE:
            picks = list(view["seats"][seat].get("exchange_pick") or [])
            if self.exchange is None:
                self.exchange = (list(view["seats"][seat]["concealed"]), [])
            self.exchange = (self.exchange[0], [*picks, *([action.tile] if action.tile is not None else [])])
        await self.service.decide(table.game_id, HUMAN_ID, seq, legal.index(action))
        self.told = len(game.decisions)  # the human's own decision is not narrated

    def ask(self, view: TableView, options: list[Action]) -> Action:
        lang = self.language
        rules = view.get("rules", "")
        if len(options) == 1 and options[0].kind == A.DISCARD:
            # A locked hand (riichi, a ready declaration) or a forced void-suit discard has no choice.
            self.say(t("play.no_choice", lang, tile=self.painter.labelled(options[0].tile or 0)))
            return options[0]
        self.show(view, options)
        calls = is_call_question(options)
        while True:
            word = self.read()
            if word in ("help", "?", "h"):
                self.say(help_text(lang, rules))
                continue
            if word in ("table", "t"):
                self.show(view, options)
                continue
            if word == "hint":
                advice = self.adviser.decide(options, view)
                self.say(t("play.advice", lang, choice=describe(advice, self.painter, lang, rules)))
                continue
            answer = read_answer(word, options, self.painter, numbers=not calls, language=lang, rules=rules)
            if calls and isinstance(answer, str) and self.several(word, options):
                answer = self.which(word.split()[0], options, rules)
            if isinstance(answer, Action):
                return answer
            self.say(t("play.not_understood", lang, reason=answer.rstrip(".。")))

    def several(self, word: str, options: list[Action]) -> bool:
        """Whether a typed call word names more than one of the choices (two chis)."""
        kinds = WORDS.get(word.split()[0]) if word.split() else None
        return kinds is not None and sum(a.kind in kinds for a in options) > 1

    def which(self, word: str, options: list[Action], rules: str) -> Action | str:
        """One question of its own for a call with several choices (its numbers mean only these)."""
        lang = self.language
        choices = [a for a in options if read_answer(word, [a], self.painter) == a]
        named = word_name(rules, word, lang)
        self.say(t("play.which", lang, word=named))
        for i, action in enumerate(choices, start=1):
            self.say(f"  {i}) {describe(action, self.painter, lang, rules)}")
        number = whole_number(self.read())
        if number is not None and 1 <= number <= len(choices):
            return choices[number - 1]
        return t("play.which_none", lang, word=named, count=len(choices))

    def read(self) -> str:
        print("> ", end="", file=self.out, flush=True)
        line = self.inp.readline()
        if not line:
            raise EndOfInput
        word = line.strip().lower()
        if word in ("quit", "exit", "q"):
            raise Quit
        return word

    def show(self, view: TableView, options: list[Action]) -> None:
        lang = self.language
        rules = view.get("rules", "")
        self.say()
        self.say(render_table(view, self.names, self.painter, lang))
        offer = view.get("offer")
        if offer is not None:
            giver = seat_label(offer["giver"], view, self.names, lang)
            context = offer["context"]
            key = f"play.context.{context}"
            said = t(key, lang) if key in MESSAGES else context
            self.say(
                t("play.offer", lang, giver=giver, tile=self.painter.labelled(offer["tile"]), context=said)
            )
        self.say(render_hand(view, self.painter, lang))
        self.say(self.menu(options, calls=is_call_question(options), rules=rules))

    def menu(self, options: list[Action], *, calls: bool = False, rules: str = "") -> str:
        lang = self.language
        if calls:  # answered by name: no numbers that could mean something else a moment later
            return (
                t("play.call_menu", lang)
                + " "
                + " / ".join(f"{describe(a, self.painter, lang, rules)}" for a in options)
            )
        tiles = [(i, a) for i, a in enumerate(options, start=1) if a.kind in (A.DISCARD, A.EXCHANGE)]
        others = [(i, a) for i, a in enumerate(options, start=1) if a.kind not in (A.DISCARD, A.EXCHANGE)]
        lines = []
        if tiles:
            key = "play.exchange_menu" if tiles[0][1].kind == A.EXCHANGE else "play.discard_menu"
            listed = "  ".join(f"{i}) {self.painter.labelled(a.tile or 0)}" for i, a in tiles)
            lines.append(f"{t(key, lang)}: {listed}")
        for i, a in others:
            enter = t("play.or_enter", lang) if a.kind == A.PASS else ""
            lines.append(f"{i}) {describe(a, self.painter, lang, rules)}{enter}")
        return "\n".join(lines)


# ---------------------------------------------------------------------- the game
def seated(seed: str, human: Seat, others: list[Seat], seat: int) -> list[Seat]:
    """The lobby order that puts the human in ``seat`` once the service shuffles seats by the seed."""
    order = seat_order(seed, list(range(len(others) + 1)))
    members = list(others)
    members.insert(order[seat], human)
    return members


async def play_game(args: argparse.Namespace, painter: Painter, inp: TextIO, out: TextIO) -> int:
    from bot.engine.wall import new_seed
    from bot.store import Store

    specs: tuple[Any, ...] = ()
    level = args.level
    if args.mjai:
        from bot.mjai.config import MjaiSpec

        specs = (MjaiSpec("mjai", tuple(shlex.split(args.mjai))),)
        level = specs[0].choice
    players = RULE_SETS[args.rules].players
    names = [f"CPU {s}" for s in range(players)]
    names[args.seat] = args.seat_name
    front = TerminalFront(names, painter, inp, out, make_player("normal", "hint"), args.lang)
    store = await Store.open(":memory:")
    service = TableService(store, front, scheduler=ManualScheduler(), timing=Timing(computer=0.0), mjai=specs)
    front.service = service
    try:
        seed = args.seed or new_seed()
        human = Seat(args.seat_name, HUMAN_ID)
        table = await service.open(CHANNEL, None, human, args.rules, args.options)
        for _ in range(players - 1):
            await service.add_computer(CHANNEL, HUMAN_ID, level)
        table.members = seated(seed, human, table.members[1:], args.seat)
        key = f"rules.{args.rules}"
        title = t(key, args.lang) if key in MESSAGES else rule_set(args.rules).title
        out.write(t("play.title", args.lang, title=title, seed=seed, name=args.seat_name) + "\n")
        out.write(help_text(args.lang, args.rules) + "\n")
        await service.start(CHANNEL, HUMAN_ID, seed=seed)
        await front.done.wait()
    finally:
        await service.close()
        await store.close()
    return 1 if front.ended_by_input or front.output_gone else 0


# ---------------------------------------------------------------------- command line
def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "play",
        help="play a game in the terminal against computer players",
        description=PLAY_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--rules", required=True, choices=sorted(RULE_SETS), help="the rule set")
    p.add_argument("--seat-name", default="You", metavar="NAME", help="your name at the table")
    p.add_argument("--seat", type=int, default=0, metavar="N", help="your seat: 0 is East in the first hand")
    p.add_argument("--seed", default=None, metavar="S", help="the game's seed (default: a fresh random one)")
    p.add_argument(
        "--level",
        choices=LEVELS,
        default="normal",
        help="the computer players' level: easy (a beginner), normal or strong",
    )
    p.add_argument(
        "--mjai",
        metavar="COMMAND",
        help="the computer seats are an outside AI speaking mjai, run as COMMAND (riichi and sanma)",
    )
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a table option, as /mahjong new takes them (repeatable), e.g. length=east; "
        "--option help lists the rule set's",
    )
    p.add_argument("--ascii", action="store_true", help="write tiles as 5m 7z instead of Unicode tiles")
    p.add_argument("--lang", choices=LANGUAGES, default="en", help="the language of the table's texts")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    schema = RULE_SETS[args.rules].options
    if "help" in args.option:
        print("\n".join(schema.described()) or f"{args.rules} has no table options")
        return 0
    try:
        args.options = schema.from_cli(args.option)
        load_rules(args.rules, args.options)  # what the schema cannot check (uma's form)
    except ValueError as exc:
        print(f"mahjong-bot play: {exc}", file=sys.stderr)
        return 2
    players = RULE_SETS[args.rules].players
    if not 0 <= args.seat < players:
        print(f"mahjong-bot play: --seat must be 0-{players - 1} in {args.rules}", file=sys.stderr)
        return 2
    if args.mjai:
        from bot.mjai.seat import MJAI_RULES

        if args.rules not in MJAI_RULES:
            print(f"mahjong-bot play: --mjai plays riichi and sanma only, not {args.rules}", file=sys.stderr)
            return 2
    painter = Painter(rule_set(args.rules).tileset.red_ids, args.ascii)
    if not args.ascii and not _can_print(sys.stdout, GLYPHS[0]):
        painter.ascii = True
    return asyncio.run(play_game(args, painter, sys.stdin, sys.stdout))


def _can_print(stream: TextIO, text: str) -> bool:
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True
