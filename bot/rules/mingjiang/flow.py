"""Referee hooks for ``mingjiang`` (明將麻雀, ``docs/rules/mingjiang.md``): the riichi flow with its own data.

The hand is played like riichi (:class:`~bot.rules.riichi.flow.RiichiRules` gives the turn and claim
options); this module changes what differs: the wall, dora, riichi, furiten, kuikae, liability, the
scorer and payments (``bot.rules.mingjiang``), and the game progression with the decider hands.

Decisions the rules file leaves open, taken here:
* Wall layout (bot/engine/wall.py's convention): the 14-tile dead wall is never touched by replacement
  draws (``replacement_slots = 0``: they come from the far end of the live wall).  The indicators are
  the dead wall's dora slots in order (2, 3 or 4 of them by the dealer streak); the ura indicator is the
  slot under the first indicator.  No kan turns an indicator.
* The view's ``honba`` is the dealer streak (there is no honba in this rule set); it sets the number of
  indicators.  In the decider hands the view keeps ``round_wind`` = South for display, but the scorer
  is told there is no round wind; the view's ``decider`` says which hands these are.
* Furiten rule (b) ("the same kind discarded by anyone since your last discard") counts discards only;
  a tile added to a kan is not a discard.  A seat's hand does not change between its own discards, so
  the kinds are collected as they are let go and cleared at the seat's next draw or call.
* Riichi: closed tenpai in any winning shape of this rule set (seven pairs with a four, knitted
  included), at least 10 points and 4 tiles in the live wall.  Locked: only the drawn tile may be
  discarded; a closed kan only with the drawn tile and only when the waits stay the same.
* No calls on the last discard (the last-tile ron 河底撈魚 is still allowed), as in riichi.  A thirteen
  orphans hand cannot rob a closed kan, so a closed kan is never offered.
* Liability (包牌): set when a call from a discard completes, among the caller's melds, three dragon
  sets, four wind sets, four kans (open kan only), four chained triplets of one suit or four identical
  sequences; it applies when the winning hand's limit is the one that call completed.
* A win on the replacement of an open kan called from a discard is paid as a ron by that discarder
  (the replacement of a later added or closed kan is a plain self-draw).
* First-go-around limits: 天和 is the dealer's tsumo before any call or closed kan; 地和 a non-dealer's
  ron on the dealer's first discard with the dealt 13; 人和 any other non-dealer win before its first
  discard.  A closed kan by anyone voids all three, like a call.
* Head bump: only the first ron in turn order from the discarder wins.  No abortive draws, at most
  four kans in a hand.
* Tenpai at the exhaustive draw is by shape (no yaku needed), like riichi.
* Option ``length``: ``hanchan`` (East 1 to South 4, the rules) or ``east`` (a short game: East 1 to
  East 4, then the decider as after South 4).
* The decider goes on until it has a result, as in the rules.  Option ``decider_hands`` (0 = none, the
  default) ends the game on the current points once that many decider hands were played without a
  result: ``mahjong-bot simulate`` passes its descriptor's ``random_play_cap`` (20) only to tables of
  random players, which almost never win and would otherwise play on until the draw payments bust someone.
* Entering the decider, a tie for first place goes to the seat nearer the South 4 dealer in turn order
  (the dealer first), the rules' tie-break for first.  Final ``score``: (points - 300) / 10 + uma
  (option ``uma``, default "10-20") + oka 20 to first place, after the deposits went to first place.
"""

from __future__ import annotations

from collections.abc import Set
from typing import Any

from bot.engine.actions import Action
from bot.engine.ruleset import NextHand
from bot.engine.state import HandResult, HandState, SeatState
from bot.engine.waits import waits
from bot.hand.decompose import is_knitted, is_seven_pairs
from bot.hand.meld import Meld, MeldType
from bot.hand.tiles import DRAGONS, EAST, NUM_KINDS, WINDS, counts_of, kind_of
from bot.rules.mingjiang import (
    MingjiangScore,
    MingjiangSituation,
    NotAWin,
    dora_indicator_count,
    exhaustive_draw_payments,
    score_hand,
    settle_win,
)
from bot.rules.mingjiang.descriptor import MINGJIANG
from bot.rules.mingjiang.points import RETURN_POINTS, RIICHI_DEPOSIT, START_POINTS
from bot.rules.riichi.flow import RiichiRules

LAST_REGULAR_HAND = {"hanchan": 7, "east": 3}  # South 4 / East 4 (round wind * 4 + dealer)
RIICHI_TILES_LEFT = 4
DECIDER_HANDS = 0  # no limit on decider hands by default, as in the rules
# The safety cap for tables of random players: not in the rules.
OKA = (RETURN_POINTS - START_POINTS) * 4 // 10  # 20 league points to first place


