"""Whole games on Mortal's libriichi referee (``mjai.mlibriichi.arena``, from the ``mjai`` package).

Run with a Python that has the ``mjai`` package (the project's ``mjai`` extra): it needs ``mahjong``
1.2 where the test extra pins 2.1, so it lives in an environment of its own (``.ci/run`` makes
``.venv-mjai``).  The arena is what mjai.app runs, without docker: each seat is an engine object whose
player has ``react(line) -> answer``.  A seat here is ``rulebase`` (mjai's own ``RulebaseBot``, in this
process) or a command run as a subprocess, one JSON line in and one out (``{seat}`` in the command is
replaced by the seat number, as mjai.app passes it to a bot)::

    python tests/ai/mjai_arena.py --seed 1 --games 2 [--no-id] SEAT0 SEAT1 SEAT2 SEAT3

One JSON line per game: the seed, the final scores and places (1 to 4, ties to the earlier seat as
mjai.app ranks them), the hands played, whether the log reached ``end_game``, each seat's answers
(lines it answered) and of those the ones that were not ``none`` (``acted``), how often RulebaseBot's
known defect was mended, and ``errors``: the arena's refusals (a game that ended with ``ryukyoku``
``reason: error``, or raised, or panicked).  ``--no-id`` plays
the host of the Mortal family (riichienv): ``start_game`` carries no ``id``, the seat is given outside
the stream.  This file imports neither pytest nor the project, so either environment can run it.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import json
import os
import shlex
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

SEATS = 4


class SubprocessPlayer:
    """A seat's bot as a subprocess: ``react`` writes one line and reads the answer."""

    def __init__(self, command: str, seat: int) -> None:
        argv = shlex.split(command.replace("{seat}", str(seat)))
        self.process = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1
        )
        self.answers = 0
        self.acted = 0  # answers other than none

    def react(self, line: str) -> str:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        if not answer:
            raise RuntimeError(f"the bot ended: {self.stderr()}")
        self.answers += 1
        self.acted += '"none"' not in answer
        return answer.strip()

    def stderr(self) -> str:
        self.close()
        assert self.process.stderr is not None
        return self.process.stderr.read()[-2000:]

    def close(self) -> None:
        if self.process.stdin is not None and not self.process.stdin.closed:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class RulebasePlayer:
    """mjai's own ``RulebaseBot`` at ``seat``, in this process, with its one known defect mended.

    When none of its improving discards is allowed after a call (kuikae: libriichi's own
    ``forbidden_tiles`` says so), RulebaseBot (0.2.1) discards its first tile without looking at that
    list, and a referee rightly refuses it (the arena ends the game with an error).  Such a discard is
    replaced by its first tile that libriichi allows (``corrected`` counts them), so what is left to test
    is whether a referee accepts every answer libriichi calls legal.
    """

    def __init__(self, seat: int) -> None:
        from loguru import logger  # type: ignore[import-not-found]
        from mjai.bot.rulebase import RulebaseBot  # type: ignore[import-not-found]

        logger.remove()  # RulebaseBot reports every decision on standard error
        self.seat = seat
        self.bot = RulebaseBot(player_id=seat)
        self.answers = 0
        self.acted = 0  # answers other than none
        self.corrected = 0

    def react(self, line: str) -> str:
        self.answers += 1
        answer = str(self.bot.react(line))
        self.acted += '"none"' not in answer
        action = json.loads(answer)
        if action.get("type") == "dahai" and self.bot.forbidden_tiles.get(action["pai"][:2], False):
            allowed = [t for t in self.bot.tehai_mjai if not self.bot.forbidden_tiles.get(t[:2], False)]
            if allowed:
                self.corrected += 1
                action = {"type": "dahai", "actor": self.seat, "pai": allowed[0], "tsumogiri": False}
                return json.dumps(action, separators=(",", ":"))
        return answer

    def close(self) -> None:
        pass


