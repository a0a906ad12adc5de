"""Kill test: ``python -m bot simulate --db`` killed with SIGKILL at random moments and restarted.

After every kill the database must hold, for each game, a gap-free decision list that is a prefix of the
uninterrupted game's decisions and extends what was stored before the kill (nothing lost, nothing
duplicated, no divergence); hand results stored so far must be the uninterrupted game's.  After the last
restart every game must end with the final results and decisions of a run into a fresh database.

Kill moments are random points of progress (the test watches the number of stored decisions and kills
within a few milliseconds of reaching its target), so twenty kills spread over the run on any disk.  The
killed runs are held a few decisions past their target (held_simulate.py): on a loaded machine the watching
test may see the target late, and an unheld run could meanwhile have ended, which no kill can follow.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.cli.simulate import simulate
from tests.dbpeek import Peek

HELD = Path(__file__).with_name("held_simulate.py")

RULES, GAMES, SEED = "sanma", 4, "kill-test"
KILLS = 20
# How far past its kill target a killed run may store decisions before it is held (the targets stay this
# far from the run's end, so a held run never ends by itself).
HELD_PAST_TARGET = 10
# Only bounds a failure (a run that stopped making progress): a loaded machine takes seconds, not minutes.
KILL_LIMIT_SECONDS = 600


def _command(held_at: int | None = None) -> list[str]:
    """The run; ``held_at``: how many stored decisions hold it still (held_simulate.py)."""
    program = ["-m", "bot"] if held_at is None else [str(HELD), str(held_at)]
    return [
        sys.executable,
        *program,
        "simulate",
        "--rules",
        RULES,
        "--games",
        str(GAMES),
        "--seed",
        SEED,
        "--ai",
        "random",
    ]


def _start(db: str, cwd: Path, held_at: int | None = None) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [*_command(held_at), "--db", db, "--json"],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


def _stored(peek: Peek) -> dict[int, dict[str, Any]]:
    """Per game number in the run: status, decisions (seq, action), hand results, final results."""
    games: dict[int, dict[str, Any]] = {}
    for game_id, options, status, revealed in peek.rows(
        "SELECT id, options_json, status, revealed_seed FROM games ORDER BY id"
    ):
        index = json.loads(options)["_index"]
        assert index not in games, f"game number {index} of the run was stored twice"
        decisions = peek.rows(
            "SELECT seq, action_json FROM decisions WHERE game_id = ? ORDER BY seq", (game_id,)
        )
        assert [seq for seq, _ in decisions] == list(range(len(decisions))), f"game {index}: gap"
        hands = peek.rows(
            "SELECT hand_index, score_changes_json FROM hand_results WHERE game_id = ? ORDER BY hand_index",
            (game_id,),
        )
        finals = peek.rows(
            "SELECT seat, points, rank FROM final_results WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        games[index] = {
            "status": status,
            "revealed": revealed,
            "decisions": [json.loads(a) for _, a in decisions],
            "hands": [(i, json.loads(d)) for i, d in hands],
            "finals": [tuple(f) for f in finals],
        }
    return games


def _uninterrupted() -> list[Any]:
    """The run without a database: each game's decisions, hand deltas and final results."""
    played: list[Any] = []
    simulate(RULES, GAMES, SEED, on_game=played.append)
    return [
        {
            "decisions": [a.to_json() for a in g.decisions],
            "hands": [(i, h["result"]["deltas"]) for i, h in enumerate(g.hands)],
            "finals": [
                (f["seat"], f["points"], f["rank"]) for f in sorted(g.final or [], key=lambda f: f["seat"])
            ],
        }
        for g in played
    ]


def _check_consistent(
    now: dict[int, dict[str, Any]], before: dict[int, dict[str, Any]], truth: list[Any]
) -> None:
    for index, game in now.items():
        want = truth[index]
        got = game["decisions"]
        assert got == want["decisions"][: len(got)], f"game {index} diverged from the uninterrupted run"
        previous = before.get(index, {"decisions": []})["decisions"]
        assert got[: len(previous)] == previous, f"game {index} lost or changed stored decisions"
        assert game["hands"] == want["hands"][: len(game["hands"])], f"game {index}: wrong hand results"


def _decisions_stored(peek: Peek) -> int:
    rows = peek.rows("SELECT COUNT(*) FROM decisions")
    return int(rows[0][0]) if rows else 0


