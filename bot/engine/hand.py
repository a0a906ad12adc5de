"""The referee of one hand: legal actions and their effects.

Rule-specific decisions go through the :class:`~bot.engine.ruleset.RuleSet` hooks; this module
keeps the mechanics every rule set shares (turns, offers of a tile with priorities, melds,
replacement draws, kan dora timing).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.engine import actions as A
from bot.engine.actions import Action, Event, IllegalAction, pass_action
from bot.engine.ruleset import RuleSet
from bot.engine.state import CLAIM, ENDED, TURN, Claim, Discard, HandResult, HandState, SeatState
from bot.engine.wall import Wall
from bot.hand.meld import Meld, MeldType
from bot.hand.tiles import kind_of

CALL_PRIORITY = {A.RON: 3, A.KAN: 2, A.PON: 2, A.CHI: 1, A.PASS: 0}


def start_hand(
    rules: RuleSet,
    *,
    index: int,
    round_wind: int,
    dealer: int,
    honba: int,
    sticks: int,
    points: list[int],
    tiles: list[int],
    dice: tuple[int, ...] = (1, 1),
) -> tuple[HandState, list[Event]]:
    """Deal from ``tiles`` (see bot/engine/wall.py for the layout) and let the dealer draw."""
    n, size = rules.players, rules.hand_size
    seats = [SeatState() for _ in range(n)]
    for k in range(n):
        seat = (dealer + k) % n
        seats[seat].concealed = list(tiles[k * size : (k + 1) * size])
    wall = Wall.for_hand(tiles, n * size, rules.dead_size, rules.replacement_slots)
    hand = HandState(index, round_wind, dealer, honba, sticks, list(points), wall, seats, dealer)
    hand.dice = tuple(dice)
    events = [
        Event(
            "hand_start",
            None,
            {
                "round_wind": round_wind,
                "dealer": dealer,
                "honba": honba,
                "sticks": sticks,
                "index": index,
                "dice": list(dice),  # where the wall is broken; shown to players, no effect on the deal
            },
        )
    ]
    events += [Event("deal", s, {"tiles": list(seats[s].concealed)}, private=True) for s in range(n)]
    wall.indicators = rules.indicators_at_start(hand)
    events += [Event("dora", None, {"indicator": tile}) for tile in wall.dora_indicators()]
    events += _replace_dealt_flowers(rules, hand)
    events += _draw(rules, hand, dealer, replacement=False)
    events += rules.start_play(hand)  # decisions before play (exchange, void suit), if any
    return hand, events


class HandEngine:
    """Wraps a :class:`HandState`; ``legal_actions`` and ``apply`` are the whole interface."""

    def __init__(self, rules: RuleSet, hand: HandState) -> None:
        self.rules = rules
        self.hand = hand
        self._legal_cache: dict[int, list[Action]] = {}

    # ------------------------------------------------------------------ questions
    def legal_actions(self, seat: int) -> list[Action]:
        cached = self._legal_cache.get(seat)
        if cached is None:
            cached = self._compute_legal(seat)
            self._legal_cache[seat] = cached
        return cached

    def _compute_legal(self, seat: int) -> list[Action]:
        h = self.hand
        if h.phase == TURN and seat == h.current:
            return self.rules.discard_options(h, seat) + self.rules.turn_options(h, seat)
        if h.phase == CLAIM and h.claim is not None and seat in h.claim.waiting_for():
            if h.claim.decision:
                return list(h.claim.options[seat])
            options = h.claim.options[seat]
            passing = [pass_action(seat)] if self.rules.may_pass(h, seat, options) else []
            return options + passing
        return []

    def waiting_for(self) -> list[int]:
        h = self.hand
        if h.phase == TURN:
            return [h.current]
        if h.phase == CLAIM and h.claim is not None:
            return h.claim.waiting_for()
        return []

    def explain_illegal(self, action: Action) -> str:
        h = self.hand
        if h.phase == ENDED:
            return "the hand is over"
        if action.seat not in range(h.players):
            return f"there is no seat {action.seat}"
        if action.seat not in self.waiting_for():
            return f"seat {action.seat} has nothing to decide now (waiting for {self.waiting_for()})"
        kinds = {a.kind for a in self.legal_actions(action.seat)}
        if action.kind not in kinds:
            return f"{action.kind} is not allowed now (allowed: {', '.join(sorted(kinds))})"
        if h.phase == TURN and action.tile is not None and action.tile not in h.seats[action.seat].concealed:
            return f"tile {action.tile} is not in seat {action.seat}'s hand"
        return f"{action} is not one of the legal choices for that kind"

    # ------------------------------------------------------------------ changes
    def is_legal(self, action: Action) -> bool:
        """``action in legal_actions(seat)``, computing only the options of the action's kind."""
        cached = self._legal_cache.get(action.seat)
        if cached is not None:
            for legal in cached:  # most callers pass one of the listed actions: found by identity
                if legal is action:
                    return True
            return action in cached
        h = self.hand
        if h.phase == TURN and action.seat == h.current:
            if action.kind == A.DISCARD:
                return action in self.rules.discard_options(h, action.seat)
            return action in self.rules.turn_options(h, action.seat, only=action.kind)
        return action in self.legal_actions(action.seat)

    def apply(self, action: Action) -> list[Event]:
        if not _well_typed(action):
            # 5.0 == 5: without this a float would pass the legality check and break the state later.
            raise IllegalAction(f"{action}: the seat and the tiles of an action are whole numbers (int)")
        if not self.is_legal(action):
            raise IllegalAction(self.explain_illegal(action))
        self._legal_cache.clear()
        h = self.hand
        if h.phase == CLAIM:
            return self._answer(action)
        return _TURN_HANDLERS[action.kind](self, action)

    # turn actions ---------------------------------------------------------------
    def _discard(self, action: Action) -> list[Event]:
        h = self.hand
        seat = h.seats[action.seat]
        tile = action.tile
        assert tile is not None
        riichi = action.kind == A.RIICHI
        seat.concealed.remove(tile)
        seat.discards.append(Discard(tile, tsumogiri=tile == h.drawn, riichi=riichi))
        seat.temporary_furiten = False
        seat.forbidden_kinds = frozenset()
        if seat.riichi:
            seat.ippatsu = False  # own next discard ends the ippatsu window
        if riichi:
            seat.riichi_pending = True
            seat.double_riichi = seat.turns_taken == 0 and not h.calls_made
        if not h.calls_made and len(h.first_discards) < h.players:
            h.first_discards.append(kind_of(tile))
        seat.turns_taken += 1
        h.drawn = None
        events = [
            Event(
                "discard",
                action.seat,
                {"tile": tile, "tsumogiri": seat.discards[-1].tsumogiri, "riichi": riichi},
            )
        ]
        events += self._turn_pending_dora()
        return events + self._offer(tile, action.seat, "discard")

    def _tsumo(self, action: Action) -> list[Event]:
        assert action.tile is not None
        return self._settle_wins([(action.seat, action.tile, None, "tsumo")])

    def _settle_wins(self, wins: list[tuple[int, int, int | None, str]]) -> list[Event]:
        h = self.hand
        result = self.rules.settle_wins(h, wins)
        if result is not None:
            return self._finish(result)
        # The hand goes on without the winners (the rule set moved the winning tiles aside).
        h.claim = None
        h.pending_kakan = None
        h.phase = TURN
        events = [Event("win", w[0], {"tile": w[1], "from": w[2], "context": w[3]}) for w in wins]
        if h.wall.live_left <= 0:
            return events + self._finish(self.rules.settle_exhaustive_draw(h))
        return events + _draw(self.rules, h, self.rules.next_seat(h, wins[-1][0]), replacement=False)

    def _ankan(self, action: Action) -> list[Event]:
        h = self.hand
        seat = h.seats[action.seat]
        for t in action.using:
            seat.concealed.remove(t)
        seat.melds.append(Meld(MeldType.ANKAN, tuple(sorted(action.using))))
        events = [Event("kan", action.seat, {"type": "ankan", "tiles": list(action.using)})]
        events += self._note_kan(action.seat, "ankan")
        return events + self._offer(action.using[0], action.seat, "ankan")

    def _kakan(self, action: Action) -> list[Event]:
        h = self.hand
        assert action.tile is not None
        h.pending_kakan = action
        events = [Event("kakan_declared", action.seat, {"tile": action.tile})]
        return events + self._offer(action.tile, action.seat, "kakan")

    def _complete_kakan(self) -> list[Event]:
        h = self.hand
        action = h.pending_kakan
        assert action is not None and action.tile is not None
        h.pending_kakan = None
        seat = h.seats[action.seat]
        seat.concealed.remove(action.tile)
        k = kind_of(action.tile)
        index = next(i for i, m in enumerate(seat.melds) if m.type is MeldType.PON and m.kind == k)
        pon = seat.melds[index]
        seat.melds[index] = Meld(
            MeldType.KAKAN, tuple(sorted(pon.tiles + (action.tile,))), pon.called, pon.source, action.tile
        )
        events = [Event("kan", action.seat, {"type": "kakan", "tiles": list(seat.melds[index].tiles)})]
        events += self._note_kan(action.seat, "kakan")
        return events + self._replacement(action.seat)

    def _kita(self, action: Action) -> list[Event]:
        h = self.hand
        assert action.tile is not None
        seat = h.seats[action.seat]
        seat.concealed.remove(action.tile)
        seat.kita.append(action.tile)
        # Like an added kan, the kita ends everyone's ippatsu only once it was not robbed (a ron on the
        # North keeps the winner's ippatsu); see _nobody_claimed.
        events = [Event("kita", action.seat, {"tile": action.tile})]
        return events + self._offer(action.tile, action.seat, "kita")

    def _nine_terminals(self, action: Action) -> list[Event]:
        return self._finish(self.rules.settle_abort(self.hand, "nine_terminals"))

    # kans, dora and replacement draws ---------------------------------------------
    def _break_first_go_around(self) -> None:
        h = self.hand
        h.calls_made = True
        for s in h.seats:
            s.ippatsu = False

    def _note_kan(self, seat: int, kind: str) -> list[Event]:
        h = self.hand
        h.kans.append(seat)
        payment = self.rules.kan_payment(h, seat, kind)
        if payment:
            h.points = [p + d for p, d in zip(h.points, payment, strict=True)]
        self._break_first_go_around()
        events = self._turn_pending_dora()  # chained kans: the earlier kan's dora first
        if self.rules.kan_dora and self.rules.kan_dora_at_once(kind):
            events += self._turn_dora(1)
        elif self.rules.kan_dora:
            h.pending_dora += 1
        return events

    def _turn_pending_dora(self) -> list[Event]:
        count, self.hand.pending_dora = self.hand.pending_dora, 0
        return self._turn_dora(count)

    def _turn_dora(self, count: int) -> list[Event]:
        wall = self.hand.wall
        events = []
        for _ in range(count):
            wall.indicators += 1
            events.append(Event("dora", None, {"indicator": wall.dora_indicators()[-1]}))
        return events

    def _replacement(self, seat: int) -> list[Event]:
        return _draw(self.rules, self.hand, seat, replacement=True)

    # offers and answers ----------------------------------------------------------
    def _offer(self, tile: int, giver: int, context: str) -> list[Event]:
        h = self.hand
        rules = self.rules
        players = h.players
        options: dict[int, list[Action]] = {}
        for k in range(1, players):
            seat = (giver + k) % players
            found = rules.claim_options(h, seat, tile, context, giver)
            if found:
                options[seat] = found
            else:
                rules.tile_passed_unasked(h, seat, tile, context)
        if not options:
            return self._nobody_claimed(tile, giver, context)
        h.claim = Claim(tile, giver, context, options)
        h.phase = CLAIM
        return [Event("offer", None, {"tile": tile, "giver": giver, "context": context})]

    def _answer(self, action: Action) -> list[Event]:
        h = self.hand
        claim = h.claim
        assert claim is not None
        claim.answers[action.seat] = action
        if claim.waiting_for():
            return []
        return self._resolve(claim)

    def _resolve(self, claim: Claim) -> list[Event]:
        h = self.hand
        h.claim = None
        if claim.decision:
            return self.rules.resolve_decision(h, claim)
        for seat, answer in claim.answers.items():
            if answer.kind != A.RON:
                self.rules.on_pass(h, seat, claim.options[seat])
        order = [(claim.giver + k) % h.players for k in range(1, h.players)]
        answers = claim.answers
        rons = [s for s in order if s in answers and answers[s].kind == A.RON]
        if rons:
            if len(rons) > self.rules.max_ron:
                if self.rules.extra_rons_abort:
                    return self._finish(self.rules.settle_abort(h, "triple_ron"))
                rons = rons[: self.rules.max_ron]  # head bump: the seats nearest the giver win
            wins: list[tuple[int, int, int | None, str]] = [
                (s, claim.tile, claim.giver, claim.context) for s in rons
            ]
            return self._settle_wins(wins)
        best = max(claim.answers.values(), key=lambda a: CALL_PRIORITY[a.kind])
        if best.kind == A.PASS:
            return self._nobody_claimed(claim.tile, claim.giver, claim.context)
        return self._call(best, claim)

    def _nobody_claimed(self, tile: int, giver: int, context: str) -> list[Event]:
        h = self.hand
        h.phase = TURN
        _note_passed(h, tile, giver, context)
        if context == "kakan":
            return self._complete_kakan()
        if context == "kita":
            self._break_first_go_around()
        if context in ("ankan", "kita"):
            return self._replacement(giver)
        if context == "flower":  # nobody robbed the flower: its replacement
            return _replace_set_aside(self.rules, h, giver)
        aborted = self.rules.after_discard_passed(h, giver)
        if aborted is not None:
            return self._finish(aborted)
        if h.wall.live_left <= 0:
            return self._finish(self.rules.settle_exhaustive_draw(h))
        return _draw(self.rules, h, self.rules.next_seat(h, giver), replacement=False)

    def _call(self, action: Action, claim: Claim) -> list[Event]:
        h = self.hand
        aborted = self.rules.after_discard_passed(h, claim.giver)  # riichi deposit etc. still happen
        if aborted is not None:
            return self._finish(aborted)
        giver = h.seats[claim.giver]
        giver.discards[-1].called = True
        _note_passed(h, claim.tile, claim.giver, claim.context)
        seat = h.seats[action.seat]
        seat.passed.clear()
        for t in action.using:
            seat.concealed.remove(t)
        meld_type = {A.CHI: MeldType.CHI, A.PON: MeldType.PON, A.KAN: MeldType.KAN}[action.kind]
        source = (claim.giver - action.seat) % h.players
        if h.players == 3 and source == 2:
            source = 3  # in three-player the seat before you is the previous player
        tiles = tuple(sorted(action.using + (claim.tile,)))
        meld = Meld(meld_type, tiles, claim.tile, source)
        seat.melds.append(meld)
        self._break_first_go_around()
        self.rules.on_call(h, action.seat, claim.giver)
        h.current = action.seat
        h.phase = TURN
        h.drawn = None
        h.replacement_draw = False
        events = [
            Event("call", action.seat, {"type": action.kind, "tiles": list(tiles), "from": claim.giver})
        ]
        if meld_type is MeldType.KAN:
            events += self._note_kan(action.seat, "kan")
            return events + self._replacement(action.seat)
        seat.forbidden_kinds = self.rules.forbidden_after_call(meld)
        return events

    def _finish(self, result: HandResult) -> list[Event]:
        return _finish_hand(self.hand, result)


