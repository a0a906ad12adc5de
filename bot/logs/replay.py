"""Replay a :class:`RecordedGame` through the referee and compare everything the record says.

The record's deal, draws, replacement draws and dora/ura indicators are laid into injected walls
(bot/engine/wall.py layout), so the referee deals and draws exactly what the record shows.  Passes
are not recorded in Tenhou logs: a seat that could answer an offered tile and is not recorded as
calling passes.  The first difference stops the replay.

A record that starts at the game's start is played as one game: each hand must start where the referee's
game goes (dealer, honba, deposits, points).  A file that holds other hands of a game (an excerpt) has
each hand replayed from the round and points it gives; so are private lobbies whose rules are not known
here, when their game goes where a ranked game would not.  The hand checks (every action, yaku, fu,
points, score changes) are the same either way; bot/logs/final_check.py compares the game's end.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from bot.engine import actions as A
from bot.engine.actions import Action, IllegalAction
from bot.engine.game import Game
from bot.engine.registry import load_rules
from bot.engine.ruleset import NextHand, RuleSet
from bot.engine.state import CLAIM, TURN
from bot.engine.views import label_of
from bot.hand.meld import MeldType
from bot.logs.final_check import check_end
from bot.logs.record import RecordedGame, RecordedHand, RecordError, Step, final_rounding
from bot.logs.replay_report import Mismatch, Note, ReplayReport, ReplayStop, what_of

ABORT_TYPES = {
    "yao9": "nine_terminals",
    "reach4": "four_riichi",
    "ron3": "triple_ron",
    "kan4": "four_kans",
    "kaze4": "four_winds",
    "nm": "nagashi",
}
REPLACEMENT_CALLS = (MeldType.KAN, MeldType.ANKAN, MeldType.KAKAN)


# ---------------------------------------------------------------------------- walls
def build_wall(rules: RuleSet, hand: RecordedHand, steps: list[Step], source: str = "") -> list[int]:
    """Lay the recorded deal, draws and indicators into one wall (see bot/engine/wall.py)."""
    n = rules.players
    tile_ids = rules.tile_ids()
    total = len(tile_ids)
    wall: list[int | None] = [None] * total
    position = 0
    for k in range(n):
        for t in hand.deal[(hand.dealer + k) % n]:
            wall[position] = t
            position += 1
    live, replacements = _draw_sequences(steps)
    # Replacements past the dead wall's own slots come from the back of the live wall.
    from_live = max(0, len(replacements) - rules.replacement_slots)
    if position + len(live) + from_live > total - rules.dead_size:
        raise RecordError(
            source, f"hand {hand.label}: more draws than the wall holds", "record.hand.wall", hand=hand.label
        )
    for i, t in enumerate(live):
        wall[position + i] = t
    dead = rules.dead_size
    for k, t in enumerate(replacements):
        slot = (
            total - dead + k
            if k < rules.replacement_slots
            else total - dead - 1 - (k - rules.replacement_slots)
        )
        wall[slot] = t
    dora = [hand.dora_indicator] + [s.tile for s in steps if s.kind == "dora"]
    for i, t in enumerate(dora[:5]):
        wall[total - 10 + i] = t
    for i, t in enumerate(_ura(steps)[:5]):
        wall[total - 5 + i] = t
    used = [t for t in wall if t is not None]
    if len(used) != len(set(used)):
        raise RecordError(
            source,
            f"hand {hand.label}: the record uses a tile twice",
            "record.hand.tile_twice",
            hand=hand.label,
        )
    foreign = sorted(set(used) - set(tile_ids))
    if foreign:
        raise RecordError(
            source,
            f"hand {hand.label}: tile ids {foreign[:4]} are not in the {rules.id} tile set",
            "record.hand.foreign_tiles",
            hand=hand.label,
            rules=rules.id,
        )
    spare = iter(sorted(set(tile_ids) - set(used)))
    return [t if t is not None else next(spare) for t in wall]


def _draw_sequences(steps: list[Step]) -> tuple[list[int], list[int]]:
    live: list[int] = []
    replacements: list[int] = []
    after_kan = False
    for step in steps:
        if step.kind == "call" and (step.kita or (step.meld and step.meld.type in REPLACEMENT_CALLS)):
            after_kan = True
        elif step.kind == "draw":
            (replacements if after_kan else live).append(step.tile)
            after_kan = False
    return live, replacements


def _ura(steps: list[Step]) -> list[int]:
    for step in steps:
        if step.kind == "win" and step.attrs.get("doraHaiUra"):
            return [int(x) for x in step.attrs["doraHaiUra"].split(",")]
    return []


# ---------------------------------------------------------------------------- replay
# Earlier Tenhou rule versions (the seed's change log), tried when a record does not match today's.
# Each with its note.
_MATCHES = "matches Tenhou's rules"
HISTORICAL_RULES: tuple[tuple[Note, dict[str, Any]], ...] = (
    (
        Note(
            f"{_MATCHES} before 2010-06-01: no tenpai stop for the last dealer", "cli.replay.note.rules_2010"
        ),
        {"tenpai_stop": False},
    ),
    (
        Note(f"{_MATCHES} before 2009-08-01: east-only uma 5-10", "cli.replay.note.rules_2009"),
        {"uma": "5-10"},
    ),
)


def replay_record(record: RecordedGame) -> ReplayReport:
    """Replay under today's Tenhou rules, then under the earlier rule versions if that fails; the
    report of the first version that matches (or of today's rules when none does)."""
    report = replay_with_rules(record, {})
    if report.ok or record.players != 4 or not record.hands:
        return report
    for note, options in HISTORICAL_RULES:
        retry = replay_with_rules(record, options)
        if retry.ok:
            retry.notes.append(note)
            return retry
    return report


def replay_with_rules(record: RecordedGame, overrides: dict[str, Any]) -> ReplayReport:
    """Drive the referee with the record and compare; stops at the first difference."""

    options = {**record.options, "final_rounding": final_rounding(record.final), **overrides}
    report = ReplayReport(record.source, notes=list(record.notes))
    if not record.hands:
        report.empty = True
        report.notes.append(Note("the file holds no hand of a game", "cli.replay.note.no_hands"))
        return report
    rules = load_rules(record.rules, options)
    run = _Run(record, options, rules, report)
    try:
        steps = [run.choose_reading(i, hand) for i, hand in enumerate(record.hands)]
        walls = [build_wall(rules, h, s, record.source) for h, s in zip(record.hands, steps, strict=True)]
        run.walls, run.steps = walls, steps
        for index, hand in enumerate(record.hands):
            run.play(index, hand)
            report.hands += 1
        check_end(run.game, record, report, started_at_start=run.from_start)
    except ReplayStop as stop:
        report.mismatch = stop.mismatch
    report.game = run.game
    return report


class _Run:
    """The games a replay plays: one from the game's start, or a fresh one where the record jumps."""

    def __init__(self, record: RecordedGame, options: dict[str, Any], rules: RuleSet, report: ReplayReport):
        self.record = record
        self.options = options
        self.rules = rules
        self.report = report
        self.walls: list[list[int]] = []
        self.steps: list[list[Step]] = []
        self.game: Game | None = None
        self.from_start = record.starts_at_game_start(rules.start_points)
        # Whether the hands must follow the referee's game from one to the next: a whole Tenhou game
        # (mjlog, or tenhou.net/6 with its final scores) of a lobby whose rules are Tenhou's ranked ones.
        self.strict = (record.dora_timing or record.final is not None) and record.lobby_rules_known

    def fresh_game(self, index: int, steps: list[list[Step]] | None = None) -> Game:
        """A game that starts at hand ``index`` as the record gives it (the game's start for hand 0)."""
        hand = self.record.hands[index]
        walls = self.walls[index:] if steps is None else [build_wall(self.rules, hand, steps[0])]
        walls = walls + [sorted(self.rules.tile_ids())]  # lets the referee start a hand the record lacks
        at_start = index == 0 and self.from_start
        return Game(
            self.record.rules,
            self.options,
            "record",
            walls=walls,
            start_points=list(hand.points),
            dice=[h.dice for h in self.record.hands[index:]],
            first_hand=None if at_start else NextHand(hand.round_wind, hand.dealer, hand.honba),
            first_sticks=0 if at_start else hand.sticks,
        )

    def choose_reading(self, index: int, hand: RecordedHand) -> list[Step]:
        """The first reading of the hand under which the referee accepts every action and result."""
        if not hand.alternatives:
            return hand.steps
        for steps in [hand.steps, *hand.alternatives]:
            trial = ReplayReport(self.record.source)
            game = self.fresh_game(index, [steps])
            try:
                _Replayer(game, self.record, hand, steps, trial).run()
                return steps
            except (ReplayStop, RecordError):
                continue
        return hand.steps  # none replays: the first one's difference is reported

    def play(self, index: int, hand: RecordedHand) -> None:
        game = self.game
        if game is None:
            self.game = game = self.fresh_game(index)
            if index > 0 or not self.from_start:
                starts = f"hand {hand.label}{_REPLAYED} (the file starts there)"
                self._excerpt(Note(starts, "cli.replay.note.starts_there", hand=hand.label))
        elif not _starts_as_recorded(game, hand):
            if self.strict:
                _Replayer(game, self.record, hand, self.steps[index], self.report).check_start()
            if game.over:
                over = f"hand {hand.label}{_REPLAYED} (the game is over after the hand before)"
                note = Note(over, "cli.replay.note.after_game_over", hand=hand.label)
            else:
                round_, points = _where(game)
                goes = f"the game goes to {round_} with {points} after the hand before"
                goes = f"hand {hand.label}{_REPLAYED} ({goes})"
                note = Note(
                    goes, "cli.replay.note.after_goes_on", hand=hand.label, round=round_, points=points
                )
            self.game = game = self.fresh_game(index)
            self._excerpt(note)
        _Replayer(game, self.record, hand, self.steps[index], self.report).run()

    def _excerpt(self, note: Note) -> None:
        """A hand replayed from what the file gives, not from the game's flow: ``note`` says why."""
        self.report.excerpt = True
        self.report.notes.append(note)


def _starts_as_recorded(game: Game, hand: RecordedHand) -> bool:
    if game.over:
        return False
    h = game.hand
    return (h.round_wind, h.dealer, h.honba, h.sticks, list(h.points)) == (
        hand.round_wind,
        hand.dealer,
        hand.honba,
        hand.sticks,
        hand.points,
    )


_REPLAYED = " was replayed from the round, deposits and points the file gives"


def _where(game: Game) -> tuple[str, str]:
    """Where the game goes next: its round (``E2-0``) and the points."""
    h = game.hand
    return label_of(h.round_wind, h.dealer, h.honba), str(list(h.points))


class _Replayer:
    def __init__(
        self, game: Game, record: RecordedGame, hand: RecordedHand, steps: list[Step], report: ReplayReport
    ) -> None:
        self.game = game
        self.record = record
        self.rh = hand
        self.steps = steps
        self.report = report
        self.slot = game.hand.index  # the hand's place in ``game.hands``
        self.label = hand.label
        self.turn = 0
        self.riichi_next: set[int] = set()
        self.dora_expected = 1  # indicators the record has shown so far

    def fail(self, what: Note, expected: Any, got: Any) -> None:
        raise ReplayStop(Mismatch(self.label, self.turn, what, expected, got))

    # -- driving
    def run(self) -> None:
        self.check_start()
        for turn, step in enumerate(self.steps):
            self.turn = turn
            getattr(self, f"step_{step.kind}")(step)
        self.turn = len(self.steps)
        if len(self.game.hands) <= self.slot:
            self.answer_all(pass_only=True)
        if len(self.game.hands) <= self.slot:
            if self.rh is self.record.hands[-1] and not any(
                s.kind in ("win", "draw_end") for s in self.steps
            ):
                self.report.truncated = True
                ends = f"the record ends during hand {self.label}"
                self.report.notes.append(Note(ends, "cli.replay.note.ends_during", hand=self.label))
                return
            waiting = self.game.waiting_for()
            self.fail(
                what_of("end of hand", "end_of_hand"),
                Note("the hand to be over", "cli.replay.value.hand_over"),
                Note(f"waiting for seats {waiting}", "cli.replay.value.waiting", seats=waiting),
            )
        self.check_result()

    def apply(self, action: Action) -> None:
        try:
            self.game.apply(action)
        except IllegalAction as exc:
            legal = [str(a) for a in self.game.legal_actions(action.seat)]
            refused = Note(
                f"refused ({exc}); legal: {legal[:12]}",
                "cli.replay.value.refused",
                reason=exc,
                legal=legal[:12],
            )
            self.fail(what_of("illegal action", "illegal_action"), str(action), refused)
        self.report.actions += 1

    def answer_all(self, pass_only: bool) -> None:
        """Seats still asked about an offered tile: they pass (or ron, for a triple ron)."""
        game = self.game
        if game.over or game.hand.index != self.slot or game.hand.phase != CLAIM:
            return
        for seat in list(game.waiting_for()):
            if game.hand.index != self.slot:
                return
            legal = game.legal_actions(seat)
            ron = [a for a in legal if a.kind == A.RON]
            self.apply(ron[0] if ron and not pass_only else Action(A.PASS, seat))

    def hand_state(self) -> Any:
        if self.game.over or self.game.hand.index != self.slot:
            self.fail(
                what_of("hand still running", "hand_running"),
                Note("more actions in this hand", "cli.replay.value.more_actions"),
                Note("the referee ended the hand", "cli.replay.value.hand_ended"),
            )
        return self.game.hand

    def step_draw(self, step: Step) -> None:
        self.answer_all(pass_only=True)
        h = self.hand_state()
        if h.phase != TURN or h.current != step.seat or h.drawn != step.tile:
            want = Note(
                f"seat {step.seat} draws {step.tile}",
                "cli.replay.value.draws",
                seat=step.seat,
                tile=step.tile,
            )
            got = Note(
                f"seat {h.current} drew {h.drawn}", "cli.replay.value.drew", seat=h.current, tile=h.drawn
            )
            self.fail(what_of("draw", "draw"), want, got)

    def step_discard(self, step: Step) -> None:
        kind = A.RIICHI if step.seat in self.riichi_next else A.DISCARD
        self.riichi_next.discard(step.seat)
        wall = self.hand_state().wall
        self.apply(Action(kind, step.seat, step.tile))
        # Kan dora timing: by the time a discard is made, every indicator the record turned before it
        # must be turned (a closed kan's at once, an open kan's with the kanner's discard).
        if self.record.dora_timing and wall.indicators != self.dora_expected:
            self.fail(what_of("dora indicators turned", "dora_turned"), self.dora_expected, wall.indicators)

    def step_riichi(self, step: Step) -> None:
        if step.attrs["step"] == 1:
            self.riichi_next.add(step.seat)

    def step_dora(self, step: Step) -> None:
        self.dora_expected += 1

    def step_call(self, step: Step) -> None:
        if step.kita:
            self.apply(Action(A.KITA, step.seat, step.tile))
            return
        meld = step.meld
        assert meld is not None
        if meld.type is MeldType.ANKAN:
            self.apply(Action(A.ANKAN, step.seat, None, meld.tiles))
        elif meld.type is MeldType.KAKAN:
            self.apply(Action(A.KAKAN, step.seat, meld.added))
        else:
            kind = {MeldType.CHI: A.CHI, MeldType.PON: A.PON, MeldType.KAN: A.KAN}[meld.type]
            using = list(meld.tiles)
            using.remove(meld.called)  # type: ignore[arg-type]
            self.apply(Action(kind, step.seat, meld.called, tuple(sorted(using))))
            self.answer_all(pass_only=True)

    def step_win(self, step: Step) -> None:
        who, from_who = int(step.attrs["who"]), int(step.attrs["fromWho"])
        h = self.hand_state()
        if who == from_who:
            self.apply(Action(A.TSUMO, who, h.drawn))
        else:
            tile = h.claim.tile if h.claim is not None else -1
            self.apply(Action(A.RON, who, tile))

    def step_draw_end(self, step: Step) -> None:
        kind = step.attrs.get("type")
        if kind == "yao9":
            self.apply(Action(A.NINE_TERMINALS, self.hand_state().current))
        else:
            self.answer_all(pass_only=kind != "ron3")

    # -- comparing
    def check_start(self) -> None:
        game, rh = self.game, self.rh
        if game.over:
            self.fail(
                what_of("game end", "game_end"),
                Note(f"hand {self.label} to be played", "cli.replay.value.to_be_played", hand=self.label),
                Note("the referee ended the game", "cli.replay.value.game_ended"),
            )
        h = game.hand
        got = (h.round_wind, h.dealer, h.honba, h.sticks, list(h.points))
        want = (rh.round_wind, rh.dealer, rh.honba, rh.sticks, rh.points)
        if got != want:
            self.fail(
                what_of("hand start (round wind, dealer, honba, sticks, points)", "hand_start"), want, got
            )

    def check_result(self) -> None:
        result = self.game.hands[self.slot]["result"]
        ends = [s for s in self.steps if s.kind in ("win", "draw_end")]
        if not ends:
            self.fail(
                what_of("result", "result"),
                Note("a recorded result", "cli.replay.value.recorded_result"),
                result,
            )
        if ends[0].kind == "win":
            self.check_wins(ends, result)
        else:
            self.check_draw(ends[0], result)

    def check_wins(self, ends: list[Step], result: dict[str, Any]) -> None:
        if result["kind"] != "win" or len(result["wins"]) != len(ends):
            wins = Note(f"{len(ends)} win(s)", "cli.replay.value.wins", count=len(ends))
            self.fail(what_of("result", "result"), wins, result)
        for step, win in zip(ends, result["wins"], strict=True):
            self.check_win(step.attrs, win)

    def check_win(self, attrs: dict[str, str], win: dict[str, Any]) -> None:
        if int(attrs["who"]) != win["seat"]:
            self.fail(what_of("winner", "winner"), attrs["who"], win["seat"])
        dora = [int(x) for x in attrs["doraHai"].split(",")]
        if attrs.get("_drop_zero"):  # tenhou.net/6 lists the indicators turned by the end of the hand
            dora = dora[: len(win["dora"])]
        if dora != win["dora"]:
            self.fail(what_of("dora indicators", "dora"), dora, win["dora"])
        got_yaku, got_yakuman = tenhou_yaku(win)
        pairs = [int(x) for x in attrs.get("yaku", "").split(",") if x]
        want_yaku = sorted(zip(pairs[::2], pairs[1::2], strict=True))
        want_yakuman = sorted(int(x) for x in attrs.get("yakuman", "").split(",") if x)
        if attrs.get("_drop_zero"):  # tenhou.net/6 leaves out 0-han lines
            got_yaku = [y for y in got_yaku if y[1]]
            want_yaku = [y for y in want_yaku if y[1]]
        if (want_yaku, want_yakuman) != (got_yaku, got_yakuman):
            self.fail(what_of("yaku", "yaku"), (want_yaku, want_yakuman), (got_yaku, got_yakuman))
        fu, points, _limit = (int(x) for x in attrs["ten"].split(","))
        if not want_yakuman and fu >= 0 and fu != win["fu"]:
            self.fail(what_of("fu", "fu"), fu, win["fu"])
        if points != win["points"]:
            self.fail(what_of("points", "points"), points, win["points"])
        want = sc_deltas(attrs["sc"], self.record.players)
        got = [
            d + (1000 * win.get("sticks", 0) if s == win["seat"] else 0) for s, d in enumerate(win["deltas"])
        ]
        if want != got:
            self.fail(what_of("score changes", "score_changes"), want, got)

    def check_draw(self, step: Step, result: dict[str, Any]) -> None:
        attrs = step.attrs
        kind = attrs.get("type")
        expected = ABORT_TYPES.get(kind, "exhaustive") if kind else "exhaustive"
        if result["reason"] != expected:
            self.fail(what_of("draw type", "draw_type"), expected, result["reason"])
        if "sc" in attrs:
            want = sc_deltas(attrs["sc"], self.record.players)
            if want != result["deltas"]:
                self.fail(what_of("score changes", "score_changes"), want, result["deltas"])
        elif attrs.get("_no_tenpai") and any(result["deltas"]):  # 全員聴牌/全員不聴: nobody pays
            self.fail(what_of("score changes", "score_changes"), [0] * self.record.players, result["deltas"])
        if expected in ("exhaustive", "nagashi") and not attrs.get("_no_tenpai"):
            tenpai = [s for s in range(self.record.players) if f"hai{s}" in attrs]
            if tenpai != result["tenpai"]:
                self.fail(what_of("tenpai seats", "tenpai"), tenpai, result["tenpai"])


def tenhou_yaku(win: dict[str, Any]) -> tuple[list[tuple[int, int]], list[int]]:
    """A win record's yaku as Tenhou's (id, han) pairs and yakuman ids, sorted."""
    from bot.rules.riichi.names import tenhou_yaku as named

    score = SimpleNamespace(yaku=[tuple(y) for y in win["yaku"]], yakuman=win["yakuman"])
    yaku, yakuman = named(score)  # type: ignore[arg-type]
    return sorted(yaku), sorted(yakuman)


def sc_deltas(sc: str, players: int) -> list[int]:
    values = [int(x) for x in sc.split(",")]
    return [values[2 * i + 1] * 100 for i in range(players)]
