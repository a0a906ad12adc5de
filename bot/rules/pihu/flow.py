"""Referee hooks for ``pihu`` (屁糊/大糊, ``docs/rules/pihu.md``): pon and kan only, every win pays.

The scorer and payments are ``bot.rules.pihu``; this module says what a seat may do and when the hand
and the session end.

Decisions the rules file leaves open, taken here:
* No dead wall and no dora: every tile is drawable; kan replacements come from the back of the wall,
  each one making the wall shorter.  No kan (closed, added or open) once the wall is empty; a pon on
  the last discard is allowed (the caller discards once more and that tile may still be ronned).
* No kuikae: after a pon any tile may be discarded.  Right after a pon the caller only discards (no
  kan, no self-draw), as at most tables.
* One pon or kan offer per kind (the tiles of a kind are interchangeable: there are no red fives).
* Any complete hand wins (four sets and a pair, or seven pairs with a closed hand); no minimum.  A ron
  may rob an added kan (the kanner pays as the discarder); a closed kan cannot be robbed.
* Passing a ron (on a discard or an added kan) bars every ron until the seat's own next draw (a pon
  is not a draw; a kan replacement is).  Self-draws are never barred.
* The kan payments are the kans standing in the melds when the hand ends (a robbed added kan never
  became one): each kan is paid at once when the hand ends with a win, every kan is void after an
  exhaustive draw.  They are listed in the result (``kans``) next to the win payments.
* With a multiple ron the winners are listed in turn order from the discarder.
* Points start at 0 (option ``start``); a session is East and South (the game ends when the deal passes
  from the eighth dealer; ``length=east``: the fourth), or ``hands=N`` hands in all, repeats included.
  Nobody busts.  With ``dealer=winner`` the round wind shown advances every four deal changes.  Ties
  in the final ranking go to the seat earlier in turn order from the first dealer.
* Repeats are unbounded in the rules, and so by default here; option ``max_hands`` (0 = no limit, the
  default) stops a session after that many hands in all.  ``mahjong-bot simulate`` passes
  its descriptor's ``random_play_cap`` (4 hands per dealer of East and South: 32) only to tables of random
  players, which almost never win (every draw keeps the deal).
* Options: ``base`` (10), ``kan_open`` (15), ``kan_added`` (15), ``kan_closed`` (10 from each),
  ``dealer`` (``stay`` or ``winner``), ``length`` (``hanchan`` = East and South, ``east`` = East
  only), ``hands`` (0 = the length's dealers), ``max_hands`` (0 = none), ``start`` (0).
"""

from __future__ import annotations

from typing import Any

from bot.engine import actions as A
from bot.engine.actions import Action
from bot.engine.ruleset import NextHand, RuleSet
from bot.engine.state import HandResult, HandState
from bot.engine.waits import is_regular_complete
from bot.hand.decompose import is_seven_pairs
from bot.hand.meld import Meld, MeldType
from bot.hand.tiles import counts_of, kind_of
from bot.rules.pihu import (
    KanAmounts,
    KanKind,
    KanRecord,
    NotAWin,
    PihuScore,
    PihuSituation,
    kan_payment,
    score_hand,
    settle_kans,
    settle_win,
)
from bot.rules.pihu.descriptor import PIHU

SESSION_DEALS = {"hanchan": 8, "east": 4}  # dealers in a session: East and South, or East only
# The safety cap for tables of random players (a default East and South session): not in the rules.


def is_pihu_win(counts: list[int], closed: bool) -> bool:
    """Four sets and a pair (with the melds), or seven pairs in a closed hand."""
    return is_regular_complete(counts) or (closed and is_seven_pairs(counts, four_as_two_pairs=True))


def kan_record(seat: int, meld: Meld, players: int) -> KanRecord | None:
    """The kan payment record of one of the seat's melds (None for a pon)."""
    if meld.type is MeldType.ANKAN:
        return KanRecord(seat, KanKind.CLOSED)
    if meld.type is MeldType.KAN:
        return KanRecord(seat, KanKind.OPEN, (seat + meld.source) % players)
    if meld.type is MeldType.KAKAN:
        return KanRecord(seat, KanKind.ADDED, (seat + meld.source) % players)
    return None


