"""``mahjong-bot league draw``: a league night's draw from the command line, without a database.

    mahjong-bot league draw --players N|NAMES --rounds R [--table-size 3|4] [--sanma-tables]
                            [--seed S] [--json]

``--players`` is a count (players 1..N) or names separated by commas.  The draw is the one
``/league night start`` makes for the same players, rounds and seed (bot/league/night.py).  ``--json``
prints ``{"rounds": [[[player, ...] per table, East first] per round], "byes": [[player, ...] per
round], "labels": [[table label, ...] per round], "seed": S}``; players are numbers for a count, else
the names.  Bad input prints one line on stderr and exits 2.
"""

from __future__ import annotations

import argparse
import json
import sys

from bot.cli.language import add_language
from bot.i18n import t
from bot.league.night import MAX_PLAYERS, TABLE_SIZES, DrawError, Round, draw_night, table_label
from bot.text import whole_number


def register_draw(actions: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    draw = actions.add_parser("draw", help="draw a league night's tables and winds", description=__doc__)
    draw.add_argument(
        "--players", required=True, help="how many players (1..N), or names separated by commas"
    )
    draw.add_argument("--rounds", required=True, type=int, help="how many rounds")
    draw.add_argument("--table-size", type=int, choices=TABLE_SIZES, default=4, help="players per table")
    draw.add_argument(
        "--sanma-tables", action="store_true", help="seat the rest at 3-player tables instead of byes"
    )
    draw.add_argument("--seed", default="0", help="the draw's seed (the same seed, the same draw)")
    draw.add_argument("--json", action="store_true", help="print one JSON object")
    add_language(draw)
    draw.set_defaults(func=run_draw)


def players_of(text: str, language: str = "en") -> list[int] | list[str]:
    """A count (players 1..N) or names separated by commas; ValueError names the problem."""
    count = whole_number(text.strip())
    if count is not None:
        if not 1 <= count <= MAX_PLAYERS:
            raise ValueError(t("cli.draw.bad_count", language, most=MAX_PLAYERS, text=text))
        return list(range(1, count + 1))
    names = [name.strip() for name in text.split(",")]
    if any(not name for name in names):
        raise ValueError(t("cli.draw.empty_name", language, text=text))
    return names


def run_draw(args: argparse.Namespace) -> int:
    try:
        players: list[int | str] = [*players_of(args.players, args.lang)]
        rounds: list[Round[int | str]] = draw_night(
            players,
            args.rounds,
            table_size=args.table_size,
            seed=args.seed,
            sanma_tables=args.sanma_tables,
        )
    except DrawError as exc:
        print(f"mahjong-bot league draw: {t(exc.key, args.lang, **exc.values)}", file=sys.stderr)
        return 2
    except ValueError as exc:
        print(f"mahjong-bot league draw: {exc}", file=sys.stderr)
        return 2
    if args.json:
        out = {
            "rounds": [[list(table) for table in r.tables] for r in rounds],
            "byes": [list(r.byes) for r in rounds],
            "labels": [[table_label(n, i) for i in range(len(r.tables))] for n, r in enumerate(rounds, 1)],
            "seed": args.seed,
        }
        print(json.dumps(out, ensure_ascii=False))
        return 0
    language = args.lang
    winds = t("cli.draw.winds", language).split()
    for number, r in enumerate(rounds, start=1):
        print(t("cli.draw.round", language, number=number))
        for index, table in enumerate(r.tables):
            seats = "  ".join(f"{wind} {player}" for wind, player in zip(winds, table, strict=False))
            print(f"  {table_label(number, index):<4} {seats}")
        if r.byes:
            print(f"  {t('cli.draw.bye', language)}  {', '.join(str(p) for p in r.byes)}")
    return 0
