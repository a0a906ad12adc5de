"""This project's computer player behind the mjai protocol (``mahjong-bot mjai``).

An mjai server sends the events its seat may see and expects an answer to each message.  The
:class:`Mirror` keeps a copy of the hand as that seat knows it, in the referee's own state classes
(:class:`~bot.engine.state.HandState`): its own tiles exactly, everyone's rivers, melds, riichi and
points, the dora indicators and how many tiles are left.  The rule set's own hooks then give the
seat's legal actions (wins with their yaku and furiten, riichi, kans, calls), the referee's view code
gives the seat's view, and the computer player decides from those two as at any table.  Tiles known
only by name get ids of their kind (:class:`~bot.mjai.tiles.TileIds`); the other seats' concealed
tiles are unknown and stay empty.
"""

from __future__ import annotations

from typing import Any

from bot.ai.player import AIPlayer
from bot.engine import actions as A
from bot.engine.actions import Action
from bot.engine.game import Game
from bot.engine.hand import HandEngine
from bot.engine.registry import load_rules
from bot.engine.ruleset import RuleSet
from bot.engine.state import CLAIM, ENDED, TURN, Claim, Discard, HandState, SeatState
from bot.engine.wall import Wall
from bot.hand.meld import Meld, MeldType
from bot.hand.tiles import kind_of
from bot.mjai.answer import action_to_mjai
from bot.mjai.events import WINDS, Mjai
from bot.mjai.tiles import UNKNOWN, TileIds, tile_name

NONE: Mjai = {"type": "none"}


class MirrorError(ValueError):
    """An event that does not fit the hand as mirrored (names the event)."""