def _well_typed(action: Action) -> bool:
    # Its fields read as Any: the compiled build checks a field's declared type as it reads it, and it is
    # this function's job to refuse a float with a clear message (IllegalAction), not a TypeError.
    fields: Any = action
    seat, tile, using = fields.seat, fields.tile, fields.using
    if type(seat) is not int or (tile is not None and type(tile) is not int):
        return False
    if type(using) is not tuple:
        return False
    # most actions use no tile: no generator for them (this runs for every action)
    return not using or all(type(t) is int for t in using)


#: What each turn action does (a table built once: apply runs for every action of every game).
_TURN_HANDLERS: dict[str, Callable[[HandEngine, Action], list[Event]]] = {
    A.DISCARD: HandEngine._discard,
    A.RIICHI: HandEngine._discard,
    A.TSUMO: HandEngine._tsumo,
    A.ANKAN: HandEngine._ankan,
    A.KAKAN: HandEngine._kakan,
    A.KITA: HandEngine._kita,
    A.NINE_TERMINALS: HandEngine._nine_terminals,
}


def _finish_hand(hand: HandState, result: HandResult) -> list[Event]:
    hand.result = result
    hand.phase = ENDED
    hand.claim = None
    for s, delta in enumerate(result.deltas):
        hand.points[s] += delta
    hand.sticks -= result.sticks_taken
    return [Event("hand_end", None, result.to_json())]


