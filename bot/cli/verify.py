"""``mahjong-bot verify GAME [--db PATH] [--hand N] [--json]``: rebuild each finished hand's wall from its
revealed seed and the table's options, and check it against the commitment published at the hand's start
and the tiles the referee dealt (bot/service/table_fairness.py).  Exit code 0 when every finished hand
checks, 1 when one does not (the reason is printed: a record changed after the fact is "not verified",
never a traceback), 2 when there is nothing to check.  Games stored by ``simulate --db`` keep their walls
like a table's."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys

from bot.cli.export import _game_id, default_database
from bot.store import StoreError, parse_database_setting, redact


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "verify", help="check a stored game's walls against their commitments", description=__doc__
    )
    p.add_argument("game", type=_game_id, help="the stored game's id")
    p.add_argument("--db", metavar="PATH", help="the database (default: the bot's)")
    p.add_argument("--hand", type=int, metavar="N", help="only hand N (1 is the first)")
    p.add_argument("--json", action="store_true", help="print the checks as JSON")
    p.set_defaults(func=run)


async def _verify(path: str, game_id: int) -> object:
    from bot.service.table_fairness import verify_game
    from bot.store import Store

    async with await Store.open(path, lock=False) as store:  # reads only: beside a running bot
        return await verify_game(store, game_id)


def run(args: argparse.Namespace) -> int:
    path = args.db if args.db else default_database()
    try:
        setting = parse_database_setting(path)
        if setting.is_missing_file:
            print(f"mahjong-bot verify: no database at {setting.display}", file=sys.stderr)
            return 2
        check = asyncio.run(_verify(path, args.game))
    except StoreError as exc:
        print(redact(f"mahjong-bot verify: {path}: {exc}", setting=path), file=sys.stderr)
        return 2
    from bot.service.table_fairness import GameCheck

    assert isinstance(check, GameCheck)
    hands = [h for h in check.hands if args.hand is None or h.hand + 1 == args.hand]
    if not hands:
        print(f"mahjong-bot verify: game {args.game} has no published wall to check", file=sys.stderr)
        return 2
    if args.json:
        rows = [
            {
                "hand": h.hand + 1,
                "commitment": h.commitment,
                "seed": h.seed,
                "ok": h.ok,
                "problems": list(h.problems),
            }
            for h in hands
        ]
        document = {"game": check.game_id, "rules": check.rules, "problems": check.problems, "hands": rows}
        print(json.dumps(document))
    else:
        if check.problems:
            print(f"game {check.game_id}: not verified: {'; '.join(check.problems)}")
        for h in hands:
            state = "ok" if h.ok else "NOT VERIFIED: " + "; ".join(h.problems)
            print(f"hand {h.hand + 1}: commitment {h.commitment} seed {h.seed or '(secret)'}: {state}")
    finished = [h for h in hands if h.seed is not None]
    return 0 if finished and all(h.ok for h in finished) and not check.problems else 1