def mingjiang_waits(counts: list[int]) -> set[int]:
    """Kinds completing 13 tiles in any mingjiang shape: regular, seven pairs (a four as two pairs),
    knitted, thirteen orphans."""
    found = set(waits(counts))
    if sum(c // 2 for c in counts) >= 6 or _may_be_knitted(counts):
        for k in range(NUM_KINDS):
            if counts[k] >= 4 or k in found:
                continue
            counts[k] += 1
            if is_seven_pairs(counts, four_as_two_pairs=True) or is_knitted(counts):
                found.add(k)
            counts[k] -= 1
    return found


def _may_be_knitted(counts: list[int]) -> bool:
    """13 different kinds whose number tiles keep to one of 147/258/369 per suit, a different one each."""
    if NUM_KINDS - counts.count(0) < 13 or max(counts) > 1:
        return False
    used: list[int] = []
    for suit in range(3):
        residues = {k % 3 for k in range(9) if counts[9 * suit + k]}
        if len(residues) > 1:
            return False
        used += residues
    return len(used) == len(set(used))


def is_mingjiang_shape(counts: list[int]) -> bool:
    """A complete 14-tile concealed part in some mingjiang shape (a cheap gate before scoring)."""
    total = sum(counts)
    if total % 3 != 2:
        return False
    one_less = list(counts)
    for k in range(NUM_KINDS):
        if one_less[k]:
            one_less[k] -= 1
            complete = k in mingjiang_waits(one_less)
            one_less[k] += 1
            return complete
    return False


def called_limits(melds: list[Meld]) -> set[str]:
    """The liable limit hands (包牌) the melds alone already make."""
    sets = [m for m in melds if m.type is not MeldType.CHI]
    found = set()
    if sum(1 for m in sets if m.kind in DRAGONS) == 3:
        found.add("big_three_dragons")
    if sum(1 for m in sets if m.kind in WINDS) == 4:
        found.add("big_four_winds")
    if sum(1 for m in melds if m.is_kan) == 4:
        found.add("four_kans")
    numbers = sorted({m.kind for m in sets if m.kind < 27})
    if any(
        numbers[i + 3] == numbers[i] + 3 and numbers[i] // 9 == numbers[i + 3] // 9
        for i in range(len(numbers) - 3)
    ):
        found.add("four_chained")
    chis = [m.kind for m in melds if m.type is MeldType.CHI]
    if any(chis.count(k) == 4 for k in chis):
        found.add("four_identical_sequences")
    return found


class MingjiangRules(RiichiRules):
    id = "mingjiang"
    players = 4
    start_points = START_POINTS
    return_points = RETURN_POINTS
    uma: tuple[int, ...] = (20, 10, -10, -20)
    dead_size = 14
    replacement_slots = 0  # replacements come from the live wall's far end
    stick_points = RIICHI_DEPOSIT
    kan_dora = False
    has_chi = True
    has_kita = False
    max_ron = 1  # head bump
    has_decider = True  # 決勝局 after South 4 (East 4 in the short game)
    extra_rons_abort = False

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        super().__init__({k: v for k, v in (options or {}).items() if k in ("uma", "length")})
        self.options = dict(options or {})
        self.red = False
        self.last_regular_hand = LAST_REGULAR_HAND[MINGJIANG.options.value(self.options, "length")]
        self.decider_hands = int(MINGJIANG.options.value(self.options, "decider_hands"))  # 0: no limit
        # Game progression that the hand state does not carry (rebuilt identically on replay):
        self.decider_from: int | None = None  # index of the first decider hand
        self.last_dealer = 0  # dealer of the last hand (tie-break for first place)
        self.open_kans: dict[int, dict[int, int]] = {}  # hand index -> kan number -> giver (open kans)
        # hand index -> seat -> the liable limits its liable player's call completed (hand.liable's giver)
        self.liable_limits: dict[int, dict[int, set[str]]] = {}

    # --- the wall and dora -------------------------------------------------------------
    def indicators_at_start(self, hand: HandState) -> int:
        return dora_indicator_count(hand.honba)

    def in_decider(self, hand: HandState) -> bool:
        return self.decider_from is not None and hand.index >= self.decider_from

    # --- the turn ----------------------------------------------------------------------
    def riichi_tiles_left(self) -> int:
        return RIICHI_TILES_LEFT

    def hand_waits(self, counts: list[int]) -> Set[int]:
        return mingjiang_waits(counts)

    def _kan_changes_no_reading(self, before: list[int], kind: int, old_waits: Set[int]) -> bool:
        """The lock is the waits alone: a closed kan with the drawn tile that keeps them (no 送槓)."""
        return True

    def _nine_terminals_allowed(self, hand: HandState, s: SeatState) -> bool:
        return False  # no abortive draws

    # --- claims ------------------------------------------------------------------------
    def forbidden_after_call(self, meld: Meld) -> frozenset[int]:
        assert meld.called is not None
        return frozenset({kind_of(meld.called)})

    def _can_ron(self, hand: HandState, seat: int, tile: int, context: str) -> bool:
        if context == "ankan":
            return False  # thirteen orphans cannot rob a closed kan
        s = hand.seats[seat]
        k = kind_of(tile)
        if k in s.discard_kinds() or any(kind_of(t) == k for t in s.passed):
            return False  # furiten: own discard of that kind, or the kind let pass this go-around
        return self.evaluate_win(hand, seat, tile, context) is not None

    def on_pass(self, hand: HandState, seat: int, offered: list[Action]) -> None:
        """No bookkeeping: the furiten of the go-around reads what the seat let pass since it last drew
        or called (``SeatState.passed``), and passing a win adds none (riichi's would)."""

    def tile_passed_unasked(self, hand: HandState, seat: int, tile: int, context: str) -> None:
        """As :meth:`on_pass`."""

    def on_call(self, hand: HandState, seat: int, giver: int) -> None:
        s = hand.seats[seat]
        if s.melds[-1].type is MeldType.KAN:  # its replacement draw comes next: the kan's number
            self.open_kans.setdefault(hand.index, {})[len(hand.kans)] = giver
        made = called_limits(s.melds) - called_limits(s.melds[:-1])
        if made:
            hand.liable[seat] = giver
            self.liable_limits.setdefault(hand.index, {})[seat] = made

    # --- wins --------------------------------------------------------------------------
    def win_situation(self, hand: HandState, seat: int, tile: int, context: str) -> MingjiangSituation:
        s = hand.seats[seat]
        tsumo = context == "tsumo"
        first_turn = not hand.calls_made and s.turns_taken == 0
        dealer = seat == hand.dealer
        dealer_first_discard = (
            context == "discard" and hand.current == hand.dealer and hand.seats[hand.dealer].turns_taken == 1
        )
        earthly = first_turn and not dealer and dealer_first_discard
        live_left = hand.wall.live_left
        return MingjiangSituation(
            win_tile=kind_of(tile),
            tsumo=tsumo,
            riichi=s.riichi,
            after_kan=tsumo and hand.replacement_draw,
            robbing_kan=context == "kakan",
            last_tile_draw=tsumo and not hand.replacement_draw and live_left == 0,
            last_tile_claim=context == "discard" and live_left == 0,
            heavenly=tsumo and dealer and first_turn,
            earthly=earthly,
            human=first_turn and not dealer and not earthly,
            seat_wind=EAST + hand.seat_wind(seat),
            round_wind=None if self.in_decider(hand) else EAST + hand.round_wind,
            dora_indicators=tuple(kind_of(t) for t in hand.wall.dora_indicators()),
            ura_indicators=(kind_of(hand.wall.ura_indicators()[0]),) if s.riichi else (),
        )

    def evaluate_win(self, hand: HandState, seat: int, tile: int, context: str) -> MingjiangScore | None:
        """The scorer's result, or None when this is not a win with at least 1 fan."""
        s = hand.seats[seat]
        concealed = s.concealed if context == "tsumo" else [*s.concealed, tile]
        if not is_mingjiang_shape(counts_of(concealed)):
            return None
        try:
            return score_hand(concealed, s.melds, self.win_situation(hand, seat, tile, context))
        except NotAWin:
            return None

    def open_kan_giver(self, hand: HandState, seat: int) -> int | None:
        """Who gave the tile of the open kan whose replacement tile the seat just won on (None when
        the last kan of the hand was not an open kan called from a discard)."""
        if not hand.replacement_draw:
            return None
        return self.open_kans.get(hand.index, {}).get(len(hand.kans) - 1)

    def settle_wins(self, hand: HandState, wins: list[tuple[int, int, int | None, str]]) -> HandResult:
        winner, tile, giver, context = wins[0]  # head bump: one winner
        score = self.evaluate_win(hand, winner, tile, context)
        assert score is not None, "the referee offered a win the scorer refuses"
        payer = giver if giver is not None else self.open_kan_giver(hand, winner)
        liable = hand.liable.get(winner)
        lines = {line.id for line in score.yaku}
        # Liable only for the limit its call completed: a later kan made without a call (four kans by an
        # added or closed kan) is not the third dragon's feeder's to pay.
        if liable is not None and not lines & self.liable_limits.get(hand.index, {}).get(winner, set()):
            liable = None
        deltas = settle_win(score, winner=winner, discarder=payer, liable=liable, deposits=hand.sticks)
        record = {
            "seat": winner,
            "from": payer,
            "tile": tile,
            "yaku": [[line.id, line.fan] for line in score.yaku],
            "fan": score.fan,
            "limit": score.limit.value if score.limit is not None else None,
            "base": score.base,
            "points": score.points,
            "deltas": deltas,
            "liable": liable,
            "sticks": hand.sticks,
            "dora": hand.wall.dora_indicators(),
            "ura": hand.wall.ura_indicators()[:1] if hand.seats[winner].riichi else [],
        }
        return HandResult(
            "win", deltas, [record], dealer_keeps=winner == hand.dealer, sticks_taken=hand.sticks
        )

    # --- draws -------------------------------------------------------------------------
    def after_discard_passed(self, hand: HandState, seat: int) -> HandResult | None:
        s = hand.seats[seat]
        if s.riichi_pending:
            s.riichi_pending = False
            s.riichi = True
            hand.points[seat] -= RIICHI_DEPOSIT
            hand.sticks += 1
        return None  # no abortive draws

    def tenpai_seats(self, hand: HandState) -> list[int]:
        return [i for i, s in enumerate(hand.seats) if mingjiang_waits(s.counts())]

    def settle_exhaustive_draw(self, hand: HandState) -> HandResult:
        tenpai = self.tenpai_seats(hand)
        deltas = exhaustive_draw_payments([seat in tenpai for seat in range(hand.players)])
        return HandResult("draw", deltas, reason="exhaustive", tenpai=tenpai, dealer_keeps=False)

    # --- the game ----------------------------------------------------------------------
    def next_hand(
        self, hand: HandState, result: HandResult, points: list[int], hands_played: int
    ) -> NextHand | None:
        self.last_dealer = hand.dealer
        if any(p < 0 for p in points):
            return None  # bust ends the game at once
        n = self.players
        if self.in_decider(hand):
            assert self.decider_from is not None
            if self.decider_hands and hand.index + 1 - self.decider_from >= self.decider_hands:
                return None  # the safety limit on decider hands (option ``decider_hands``)
            if result.kind == "win":
                winner = result.wins[0]["seat"]
                if self.decider_won(points, winner):
                    return None
                streak = hand.honba + 1 if winner == hand.dealer else 0
                return NextHand(hand.round_wind, winner, streak)
            return NextHand(hand.round_wind, (hand.dealer + 1) % n, 0)
        if result.dealer_keeps:
            return NextHand(hand.round_wind, hand.dealer, hand.honba + 1)
        position = hand.round_wind * n + hand.dealer
        if position >= self.last_regular_hand:
            self.decider_from = hands_played
            return NextHand(hand.round_wind, first_place(points, hand.dealer), 0)
        dealer = (hand.dealer + 1) % n
        return NextHand(hand.round_wind + (1 if dealer == 0 else 0), dealer, 0)

    def decider_won(self, points: list[int], winner: int) -> bool:
        """Whether a decider hand won by ``winner`` that leaves ``points`` ends the game: the winner
        strictly first with the return points (a bust, which ends any hand, is read before it)."""
        mine = points[winner]
        return mine >= self.return_points and all(mine > p for seat, p in enumerate(points) if seat != winner)

    def final_scores(self, points: list[int], sticks: int) -> list[dict[str, Any]]:
        order = final_ranking(points, self.last_dealer)
        final = list(points)
        final[order[0]] += RIICHI_DEPOSIT * sticks  # deposits left go to first place
        result = []
        for seat in range(self.players):
            rank = order.index(seat)
            score = (final[seat] - self.return_points) / 10 + self.uma[rank] + (OKA if rank == 0 else 0)
            result.append({"seat": seat, "rank": rank + 1, "points": final[seat], "score": round(score, 1)})
        return result


def first_place(points: list[int], dealer: int) -> int:
    """The highest seat; a tie goes to the seat nearer the dealer in turn order, the dealer first."""
    n = len(points)
    return min(range(n), key=lambda seat: (-points[seat], (seat - dealer) % n))


def final_ranking(points: list[int], dealer: int) -> list[int]:
    """Seats from first to last: ties for 2nd-4th go to the seat nearer first place in turn order."""
    n = len(points)
    first = first_place(points, dealer)
    rest = sorted((s for s in range(n) if s != first), key=lambda s: (-points[s], (s - first) % n))
    return [first, *rest]
