"""Referee hooks for ``taiwan`` (台灣16張): 144 tiles with flowers, 16-tile hands, five sets and a pair.

Rules: ``docs/rules/taiwan.md``; the tai and the money come from :mod:`bot.rules.taiwan` (the
scorer).  Decisions taken here where the rules file leaves the flow open:

* The wall: the deal (16 each, the dealer's 17th is its first draw), the live wall, and the reserve
  (``reserve``, default 16) at the back.  Flowers and kan replacements are drawn from the back of the
  live wall (``replacement_slots = 0``), so the reserve stays ``reserve`` tiles whatever was replaced.
* Flowers in the deal: the dealer first, then in turn order; each seat replaces its flowers (and the
  flowers among its replacements) before the next seat does.  A flower drawn in play is set aside at
  once and offered to a seat holding the seven others (七搶一, RON with the flower, which it may
  decline), then replaced; with no tile left to replace it the hand is an exhaustive draw.  Flowers
  that come in the deal cannot be robbed (the deal is not a draw); a seat holding all eight from the
  deal claims 八仙過海 on its turn.
* 八仙過海 is a TSUMO with a flower id as its tile, offered on every own turn while the seat holds all
  eight (the seed: "無須馬上胡牌", no need to win at once).
* No kuikae: after a chi or pon any tile may be discarded, but nothing else (no kan, no win) that turn.
* Calls: chi from the previous player, pon and open kan from anyone, none while 3 or fewer drawable
  tiles are left; closed and added kans need a replacement tile (at least one drawable tile).  One
  action per pair of kinds (the game has no red fives, so ids of one kind are interchangeable).
* No win on the replacement after an open kan from a discard (大明槓), nor on the replacements of
  flowers drawn in that same chain; a win on the replacement after a closed kan, an added kan or a
  flower scores 槓上開花.  A closed kan cannot be robbed.
* 過水: a seat that passes a winning tile (a discard or a robbable added kan) cannot ron until its
  own next draw.  Declining 七搶一 does not count.
* Ready declarations are a RIICHI action (declare with that discard), accepted once the discard is
  not robbed.  天聽: with your first discard, no meld of your own, and the hand you were dealt was
  ready (the dealer: ready after its first discard; a non-dealer: the drawn tile is the one
  discarded).  MIGI (default): ready with one of the hand's first 8 discards (all seats counted),
  with no chi, pon or kan by anyone before.  ``ready=dishen``: 地聽 with your own first discard,
  no chi, pon or kan by anyone before, instead of MIGI.  A declared hand is locked: no call, no kan,
  the drawn tile is discarded unless it wins, and a winning tile (tsumo or ron) cannot be passed.
* 天胡: the dealer's self-drawn win before any discard or kan.  地胡: a non-dealer's self-drawn win on
  its first draw with no chi, pon or kan before.  人胡: a ron with no chi, pon or kan yet, on one of
  the hand's first four discards.  None of them scores 槓上開花 as well.
* 海底撈月: a self-drawn win with no drawable tile left; 河底撈魚: a ron on a discard made then.
* No abortive draw: a hand ends in a win or an exhaustive draw.  A table aborted by its creator, an
  admin or a vote ends the game without a hand result (bot/service/table.py), and a restarted bot
  replays the stored decisions, so the rule set has no ``settle_abort``.
* Head bump by default (the nearest seat after the discarder wins); ``multi_ron=on`` lets every
  seat that rons win, each paid by the discarder.
* The dealer keeps the deal on a win of theirs (any of the winners with multi_ron) or a draw; the
  streak is ``HandState.honba``.  A game is one wind round (``length=round``) or four (``jiang``);
  the rules set no limit on a run of draws, so neither does the default; option ``max_hands`` (0 = no
  limit, the default) ends the game after that many hands.  ``mahjong-bot simulate`` passes
  its descriptor's ``random_play_cap`` (16 hands a wind round) only to tables of random players, which almost
  never win.  Start 0 each, ranking by total, ties in seat order.
* Options: flowers (on/off), reserve, multi_ron, ready (migi/dishen), length (round/jiang),
  max_hands, and the scorer's: base, tai_value, full_flush, last_tile, heavenly, human, tianting,
  migi, diting, stack_heavenly, pinghu_flowers, pinghu_tsumo, pinghu_any_wait, extras,
  extras_second_values.  連槓開花 (extras) is scored as one replacement.
"""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

