"""Referee hooks for ``sichuan`` (血战到底, docs/rules/sichuan.md): the shared engine plays it with the
decisions before play, wins that do not end the hand and the money of bot/rules/sichuan/settlement.py.

Decisions taken here where the rules file leaves them open:
* The first dealer is seat 0 (seats are drawn at random when a table starts); the hands record no
  honba and the round wind stays East.
* Four dice are rolled at hand start (they are public in the ``hand_start`` event, as at a table), so
  the exchange direction is known before the picks; the picks themselves stay hidden until all are in.
* The exchange is three picks of one tile each: three rounds in which every seat picks at once (one
  option per kind held, so a front end shows at most 14 choices).  The dealer picks from 14 tiles.
  After the exchange the dealer's "drawn" tile is the one it drew if it kept it, else the highest
  tile it received (only tsumogiri marks depend on it).
* Void choices are any of the three suits (even one the hand holds most of); the view suggests the suit
  with the fewest tiles (``void_suggestion``, own seat only).
* No kuikae: after a pon any tile may be discarded.  No call on the last discard of the wall (nothing is
  left to draw after it), and no kan without a tile left to replace it.  Kans are declared only after a
  draw (not right after a pon).
* After a win the next active seat after the winner draws ("给风下家"); after a multiple ron, the next
  active seat after the winner furthest from the discarder in turn order.
* A robbed added kan: the robbed tile goes to the (first) robber; the pon stays and the kanner does not
  draw.  A ronned discard goes to the first winner in turn order (multiple ron shares one tile: each
  winner's view shows it as ``win_tile``).
* Transfer (呼叫转移) covers every kan the discarder made since its previous discard.
* Heavenly: the dealer's tsumo before its first discard with no kan declared.  Earthly: a non-dealer's
  win before its first discard, with no call or kan by anyone before it.
* The result's ``deltas`` are the whole hand's net (wins, kans and transfers paid during the hand and the
  end-of-hand checks); ``payments`` lists every one as [payer, payee, amount, reason].  The winners'
  concealed hands are shown only in the result (``hands``).
* Options: ``base`` (1), ``cap`` (none), ``exchange`` (on), ``exchange_same_suit`` (off), ``void_first``
  (on), ``pig_pays_check`` (off), ``late_added_kan_pays`` (off), ``last_discard`` (off), ``hands`` (8:
  the session length), ``stack`` (0: the chips each player starts with).  The final ``score`` is the chips
  won (chips minus the stack).
"""

from __future__ import annotations

from typing import Any

from bot.engine import actions as A
from bot.engine.actions import Action, Event
from bot.engine.ruleset import NextHand, RuleSet
from bot.engine.state import CLAIM, TURN, Claim, HandResult, HandState
from bot.engine.waits import is_regular_complete, seat_memo, waits
from bot.hand.meld import Meld, MeldType
from bot.hand.shanten import Shapes
from bot.hand.tiles import counts_of, kind_of
from bot.rules.sichuan.score import NotAWin, SichuanScore, best_waiting_fan, score_hand
from bot.rules.sichuan.settlement import (
    Payment,
    balances,
    end_of_hand_payments,
    is_flower_pig,
    kan_payments,
    next_dealer,
    transfer_payments,
    win_payments,
)
from bot.rules.sichuan.situation import SichuanSituation
from bot.rules.sichuan.table_state import DIRECTION_NAMES, SichuanHand, TableOptions, exchange_offset

SUIT_TILE = (0, 36, 72)  # a void declaration names its suit by the suit's 1 tile (1m 1p 1s)
EXCHANGED = 3  # tiles each player passes on


def state(hand: HandState) -> SichuanHand:
    """This hand's Sichuan bookkeeping (made on first use, before any chips move)."""
    found = hand.extra.get("sichuan")
    if found is None:
        found = hand.extra["sichuan"] = SichuanHand(start_points=list(hand.points))
    assert isinstance(found, SichuanHand)
    return found


def suit_of_tile(tile: int) -> int:
    return kind_of(tile) // 9


def fewest_suit(concealed: list[int]) -> int:
    """The suit with the fewest tiles (the lowest on a tie): the suggested void."""
    per_suit = [0, 0, 0]
    for t in concealed:
        per_suit[suit_of_tile(t)] += 1
    return min(range(3), key=lambda s: (per_suit[s], s))


def could_be_complete(counts: list[int]) -> bool:
    """Four sets and a pair, or seven pairs (a four of a kind counting as two): a cheap test first."""
    if is_regular_complete(counts):
        return True
    return sum(counts) == 14 and all(c % 2 == 0 for c in counts)