class WithoutSeatId:
    """A host that gives the seat outside the stream: ``start_game`` goes without its ``id``."""

    def __init__(self, player: Any) -> None:
        self.player = player

    def react(self, line: str) -> str:
        events = json.loads(line)
        for event in events:
            if event.get("type") == "start_game":
                event.pop("id", None)
        return str(self.player.react(json.dumps(events, separators=(",", ":"))))


def final_scores(log: list[dict[str, Any]]) -> list[int]:
    """The scores at the end: the first deal's, plus every delta (as mjai.app reckons them)."""
    start = next(e for e in log if e["type"] == "start_kyoku")
    scores = list(start["scores"])
    for event in log:
        for i, delta in enumerate(event.get("deltas") or ()):
            scores[i] += delta
    return scores


def places(scores: list[int]) -> list[int]:
    """1 to 4; equal scores go to the earlier seat (mjai.app's ``to_rank``)."""
    order = sorted(range(len(scores)), key=lambda i: (-scores[i], i))
    return [order.index(i) + 1 for i in range(len(scores))]


def _lines(path: Path) -> list[str]:
    with gzip.open(path, "rt") as f:
        return f.read().splitlines()


@contextlib.contextmanager
def _stdout_to_stderr() -> Iterator[None]:
    sys.stdout.flush()
    saved = os.dup(1)
    os.dup2(2, 1)
    try:
        yield
    finally:
        os.dup2(saved, 1)
        os.close(saved)


def play_game(seats: list[str], seed: tuple[int, int], send_id: bool = True) -> dict[str, Any]:
    from mjai.engine import DockerMjaiLogEngine  # type: ignore[import-not-found]
    from mjai.mlibriichi.arena import Match  # type: ignore[import-not-found]

    players: list[Any] = [
        RulebasePlayer(seat) if spec == "rulebase" else SubprocessPlayer(spec, seat)
        for seat, spec in enumerate(seats)
    ]
    errors: list[str] = []
    try:
        with tempfile.TemporaryDirectory() as log_dir:
            agents = [
                DockerMjaiLogEngine(str(seat), player if send_id else WithoutSeatId(player))
                for seat, player in enumerate(players)
            ]
            try:
                with _stdout_to_stderr():  # the arena prints its complaints on standard output
                    Match(log_dir=log_dir).py_match(*agents, seed_start=seed)
            except (KeyboardInterrupt, SystemExit):
                raise
            except (
                BaseException
            ) as exc:  # an answer it cannot read: an error, or a panic (pyo3's is BaseException)
                errors.append(f"{type(exc).__name__}: {exc}")
            log = [json.loads(line) for path in Path(log_dir).glob("*.json.gz") for line in _lines(path)]
    finally:
        for player in players:
            player.close()
    errors += [
        f"the arena refused an answer: {json.dumps(e)}"
        for e in log
        if e["type"] == "ryukyoku" and e.get("reason") == "error"
    ]
    scores = final_scores(log) if any(e["type"] == "start_kyoku" for e in log) else [0] * SEATS
    return {
        "seed": list(seed),
        "seats": seats,
        "scores": scores,
        "places": places(scores),
        "hands": sum(e["type"] == "start_kyoku" for e in log),
        "ended": bool(log) and log[-1]["type"] == "end_game",
        "answers": [p.answers for p in players],
        "acted": [p.acted for p in players],
        "rulebase_corrected": sum(getattr(p, "corrected", 0) for p in players),
        "errors": errors,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seed", type=int, default=1, help="game i plays the arena's seed (SEED, i)")
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--no-id", action="store_true", help="start_game without the seat's id")
    parser.add_argument(
        "seats", nargs=SEATS, metavar="SEAT", help="rulebase, or a command ({seat}: the seat)"
    )
    args = parser.parse_args(argv)
    for i in range(args.games):
        result = play_game(args.seats, (args.seed, i), send_id=not args.no_id)
        print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