class PihuRules(RuleSet):
    id = "pihu"
    players = 4
    hand_size = 13
    dead_size = 0  # the whole wall is played
    replacement_slots = 0  # kan replacements from the back of the wall
    start_points = 0
    has_chi = False
    has_kita = False
    max_ron = 3  # 一炮多响
    extra_rons_abort = False
    kan_dora = False

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        super().__init__(options)
        o = self.options
        schema = PIHU.options
        self.base = int(schema.value(o, "base"))
        self.kan_amounts = KanAmounts(
            open=int(schema.value(o, "kan_open")),
            added=int(schema.value(o, "kan_added")),
            closed_each=int(schema.value(o, "kan_closed")),
        )
        self.dealer_rule = str(schema.value(o, "dealer"))
        self.hands = int(schema.value(o, "hands"))
        self.start_points = int(schema.value(o, "start"))
        self.session_deals = SESSION_DEALS[schema.value(o, "length")]
        self.max_hands = int(schema.value(o, "max_hands"))
        # Deal changes before each hand (rebuilt identically on replay): the session's progress.
        self.deals_before: dict[int, int] = {0: 0}

    def indicators_at_start(self, hand: HandState) -> int:
        return 0  # no dora

    def forbidden_after_call(self, meld: Meld) -> frozenset[int]:
        return frozenset()

    # --- the turn ----------------------------------------------------------------------
    def discard_options(self, hand: HandState, seat: int) -> list[Action]:
        return [Action(A.DISCARD, seat, t) for t in hand.seats[seat].concealed]

    def turn_options(self, hand: HandState, seat: int, only: str | None = None) -> list[Action]:
        if hand.drawn is None:  # right after a pon: discard only
            return []
        s = hand.seats[seat]
        found: list[Action] = []
        wanted = {only} if only else {A.TSUMO, A.ANKAN, A.KAKAN}
        if A.TSUMO in wanted and self.evaluate_win(hand, seat, hand.drawn, "tsumo") is not None:
            found.append(Action(A.TSUMO, seat, hand.drawn))
        if wanted & {A.ANKAN, A.KAKAN} and hand.wall.live_left > 0:
            counts = s.counts()
            for k in sorted({kind_of(t) for t in s.concealed if counts[kind_of(t)] == 4}):
                found.append(
                    Action(A.ANKAN, seat, None, tuple(sorted(t for t in s.concealed if kind_of(t) == k)))
                )
            pons = {m.kind for m in s.melds if m.type is MeldType.PON}
            found += [Action(A.KAKAN, seat, t) for t in s.concealed if kind_of(t) in pons]
        return found

    # --- claims ------------------------------------------------------------------------
    def claim_options(self, hand: HandState, seat: int, tile: int, context: str, giver: int) -> list[Action]:
        s = hand.seats[seat]
        found = []
        may_ron = context in ("discard", "kakan") and not s.let_go
        if may_ron and self.evaluate_win(hand, seat, tile, context) is not None:
            found.append(Action(A.RON, seat, tile))
        if context != "discard":
            return found
        k = kind_of(tile)
        same = sorted(t for t in s.concealed if kind_of(t) == k)
        if len(same) >= 2:
            found.append(Action(A.PON, seat, tile, tuple(same[:2])))
        if len(same) == 3 and hand.wall.live_left > 0:
            found.append(Action(A.KAN, seat, tile, tuple(same)))
        return found

    def on_pass(self, hand: HandState, seat: int, offered: list[Action]) -> None:
        ron = next((a for a in offered if a.kind == A.RON), None)
        if ron is not None and ron.tile is not None:
            hand.seats[seat].let_go.add(kind_of(ron.tile))  # no ron until the seat's next draw

    def on_draw(self, hand: HandState, seat: int, tile: int) -> None:
        hand.seats[seat].let_go.clear()

    # --- wins --------------------------------------------------------------------------
    def evaluate_win(self, hand: HandState, seat: int, tile: int, context: str) -> PihuScore | None:
        s = hand.seats[seat]
        tsumo = context == "tsumo"
        concealed = s.concealed if tsumo else [*s.concealed, tile]
        if not is_pihu_win(counts_of(concealed), not s.melds):
            return None
        situation = PihuSituation(kind_of(tile), tsumo=tsumo, after_kan=tsumo and hand.replacement_draw)
        try:
            return score_hand(concealed, s.melds, situation)
        except NotAWin:
            return None

    def kan_records(self, hand: HandState) -> list[KanRecord]:
        found = []
        for seat, s in enumerate(hand.seats):
            for meld in s.melds:
                record = kan_record(seat, meld, hand.players)
                if record is not None:
                    found.append(record)
        return found

    def settle_wins(self, hand: HandState, wins: list[tuple[int, int, int | None, str]]) -> HandResult:
        deltas = [0] * hand.players
        records: list[dict[str, Any]] = []
        for winner, tile, giver, context in wins:
            score = self.evaluate_win(hand, winner, tile, context)
            assert score is not None, "the referee offered a win the scorer refuses"
            payer = None if score.self_drawn else giver
            win = settle_win(score, winner=winner, dealer=hand.dealer, discarder=payer, base=self.base)
            deltas = [a + b for a, b in zip(deltas, win, strict=True)]
            records.append(
                {
                    "seat": winner,
                    "from": payer,
                    "tile": tile,
                    "yaku": [[line.id, line.factor] for line in score.hands],
                    "multiplier": score.multiplier,
                    "points": win[winner],
                    "deltas": win,
                    "robbed_kan": context == "kakan",
                }
            )
        kans = self.kan_records(hand)
        kan_deltas = settle_kans(kans, hand_won=True, amounts=self.kan_amounts)
        deltas = [a + b for a, b in zip(deltas, kan_deltas, strict=True)]
        if records:
            records[0]["kans"] = [
                {
                    "seat": k.kanner,
                    "kind": k.kind.value,
                    "from": k.giver,
                    "deltas": kan_payment(k, self.kan_amounts),
                }
                for k in kans
            ]
        dealer_keeps = any(w[0] == hand.dealer for w in wins)
        return HandResult("win", deltas, records, dealer_keeps=dealer_keeps)

    def settle_exhaustive_draw(self, hand: HandState) -> HandResult:
        """Nothing is paid: no tenpai payments, and every kan of the hand is void."""
        return HandResult("draw", [0] * hand.players, reason="exhaustive", dealer_keeps=True)

    # --- the game ----------------------------------------------------------------------
    def next_hand(
        self, hand: HandState, result: HandResult, points: list[int], hands_played: int
    ) -> NextHand | None:
        n = self.players
        if result.kind == "win" and self.dealer_rule == "winner":
            dealer = result.wins[0]["seat"]  # with a multiple ron: the winner nearest the discarder
        elif result.kind == "win" and not result.dealer_keeps:
            dealer = (hand.dealer + 1) % n
        else:
            dealer = hand.dealer
        deals = self.deals_before.get(hand.index, 0) + (dealer != hand.dealer)
        self.deals_before[hand.index + 1] = deals
        if self.hands:
            if hands_played >= self.hands:
                return None
        elif deals >= self.session_deals or (self.max_hands and hands_played >= self.max_hands):
            return None
        honba = hand.honba + 1 if dealer == hand.dealer else 0  # repeats of this dealer (shown only)
        return NextHand(min(deals // n, 3), dealer, honba)

    def final_scores(self, points: list[int], sticks: int) -> list[dict[str, Any]]:
        order = sorted(range(self.players), key=lambda seat: (-points[seat], seat))
        return [
            {
                "seat": seat,
                "rank": order.index(seat) + 1,
                "points": points[seat],
                "score": points[seat] - self.start_points,
            }
            for seat in range(self.players)
        ]