#: could_be_complete's shapes, for the waits of a hand (every kind it is asked about at once).
SICHUAN_SHAPES = Shapes(seven_pairs=True, four_as_two_pairs=True, thirteen_orphans=False)
_RON_KINDS = "sichuan_ron_kinds"  # HandState.extra: seat -> ((its tiles, its void), ron_kinds)


def ron_kinds(concealed: list[int], void: int | None) -> frozenset[int]:
    """The kinds whose tile would make ``concealed`` a winning shape with the void suit clear: no other
    offered tile can be a win, so a claim window checks the full win only for these."""
    if void is None or any(t // 36 == void for t in concealed):
        return frozenset()
    return frozenset(k for k in waits(counts_of(concealed), shapes=SICHUAN_SHAPES) if k // 9 != void)


class SichuanRules(RuleSet):
    id = "sichuan"
    players = 4
    hand_size = 13
    dead_size = 0  # no dead wall: every tile can be drawn
    replacement_slots = 0
    replacement_from_back = False  # kan replacements from the normal drawing end
    dice_count = 4  # the exchange direction is the sum of four dice
    has_chi = False
    max_ron = 3  # multiple ron: every claimant wins
    extra_rons_abort = False
    stick_points = 0
    kan_dora = False

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        super().__init__(options)
        self.table = TableOptions.read(self.options)
        self.scoring = self.table.scoring()
        self.start_points = self.table.stack

    def tile_ids(self) -> list[int]:
        return list(range(108))

    def indicators_at_start(self, hand: HandState) -> int:
        return 0

    def forbidden_after_call(self, meld: Meld) -> frozenset[int]:
        return frozenset()

    # --- before play: exchange three, void suit ----------------------------------------
    def start_play(self, hand: HandState) -> list[Event]:
        if self.table.exchange:
            return self._open_exchange(hand)
        return self._open_void(hand)

    def _open_exchange(self, hand: HandState) -> list[Event]:
        options = {seat: self.exchange_options(hand, seat) for seat in range(hand.players)}
        return self._open_decision(hand, "exchange", options)

    def exchange_options(self, hand: HandState, seat: int) -> list[Action]:
        """One pick of the three: a tile of each kind held and not picked yet (the lowest id of the
        kind).  With ``exchange_same_suit`` the first pick needs a suit of three or more, the others
        follow its suit."""
        picked = state(hand).picks.get(seat, [])
        left = sorted(t for t in hand.seats[seat].concealed if t not in picked)
        if self.table.exchange_same_suit:
            if picked:
                suits = {suit_of_tile(picked[0])}
            else:
                suits = {s for s in range(3) if sum(1 for t in left if suit_of_tile(t) == s) >= 3}
            left = [t for t in left if suit_of_tile(t) in suits]
        by_kind: dict[int, int] = {}
        for t in left:
            by_kind.setdefault(kind_of(t), t)
        return [Action(A.EXCHANGE, seat, t) for t in by_kind.values()]

    def _open_void(self, hand: HandState) -> list[Event]:
        options = {
            seat: [Action(A.VOID, seat, None, (tile,)) for tile in SUIT_TILE] for seat in range(hand.players)
        }
        return self._open_decision(hand, "void", options)

    @staticmethod
    def _open_decision(hand: HandState, context: str, options: dict[int, list[Action]]) -> list[Event]:
        hand.claim = Claim(-1, hand.dealer, context, options, decision=True)  # -1: no tile on offer
        hand.phase = CLAIM
        return [Event("decide", None, {"context": context})]

    def resolve_decision(self, hand: HandState, claim: Claim) -> list[Event]:
        st = state(hand)
        if claim.context == "exchange":
            for seat, answer in claim.answers.items():
                assert answer.tile is not None
                st.picks.setdefault(seat, []).append(answer.tile)
            if any(len(st.picks[seat]) < EXCHANGED for seat in range(hand.players)):
                return self._open_exchange(hand)  # the next of the three picks
            return self._exchange(hand) + self._open_void(hand)
        for seat, answer in claim.answers.items():
            st.voids[seat] = suit_of_tile(answer.using[0])
        st.voids_shown = True
        hand.phase = TURN
        hand.current = hand.dealer
        return [Event("voids", None, {"voids": [st.voids[s] for s in range(hand.players)]})]

    def _exchange(self, hand: HandState) -> list[Event]:
        st = state(hand)
        offset = exchange_offset(sum(hand.dice))
        for seat, picked in st.picks.items():
            for t in picked:
                hand.seats[seat].concealed.remove(t)
        events = [Event("exchange", None, {"direction": DIRECTION_NAMES[offset], "dice": list(hand.dice)})]
        for seat, picked in st.picks.items():
            receiver = (seat + offset) % hand.players
            hand.seats[receiver].concealed += list(picked)
            events.append(Event("received", receiver, {"tiles": list(picked), "from": seat}, private=True))
        dealer = hand.seats[hand.dealer]
        if hand.drawn not in dealer.concealed:
            hand.drawn = max(st.picks[(hand.dealer - offset) % hand.players])
        return events

    # --- the turn ----------------------------------------------------------------------
    def next_seat(self, hand: HandState, seat: int) -> int:
        st = state(hand)
        for k in range(1, hand.players):
            other = (seat + k) % hand.players
            if other not in st.winners:
                return other
        return (seat + 1) % hand.players

    def void_tiles(self, hand: HandState, seat: int) -> list[int]:
        void = state(hand).voids.get(seat)
        return [t for t in hand.seats[seat].concealed if suit_of_tile(t) == void]

    def discard_options(self, hand: HandState, seat: int) -> list[Action]:
        tiles = hand.seats[seat].concealed
        if self.table.void_first:
            tiles = self.void_tiles(hand, seat) or tiles
        return [Action(A.DISCARD, seat, t) for t in tiles]

    def turn_options(self, hand: HandState, seat: int, only: str | None = None) -> list[Action]:
        if hand.drawn is None:  # right after a pon: discard only
            return []
        wanted = {only} if only else {A.TSUMO, A.ANKAN, A.KAKAN}
        found: list[Action] = []
        if A.TSUMO in wanted and self.evaluate_win(hand, seat, hand.drawn, "tsumo") is not None:
            found.append(Action(A.TSUMO, seat, hand.drawn))
        if wanted & {A.ANKAN, A.KAKAN} and hand.wall.live_left > 0:
            found += self._kan_options(hand, seat)
        return found

    def _kan_options(self, hand: HandState, seat: int) -> list[Action]:
        s = hand.seats[seat]
        void = state(hand).voids.get(seat)
        counts = s.counts()
        found = []
        for k in sorted({kind_of(t) for t in s.concealed}):
            if counts[k] == 4 and k // 9 != void:
                found.append(
                    Action(A.ANKAN, seat, None, tuple(sorted(t for t in s.concealed if kind_of(t) == k)))
                )
        for meld in s.melds:
            if meld.type is MeldType.PON:
                found += [Action(A.KAKAN, seat, t) for t in s.concealed if kind_of(t) == meld.kind]
        return found

    # --- claims ------------------------------------------------------------------------
    def claim_options(self, hand: HandState, seat: int, tile: int, context: str, giver: int) -> list[Action]:
        st = state(hand)
        if seat in st.winners or context not in ("discard", "kakan"):
            return []  # winners are out; a closed kan cannot be robbed
        found = []
        if (
            seat not in st.barred
            and kind_of(tile) in self.seat_ron_kinds(hand, seat)  # the cheap, remembered test first
            and self.evaluate_win(hand, seat, tile, context) is not None
        ):
            found.append(Action(A.RON, seat, tile))
        if context != "discard" or hand.wall.live_left <= 0 or suit_of_tile(tile) == st.voids.get(seat):
            return found
        k = kind_of(tile)
        same = sorted(t for t in hand.seats[seat].concealed if kind_of(t) == k)
        if len(same) >= 2:
            found.append(Action(A.PON, seat, tile, tuple(same[:2])))
        if len(same) == 3:
            found.append(Action(A.KAN, seat, tile, tuple(same)))
        return found

    @staticmethod
    def seat_ron_kinds(hand: HandState, seat: int) -> frozenset[int]:
        """:func:`ron_kinds` of the seat's hand, kept until its tiles (or its void) change."""
        concealed = hand.seats[seat].concealed
        void = state(hand).voids.get(seat)
        return seat_memo(hand, _RON_KINDS, seat, (tuple(concealed), void), lambda: ron_kinds(concealed, void))

    def on_pass(self, hand: HandState, seat: int, offered: list[Action]) -> None:
        if any(a.kind == A.RON for a in offered):
            state(hand).barred.add(seat)

    def on_draw(self, hand: HandState, seat: int, tile: int) -> None:
        state(hand).barred.discard(seat)

    def after_discard_passed(self, hand: HandState, seat: int) -> HandResult | None:
        state(hand).fresh_kans.pop(seat, None)
        return None

    # --- kans pay at once (刮风下雨) ------------------------------------------------------
    def kan_payment(self, hand: HandState, seat: int, kind: str) -> list[int] | None:
        st = state(hand)
        kan_id = len(hand.kans) - 1
        melds = hand.seats[seat].melds
        base, active = self.table.base, st.active(hand.players)
        if kind == "kan":
            discarder = (seat + melds[-1].source) % hand.players
            payments = kan_payments(seat, MeldType.KAN, base, active, discarder, kan_id)
        elif kind == "kakan":
            # The fourth tile was kept since an earlier turn unless it is the tile just drawn.
            late = not any(m.type is MeldType.KAKAN and m.added == hand.drawn for m in melds)
            payments = kan_payments(
                seat,
                MeldType.KAKAN,
                base,
                active,
                kan_id=kan_id,
                late_added=late,
                late_added_kan_pays=self.table.late_added_kan_pays,
            )
        else:
            payments = kan_payments(seat, MeldType.ANKAN, base, active, kan_id=kan_id)
        st.ledger += payments
        st.fresh_kans.setdefault(seat, []).append(kan_id)
        return balances(payments, hand.players)

    # --- wins --------------------------------------------------------------------------
    def situation(self, hand: HandState, seat: int, tile: int, context: str) -> SichuanSituation:
        s = hand.seats[seat]
        tsumo = context == "tsumo"
        first = s.turns_taken == 0 and not hand.calls_made
        last = hand.wall.live_left == 0 and context in ("tsumo", "discard")
        return SichuanSituation(
            void_suit=state(hand).voids.get(seat),
            win_tile=kind_of(tile),
            tsumo=tsumo,
            after_kan=tsumo and hand.replacement_draw,
            kan_discard=context == "discard" and hand.replacement_draw,
            robbing_kan=context == "kakan",
            last_tile=last,
            heavenly=tsumo and first and seat == hand.dealer,
            earthly=first and seat != hand.dealer,
        )

    def evaluate_win(self, hand: HandState, seat: int, tile: int, context: str) -> SichuanScore | None:
        """The score of this win, or None when it is not one (void-suit tiles held, not a winning shape)."""
        s = hand.seats[seat]
        concealed = s.concealed if context == "tsumo" else s.concealed + [tile]
        void = state(hand).voids.get(seat)
        if void is None or any(suit_of_tile(t) == void for t in concealed):
            return None
        if not could_be_complete(counts_of(concealed)):
            return None
        try:
            return score_hand(concealed, s.melds, self.situation(hand, seat, tile, context), self.scoring)
        except NotAWin:
            return None

    def settle_wins(self, hand: HandState, wins: list[tuple[int, int, int | None, str]]) -> HandResult | None:
        st = state(hand)
        active = st.active(hand.players)
        multiple = len(wins) > 1
        for winner, tile, giver, context in wins:
            score = self.evaluate_win(hand, winner, tile, context)
            assert score is not None, "the referee offered a win that does not score"
            tsumo = context == "tsumo"
            paid = win_payments(winner, score.fan, self.table.base, tsumo, active, giver, self.table.cap)
            if context == "discard" and giver is not None and not multiple:
                kans = st.fresh_kans.get(giver, [])
                income = [p for p in st.ledger if p.reason == "kan" and p.payee == giver and p.kan_id in kans]
                paid += transfer_payments(income, winner, multiple_ron=False)
            self._pay(hand, paid)
            st.wins.append(_win_record(winner, tile, giver, context, score, paid, hand.players))
            st.win_tiles[winner] = tile
            st.win_from[winner] = giver
        self._set_winning_tiles_aside(hand, wins)
        winners = tuple(w[0] for w in wins)
        if st.first_win is None:
            st.first_win = (winners, wins[0][2] if multiple else None)
        st.winners += winners
        if wins[0][2] is not None:
            st.fresh_kans.pop(wins[0][2], None)
        if len(st.winners) >= hand.players - 1:
            return self._end_of_hand(hand, "third_win")
        return None

    @staticmethod
    def _pay(hand: HandState, payments: list[Payment]) -> None:
        state(hand).ledger += payments
        for seat, delta in enumerate(balances(payments, hand.players)):
            hand.points[seat] += delta

    @staticmethod
    def _set_winning_tiles_aside(hand: HandState, wins: list[tuple[int, int, int | None, str]]) -> None:
        """The winning tile leaves the hand, river or added kan; one tile even for a multiple ron."""
        winner, tile, giver, context = wins[0]
        if context == "tsumo":
            hand.seats[winner].concealed.remove(tile)
        elif context == "discard" and giver is not None:
            hand.seats[giver].discards[-1].called = True
        elif context == "kakan" and giver is not None:
            hand.seats[giver].concealed.remove(tile)  # robbed: the pon stays a pon
        hand.seats[winner].won.append(tile)

    def settle_exhaustive_draw(self, hand: HandState) -> HandResult:
        return self._end_of_hand(hand, "exhaustive")

    # --- end of the hand: flower pig, not-tenpai check, kan income returned -------------------
    def _end_of_hand(self, hand: HandState, reason: str) -> HandResult:
        st = state(hand)
        seats = range(hand.players)
        others = [s for s in seats if s not in st.winners]
        pigs = [s for s in others if self._is_pig(hand, s)]
        best: dict[int, int | None] = {}
        for s in others:
            seat = hand.seats[s]
            kinds = [kind_of(t) for t in seat.concealed]
            best[s] = (
                None if s in pigs else best_waiting_fan(kinds, seat.melds, st.voids.get(s), self.scoring)
            )
        end = end_of_hand_payments(
            st.ledger,
            seats,
            st.winners,
            pigs,
            best,
            self.table.base,
            self.table.cap,
            self.table.pig_pays_check,
        )
        st.ledger += end
        deltas = balances(st.ledger, hand.players)
        # Payments made during the hand already moved hand.points; the result carries the whole hand's
        # net, which the engine adds to the points the hand started with.
        hand.points = list(st.start_points)
        first = st.first_win
        dealer = next_dealer(hand.dealer, first[0] if first else (), first[1] if first else None)
        details = {
            "payments": [[p.payer, p.payee, p.amount, p.reason] for p in st.ledger],
            "hands": [sorted(hand.seats[s].concealed) for s in seats],
            "voids": [st.voids.get(s) for s in seats],
            "flower_pigs": pigs,
            "next_dealer": dealer,
        }
        return HandResult(
            "win" if st.winners else "draw",
            deltas,
            list(st.wins),
            reason=reason,
            tenpai=sorted(s for s, fan in best.items() if fan is not None),
            dealer_keeps=dealer == hand.dealer,
            details=details,
        )

    def _is_pig(self, hand: HandState, seat: int) -> bool:
        s = hand.seats[seat]
        return is_flower_pig([kind_of(t) for t in s.concealed], s.melds)

    # --- views ----------------------------------------------------------------------------
    def seat_view(self, hand: HandState, seat: int, viewer: int | None) -> dict[str, Any]:
        st = state(hand)
        own = seat == viewer
        entry: dict[str, Any] = {
            "won": seat in st.winners,
            "win_tile": st.win_tiles.get(seat),
            "win_from": st.win_from.get(seat),
            "void": st.voids.get(seat) if st.voids_shown or own else None,
        }
        claim = hand.claim
        if own and claim is not None and claim.decision:
            answer = claim.answers.get(seat)
            if claim.context == "exchange":
                entry["exchange_pick"] = list(st.picks.get(seat, []))
                entry["exchange_pick"] += (
                    [answer.tile] if answer is not None and answer.tile is not None else []
                )
            else:
                entry["void_choice"] = suit_of_tile(answer.using[0]) if answer is not None else None
        if own and not st.voids_shown:
            entry["void_suggestion"] = fewest_suit(hand.seats[seat].concealed)
        return entry

    def table_view(self, hand: HandState, viewer: int | None) -> dict[str, Any]:
        st = state(hand)
        direction = DIRECTION_NAMES[exchange_offset(sum(hand.dice))] if self.table.exchange else None
        return {"dice": list(hand.dice), "exchange_direction": direction, "winners": list(st.winners)}

    # --- the game -----------------------------------------------------------------------
    def next_hand(
        self, hand: HandState, result: HandResult, points: list[int], hands_played: int
    ) -> NextHand | None:
        if hands_played >= self.table.hands:
            return None
        return NextHand(0, int(result.details["next_dealer"]), 0)

    def final_scores(self, points: list[int], sticks: int) -> list[dict[str, Any]]:
        order = sorted(range(len(points)), key=lambda seat: (-points[seat], seat))
        return [
            {
                "seat": seat,
                "rank": order.index(seat) + 1,
                "points": points[seat],
                "score": points[seat] - self.table.stack,
            }
            for seat in range(len(points))
        ]


def _win_record(
    winner: int,
    tile: int,
    giver: int | None,
    context: str,
    score: SichuanScore,
    paid: list[Payment],
    players: int,
) -> dict[str, Any]:
    return {
        "seat": winner,
        "from": giver,
        "tile": tile,
        "context": context,
        "yaku": [[key, value] for key, value in score.yaku],  # line ids, named by bot.rules.names
        "fan_keys": [key for key, _ in score.yaku],
        "fan": score.fan,
        "points": sum(p.amount for p in paid if p.payee == winner),
        "deltas": balances(paid, players),
    }
