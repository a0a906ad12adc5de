"""Seeded ``mahjong-bot simulate`` runs of every rule set, written out so two commits can be compared byte
for byte: a change meant to make the referee faster must not change a single game.

Run: ``.venv/bin/python tests/bench/simulate_digest.py OUT_DIR [--games N] [--ai random normal]``, once on
the commit before the change and once after, then ``diff -r BEFORE_DIR AFTER_DIR`` (or ``--compare
BEFORE_DIR`` to print only the files that differ). Each run of a rule set and AI writes, through the
command line as a user runs it:

- ``RULES-AI.summary.json``: ``simulate --json`` (its ``seconds``, the wall clock, removed),
- ``RULES-AI.game-ID.json``: each stored game exported (``export --format json``: every decision, hand
  result and final result of the game; ``--db`` stores them as they are played), without the wall-clock
  times it was stored at,
- ``RULES-AI.game-ID.tenhou6.json`` for riichi and sanma (the tenhou.net/6 log);

and ``digest.txt``: the sha256 of every file, one a line.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

RULE_SETS = ("riichi", "sanma", "mingjiang", "sichuan", "taiwan", "pihu")
TENHOU = ("riichi", "sanma")
SEED = "digest"


def cli(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", "from bot.cli import main; main()", *args],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"mahjong-bot {' '.join(args)} failed ({done.returncode}):\n{done.stderr}")
    return done.stdout


CLOCK_FIELDS = ("created_at", "ended_at")


def without_clock(exported: str) -> str:
    """The exported record with the times the game was stored (the wall clock's, not the game's) removed;
    everything else as exported, in its order."""
    game = json.loads(exported)
    for name in CLOCK_FIELDS:
        game.pop(name, None)
    return json.dumps(game, ensure_ascii=False, separators=(",", ":")) + "\n"


def record(out: Path, rules: str, ai: str, games: int) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        db = str(Path(scratch) / "games.sqlite3")
        summary = json.loads(
            cli(
                "simulate",
                "--rules",
                rules,
                "--games",
                str(games),
                "--seed",
                SEED,
                "--ai",
                ai,
                "--json",
                "--db",
                db,
            )
        )
        summary.pop("seconds", None)
        stem = f"{rules}-{ai}"
        (out / f"{stem}.summary.json").write_text(json.dumps(summary, indent=1, sort_keys=True) + "\n")
        for game_id in summary["game_ids"]:
            (out / f"{stem}.game-{game_id}.json").write_text(
                without_clock(cli("export", str(game_id), "--db", db))
            )
            if rules in TENHOU:
                (out / f"{stem}.game-{game_id}.tenhou6.json").write_text(
                    cli("export", str(game_id), "--db", db, "--format", "tenhou6")
                )


def digest(out: Path) -> None:
    lines = [
        f"{hashlib.sha256(path.read_bytes()).hexdigest()}  {path.name}"
        for path in sorted(out.iterdir())
        if path.name != "digest.txt"
    ]
    (out / "digest.txt").write_text("\n".join(lines) + "\n")


def compare(before: Path, after: Path) -> int:
    old = set((before / "digest.txt").read_text().splitlines())
    new = set((after / "digest.txt").read_text().splitlines())
    differ = sorted(old ^ new)
    for line in differ:
        print(("only before: " if line in old else "only after:  ") + line)
    print(f"{len(new)} files, {'all identical' if not differ else f'{len(differ)} lines differ'}")
    return 1 if differ else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("out", type=Path)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--ai", nargs="*", default=["random", "normal"])
    parser.add_argument("--rules", nargs="*", default=list(RULE_SETS))
    parser.add_argument("--compare", type=Path, help="a directory written before; exit 1 if any file differs")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for rules in args.rules:
        for ai in args.ai:
            record(args.out, rules, ai, args.games)
            print(f"{rules} {ai}: done", file=sys.stderr)
    digest(args.out)
    if args.compare is not None:
        raise SystemExit(compare(args.compare, args.out))


if __name__ == "__main__":
    main()
