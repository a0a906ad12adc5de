"""Build tables with chosen hands and draws for the rule tests."""

from __future__ import annotations

from typing import Any

from bot.engine import actions as A
from bot.engine.actions import Action
from bot.engine.game import Game
from bot.engine.registry import load_rules, rule_set
from bot.engine.wall import shuffled_wall
from bot.hand.notation import TileAllocator, parse_kinds, parse_tiles
from bot.hand.tiles import kind_of


def wall_for(
    rules: str,
    hands: list[str],
    draws: str = "",
    *,
    dora: str = "",
    replacements: str = "",
    ura: str = "",
    options: dict[str, Any] | None = None,
) -> list[int]:
    """A wall dealing ``hands`` (seat 0 is the dealer) and then drawing ``draws`` in order."""
    ruleset = load_rules(rules, options)
    alloc = TileAllocator(rule_set(rules).tileset)
    total = len(ruleset.tile_ids())
    wall: list[int | None] = [None] * total
    position = 0
    for hand in hands:
        tiles = parse_tiles(hand, allocator=alloc)
        assert len(tiles) == ruleset.hand_size, hand
        for t in tiles:
            wall[position] = t
            position += 1
    for t in parse_tiles(draws, allocator=alloc):
        wall[position] = t
        position += 1
    for k, t in enumerate(parse_tiles(replacements, allocator=alloc)):
        wall[total - ruleset.dead_size + k] = t
    for i, t in enumerate(parse_tiles(dora, allocator=alloc)):
        wall[total - 10 + i] = t
    for i, t in enumerate(parse_tiles(ura, allocator=alloc)):
        wall[total - 5 + i] = t
    # Fill the rest with honours-free filler spread over the wall; order is irrelevant to the tests.
    spare = iter(
        sorted(set(ruleset.tile_ids()) - {t for t in wall if t is not None}, key=lambda t: (t % 4, t))
    )
    return [t if t is not None else next(spare) for t in wall]


def table(
    hands: list[str],
    draws: str = "",
    *,
    rules: str = "riichi",
    points: list[int] | None = None,
    options: dict[str, Any] | None = None,
    **wall_kwargs: Any,
) -> Game:
    first = wall_for(rules, hands, draws, options=options, **wall_kwargs)
    ruleset = load_rules(rules, options)
    more = [shuffled_wall("later", i, ruleset.tile_ids()) for i in range(1, 30)]
    return Game(rules, options, "test", walls=[first, *more], start_points=points)


def tile_of(game: Game, seat: int, name: str) -> int:
    """An id of kind ``name`` in the seat's concealed hand (the red five when written 0)."""
    kind = parse_kinds(name)[0]
    red = name.startswith("0")
    for t in game.hand.seats[seat].concealed:
        if kind_of(t) == kind and (not red or t in (16, 52, 88)):
            return t
    raise AssertionError(f"seat {seat} holds no {name}: {game.hand.seats[seat].concealed}")


def kinds(actions: list[Action], kind: str) -> list[Action]:
    return [a for a in actions if a.kind == kind]


def discard(game: Game, seat: int, name: str, riichi: bool = False) -> None:
    game.apply(Action(A.RIICHI if riichi else A.DISCARD, seat, tile_of(game, seat, name)))


def pass_all(game: Game) -> None:
    """Every seat asked about an offered tile passes."""
    hand = game.hand
    while game.hand is hand and game.hand.phase == "claim":
        seat = game.waiting_for()[0]
        game.apply(Action(A.PASS, seat))


def closed_kans(game: Game, seat: int, count: int) -> None:
    """``seat`` declares ``count`` closed kans in a row (the first offered each time), nobody robbing."""
    for _ in range(count):
        game.apply(kinds(game.legal_actions(seat), A.ANKAN)[0])
        pass_all(game)


def tsumogiri_to_the_end(game: Game) -> None:
    """Every player discards what they draw and every offer is passed until the hand ends (an
    exhaustive draw, unless a hand's own rules end it earlier)."""
    while not game.hands:
        pass_all(game)
        if game.hands:
            break
        h = game.hand
        game.apply(Action(A.DISCARD, h.current, h.drawn))


def tsumogiri_round(game: Game, turns: int) -> None:
    """The next ``turns`` players discard what they draw; offers are passed."""
    for _ in range(turns):
        pass_all(game)
        h = game.hand
        game.apply(Action(A.DISCARD, h.current, h.drawn))
    pass_all(game)