class Mirror:
    """The seat is ``seat`` when the host gives it outside the stream (mjai.app passes it as an argument),
    else ``start_game``'s ``id`` (hosts of the Mortal family send none), else 0; and whenever a deal shows
    exactly one hand, the seat is that hand's (a host never shows a seat another's hand), with a note in
    :attr:`notes` when that corrects the seat it was given."""

    def __init__(self, player: AIPlayer, rules: str | None = None, seat: int | None = None) -> None:
        self.player = player
        self.rules_id = rules
        self.rules: RuleSet | None = None
        self.given_seat = seat
        self.seat = seat if seat is not None else 0
        self.notes: list[str] = []  # what the host said that contradicts itself (for its log)
        self.hand: HandState | None = None
        self.ids = TileIds()
        self._deciding = False  # the last event asks this seat for a decision
        self._riichi_tile: int | None = None  # the discard chosen with a reach answer
        self._replacement: set[int] = set()  # seats whose next draw is a replacement (after a kan, kita)
        self._offered: list[Action] = []  # this seat's options on the tile on offer
        self.hands = 0

    # ------------------------------------------------------------------ events
    def feed(self, event: Mjai) -> None:
        kind = event.get("type")
        self._deciding = False
        if kind != "reach":
            self._riichi_tile = None  # a reach answer is followed by its echo, or was refused
        handler = getattr(self, f"_on_{kind}", None)
        if handler is not None:
            try:
                handler(event)
            except (KeyError, IndexError, TypeError, ValueError) as exc:
                raise MirrorError(f"cannot follow {event}: {exc}") from exc

    def _on_start_game(self, event: Mjai) -> None:
        if self.given_seat is None:
            self.seat = int(event.get("id", 0))
        elif "id" in event and int(event["id"]) != self.given_seat:
            self.notes.append(f"start_game says seat {event['id']}; playing seat {self.given_seat} as given")

    def _seat_of_deal(self, tehais: list[list[Any]]) -> None:
        """The seat whose hand the deal shows, when it shows exactly one."""
        shown = [i for i, tiles in enumerate(tehais) if any(t != UNKNOWN for t in tiles)]
        if len(shown) == 1 and shown[0] != self.seat:
            self.notes.append(
                f"the deal shows seat {shown[0]}'s hand, not seat {self.seat}'s: playing seat {shown[0]}"
            )
            self.seat = shown[0]

    def _on_start_kyoku(self, event: Mjai) -> None:
        scores = [int(x) for x in event["scores"]]
        self._seat_of_deal(event["tehais"])
        rules_id = self.rules_id or ("sanma" if len(scores) == 3 else "riichi")
        if self.rules is None or self.rules.id != rules_id:
            self.rules = load_rules(rules_id)
        rules = self.rules
        players = rules.players
        self.ids = TileIds(frozenset(getattr(rules, "red_ids", frozenset())))
        tiles = [0] * len(rules.tile_ids())
        wall = Wall.for_hand(tiles, players * rules.hand_size, rules.dead_size, rules.replacement_slots)
        seats = [SeatState() for _ in range(players)]
        seats[self.seat].concealed = [self.ids.take(n) for n in event["tehais"][self.seat]]
        dealer = int(event["oya"])
        hand = HandState(
            self.hands,
            WINDS.index(event["bakaze"]),
            dealer,
            int(event.get("honba", 0)),
            int(event.get("kyotaku", 0)),
            scores,
            wall,
            seats,
            dealer,
        )
        wall.indicators = 0
        self.hand = hand
        self.hands += 1
        self._replacement.clear()
        self._add_indicator(event["dora_marker"])

    def _add_indicator(self, name: Any) -> None:
        wall = self._hand().wall
        wall.tiles[len(wall.tiles) - 10 + wall.indicators] = self.ids.take(name)
        wall.indicators += 1

    def _on_dora(self, event: Mjai) -> None:
        self._add_indicator(event["dora_marker"])

    def _on_tsumo(self, event: Mjai) -> None:
        h = self._hand()
        actor = int(event["actor"])
        if actor in self._replacement:
            self._replacement.discard(actor)
            h.wall.replacements += 1
            h.replacement_draw = True
        else:
            h.wall.next_live += 1
            h.replacement_draw = False
        h.current, h.phase, h.claim = actor, TURN, None
        h.drawn = None
        if actor == self.seat:
            tile = self.ids.take(event["pai"])
            h.seats[actor].concealed.append(tile)
            h.drawn = tile
            self._deciding = True

    def _on_dahai(self, event: Mjai) -> None:
        h = self._hand()
        actor = int(event["actor"])
        seat = h.seats[actor]
        tsumogiri = bool(event.get("tsumogiri"))
        if actor == self.seat:
            tile = self._own_tile(event["pai"], prefer=h.drawn if tsumogiri else None)
            seat.concealed.remove(tile)
            seat.temporary_furiten = False
            seat.forbidden_kinds = frozenset()
            if seat.riichi:
                seat.ippatsu = False
        else:
            tile = self.ids.take(event["pai"])
        seat.discards.append(Discard(tile, tsumogiri=tsumogiri, riichi=seat.riichi_pending))
        seat.riichi_pending = False
        seat.turns_taken += 1
        h.drawn = None
        self._offer(tile, actor, "discard")

    def _on_reach(self, event: Mjai) -> None:
        actor = int(event["actor"])
        self._hand().seats[actor].riichi_pending = True
        if actor == self.seat and self._riichi_tile is not None:
            self._deciding = True

    def _on_reach_accepted(self, event: Mjai) -> None:
        h = self._hand()
        actor = int(event["actor"])
        seat = h.seats[actor]
        seat.riichi = True
        seat.ippatsu = True
        seat.double_riichi = seat.turns_taken == 1 and not h.calls_made
        if isinstance(event.get("scores"), list):
            h.points = [int(x) for x in event["scores"]]
        else:
            h.points[actor] -= 1000
        h.sticks += 1

    def _on_chi(self, event: Mjai) -> None:
        self._call(event, MeldType.CHI)

    def _on_pon(self, event: Mjai) -> None:
        self._call(event, MeldType.PON)

    def _on_daiminkan(self, event: Mjai) -> None:
        self._call(event, MeldType.KAN)

    def _call(self, event: Mjai, meld_type: MeldType) -> None:
        h = self._hand()
        actor, giver = int(event["actor"]), int(event["target"])
        self._passed(event)
        river = h.seats[giver].discards
        river[-1].called = True
        called = river[-1].tile
        using = self._tiles_of(actor, event["consumed"])
        source = (giver - actor) % h.players
        if h.players == 3 and source == 2:
            source = 3
        meld = Meld(meld_type, tuple(sorted(using + [called])), called, source)
        h.seats[actor].melds.append(meld)
        self._break_first_go_around()
        h.current, h.phase, h.claim, h.drawn = actor, TURN, None, None
        if meld_type is MeldType.KAN:
            h.kans.append(actor)
            self._replacement.add(actor)
        elif actor == self.seat:
            assert self.rules is not None
            h.seats[actor].forbidden_kinds = self.rules.forbidden_after_call(meld)
            self._deciding = True

    def _on_ankan(self, event: Mjai) -> None:
        h = self._hand()
        actor = int(event["actor"])
        using = self._tiles_of(actor, event["consumed"])
        h.seats[actor].melds.append(Meld(MeldType.ANKAN, tuple(sorted(using))))
        h.kans.append(actor)
        self._break_first_go_around()
        self._replacement.add(actor)
        self._offer(using[0], actor, "ankan")

    def _on_kakan(self, event: Mjai) -> None:
        h = self._hand()
        actor = int(event["actor"])
        (tile,) = self._tiles_of(actor, [event["pai"]])
        melds = h.seats[actor].melds
        k = kind_of(tile)
        index = next(i for i, m in enumerate(melds) if m.type is MeldType.PON and m.kind == k)
        pon = melds[index]
        melds[index] = Meld(MeldType.KAKAN, tuple(sorted(pon.tiles + (tile,))), pon.called, pon.source, tile)
        h.kans.append(actor)
        self._replacement.add(actor)
        self._offer(tile, actor, "kakan")

    def _on_nukidora(self, event: Mjai) -> None:
        h = self._hand()
        actor = int(event["actor"])
        (tile,) = self._tiles_of(actor, [event["pai"]])
        h.seats[actor].kita.append(tile)
        self._break_first_go_around()  # (a ron on the North keeps ippatsu: the hand ends there anyway)
        self._replacement.add(actor)
        self._offer(tile, actor, "kita")

    def _on_hora(self, event: Mjai) -> None:
        self._end()

    def _on_ryukyoku(self, event: Mjai) -> None:
        self._end()

    def _on_end_kyoku(self, event: Mjai) -> None:
        self._end()

    def _end(self) -> None:
        if self.hand is not None:
            self.hand.phase = ENDED
            self.hand.claim = None

    # ------------------------------------------------------------------ helpers
    def _hand(self) -> HandState:
        if self.hand is None:
            raise MirrorError("an event before start_kyoku")
        return self.hand

    def _own_tile(self, name: Any, prefer: int | None = None) -> int:
        concealed = self._hand().seats[self.seat].concealed
        red_ids = self.ids.red_ids
        if prefer is not None and prefer in concealed and tile_name(prefer, red_ids) == name:
            return prefer
        matching = [t for t in concealed if tile_name(t, red_ids) == name]
        if not matching:
            raise MirrorError(f"{name} is not in this seat's hand")
        return next((t for t in matching if t != self._hand().drawn), matching[0])

    def _tiles_of(self, actor: int, names: list[Any]) -> list[int]:
        """Ids for tiles ``actor`` shows from its hand (this seat's own, or new sightings)."""
        if actor != self.seat:
            return [self.ids.take(n) for n in names]
        concealed = self._hand().seats[actor].concealed
        out = []
        for name in names:
            tile = self._own_tile(name)
            concealed.remove(tile)
            out.append(tile)
        return out

    def _break_first_go_around(self) -> None:
        h = self._hand()
        h.calls_made = True
        for s in h.seats:
            s.ippatsu = False

    def _offer(self, tile: int, giver: int, context: str) -> None:
        """A tile this seat may claim: its options, or the furiten bookkeeping of letting it go."""
        h = self._hand()
        assert self.rules is not None
        self._offered = []
        if giver == self.seat:
            return
        options = self.rules.claim_options(h, self.seat, tile, context, giver)
        if not options:
            self.rules.tile_passed_unasked(h, self.seat, tile, context)
            return
        self._offered = options
        h.phase = CLAIM
        h.claim = Claim(tile, giver, context, {self.seat: options})
        self._deciding = True

    def _passed(self, event: Mjai) -> None:
        """Another seat's call took the tile this seat was offered and declined."""
        if self._offered and int(event["actor"]) != self.seat:
            assert self.rules is not None
            self.rules.on_pass(self._hand(), self.seat, self._offered)
        self._offered = []

    # ------------------------------------------------------------------ answers
    def answer(self) -> Mjai:
        """The answer to the last event fed: this seat's decision, or ``none``."""
        if not self._deciding or self.hand is None or self.hand.phase == ENDED:
            return NONE
        self._deciding = False
        h = self.hand
        if self._riichi_tile is not None:
            tile, self._riichi_tile = self._riichi_tile, None
            return {
                "type": "dahai",
                "actor": self.seat,
                "pai": tile_name(tile, self.ids.red_ids),
                "tsumogiri": tile == h.drawn,
            }
        legal = self._table().legal_actions(self.seat)
        if not legal:
            return NONE
        action = self.player.decide(legal, self._table().view(self.seat))
        if action.kind == A.PASS and self._offered:
            assert self.rules is not None
            self.rules.on_pass(h, self.seat, self._offered)
            self._offered = []
        giver = h.claim.giver if h.claim is not None else None
        answers = action_to_mjai(action, self.ids.red_ids, h.drawn, giver, h.seats[self.seat].melds)
        if action.kind == A.RIICHI:
            self._riichi_tile = action.tile
        return answers[0]

    def _table(self) -> Game:
        """The referee's Game around the mirrored hand, for its legal actions and view code."""
        assert self.rules is not None and self.hand is not None
        game = Game.__new__(Game)
        game.rules_id = self.rules.id
        game.rules = self.rules
        game.options = {}  # the mirror plays the rule set's defaults (load_rules above)
        game.final = None
        game.engine = HandEngine(self.rules, self.hand)
        return game
