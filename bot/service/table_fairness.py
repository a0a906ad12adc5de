"""Fairness a player can check: each hand's wall is shuffled from a seed whose SHA-256 is published when
the hand starts; the seed is revealed with the hand's result.  :func:`verify_game` rebuilds each finished
hand's wall from its revealed seed and the table's options and checks it against the published commitment
and against the tiles the referee actually dealt (replayed from the stored decisions).

By hand, in a few lines of Python (the README shows them): ``hashlib.sha256(bytes.fromhex(seed))`` is the
commitment; ``random.Random(bytes.fromhex(seed)).shuffle(tiles)`` of the sorted tile ids is the wall; the
dealer takes the first ``hand size`` tiles, the next seat the next ones, and so on.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field, replace
from typing import Any

from bot.engine import Action, Game
from bot.engine.wall import hand_seed, wall_from_hand_seed
from bot.store.gamekeys import SEED_KEY, rule_options

_HEX_SEED = re.compile(r"[0-9a-f]{64}")
_NOT_FROM_GAME_SEED = "the hand's revealed seed does not come from the game's seed"


@dataclass(frozen=True)
class HandCheck:
    hand: int  # 0-based
    commitment: str
    seed: str | None  # None: the hand is still being played (its seed stays secret)
    commitment_ok: bool
    deal_ok: bool
    problems: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return self.seed is not None and self.commitment_ok and self.deal_ok and not self.problems


@dataclass
class GameCheck:
    game_id: int
    rules: str
    hands: list[HandCheck] = field(default_factory=list)
    #: What is wrong with the game as a whole (its stored decisions do not replay from its stored seed,
    #: its revealed seed is not the one it was played with); each also fails every hand.
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        finished = [h for h in self.hands if h.seed is not None]
        return bool(finished) and all(h.ok for h in finished) and not self.problems


def commitment_of(seed_hex: str) -> str:
    return hashlib.sha256(bytes.fromhex(seed_hex)).hexdigest()


def dealt_hands(game: Game, index: int, events: list[Any]) -> dict[int, list[int]] | None:
    """Each seat's dealt tiles of hand ``index`` from the hand's start events."""
    deals = {e.seat: list(e.data["tiles"]) for e in events if e.kind == "deal" and e.seat is not None}
    return deals or None


def replay_deals(rules: str, options: dict[str, Any], game_seed: str, decisions: list[Any]) -> list[Any]:
    """The game replayed from its decisions: per hand, (dealer, dealt tiles by seat)."""
    game = Game(rules, options, game_seed)
    out = [(game.hand.dealer, dealt_hands(game, 0, game.start_events))]
    for decision in decisions:
        before = len(game.hands)
        events = game.apply(Action.from_json(decision) if isinstance(decision, list) else decision)
        if len(game.hands) > before and not game.over:
            out.append((game.hand.dealer, dealt_hands(game, len(game.hands), events)))
    return out


def check_hand(
    rules: str,
    options: dict[str, Any],
    index: int,
    commitment: str,
    seed: str | None,
    dealt: tuple[int, dict[int, list[int]] | None] | None,
) -> HandCheck:
    if seed is None:
        return HandCheck(index, commitment, None, False, False, ("the hand is not over: its seed is secret",))
    problems = []
    if not _HEX_SEED.fullmatch(seed):
        problems.append("the revealed seed is not 64 hexadecimal digits")
        return HandCheck(index, commitment, seed, False, False, tuple(problems))
    commitment_ok = commitment_of(seed) == commitment
    if not commitment_ok:
        problems.append("SHA-256 of the revealed seed is not the published commitment")
    from bot.engine.registry import load_rules

    referee = load_rules(rules, options)
    wall = wall_from_hand_seed(seed, list(referee.tile_ids()))
    deal_ok = False
    if dealt is None or dealt[1] is None:
        problems.append("no dealt tiles to compare")
    else:
        dealer, hands = dealt[0], dealt[1]
        players, size = referee.players, referee.hand_size
        expected = {(dealer + k) % players: wall[k * size : (k + 1) * size] for k in range(players)}
        deal_ok = all(sorted(expected[s]) == sorted(hands.get(s, [])) for s in range(players))
        if not deal_ok:
            problems.append("the dealt tiles are not the first tiles of the rebuilt wall")
    return HandCheck(index, commitment, seed, commitment_ok, deal_ok, tuple(problems))


async def verify_game(store: Any, game_id: int) -> GameCheck:
    """Check every hand of a stored game whose seed was revealed.  A stored record changed after the
    fact is a failed check naming what does not hold, never an exception: the decisions must replay
    from the stored seed, the revealed game seed must be that seed, and each hand's revealed seed must
    come from it."""
    record = await store.game_record(game_id)
    stored = record.game
    options = rule_options(stored.options)
    seed = stored.options.get(SEED_KEY)
    check = GameCheck(game_id, stored.rule_set)
    walls = await store.hand_walls(game_id)
    if not isinstance(seed, str) or not walls:
        return check
    if stored.revealed_seed is not None and stored.revealed_seed != seed:
        check.problems.append("the game's revealed seed is not the seed it was played with")
    try:
        deals = replay_deals(stored.rule_set, options, seed, [d.action for d in record.decisions])
    except (ValueError, TypeError, KeyError, IndexError) as exc:  # IllegalAction is a ValueError
        deals = []
        check.problems.append(f"the stored decisions do not replay from the stored seed ({exc})")
    for index, commitment, revealed in walls:
        dealt = deals[index] if index < len(deals) else None
        hand = check_hand(stored.rule_set, options, index, commitment, revealed, dealt)
        own = [] if revealed is None or hand_seed(seed, index).hex() == revealed else [_NOT_FROM_GAME_SEED]
        if check.problems or own:
            hand = replace(hand, problems=(*hand.problems, *own, *check.problems))
        check.hands.append(hand)
    return check
