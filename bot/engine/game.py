"""A whole game: rule set + options + seed (+ injected walls) + the list of decisions.

Everything else is derived: ``Game.from_json(game.to_json())`` replays the decisions and arrives at the
identical state.  ``legal_actions(seat)`` is the only question front ends, computer players and log
replays need to ask; ``apply`` refuses anything else with :class:`IllegalAction`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, cast

from bot.engine.actions import Action, Event, IllegalAction
from bot.engine.decisions import DecisionLog
from bot.engine.hand import HandEngine, start_hand
from bot.engine.registry import load_rules
from bot.engine.ruleset import NextHand, RuleSet
from bot.engine.state import ENDED, HandResult, HandState
from bot.engine.views import TableView
from bot.engine.wall import dice_for, hand_seed, new_seed, seed_commitment, shuffled_wall, untouched_tiles

_TILE_SETS: dict[tuple[int, ...], frozenset[int]] = {}


def _tile_set(rules: RuleSet) -> frozenset[int]:
    """The rule set's tile ids, shared by every table with the same tiles (options may change them:
    a game played without its flowers)."""
    key = tuple(sorted(rules.tile_ids()))
    if key not in _TILE_SETS:
        _TILE_SETS[key] = frozenset(key)
    return _TILE_SETS[key]


def _add_winning_hands(hand: HandState, result: HandResult) -> None:
    """Each win record gets the winner's hand as it lay at the end (``concealed`` without the winning
    tile, ``melds`` as in the view), so a result picture can show the whole hand.  A winner sits out
    the rest of a hand that goes on (a bloody battle), so its tiles at the end are those it won with."""
    for win in result.wins:
        if "concealed" in win:
            continue
        seat = hand.seats[win["seat"]]
        concealed = sorted(seat.concealed)
        if win.get("tile") in concealed:
            concealed.remove(win["tile"])  # a self-drawn winning tile is still in the hand
        win["concealed"] = concealed
        win["melds"] = [
            {"type": str(m.type), "tiles": list(m.tiles), "called": m.called, "source": m.source}
            for m in seat.melds
        ]
        if seat.flowers or seat.kita:  # set aside, yet part of what the hand scores (flowers, norths)
            win["flowers"] = list(seat.flowers)
            win["kita"] = list(seat.kita)


def _add_ready_hands(hand: HandState, result: HandResult) -> None:
    """A draw's record gets the hands of the seats that were ready, as they are laid open at the table
    (a result picture shows who was ready and with what)."""
    if result.wins or not result.tenpai:
        return
    result.details.setdefault(
        "ready_hands",
        [
            {
                "seat": seat,
                "concealed": sorted(hand.seats[seat].concealed),
                "melds": [
                    {"type": str(m.type), "tiles": list(m.tiles), "called": m.called, "source": m.source}
                    for m in hand.seats[seat].melds
                ],
                "flowers": list(hand.seats[seat].flowers),
            }
            for seat in result.tenpai
        ],
    )


class Game:
    def __init__(
        self,
        rules: str,
        options: dict[str, Any] | None = None,
        seed: str | None = None,
        *,
        walls: list[list[int]] | None = None,
        start_points: list[int] | None = None,
        dice: Sequence[Sequence[int]] | None = None,
        first_hand: NextHand | None = None,
        first_sticks: int = 0,
    ) -> None:
        self.rules_id = rules
        self.options = dict(options or {})
        self.rules: RuleSet = load_rules(rules, self.options)
        self.seed = seed if seed is not None else new_seed()
        self.walls = walls
        self.dice = [tuple(d) for d in dice] if dice is not None else None
        self.start_points = list(start_points or [self.rules.start_points] * self.rules.players)
        self.points = list(self.start_points)
        # A game may start in the middle (a record excerpt): at ``first_hand`` with deposits on the table.
        self.first_hand = first_hand
        self.first_sticks = first_sticks
        self.sticks = first_sticks
        self.decisions = DecisionLog()  # eight bytes a decision (a long game's log stays small)
        self.hands: list[dict[str, Any]] = []  # one record per finished hand (a HandRecord)
        self.final: list[dict[str, Any]] | None = None  # each a FinalPlace
        self._tile_set = _tile_set(self.rules)
        self.total_tiles = len(self._tile_set)
        self.engine: HandEngine
        self.start_events = self._start_hand(first_hand or NextHand(0, 0, 0))

    # ------------------------------------------------------------------ questions
    @property
    def hand(self) -> HandState:
        return self.engine.hand

    @property
    def over(self) -> bool:
        return self.final is not None

    def legal_actions(self, seat: int) -> list[Action]:
        if self.over:
            return []
        return self.engine.legal_actions(seat)

    def waiting_for(self) -> list[int]:
        return [] if self.over else self.engine.waiting_for()

    # ------------------------------------------------------------------ changes
    def apply(self, action: Action) -> list[Event]:
        if self.over:
            raise IllegalAction("the game is over")
        events = self.engine.apply(action)
        self.decisions.append(action)
        if self.hand.phase == ENDED:
            events += self._end_hand()
        return events

    def _wall_for(self, index: int) -> list[int]:
        if self.walls is not None:
            if index >= len(self.walls):
                raise IllegalAction(f"no wall was given for hand {index + 1}")
            return self.walls[index]
        return shuffled_wall(self.seed, index, self.rules.tile_ids())

    def _dice_for(self, index: int) -> tuple[int, ...]:
        if self.dice is not None and index < len(self.dice):
            return tuple(self.dice[index])
        return dice_for(self.seed, index, self.rules.dice_count)

    def _start_hand(self, where: NextHand) -> list[Event]:
        index = len(self.hands)
        hand, events = start_hand(
            self.rules,
            index=index,
            round_wind=where.round_wind,
            dealer=where.dealer,
            honba=where.honba,
            sticks=self.sticks,
            points=self.points,
            tiles=self._wall_for(index),
            dice=self._dice_for(index),
        )
        if self.walls is None:
            events.insert(1, Event("wall_commitment", None, {"sha256": seed_commitment(self.seed, index)}))
        self.engine = HandEngine(self.rules, hand)
        return events

    def _end_hand(self) -> list[Event]:
        h = self.hand
        result = h.result
        assert result is not None
        _add_winning_hands(h, result)
        _add_ready_hands(h, result)
        record: dict[str, Any] = {  # a HandRecord
            "round_wind": h.round_wind,
            "dealer": h.dealer,
            "honba": h.honba,
            "sticks": self.sticks,
            "points": list(self.points),
            "result": result.to_json(),
        }
        if self.rules.in_decider(h):
            record["decider"] = True  # no round wind: the record's is the last round's, kept for display
        self.hands.append(record)
        self.points = list(h.points)
        self.sticks = h.sticks
        events: list[Event] = []
        if self.walls is None:
            # The hand's own seed, not the game's: the walls of later hands stay secret.
            events.append(
                Event("wall_seed", None, {"hand": h.index, "seed": hand_seed(self.seed, h.index).hex()})
            )
        where = self.rules.next_hand(h, result, self.points, len(self.hands))
        if where is None:
            self.final = self.rules.final_scores(self.points, self.sticks)
            return events + [Event("game_end", None, {"final": self.final})]
        return events + self._start_hand(where)

    # ------------------------------------------------------------------ views
    def view(self, seat: int | None) -> TableView:
        """What ``seat`` may see (None: a spectator): no other seat's concealed tiles, no wall."""
        h = self.hand
        seats = []
        for i, s in enumerate(h.seats):
            entry: dict[str, Any] = {
                "points": h.points[i],
                "melds": [
                    # source: the giver relative to the caller (1 next, 2 opposite, 3 previous player),
                    # so a picture can turn the called tile towards the giver (or lay it face down)
                    {"type": str(m.type), "tiles": list(m.tiles), "called": m.called, "source": m.source}
                    for m in s.melds
                ],
                "discards": [[d.tile, d.tsumogiri, d.riichi, d.called] for d in s.discards],
                "passed": list(s.passed),
                "kita": list(s.kita),
                "flowers": list(s.flowers),
                "riichi": s.riichi,
                "concealed_count": len(s.concealed),
            }
            if i == seat:
                entry["concealed"] = sorted(s.concealed)
                entry["drawn"] = h.drawn if h.current == seat else None
            entry.update(self.rules.seat_view(h, i, seat))
            seats.append(entry)
        offer = None
        phase = h.phase
        if h.claim is not None and h.claim.decision:
            phase = h.claim.context  # a decision before play ("exchange", "void"): no tile on offer
        elif h.claim is not None:
            offer = {"tile": h.claim.tile, "giver": h.claim.giver, "context": h.claim.context}
        view = {
            "rules": self.rules_id,
            "seat": seat,
            "hand_index": h.index,
            "round_wind": h.round_wind,
            "dealer": h.dealer,
            "honba": h.honba,
            "sticks": h.sticks,
            "dora_indicators": h.wall.dora_indicators(),
            "live_left": h.wall.live_left,
            "current": h.current,
            "phase": phase,
            "offer": offer,
            "seats": seats,
            "waiting_for": self._public_waiting(seat),
            "legal_actions": [a.to_json() for a in self.legal_actions(seat)] if seat is not None else [],
            "final": self.final,
            # the table's red fives (the option red=0 removes them), so pictures paint the right tiles
            "red_fives": sorted(getattr(self.rules, "red_ids", ())),
            # the table's options (public: its length, red fives...), so a computer player knows the game
            "options": dict(self.options),
        }
        view.update(self.rules.table_view(h, seat))
        if self.rules.has_decider:  # public, and a player needs it: no round wind, a win may end the game
            view["decider"] = self.rules.in_decider(h)
        return cast(TableView, view)  # its keys: bot/engine/views.py (tests/engine/test_views_typed.py)

    def typed_view(self, seat: int | None) -> TableView:
        """The same as :meth:`view` (kept for callers written before the view was typed)."""
        return self.view(seat)

    def _public_waiting(self, seat: int | None) -> list[int]:
        """Whose decision the table waits for, without telling who may claim an offered tile."""
        waiting = self.waiting_for()
        if self.hand.phase == "claim":
            return [seat] if seat in waiting else []
        return waiting

    def snapshot(self) -> dict[str, Any]:
        """The complete state (hidden parts included), for comparisons and debugging."""
        h = self.hand
        return {
            "view": self.view(None),
            "concealed": [sorted(s.concealed) for s in h.seats],
            "furiten": [[s.temporary_furiten, s.riichi_furiten, s.ippatsu] for s in h.seats],
            "wall": [h.wall.next_live, h.wall.replacements, h.wall.indicators],
            "points": list(self.points),
            "hands": self.hands,
            "decisions": len(self.decisions),
            "legal": {seat: [a.to_json() for a in self.legal_actions(seat)] for seat in range(len(h.seats))},
        }

    # ------------------------------------------------------------------ persistence
    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "rules": self.rules_id,
            "options": self.options,
            "seed": self.seed,
            "start_points": self.start_points,
            "decisions": [a.to_json() for a in self.decisions],
        }
        if self.walls is not None:
            data["walls"] = self.walls
        if self.dice is not None:
            data["dice"] = [list(d) for d in self.dice]
        if self.first_hand is not None:
            where = self.first_hand
            data["first_hand"] = [where.round_wind, where.dealer, where.honba, self.first_sticks]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Game:
        first = data.get("first_hand")
        game = cls(
            data["rules"],
            data.get("options"),
            data["seed"],
            walls=data.get("walls"),
            start_points=data.get("start_points"),
            dice=data.get("dice"),
            first_hand=NextHand(*first[:3]) if first else None,
            first_sticks=first[3] if first else 0,
        )
        for raw in data.get("decisions", []):
            game.apply(Action.from_json(raw))
        return game

    # ------------------------------------------------------------------ invariants
    def check_invariants(self) -> list[str]:
        """Problems found (empty when fine): every tile accounted for once; points + deposits constant."""
        problems = []
        h = self.hand
        seen = untouched_tiles(h.wall)
        for s in h.seats:
            seen += s.concealed
            seen += s.kita
            seen += s.flowers
            seen += s.won
            seen += [d.tile for d in s.discards if not d.called]
            for m in s.melds:
                seen += m.tiles
        if len(seen) != self.total_tiles or set(seen) != self._tile_set:
            counted = Counter(seen)
            extra = sorted(t for t, c in counted.items() if c > 1 or t not in self._tile_set)
            missing = sorted(self._tile_set - set(seen))
            problems.append(f"tiles: repeated or foreign {extra[:8]} missing {missing[:8]}")
        total = sum(h.points) + self.rules.stick_points * h.sticks
        expected = sum(self.start_points) + self.rules.stick_points * self.first_sticks
        if total != expected:
            problems.append(f"points + deposits = {total}, expected {expected}")
        for i, s in enumerate(h.seats):
            size = len(s.concealed) + 3 * len(s.melds)
            adding = h.claim is not None and (h.claim.context == "kakan" or h.claim.decision)
            full = h.current == i and (h.claim is None or adding)
            expected_size = self.rules.hand_size + (1 if full else 0)
            if h.phase != ENDED and size != expected_size:
                problems.append(f"seat {i} holds {size} tiles, expected {expected_size}")
        return problems
