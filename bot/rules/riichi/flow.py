"""Referee hooks for ``riichi`` (Tenhou four-player) and ``sanma`` (Tenhou three-player).

Decisions taken here, checked against the Tenhou records the oracle tests replay (tests/oracle.py)
where they show it (the rules: docs/rules/riichi.md):
* Kan dora: a closed kan turns its indicator at once; open and added kans when the kanner discards
  (before any ron on that discard), or before the next replacement draw when kans are chained
  (``replay --check`` compares the moment of every DORA of the mjlog records).
* Riichi needs a closed formal tenpai, 1000 points and at least ``players`` tiles left in the live wall
  (one more draw for the declarer: 4 in four-player; 3 in sanma is our reading, no record shows it).
  After riichi a closed kan is allowed only with the tile just drawn and only when the waits and every
  reading of the hand keep that kind as a triplet.
* A seat that lets a winning tile go is furiten until its next discard, and for the rest of the hand
  when in riichi.  As on Tenhou this is by shape: a tile that completes the hand but cannot be ronned
  (no yaku, 片アガリ) makes the seat furiten too, like permanent furiten from its own discards.
* Ippatsu ends with any call; an added kan and a kita end it only once they were not robbed (Tenhou's
  timing), so a ron on them can still have ippatsu.  A win on the tile drawn after a kita is rinshan.
* Nagashi mangan is paid as a mangan tsumo without honba; riichi sticks stay on the table.
* Noten payments: 3000 split in four-player, 2000 in sanma (1 tenpai: +2000/-1000 each).
* Final score: points are rounded to thousands half away from zero (Tenhou's 四捨五入: 24,500 -> 25),
  then the return (30,000 / 40,000) is subtracted and the uma added; first place takes the remainder so
  that the scores sum to zero (this reproduces every ``owari`` of the records).  Tenhou's ranked lobbies
  stopped rounding some time after 2020 (a 2023 houou game ends 48.2/-35.3/-17.1/4.2):
  ``final_rounding="none"`` keeps the hundreds as tenths (replays of such records set it).
* Sanma: replacement tiles for kan and kita come from the dead wall, each one shortening the live wall.
* Options: ``red`` (0 or 3), ``kuitan``, ``length`` (hanchan|east), ``tenpai_stop`` (Tenhou before
  2010-06-01 had none), ``uma`` ("10-20"; Tenhou's east-only games used "5-10" before 2009-08-01) and
  ``final_rounding`` ("thousand" or "none", see the final score).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Set
from itertools import combinations
from types import ModuleType
from typing import Any

from bot.engine import actions as A
from bot.engine.actions import Action, discard_action, discard_actions
from bot.engine.calls import chi_options, chi_possible, discard_left_after
from bot.engine.descriptor import OptionError, OptionSpec
from bot.engine.native import mypyc_attr
from bot.engine.ruleset import NextHand, RuleSet
from bot.engine.state import HandResult, HandState, SeatState
from bot.engine.waits import is_complete, is_kokushi, seat_facts, waits
from bot.hand.decompose import decompositions
from bot.hand.meld import Meld, MeldType
from bot.hand.tiles import (
    DRAGONS,
    EAST,
    NORTH,
    RED_FIVE_IDS,
    TERMINALS_AND_HONORS,
    WINDS,
    counts_of,
    kind_of,
)
from bot.rules.riichi.descriptor import RIICHI
from bot.text import whole_number

NAGASHI_BASE = 2000  # a mangan
#: Not a table option (so not in the schema): Tenhou records of lobbies without the final rounding.
FINAL_ROUNDING = OptionSpec(
    "final_rounding", "choice", "thousand", "final scores to the thousand or as played", ("thousand", "none")
)
UMA_MAX = 1000  # uma in thousands of points: a bound far above any house's, so final scores stay sane numbers


def _scoring() -> ModuleType:
    """The scorer (bot/rules/riichi/scoring.py), imported when first needed."""
    return importlib.import_module("bot.rules.riichi.scoring")


def round_half_away(value: int, unit: int) -> int:
    """``value / unit`` rounded to the nearest whole number, halves away from zero."""
    sign = -1 if value < 0 else 1
    return sign * ((abs(value) * 2 + unit) // (2 * unit))


# Subclassed by mingjiang and the tests' rule sets, never compiled (bot/engine/native.py).
@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)
class RiichiRules(RuleSet):
    id = "riichi"
    players = 4
    start_points = 25000
    return_points = 30000
    uma: tuple[int, ...] = (20, 10, -10, -20)
    has_chi = True
    has_kita = False
    max_ron = 2  # triple ron aborts

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        super().__init__(options)
        schema = RIICHI.options  # sanma's declares the same options; mingjiang reads its own after these
        self.red = schema.value(self.options, "red") == "3"
        self.kuitan = bool(schema.value(self.options, "kuitan"))
        self.length = str(schema.value(self.options, "length"))
        # Tenhou added the dealer's tenpai stop on 2010-06-01; older records need it off.
        self.tenpai_stop = bool(schema.value(self.options, "tenpai_stop"))
        self.uma = self._uma_option(self.options.get("uma"))
        self.final_rounding = str(FINAL_ROUNDING.value_in(self.options))
        self.last_hand = self.players * (2 if self.length == "hanchan" else 1) - 1
        self.max_hand = self.last_hand + self.players
        # Whether a ron needs the tile to be one of riichi's waits (this class's own _can_ron)
        self._ron_by_waits = type(self)._can_ron is RiichiRules._can_ron

    def _uma_option(self, value: Any) -> tuple[int, ...]:
        """``uma`` as "10-20" (4p: +20/+10/-10/-20) or an explicit list; default the class's."""
        if value is None:
            return type(self).uma
        if isinstance(value, str):
            small, big = self._uma_pair(value)
            return (big, small, -small, -big) if self.players == 4 else (big, 0, -big)
        return tuple(int(x) for x in value)

    @staticmethod
    def _uma_pair(text: str) -> tuple[int, int]:
        """ "SMALL-BIG" as two whole numbers, 0 <= SMALL <= BIG <= UMA_MAX; the error names the option."""
        words = text.strip().partition("-")
        small, big = whole_number(words[0], most_digits=4), whole_number(words[2], most_digits=4)
        if small is not None and big is not None and small <= big <= UMA_MAX:
            return small, big
        raise OptionError(
            f"uma must be SMALL-BIG, two whole numbers up to {UMA_MAX} (e.g. 10-20), not {text!r}",
            "option.uma",
            most=UMA_MAX,
            value=text,
        )

    # --- tiles -------------------------------------------------------------------------
    def tile_ids(self) -> list[int]:
        return list(range(136))

    @property
    def red_ids(self) -> frozenset[int]:
        return RED_FIVE_IDS if self.red else frozenset()

    def score_options(self) -> Any:
        scoring = _scoring()
        return scoring.RiichiOptions(players=self.players, red=self.red, kuitan=self.kuitan)

    # --- the turn ----------------------------------------------------------------------
    def discard_options(self, hand: HandState, seat: int) -> list[Action]:
        s = hand.seats[seat]
        if s.riichi:
            return [discard_action(seat, hand.drawn)] if hand.drawn is not None else []
        forbidden = s.forbidden_kinds
        row = discard_actions(seat)
        if not forbidden:
            return [row[t] for t in s.concealed]
        return [row[t] for t in s.concealed if kind_of(t) not in forbidden]

    def turn_options(self, hand: HandState, seat: int, only: str | None = None) -> list[Action]:
        if hand.drawn is None:  # right after a chi or pon: discard only
            return []
        s = hand.seats[seat]
        found: list[Action] = []
        wanted = {only} if only else {A.TSUMO, A.RIICHI, A.ANKAN, A.KITA, A.NINE_TERMINALS}
        if A.TSUMO in wanted and self.evaluate_win(hand, seat, hand.drawn, "tsumo") is not None:
            found.append(Action(A.TSUMO, seat, hand.drawn))
        if A.RIICHI in wanted:
            found += self._riichi_options(hand, seat, s)
        if wanted & {A.ANKAN, A.KAKAN}:
            found += self._kan_options(hand, seat, s)
        if A.KITA in wanted:
            found += self._kita_options(hand, seat, s)
        if A.NINE_TERMINALS in wanted and self._nine_terminals_allowed(hand, s):
            found.append(Action(A.NINE_TERMINALS, seat))
        return found

    def riichi_tiles_left(self) -> int:
        """Riichi needs a draw still to come: at least this many tiles in the live wall."""
        return self.players

    def hand_waits(self, counts: list[int]) -> Set[int]:
        """The kinds that complete a hand of these counts (the shapes this rule set knows)."""
        return waits(counts)

    def _riichi_options(self, hand: HandState, seat: int, s: SeatState) -> list[Action]:
        if (
            s.riichi
            or not s.is_closed
            or hand.points[seat] < self.stick_points
            or hand.wall.live_left < self.riichi_tiles_left()
        ):
            return []
        facts = seat_facts(hand, seat)
        # Riichi's shapes: no discard leaves a ready hand when the 14 tiles are 1-shanten or more (the
        # common case, answered with a few table look-ups instead of a wait check per kind; the seat's
        # waits after its discard are then known to be none too: SeatFacts.changed_to).
        riichi_shapes = type(self).hand_waits is RiichiRules.hand_waits
        if riichi_shapes and facts.shanten_exceeds(4 - len(s.melds), 0):
            return []
        counts = list(facts.counts)
        tenpai_after: dict[int, bool] = {}
        found = []
        for t in s.concealed:
            k = kind_of(t)
            if k not in tenpai_after:
                counts[k] -= 1
                tenpai_after[k] = bool(self.hand_waits(counts))
                counts[k] += 1
            if tenpai_after[k]:
                found.append(Action(A.RIICHI, seat, t))
        return found

    def _kan_options(self, hand: HandState, seat: int, s: SeatState) -> list[Action]:
        if hand.wall.live_left <= 0 or len(hand.kans) >= 4:
            return []
        counts = seat_facts(hand, seat).counts
        found = []
        for k in sorted({kind_of(t) for t in s.concealed}) if 4 in counts else ():
            if counts[k] == 4 and (not s.riichi or self._riichi_kan_keeps_waits(hand, s, k)):
                using = tuple(sorted(t for t in s.concealed if kind_of(t) == k))
                found.append(Action(A.ANKAN, seat, None, using))
        for meld in s.melds:
            if meld.type is MeldType.PON:
                found += [Action(A.KAKAN, seat, t) for t in s.concealed if kind_of(t) == meld.kind]
        return found

    def _riichi_kan_keeps_waits(self, hand: HandState, s: SeatState, kind: int) -> bool:
        """Tenhou: only the tile just drawn, and neither the waits nor any reading may change."""
        if hand.drawn is None or kind_of(hand.drawn) != kind:
            return False
        before = s.counts()
        before[kind] -= 1
        after = list(before)
        after[kind] = 0
        old_waits = self.hand_waits(before)
        if not old_waits or self.hand_waits(after) != old_waits:
            return False
        return self._kan_changes_no_reading(before, kind, old_waits)

    def _kan_changes_no_reading(self, before: list[int], kind: int, old_waits: Set[int]) -> bool:
        """Tenhou: every reading of every completed hand holds ``kind`` as a triplet."""
        for w in old_waits:
            before[w] += 1
            readings = decompositions(before)
            before[w] -= 1
            if any(not any(b.first == kind and not b.sequence for b in d.blocks) for d in readings):
                return False
        return True

    def _kita_options(self, hand: HandState, seat: int, s: SeatState) -> list[Action]:
        if not self.has_kita or hand.wall.live_left <= 0:
            return []
        if s.riichi:
            drawn = hand.drawn
            return [Action(A.KITA, seat, drawn)] if drawn is not None and kind_of(drawn) == NORTH else []
        return [Action(A.KITA, seat, t) for t in s.concealed if kind_of(t) == NORTH]

    def _nine_terminals_allowed(self, hand: HandState, s: SeatState) -> bool:
        if hand.calls_made or s.turns_taken:
            return False
        return len({kind_of(t) for t in s.concealed} & TERMINALS_AND_HONORS) >= 9

    # --- claims ------------------------------------------------------------------------
    def claim_options(self, hand: HandState, seat: int, tile: int, context: str, giver: int) -> list[Action]:
        facts = seat_facts(hand, seat)
        k = kind_of(tile)
        # Riichi's own ron check (_can_ron) first asks whether the tile is a wait: asked here of the facts
        # at hand, so most seats skip it (a rule set with its own check still has it asked).
        if context != "ankan" and self._ron_by_waits and k not in facts.waits:
            found = []
        else:
            found = [Action(A.RON, seat, tile)] if self._can_ron(hand, seat, tile, context) else []
        if context != "discard":  # calls only on a discard
            return found
        # The counts first: most offered tiles give most seats neither a pon nor a chi.
        counts = facts.counts
        players = len(hand.seats)
        pon_shape = counts[k] >= 2
        chi_shape = self.has_chi and seat == (giver + 1) % players and chi_possible(counts, k)
        s = hand.seats[seat]
        # Never in riichi, never on the last tile of the wall.
        if not (pon_shape or chi_shape) or s.riichi or hand.wall.live_left <= 0:
            return found
        if pon_shape:
            same = sorted(t for t in s.concealed if kind_of(t) == k)
            pon = Meld(MeldType.PON, (same[0], same[1], tile), tile, (giver - seat) % players)
            forbidden = self.forbidden_after_call(pon)
            for pair in combinations(same, 2):
                if discard_left_after(s.concealed, pair, forbidden):
                    found.append(Action(A.PON, seat, tile, pair))
            if len(same) == 3 and len(hand.kans) < 4:
                found.append(Action(A.KAN, seat, tile, tuple(same)))
        if chi_shape:
            found += chi_options(s.concealed, seat, tile, self.forbidden_after_call)
        return found

    @staticmethod
    def seat_waits(hand: HandState, seat: int) -> frozenset[int]:
        """The waits of ``seat``'s concealed hand, kept until that hand changes: other seats' discards,
        calls and passes leave it as it is, so a claim window asks again for free."""
        return seat_facts(hand, seat).waits

    def _can_ron(self, hand: HandState, seat: int, tile: int, context: str) -> bool:
        s = hand.seats[seat]
        k = kind_of(tile)
        if context == "ankan":  # only thirteen orphans robs a closed kan (at most two of a kind)
            counts = s.counts()
            counts[k] += 1
            if not is_kokushi(counts):
                return False
            counts[k] -= 1
            ready = waits(counts)
        else:
            ready = self.seat_waits(hand, seat)  # an offered tile is never a fifth copy
            if k not in ready:
                return False
        if s.temporary_furiten or s.riichi_furiten:
            return False
        if ready & s.discard_kinds():
            return False  # permanent furiten: a wait is among your own discards
        return self.evaluate_win(hand, seat, tile, context) is not None

    def on_pass(self, hand: HandState, seat: int, offered: list[Action]) -> None:
        tile = offered[0].tile
        if tile is not None:
            self._missed(hand, seat, tile, any(a.kind == A.RON for a in offered))

    def tile_passed_unasked(self, hand: HandState, seat: int, tile: int, context: str) -> None:
        # Every seat that could not answer a discard comes here: the wait test first, in place.
        if context != "ankan" and kind_of(tile) in self.seat_waits(hand, seat):
            self._let_go(hand.seats[seat])

    def _missed(self, hand: HandState, seat: int, tile: int, ron_offered: bool) -> None:
        if ron_offered or kind_of(tile) in self.seat_waits(hand, seat):
            self._let_go(hand.seats[seat])

    @staticmethod
    def _let_go(s: SeatState) -> None:
        """A seat let go a tile that completes its hand: furiten until its next discard (for the
        hand when in riichi).  On Tenhou this holds even when the tile could not be ronned (no
        yaku): 片アガリ passes count, as wins below the old two-han minimum did."""
        if s.riichi:
            s.riichi_furiten = True
        else:
            s.temporary_furiten = True

    def on_call(self, hand: HandState, seat: int, giver: int) -> None:
        """Pao: the giver of the third dragon set or the fourth wind set is liable."""
        melds = hand.seats[seat].melds
        kind = melds[-1].kind
        if melds[-1].type is MeldType.CHI or (kind not in DRAGONS and kind not in WINDS):
            return
        group = DRAGONS if kind in DRAGONS else WINDS
        sets = sum(1 for m in melds if m.type is not MeldType.CHI and m.kind in group)
        if sets == len(group):
            hand.liable[seat] = giver

    # --- wins --------------------------------------------------------------------------
    def situation(self, hand: HandState, seat: int, tile: int, context: str) -> Any:
        scoring = _scoring()
        s = hand.seats[seat]
        tsumo = context == "tsumo"
        first_turn = tsumo and not hand.calls_made and s.turns_taken == 0
        live_left = hand.wall.live_left
        return scoring.WinSituation(
            win_tile=tile,
            tsumo=tsumo,
            seat_wind=EAST + hand.seat_wind(seat),
            round_wind=EAST + hand.round_wind,
            riichi=s.riichi and not s.double_riichi,
            double_riichi=s.double_riichi,
            ippatsu=s.ippatsu,
            rinshan=tsumo and hand.replacement_draw,
            chankan=context == "kakan",
            haitei=tsumo and not hand.replacement_draw and live_left == 0,
            houtei=context == "discard" and live_left == 0,
            tenhou=first_turn and seat == hand.dealer,
            chiihou=first_turn and seat != hand.dealer,
            dora_indicators=tuple(hand.wall.dora_indicators()),
            ura_indicators=tuple(hand.wall.ura_indicators()) if s.riichi else (),
            kita=len(s.kita),
            honba=hand.honba,
            sticks=hand.sticks,
        )

    def evaluate_win(self, hand: HandState, seat: int, tile: int, context: str) -> Any:
        """The scorer's RiichiScore, or None when this is not a win with a yaku."""
        s = hand.seats[seat]
        if context == "tsumo":
            concealed = s.concealed
            if not seat_facts(hand, seat).complete:
                return None
        else:
            concealed = s.concealed + [tile]
            if not is_complete(counts_of(concealed)):
                return None
        scoring = _scoring()
        try:
            return scoring.score_hand(
                concealed, s.melds, self.situation(hand, seat, tile, context), self.score_options()
            )
        except scoring.NotAWin:
            return None

    def settle_wins(self, hand: HandState, wins: list[tuple[int, int, int | None, str]]) -> HandResult:
        deltas = [0] * hand.players
        results = []
        for i, (winner, tile, giver, context) in enumerate(wins):
            score = self.evaluate_win(hand, winner, tile, context)
            seat_deltas = self._win_deltas(hand, score, winner, giver, honba=hand.honba if i == 0 else 0)
            deltas = [a + b for a, b in zip(deltas, seat_deltas, strict=True)]
            results.append(_win_record(hand, score, winner, tile, giver, seat_deltas))
        first = wins[0][0]
        deltas[first] += 1000 * hand.sticks
        results[0]["sticks"] = hand.sticks
        dealer_keeps = any(w[0] == hand.dealer for w in wins)
        return HandResult("win", deltas, results, dealer_keeps=dealer_keeps, sticks_taken=hand.sticks)

    def _win_deltas(
        self, hand: HandState, score: Any, winner: int, giver: int | None, honba: int
    ) -> list[int]:
        scoring = _scoring()
        liable = hand.liable.get(winner)
        if liable is not None and not self._pao_applies(score):
            liable = None
        settle: Callable[..., list[int]] = scoring.settle_win
        return settle(
            score,
            winner=winner,
            dealer=hand.dealer,
            discarder=giver,
            players=hand.players,
            honba=honba,
            liable=liable,
        )

    @staticmethod
    def _pao_applies(score: Any) -> bool:
        """Liability covers daisangen and daisuushii (and any yakuman combined with them)."""
        return bool(score.pao_possible)

    # --- draws -------------------------------------------------------------------------
    def after_discard_passed(self, hand: HandState, seat: int) -> HandResult | None:
        s = hand.seats[seat]
        if s.riichi_pending:
            s.riichi_pending = False
            s.riichi = True
            s.ippatsu = True
            hand.points[seat] -= 1000
            hand.sticks += 1
        if self.players == 4 and all(x.riichi for x in hand.seats):
            return self.settle_abort(hand, "four_riichi")
        if self._four_winds(hand):
            return self.settle_abort(hand, "four_winds")
        if len(hand.kans) == 4 and len(set(hand.kans)) > 1:
            return self.settle_abort(hand, "four_kans")
        return None

    def _four_winds(self, hand: HandState) -> bool:
        first = hand.first_discards
        return (
            self.players == 4
            and not hand.calls_made
            and len(first) == 4
            and first[0] in WINDS
            and all(k == first[0] for k in first)
        )

    def tenpai_seats(self, hand: HandState) -> list[int]:
        return [seat for seat in range(hand.players) if seat_facts(hand, seat).waits]

    def settle_exhaustive_draw(self, hand: HandState) -> HandResult:
        tenpai = self.tenpai_seats(hand)
        nagashi = [i for i, s in enumerate(hand.seats) if _nagashi(s)]
        if nagashi:
            deltas = [0] * hand.players
            for seat in nagashi:
                for payer in range(hand.players):
                    if payer != seat:
                        share = 2 * NAGASHI_BASE if hand.dealer in (seat, payer) else NAGASHI_BASE
                        deltas[payer] -= share
                        deltas[seat] += share
            reason = "nagashi"
        else:
            deltas = self.noten_payments(hand.players, tenpai)
            reason = "exhaustive"
        return HandResult("draw", deltas, reason=reason, tenpai=tenpai, dealer_keeps=hand.dealer in tenpai)

    def noten_payments(self, players: int, tenpai: list[int]) -> list[int]:
        deltas = [0] * players
        if 0 < len(tenpai) < players:
            pot = 3000 if players == 4 else 2000
            gain = pot // len(tenpai)
            loss = pot // (players - len(tenpai))
            for seat in range(players):
                deltas[seat] = gain if seat in tenpai else -loss
        return deltas

    def settle_abort(self, hand: HandState, reason: str) -> HandResult:
        return HandResult("abort", [0] * hand.players, reason=reason, dealer_keeps=True)

    # --- the game ----------------------------------------------------------------------
    def next_hand(
        self, hand: HandState, result: HandResult, points: list[int], hands_played: int
    ) -> NextHand | None:
        n = self.players
        keeps = result.dealer_keeps
        honba = hand.honba + 1 if keeps or result.kind != "win" else 0
        position = hand.round_wind * n + (hand.dealer - self.first_dealer(hand)) % n
        stop = result.kind != "abort" and (result.kind == "win" or self.tenpai_stop)
        if self.game_ends_after(position, points, hand.dealer, dealer_keeps=keeps, stop=stop):
            return None
        if keeps:
            return NextHand(hand.round_wind, hand.dealer, honba)
        dealer = (hand.dealer + 1) % n
        round_wind = hand.round_wind + (1 if dealer == self.first_dealer(hand) else 0)
        return NextHand(round_wind, dealer, honba)

    def game_ends_after(
        self, position: int, points: list[int], dealer: int, *, dealer_keeps: bool, stop: bool
    ) -> bool:
        """Whether the game ends after a hand at dealer ``position`` (East 1 = 0) that leaves ``points``:
        a bust; or in the last hand or later, a dealer who keeps the deal with ``stop`` (a win, or
        tenpai where that stops the game) and is first with the return points, or a deal that passes
        with someone at the return points or in the extension's last hand.  The computer players read
        a win's end with it too (bot/ai/placement.py)."""
        if any(p < 0 for p in points):
            return True  # bust
        if position < self.last_hand:
            return False
        if dealer_keeps:
            return stop and self._dealer_first(points, dealer)
        return position >= self.max_hand or max(points) >= self.return_points

    @staticmethod
    def first_dealer(hand: HandState) -> int:
        return 0

    def _dealer_first(self, points: list[int], dealer: int) -> bool:
        return ranking(points)[0] == dealer and points[dealer] >= self.return_points

    def final_scores(self, points: list[int], sticks: int) -> list[dict[str, Any]]:
        order = ranking(points)
        final = list(points)
        final[order[0]] += 1000 * sticks
        # In tenths of a thousand points: whole thousands unless the hundreds are kept (final_rounding).
        tenths = [0] * self.players
        for rank, seat in enumerate(order[1:], start=1):
            if self.final_rounding == "none":
                kept = (final[seat] - self.return_points) // 100
            else:
                kept = (round_half_away(final[seat], 1000) - self.return_points // 1000) * 10
            tenths[seat] = kept + 10 * self.uma[rank]
        tenths[order[0]] = -sum(tenths)
        return [
            {
                "seat": seat,
                "rank": order.index(seat) + 1,
                "points": final[seat],
                "score": _score(tenths[seat]),
            }
            for seat in range(self.players)
        ]


def _score(tenths: int) -> int | float:
    """A final score as Tenhou writes it: a whole number, or one decimal when the hundreds are kept."""
    return tenths // 10 if tenths % 10 == 0 else tenths / 10


def ranking(points: list[int]) -> list[int]:
    """Seats from first to last; ties go to the seat that was East in East 1 (seat 0), then in order."""
    return sorted(range(len(points)), key=lambda seat: (-points[seat], seat))


def _nagashi(s: SeatState) -> bool:
    return bool(s.discards) and all(
        kind_of(d.tile) in TERMINALS_AND_HONORS and not d.called for d in s.discards
    )


def _win_record(
    hand: HandState, score: Any, winner: int, tile: int, giver: int | None, deltas: list[int]
) -> dict[str, Any]:
    return {
        "seat": winner,
        "from": giver,
        "tile": tile,
        "yaku": [list(y) for y in score.yaku],
        "han": score.han,
        "fu": score.fu,
        "yakuman": score.yakuman,
        "points": score.points,
        "deltas": deltas,
        "liable": hand.liable.get(winner),
        "dora": hand.wall.dora_indicators(),
        "ura": hand.wall.ura_indicators() if hand.seats[winner].riichi else [],
    }


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)
class SanmaRules(RiichiRules):
    id = "sanma"
    players = 3
    start_points = 35000
    return_points = 40000
    uma: tuple[int, ...] = (20, 0, -20)
    has_chi = False
    has_kita = True
    replacement_slots = 4

    def tile_ids(self) -> list[int]:
        return [t for t in range(136) if not 1 <= t // 4 <= 7]

    @property
    def red_ids(self) -> frozenset[int]:
        return frozenset({52, 88}) if self.red else frozenset()
