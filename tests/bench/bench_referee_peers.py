"""The referee's whole loop beside riichienv's environment (a Rust engine driven from Python): decisions
per second, same random policy, whole games, interleaved rounds.

Run: ``.venv/bin/python tests/bench/bench_referee_peers.py [--games N] [--rounds R]`` (riichienv is in the
``bench`` extra: ``pip install -e '.[bench]'``; without it only our side is timed).

Both sides play four-player hanchan with red fives (ours: ``riichi`` with its default options; riichienv:
``4p-red-half``), every decision chosen uniformly at random among the legal actions by a seeded
``random.Random`` (so calls, riichi and wins are taken as often as anything else), game after game to the
end.  A decision is one action chosen by one seat: ours ``game.apply(rng.choice(game.legal_actions(
seat)))`` for the seat ``waiting_for`` names first; riichienv one entry of the actions dict each ``step``
takes (each seat that has an observation chooses from its ``legal_actions()``).  The whole loop is timed:
creating the game, asking whose turn and what is legal, the choice, applying it.

Printed per side: the median decisions/s of the rounds and their spread (lowest-highest), and the ratio
ours/riichienv as the median of the per-round ratios with their spread (``tests/bench/rounds.py``).

``--once SIDE`` (ours, riichienv, none) plays ``--games`` games of one side once, untimed, for a
load-independent cross-check: run it under ``valgrind --tool=cachegrind --cache-sim=no`` and subtract the
``none`` run (imports and warm-up alone) from each side's instruction count, then divide by the decisions
it prints.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.cli.simulation import game_options  # noqa: E402
from bot.engine.game import Game  # noqa: E402
from tests.bench.rounds import interleave, report  # noqa: E402

RULES = "riichi"
RIICHIENV_MODE = "4p-red-half"  # four players, red fives, hanchan: what ``riichi`` plays by default


def ours_game(index: int) -> int:
    """One whole game of ours; the decisions taken."""
    game = Game(RULES, game_options(RULES, "random"), seed=f"peers:{index}")
    rng = random.Random(index)
    choice = rng.choice
    decisions = 0
    while not game.over:
        seat = game.waiting_for()[0]
        game.apply(choice(game.legal_actions(seat)))
        decisions += 1
    return decisions


def riichienv_game(index: int) -> int:
    """One whole game of riichienv's; the decisions taken."""
    from riichienv import RiichiEnv

    env = RiichiEnv(game_mode=RIICHIENV_MODE, skip_mjai_logging=True, seed=index)
    rng = random.Random(index)
    choice = rng.choice
    observations = env.reset()
    decisions = 0
    while not env.done():
        actions = {seat: choice(obs.legal_actions()) for seat, obs in observations.items()}
        decisions += len(actions)
        observations = env.step(actions)
    return decisions


def have_riichienv() -> bool:
    try:
        import riichienv  # noqa: F401
    except ImportError:
        return False
    return True


def games_of(play: Callable[[int], int], first: int, games: int) -> Callable[[], int]:
    return lambda: sum(play(first + i) for i in range(games))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=10, help="whole games per side and round")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--once", choices=("ours", "riichienv", "none"))
    args = parser.parse_args()
    peer = have_riichienv()
    ours_game(10_000)  # warm the memo tables (shanten, waits) as a running table has them
    if peer:
        riichienv_game(10_000)
    if args.once is not None:
        plays: dict[str, Callable[[int], int]] = {
            "ours": ours_game,
            "riichienv": riichienv_game,
            "none": lambda _index: 0,
        }
        play = plays[args.once]
        print(f"{args.once}: {sum(play(i) for i in range(args.games))} decisions in {args.games} games")
        return
    contenders = [("ours (riichi)", lambda: None, games_of(ours_game, 0, args.games))]
    if peer:
        contenders.append(
            (f"riichienv ({RIICHIENV_MODE})", lambda: None, games_of(riichienv_game, 0, args.games))
        )
    else:
        print("riichienv is not installed (pip install -e '.[bench]'): our side only")
    figures = interleave(contenders, args.rounds)
    print(
        f"referee loop, random policy, whole games: {args.games} games per side and round, "
        f"{args.rounds} interleaved rounds (wall)"
    )
    report(figures, "decisions", reference=figures[-1].name if peer else None)


if __name__ == "__main__":
    main()