from bot.engine import actions as A
from bot.engine.actions import Action
from bot.engine.calls import chi_options
from bot.engine.descriptor import (
    unknown_option,
)
from bot.engine.ruleset import NextHand, RuleSet
from bot.engine.state import HandResult, HandState, SeatState
from bot.hand.meld import Meld, MeldType
from bot.hand.shanten import shanten_regular
from bot.hand.tiles import kind_of
from bot.rules.taiwan.dealer import next_dealer
from bot.rules.taiwan.descriptor import TAIWAN
from bot.rules.taiwan.score import TaiwanScore, score_flower_win, score_hand
from bot.rules.taiwan.shape import is_winning, waits
from bot.rules.taiwan.situation import TaiwanOptions, TaiwanSituation

FLOWER_IDS = tuple(range(136, 144))
NO_CALLS_FROM = 3  # drawable tiles left from which no chi, pon or open kan is allowed
MIGI_DISCARDS = 8  # MIGI: ready within the hand's first 8 discards
HUMAN_DISCARDS = 4  # 人胡: a ron on one of the hand's first four discards
OPEN_KAN = "taiwan_open_kan"  # HandState.extra: the next draw replaces an open kan from a discard
NO_WIN_DRAW = "taiwan_no_win_draw"  # HandState.extra: the tile just drawn cannot win (大明槓)
# The safety cap for tables of random players (simulate's default one wind round): not in the rules.
_FLOW_OPTIONS = ("flowers", "reserve", "multi_ron", "ready", "length", "max_hands")


def discards_made(hand: HandState) -> int:
    """The discards made so far in the hand, every seat's."""
    return sum(len(x.discards) for x in hand.seats)


def score_options(options: dict[str, Any]) -> TaiwanOptions:
    """The scorer's options from the table's (unknown names are refused with a clear message)."""
    known = {f.name: f for f in fields(TaiwanOptions)}
    unknown = sorted(set(options) - set(known) - set(_FLOW_OPTIONS))
    if unknown:
        raise unknown_option(unknown[0], [*known, *_FLOW_OPTIONS])
    values: dict[str, Any] = {}
    for name in known:
        if name in options:
            values[name] = TAIWAN.options.value(options, name)
    return TaiwanOptions(**values)


