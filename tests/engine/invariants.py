"""An invariant checker for any table, written from the rules rather than from the engine's own
``Game.check_invariants``: it reads only the public state (seats, wall, points) and says what is wrong.

* Tiles: every tile taken from the wall is somewhere exactly once (a hand, a meld, an uncalled discard, a
  set-aside kita, flower or winning tile); no tile still in the live wall is also held; the wall is the
  rule set's tile set.
* Payments: every rule set pays player to player (rules/*.md, "Payments": ron paid by the discarder,
  tsumo and kan payments by the other players, riichi deposits kept on the table), so points plus the
  deposits on the table never change within a game, after any action and across each finished hand.
* Turn order: a new turn goes to the next seat still playing after the last one to act, unless a seat
  called a tile (it plays next) or won (the seat after it plays next, in a rule set that plays on).
* Legal actions only: :class:`Watcher` applies only listed actions and checks that an unlisted one is
  refused without changing anything.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field

from bot.ai.player import AIPlayer
from bot.engine import actions as A
from bot.engine.actions import Action, IllegalAction
from bot.engine.game import Game
from bot.engine.state import HandState


def held_tiles(hand: HandState) -> list[int]:
    """Every tile out of the wall: hands, melds, uncalled discards and the tiles set aside."""
    held: list[int] = []
    for seat in hand.seats:
        held += seat.concealed + seat.kita + seat.flowers + seat.won
        held += [d.tile for d in seat.discards if not d.called]
        for meld in seat.melds:
            held += meld.tiles
    return held


def tile_problems(game: Game) -> list[str]:
    hand = game.hand
    wall = hand.wall
    problems = []
    if sorted(wall.tiles) != sorted(game.rules.tile_ids()):
        problems.append("the wall is not the rule set's tile set")
    held = held_tiles(hand)
    repeated = sorted(t for t, n in Counter(held).items() if n > 1)
    if repeated:
        problems.append(f"tiles held twice: {repeated}")
    taken = wall.next_live + wall.replacements
    if len(held) != taken:
        problems.append(f"{taken} tiles taken from the wall but {len(held)} held")
    still_live = set(wall.tiles[wall.next_live : wall.live_end])
    if still_live & set(held):
        problems.append(f"tiles both held and in the live wall: {sorted(still_live & set(held))}")
    return problems


def money(game: Game) -> int:
    """Points plus the deposits on the table."""
    return sum(game.hand.points) + game.rules.stick_points * game.hand.sticks


def hand_payment_problems(game: Game) -> list[str]:
    """Each finished hand's points and deposits, before and after, sum to the same amount."""
    problems = []
    stick = game.rules.stick_points
    records = game.hands
    for i, record in enumerate(records):
        before = sum(record["points"]) + stick * record["sticks"]
        if i + 1 < len(records):
            after = sum(records[i + 1]["points"]) + stick * records[i + 1]["sticks"]
        else:
            after = sum(game.points) + stick * game.sticks
        if before != after:
            problems.append(f"hand {i}: points and deposits went from {before} to {after}")
    return problems


@dataclass
class Watcher:
    """Plays one game by choices, checking every invariant after every action; an unlisted action is
    tried on every seventh step."""

    game: Game
    player: AIPlayer = field(default_factory=lambda: AIPlayer("easy", 0))
    start_money: int = 0
    turn: tuple[int, int] | None = None  # (hand index, seat) of the last turn seen
    melds: list[int] = field(default_factory=list)
    out: set[int] = field(default_factory=set)  # seats that won this hand (out, where play goes on)
    hand_index: int = 0
    problems: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.start_money = money(self.game)
        self._remember()

    def _remember(self) -> None:
        h = self.game.hand
        self.melds = [len(s.melds) for s in h.seats]
        if h.index != self.hand_index:
            self.hand_index, self.out = h.index, set()
        if h.phase == "turn":
            self.turn = (h.index, h.current)

    def step(self, choice: int) -> None:
        game = self.game
        waiting = game.waiting_for()
        assert waiting, "a game not over waits for someone"
        seat = waiting[choice % len(waiting)]
        legal = game.legal_actions(seat)
        assert legal, f"seat {seat} is waited for but has no legal action"
        if choice % 7 == 0:
            self._check_refused(seat, legal)
        before_hand = game.hand.index
        # Three choices in four follow a computer player (random play alone seldom wins, and the
        # payments are much of what is checked), the fourth picks any legal action.
        action = self.player.choose(game, seat) if choice % 4 else legal[choice % len(legal)]
        assert action in legal, f"{action} is not among {legal}"
        events = game.apply(action)
        winners = {e.seat for e in events if e.kind == "win" and e.seat is not None}
        self.out |= winners
        if game.over:
            return
        h = game.hand
        self.problems += [f"after {action}: {p}" for p in tile_problems(game)]
        if money(game) != self.start_money:
            self.problems.append(f"points and deposits {money(game)}, at the start {self.start_money}")
        if h.index == before_hand and h.phase == "turn" and self.turn is not None and self.turn[0] == h.index:
            self._check_turn_order(h, winners)
        claim = h.claim if h.phase == "claim" else None
        if claim is not None and not claim.decision and claim.giver in claim.waiting_for():
            self.problems.append(f"seat {claim.giver} is asked about its own tile")
        self._remember()

    def _check_turn_order(self, h: HandState, winners: set[int]) -> None:
        assert self.turn is not None
        last = self.turn[1]
        now = h.current
        if now == last:
            return  # the same seat goes on (a kan's replacement, a kita, a flower)
        if len(h.seats[now].melds) > self.melds[now]:
            return  # a call: the caller plays next
        n = len(h.seats)
        playing = [i for i in range(n) if i not in self.out]
        allowed = {_next_playing(start, n, playing) for start in [last, *winners]}
        if now not in allowed:
            self.problems.append(f"turn went from seat {last} to seat {now}, not one of {sorted(allowed)}")

    def _check_refused(self, seat: int, legal: list[Action]) -> None:
        """An action not on the list is refused and changes nothing."""
        game = self.game
        h = game.hand
        before = json.dumps(game.to_json(), sort_keys=True)
        held = set(h.seats[seat].concealed)
        foreign = next(t for t in game.rules.tile_ids() if t not in held)
        wrong = [Action(A.DISCARD, seat, foreign)]
        others = [s for s in range(len(h.seats)) if s not in game.waiting_for()]
        if others:
            wrong.append(Action(A.PASS, others[0]))
        for action in wrong:
            if action in legal:
                continue
            try:
                game.apply(action)
            except IllegalAction:
                pass
            else:
                self.problems.append(f"{action} was accepted though not legal")
            if json.dumps(game.to_json(), sort_keys=True) != before:
                self.problems.append(f"the refused {action} changed the table")


def _next_playing(start: int, n: int, playing: list[int]) -> int:
    for k in range(1, n + 1):
        if (start + k) % n in playing:
            return (start + k) % n
    return start
