"""An animated hand (``/mahjong replay``, ``mahjong-bot animate``): seconds and bytes, against the target of
at most 2 s and 8 MiB (issue 38).

A riichi game is stored by ``mahjong-bot simulate --db`` (computer players, a fixed seed); the hand
animated is its first hand with a riichi declaration, and for the worst case the game's longest hand.

* cold: a fresh ``mahjong-bot animate GAME --db D --hand N --out F`` process, wall time (Python's start,
  imports, the tile faces and the palette made, the store read, the hand replayed, drawn and encoded);
* warm: in one process whose frame drawer has drawn before (as the bot's is): the store read, the
  replay and the picture (what ``/mahjong replay`` waits for).

Contenders run in interleaved rounds (cold WebP, cold GIF, warm WebP, warm GIF, ...) so a busy machine
slows them alike; each figure is the median round and the spread (lowest-highest) of the rounds, in
wall seconds and in CPU seconds (this process's threads and the cold runs' processes): the wall time is
what a user waits on this machine, the CPU time what it would be on an idle one.

Run: python tests/bench/bench_animate.py [--rounds 5] [--seed bench-animate]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.render.animation import MAX_BYTES, HandFrames  # noqa: E402
from bot.service.replay import stored_hand  # noqa: E402
from bot.service.replay_pictures import animate  # noqa: E402
from bot.store import Store  # noqa: E402

TARGET_SECONDS = 2.0


def cpu_seconds() -> float:
    """CPU seconds used so far by this process (every thread) and its finished children: on a machine
    shared with other work the wall time grows with the load, the CPU time much less."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def store_game(db: Path, seed: str) -> int:
    """One riichi game of computer players, stored by ``mahjong-bot simulate --db``; its id."""
    command = ["simulate", "--rules", "riichi", "--games", "1", "--seed", seed, "--json", "--db", str(db)]
    done = subprocess.run([sys.executable, "-m", "bot", *command], check=True, capture_output=True, text=True)
    game_id: int = json.loads(done.stdout)["game_ids"][0]
    return game_id


async def hands_to_animate(db: Path, game_id: int) -> tuple[int, int, list[int]]:
    """(the first hand with a riichi, the longest hand, every hand's step count)."""
    async with await Store.open(str(db)) as store:
        first = await stored_hand(store, game_id, 1)
        steps = [len(first.steps)]
        riichi = 1 if any(s.action and s.action.kind == "riichi" for s in first.steps) else 0
        for hand in range(2, first.hands + 1):
            replay = await stored_hand(store, game_id, hand)
            steps.append(len(replay.steps))
            if not riichi and any(s.action and s.action.kind == "riichi" for s in replay.steps):
                riichi = hand
    longest = max(range(len(steps)), key=lambda i: steps[i]) + 1
    return riichi or 1, longest, steps


def cold(db: Path, game_id: int, hand: int, out: Path) -> Callable[[], int]:
    def run() -> int:
        command = [sys.executable, "-m", "bot", "animate", str(game_id), "--db", str(db), "--hand", str(hand)]
        subprocess.run([*command, "--out", str(out)], check=True, capture_output=True)
        return out.stat().st_size

    return run


def warm(db: Path, game_id: int, hand: int, fmt: str, frames: HandFrames) -> Callable[[], int]:
    async def replay_and_draw() -> int:
        async with await Store.open(str(db)) as store:
            replay = await stored_hand(store, game_id, hand)
        return len(animate(replay, fmt, frames=frames))

    return lambda: asyncio.run(replay_and_draw())


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", default="bench-animate")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        db = folder / "games.sqlite3"
        game_id = store_game(db, args.seed)
        riichi, longest, steps = asyncio.run(hands_to_animate(db, game_id))
        print(f"game {game_id}: {len(steps)} hands, steps per hand {steps}")
        print(f"riichi hand: hand {riichi} ({steps[riichi - 1]} frames)")
        print(f"longest hand: hand {longest} ({steps[longest - 1]} frames)")
        frames = HandFrames()
        warm(
            db, game_id, riichi, "webp", frames
        )()  # the drawer warmed, as the bot's is after its first picture
        contenders: list[tuple[str, Callable[[], int]]] = [
            ("cold webp, riichi hand", cold(db, game_id, riichi, folder / "cold.webp")),
            ("cold gif, riichi hand", cold(db, game_id, riichi, folder / "cold.gif")),
            ("warm webp, riichi hand", warm(db, game_id, riichi, "webp", frames)),
            ("warm gif, riichi hand", warm(db, game_id, riichi, "gif", frames)),
            ("warm webp, longest hand", warm(db, game_id, longest, "webp", frames)),
            ("warm gif, longest hand", warm(db, game_id, longest, "gif", frames)),
        ]
        seconds: dict[str, list[float]] = {name: [] for name, _ in contenders}
        cpu: dict[str, list[float]] = {name: [] for name, _ in contenders}
        sizes: dict[str, int] = {}
        for _ in range(args.rounds):
            for name, run in contenders:
                started, used = time.perf_counter(), cpu_seconds()
                sizes[name] = run()
                seconds[name].append(time.perf_counter() - started)
                cpu[name].append(cpu_seconds() - used)
    width = max(len(name) for name in seconds)
    print(f"{args.rounds} interleaved rounds; target <= {TARGET_SECONDS} s and <= {MAX_BYTES:,} bytes")
    for name, times in seconds.items():
        median = statistics.median(times)
        ok = "ok" if median <= TARGET_SECONDS and sizes[name] <= MAX_BYTES else "OVER"
        spent = cpu[name]
        print(
            f"{name:<{width}}  median {median:5.2f} s  rounds {min(times):.2f}-{max(times):.2f} s"
            f"  cpu {statistics.median(spent):5.2f} s ({min(spent):.2f}-{max(spent):.2f})"
            f"  {sizes[name]:>10,} bytes  {ok}"
        )


if __name__ == "__main__":
    main()