class TaiwanRules(RuleSet):
    id = "taiwan"
    players = 4
    hand_size = 16
    replacement_slots = 0  # replacements from the back of the live wall: the reserve stays whole
    start_points = 0
    has_chi = True
    max_ron = 1  # head bump
    extra_rons_abort = False
    stick_points = 0
    kan_dora = False

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        super().__init__(options)
        o = self.options
        schema = TAIWAN.options
        self.flowers = bool(schema.value(o, "flowers"))
        self.dead_size = int(schema.value(o, "reserve"))
        if schema.value(o, "multi_ron"):
            self.max_ron = 3
        self.ready = str(schema.value(o, "ready"))
        self.rounds = 4 if schema.value(o, "length") == "jiang" else 1
        self.max_hands = int(schema.value(o, "max_hands"))
        scoring = score_options({k: v for k, v in o.items() if k not in _FLOW_OPTIONS})
        self.scoring = replace(scoring, flowers=self.flowers)

    # --- tiles ---------------------------------------------------------------------------
    def tile_ids(self) -> list[int]:
        return list(range(144 if self.flowers else 136))

    def indicators_at_start(self, hand: HandState) -> int:
        return 0

    def set_aside_on_draw(self, tile: int) -> bool:
        return tile >= 136

    def forbidden_after_call(self, meld: Meld) -> frozenset[int]:
        return frozenset()

    # --- facts about a seat ----------------------------------------------------------------
    @staticmethod
    def declared(s: SeatState) -> bool:
        """A ready declaration made (or on its way: the declaring discard not yet passed)."""
        return s.riichi or s.riichi_pending

    def _wins_with(self, s: SeatState, concealed: list[int]) -> bool:
        return is_winning([kind_of(t) for t in concealed], s.melds, self.scoring.extras)

    def _waits(self, s: SeatState, concealed: list[int]) -> set[int]:
        return waits([kind_of(t) for t in concealed], s.melds, self.scoring.extras)

    def can_tsumo(self, hand: HandState, seat: int) -> bool:
        s = hand.seats[seat]
        if hand.drawn is None or hand.current != seat or hand.extra.get(NO_WIN_DRAW):
            return False
        return self._wins_with(s, s.concealed)

    # --- the turn ------------------------------------------------------------------------
    def discard_options(self, hand: HandState, seat: int) -> list[Action]:
        s = hand.seats[seat]
        if s.riichi:  # locked: the drawn tile goes, unless it wins (then it must be taken)
            if hand.drawn is None or self.can_tsumo(hand, seat):
                return []
            return [Action(A.DISCARD, seat, hand.drawn)]
        return [Action(A.DISCARD, seat, t) for t in s.concealed]

    def turn_options(self, hand: HandState, seat: int, only: str | None = None) -> list[Action]:
        s = hand.seats[seat]
        wanted = {only} if only else {A.TSUMO, A.RIICHI, A.ANKAN, A.KAKAN}
        found: list[Action] = []
        if A.TSUMO in wanted:
            if self.can_tsumo(hand, seat):
                found.append(Action(A.TSUMO, seat, hand.drawn))
            if self.flowers and len(s.flowers) == len(FLOWER_IDS):  # 八仙過海
                found.append(Action(A.TSUMO, seat, s.flowers[-1]))
        if hand.drawn is None or s.riichi:  # right after a chi or pon, or locked: nothing else
            return found
        if A.RIICHI in wanted:
            found += self._declarations(hand, seat, s)
        if wanted & {A.ANKAN, A.KAKAN} and hand.wall.live_left > 0:
            found += self._kans(seat, s)
        return found

    def _kans(self, seat: int, s: SeatState) -> list[Action]:
        counts = s.counts()
        found = [
            Action(A.ANKAN, seat, None, tuple(sorted(t for t in s.concealed if kind_of(t) == k)))
            for k in sorted({kind_of(t) for t in s.concealed})
            if counts[k] == 4
        ]
        for meld in s.melds:
            if meld.type is MeldType.PON:
                found += [Action(A.KAKAN, seat, t) for t in s.concealed if kind_of(t) == meld.kind]
        return found

    # --- ready declarations ----------------------------------------------------------------
    def declaration_open(self, hand: HandState, seat: int) -> bool:
        """Whether a discard now declares if it leaves the hand ready: on the seat's first discard (天聽,
        or MIGI/地聽 with another tile than a non-dealer's drawn one), later only MIGI, within the hand's
        first 8 discards; never with a meld of one's own, nor after anyone's chi, pon or kan but 天聽."""
        s = hand.seats[seat]
        if self.declared(s) or s.melds or hand.drawn is None:
            return False
        if s.turns_taken == 0:
            return True
        return self.ready == "migi" and not hand.calls_made and discards_made(hand) < MIGI_DISCARDS

    def _declarations(self, hand: HandState, seat: int, s: SeatState) -> list[Action]:
        if not self.declaration_open(hand, seat):
            return []
        if not self.scoring.extras and shanten_regular(s.counts(), 0, 5) > 0:
            return []  # no discard leaves five sets and a pair one tile away (cheap test first)
        # A non-dealer's 天聽 keeps the dealt hand: only the drawn tile goes.  Without a call before, any
        # other tile may go too, declaring MIGI or 地聽 (a seat's first discard comes among the first 4).
        drawn_only = s.turns_taken == 0 and seat != hand.dealer and hand.calls_made
        found = []
        ready_after: dict[int, bool] = {}
        for t in s.concealed:
            if drawn_only and t != hand.drawn:
                continue
            k = kind_of(t)
            if k not in ready_after:
                rest = list(s.concealed)
                rest.remove(t)
                ready_after[k] = bool(self._waits(s, rest))
            if ready_after[k]:
                found.append(Action(A.RIICHI, seat, t))
        return found

    def ready_kind(self, hand: HandState, seat: int) -> str | None:
        """The declaration ``seat`` made: read back from its declaring discard (see the module notes)."""
        s = hand.seats[seat]
        if not s.riichi:
            return None
        index = next(i for i, d in enumerate(s.discards) if d.riichi)
        if index == 0 and (seat == hand.dealer or s.discards[0].tsumogiri):
            return "tianting"
        return "diting" if self.ready == "dishen" else "migi"

    def seat_view(self, hand: HandState, seat: int, viewer: int | None) -> dict[str, Any]:
        """A declared hand shows which declaration it is (everyone saw it made)."""
        kind = self.ready_kind(hand, seat)
        return {"ready": kind} if kind else {}

    def after_discard_passed(self, hand: HandState, seat: int) -> HandResult | None:
        s = hand.seats[seat]
        if s.riichi_pending:
            s.riichi_pending = False
            s.riichi = True
        return None

    # --- claims --------------------------------------------------------------------------
    def claim_options(self, hand: HandState, seat: int, tile: int, context: str, giver: int) -> list[Action]:
        s = hand.seats[seat]
        found = [Action(A.RON, seat, tile)] if self._can_ron(hand, seat, tile, context) else []
        if context != "discard" or self.declared(s) or hand.wall.live_left <= NO_CALLS_FROM:
            return found
        k = kind_of(tile)
        same = sorted(t for t in s.concealed if kind_of(t) == k)
        if len(same) >= 2:
            found.append(Action(A.PON, seat, tile, tuple(same[:2])))
        if len(same) == 3:
            found.append(Action(A.KAN, seat, tile, tuple(same)))
        if seat == (giver + 1) % hand.players:  # chi_options offers none of an honour
            found += chi_options(s.concealed, seat, tile, self.forbidden_after_call, one_per_shape=True)
        return found

    def _can_ron(self, hand: HandState, seat: int, tile: int, context: str) -> bool:
        s = hand.seats[seat]
        if context not in ("discard", "kakan") or s.let_go:
            return False
        return self._wins_with(s, s.concealed + [tile])

    def may_pass(self, hand: HandState, seat: int, offered: list[Action]) -> bool:
        """A locked ready hand cannot let a winning tile go (七搶一 may always be declined)."""
        locked = hand.seats[seat].riichi
        return not (locked and any(a.kind == A.RON and (a.tile or 0) < 136 for a in offered))

    def rob_set_aside(self, hand: HandState, seat: int, tile: int, drawer: int) -> list[Action]:
        """七搶一: the seat holding the seven other flowers may rob this one."""
        if len(hand.seats[seat].flowers) == len(FLOWER_IDS) - 1:
            return [Action(A.RON, seat, tile)]
        return []

    def on_pass(self, hand: HandState, seat: int, offered: list[Action]) -> None:
        """過水: a passed winning tile bars ron until the seat's own next draw."""
        for a in offered:
            if a.kind == A.RON and a.tile is not None and a.tile < 136:
                hand.seats[seat].let_go.add(kind_of(a.tile))

    def on_call(self, hand: HandState, seat: int, giver: int) -> None:
        if hand.seats[seat].melds[-1].type is MeldType.KAN:
            hand.extra[OPEN_KAN] = True

    def on_draw(self, hand: HandState, seat: int, tile: int) -> None:
        hand.seats[seat].let_go.clear()
        hand.extra[NO_WIN_DRAW] = hand.extra.pop(OPEN_KAN, False)

    # --- wins ----------------------------------------------------------------------------
    def situation(
        self, hand: HandState, seat: int, tile: int, giver: int | None, context: str
    ) -> TaiwanSituation:
        s = hand.seats[seat]
        tsumo = context == "tsumo"
        untouched = not hand.calls_made and s.turns_taken == 0
        heavenly = tsumo and untouched and seat == hand.dealer
        earthly = tsumo and untouched and seat != hand.dealer
        human = context == "discard" and not hand.calls_made and discards_made(hand) <= HUMAN_DISCARDS
        last = hand.wall.live_left == 0
        return TaiwanSituation(
            seat=seat,
            dealer=hand.dealer,
            round_wind=hand.round_wind,
            streak=hand.honba,
            win_tile=kind_of(tile),
            tsumo=tsumo,
            discarder=giver,
            last_tile=last and context in ("tsumo", "discard"),
            robbing_kan=context == "kakan",
            after_kan=tsumo and hand.replacement_draw and not (heavenly or earthly),
            heavenly=heavenly,
            earthly=earthly,
            human=human,
            ready=self.ready_kind(hand, seat),
        )

    def evaluate_win(
        self, hand: HandState, seat: int, tile: int, giver: int | None, context: str
    ) -> TaiwanScore:
        s = hand.seats[seat]
        if tile >= 136:  # 七搶一 (robbing ``giver``'s flower) or 八仙過海 (own eight)
            robbing = context == "flower"
            held = s.flowers  # 七搶一: the seven held (the robbed one is the drawer's)
            flower_situation = TaiwanSituation(
                seat=seat, dealer=hand.dealer, round_wind=hand.round_wind, streak=hand.honba, discarder=giver
            )  # score_flower_win makes a robbing a ron, 八仙過海 a tsumo
            return score_flower_win([kind_of(f) for f in held], flower_situation, self.scoring, robbing)
        concealed = list(s.concealed)
        if context == "tsumo":
            concealed.remove(tile)
        concealed.append(tile)
        situation = self.situation(hand, seat, tile, giver, context)
        return score_hand(concealed, s.melds, s.flowers, situation, self.scoring)

    def settle_wins(self, hand: HandState, wins: list[tuple[int, int, int | None, str]]) -> HandResult:
        deltas = [0] * hand.players
        records = []
        for winner, tile, giver, context in wins:
            score = self.evaluate_win(hand, winner, tile, giver, context)
            seat_deltas = [0] * hand.players
            for payer, amount in score.payments:
                seat_deltas[payer] -= amount
                seat_deltas[winner] += amount
            deltas = [a + b for a, b in zip(deltas, seat_deltas, strict=True)]
            records.append(
                {
                    "seat": winner,
                    "from": giver,
                    "tile": tile,
                    "context": context,
                    "yaku": [
                        [key, value] for key, value in score.all_lines
                    ],  # ids: bot.rules.names names them
                    "tai": score.total,
                    "points": score.points,
                    "payments": [list(p) for p in score.payments],
                    "deltas": seat_deltas,
                    "hand": sorted(hand.seats[winner].concealed),
                    "flowers": list(hand.seats[winner].flowers),
                }
            )
        dealer_keeps = any(w[0] == hand.dealer for w in wins)
        return HandResult("win", deltas, records, dealer_keeps=dealer_keeps)

    def settle_exhaustive_draw(self, hand: HandState) -> HandResult:
        """No payment; the dealer keeps the deal.  ``tenpai`` lists the ready seats, for the record."""
        tenpai = [
            i for i, s in enumerate(hand.seats) if len(s.concealed) % 3 == 1 and self._waits(s, s.concealed)
        ]
        return HandResult("draw", [0] * hand.players, reason="exhaustive", tenpai=tenpai, dealer_keeps=True)

    # --- the game ------------------------------------------------------------------------
    def next_hand(
        self, hand: HandState, result: HandResult, points: list[int], hands_played: int
    ) -> NextHand | None:
        winners = [w["seat"] for w in result.wins]
        winner = hand.dealer if hand.dealer in winners else (winners[0] if winners else None)
        dealer, streak = next_dealer(hand.dealer, hand.honba, winner)
        round_wind = hand.round_wind + (1 if dealer != hand.dealer and dealer == 0 else 0)
        if round_wind >= self.rounds or (self.max_hands and hands_played >= self.max_hands):
            return None
        return NextHand(round_wind, dealer, streak)

    def final_scores(self, points: list[int], sticks: int) -> list[dict[str, Any]]:
        order = sorted(range(len(points)), key=lambda seat: (-points[seat], seat))
        return [
            {"seat": seat, "rank": order.index(seat) + 1, "points": points[seat], "score": points[seat]}
            for seat in range(len(points))
        ]