def _note_passed(hand: HandState, tile: int, giver: int, context: str) -> None:
    """A discard nobody won on: every other seat has now let it pass (:attr:`SeatState.passed`)."""
    if context != "discard":
        return
    for index, seat in enumerate(hand.seats):
        if index != giver:
            seat.passed.append(tile)


def _draw(rules: RuleSet, hand: HandState, seat: int, *, replacement: bool) -> list[Event]:
    """Draw for ``seat``; tiles the rule set sets aside at once (flowers) are replaced from the wall."""
    from_back = replacement and rules.replacement_from_back
    tile = hand.wall.draw_replacement() if from_back else hand.wall.draw()
    return _take(rules, hand, seat, tile, replacement)


def _take(rules: RuleSet, hand: HandState, seat: int, tile: int, replacement: bool) -> list[Event]:
    """``seat`` takes the drawn ``tile``.  A tile set aside at once (a flower) is first offered to the
    seats that may rob it (``RuleSet.rob_set_aside``), then replaced."""
    if rules.set_aside_on_draw(tile):
        hand.seats[seat].flowers.append(tile)
        events = [Event("flower", seat, {"tile": tile})]
        robbers = {}
        for k in range(1, hand.players):
            other = (seat + k) % hand.players
            if found := rules.rob_set_aside(hand, other, tile, seat):
                robbers[other] = found
        if robbers:
            hand.current, hand.drawn, hand.phase = seat, None, CLAIM
            hand.claim = Claim(tile, seat, "flower", robbers)
            return events + [Event("offer", None, {"tile": tile, "giver": seat, "context": "flower"})]
        return events + _replace_set_aside(rules, hand, seat)
    hand.seats[seat].concealed.append(tile)
    hand.seats[seat].passed.clear()
    hand.current = seat
    hand.drawn = tile
    hand.replacement_draw = replacement
    hand.phase = TURN
    rules.on_draw(hand, seat, tile)
    return [Event("draw", seat, {"tile": tile, "replacement": replacement}, private=True)]


def _replace_set_aside(rules: RuleSet, hand: HandState, seat: int) -> list[Event]:
    """The replacement of a tile set aside; with no tile left to draw the hand ends as an exhaustive
    draw (a flower drawn as the last tile)."""
    if hand.wall.live_left <= 0:
        hand.current, hand.drawn = seat, None
        return _finish_hand(hand, rules.settle_exhaustive_draw(hand))
    return _take(rules, hand, seat, hand.wall.draw_replacement(), replacement=True)


def _replace_dealt_flowers(rules: RuleSet, hand: HandState) -> list[Event]:
    """Flowers in the deal are set aside and replaced, seat by seat from the dealer."""
    events = []
    for k in range(hand.players):
        seat = hand.seats[(hand.dealer + k) % hand.players]
        while any(rules.set_aside_on_draw(t) for t in seat.concealed):
            flower = next(t for t in seat.concealed if rules.set_aside_on_draw(t))
            seat.concealed.remove(flower)
            seat.flowers.append(flower)
            seat.concealed.append(hand.wall.draw_replacement())
            events.append(Event("flower", (hand.dealer + k) % hand.players, {"tile": flower}))
    return events