def _kill_at(db: str, peek: Peek, cwd: Path, target: int, held: int, jitter: float) -> str | None:
    """Start the run, held once ``held`` decisions are stored, and SIGKILL it once ``target`` are (plus
    ``jitter`` seconds); None when killed, else why not (its error output)."""
    proc = _start(db, cwd, held_at=held)
    deadline = time.monotonic() + KILL_LIMIT_SECONDS
    while proc.poll() is None:
        if _decisions_stored(peek) >= target:
            time.sleep(jitter)  # where the kill falls, not a wait: every moment must leave a valid store
            proc.kill()  # SIGKILL: no clean-up of any kind
            proc.wait()
            return None
        if time.monotonic() > deadline:
            proc.kill()
            proc.wait()
            return f"no {target} decisions stored within {KILL_LIMIT_SECONDS} s"
        time.sleep(0.01)  # polling the stored count (the condition), ended by the process's exit
    assert proc.stderr is not None
    return f"the run exited ({proc.returncode}) before the kill: {proc.stderr.read().decode()[-2000:]}"


def test_simulate_killed_twenty_times_continues_from_its_last_stored_decision(
    tmp_path: Path, new_database: Callable[[], str]
) -> None:
    """On both backends (SQLite file, PostgreSQL server)."""
    truth = _uninterrupted()
    total = sum(len(g["decisions"]) for g in truth)
    fresh_db, killed_db = new_database(), new_database()
    fresh_peek, killed_peek = Peek(fresh_db), Peek(killed_db)
    try:
        _killed_and_resumed(tmp_path, truth, total, fresh_db, killed_db, fresh_peek, killed_peek)
    finally:
        fresh_peek.close()
        killed_peek.close()


def _killed_and_resumed(
    tmp_path: Path,
    truth: list[Any],
    total: int,
    fresh_db: str,
    killed_db: str,
    fresh_peek: Peek,
    killed_peek: Peek,
) -> None:
    fresh = _start(fresh_db, tmp_path)  # the reference run into a fresh database, alongside
    rng = random.Random(20261122)
    # Kill moments: random points of the run's progress, each after at least one more stored decision.
    targets = sorted(rng.sample(range(1, total - HELD_PAST_TARGET), KILLS))
    before: dict[int, dict[str, Any]] = {}
    mid_game = 0
    for k, target in enumerate(targets):
        done = sum(len(g["decisions"]) for g in before.values())
        target = max(target, done + 1)
        # Held short of the end by one decision for each kill still to come (each needs one more).
        held = min(target + HELD_PAST_TARGET, total - (KILLS - k))
        not_killed = _kill_at(killed_db, killed_peek, tmp_path, target, held, rng.uniform(0, 0.02))
        assert not_killed is None, not_killed
        now = _stored(killed_peek)
        _check_consistent(now, before, truth)
        mid_game += any(g["status"] == "running" and g["decisions"] for g in now.values())
        before = now
    assert mid_game >= KILLS // 2, f"only {mid_game} kills fell inside a game"
    final = subprocess.run([*_command(), "--db", killed_db, "--json"], cwd=tmp_path, capture_output=True)
    assert final.returncode == 0, final.stderr.decode()
    out, err = fresh.communicate(timeout=KILL_LIMIT_SECONDS)  # long done: it ran beside the kills
    assert fresh.returncode == 0, err.decode()

    resumed, reference = json.loads(final.stdout), json.loads(out)
    for key in (
        "games",
        "hands",
        "wins",
        "draws",
        "aborts",
        "actions",
        "invariant_checks",
        "invariant_failures",
    ):
        assert resumed[key] == reference[key], key
    killed, clean = _stored(killed_peek), _stored(fresh_peek)
    assert sorted(killed) == sorted(clean) == list(range(GAMES))
    for index in range(GAMES):
        assert killed[index]["status"] == clean[index]["status"] == "finished"
        assert killed[index]["revealed"] == clean[index]["revealed"] == f"{SEED}:{index}"
        assert killed[index]["decisions"] == clean[index]["decisions"] == truth[index]["decisions"]
        assert killed[index]["hands"] == clean[index]["hands"] == truth[index]["hands"]
        assert killed[index]["finals"] == clean[index]["finals"]
        assert [tuple(f) for f in killed[index]["finals"]] == truth[index]["finals"]
