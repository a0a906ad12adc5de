"""``mahjong-bot league ...``: a league database from the terminal.

    mahjong-bot league list [--db PATH] [--json]
    mahjong-bot league standings LEAGUE [--season N] [--db PATH] [--json]
    mahjong-bot league export LEAGUE [--season N] [--db PATH] [--what standings|games] [--out DIR]
    mahjong-bot league draw --players N|NAMES --rounds R [--table-size 3|4] [--seed S] [--json]
    mahjong-bot league import LEAGUE FILE [--guests] [--repeats] [--db PATH]

``import`` records a CSV file of past games into the league's open season, all or nothing, as
``/league import`` does (columns: bot/league/csv_import.py), by the operator of this database (an
admin, named "Command line" in the audit trail).  A game already recorded, or written twice in the
file, is refused by line unless ``--repeats`` says it was really played twice.

LEAGUE is a league's id or name (a name shared by leagues of several servers needs the id).  The
season defaults to the open one, else the latest.  ``export`` prints one CSV (standings by default; the
columns are documented in bot/league/csv_export.py) or, with ``--out DIR``, writes both files there.
Bad input (no database, unknown league or season) prints one line on stderr and exits 2.  ``draw``
needs no database: a league night's tables and winds (bot/cli/league_draw.py).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import Any

from bot.cli.language import add_language, rule_set_named
from bot.cli.league_draw import register_draw
from bot.i18n import t
from bot.league.csv_import import MAX_CSV_BYTES
from bot.service.league import Actor, LeagueService, SeasonView
from bot.service.refusal import Refusal
from bot.store import League, Store, StoreError, default_db_path, parse_database_setting, redact
from bot.text import escaped_controls, json_line, whole_number


def _say(text: str) -> None:
    """A line for a person: names come from people, so no control character reaches the terminal."""
    print(escaped_controls(text))


class CliError(Exception):
    """A problem with the command's input: printed on one line, exit code 2."""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("league", help="league standings and CSV export from a database", description=__doc__)
    p.set_defaults(func=_missing_action)
    actions = p.add_subparsers(dest="league_action", metavar="ACTION")

    listing = actions.add_parser("list", help="leagues and their seasons")
    _common(listing)
    listing.set_defaults(func=run_list)

    table = actions.add_parser("standings", help="a season's standings")
    _common(table)
    _league_args(table)
    table.set_defaults(func=run_standings)

    export = actions.add_parser("export", help="a season as CSV")
    _common(export)
    _league_args(export)
    export.add_argument(
        "--what", choices=("standings", "games"), default="standings", help="the CSV to print"
    )
    export.add_argument("--out", type=Path, help="write both CSV files into this folder instead")
    export.set_defaults(func=run_export)

    recording = actions.add_parser("import", help="record a CSV file of past games (all or nothing)")
    _common(recording)
    recording.add_argument("league", help="league id or name")
    recording.add_argument("file", type=Path, help="the CSV file (columns: bot/league/csv_import.py)")
    recording.add_argument("--guests", action="store_true", help="record names nobody has as new guests")
    recording.add_argument(
        "--repeats",
        action="store_true",
        help="also record games already recorded or written twice (only if really played twice)",
    )
    recording.set_defaults(func=run_import)

    register_draw(actions)


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--db",
        help="the database: a file or a postgresql:// URL (default: $MAHJONG_DATABASE, data/mahjong.sqlite3)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    add_language(p)


def _league_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("league", help="league id or name")
    p.add_argument("--season", type=int, help="season number (default: the open season, else the latest)")


def _missing_action(args: argparse.Namespace) -> int:
    print("mahjong-bot league: name an action: list, standings, export or draw", file=sys.stderr)
    return 2


def _run(args: argparse.Namespace, work: Any) -> int:
    try:
        return asyncio.run(_with_store(args, work))
    except (CliError, StoreError) as exc:
        print(
            escaped_controls(redact(f"mahjong-bot league: {exc}", setting=_setting(args)), keep="\n"),
            file=sys.stderr,
        )
        return 2
    except Refusal as refusal:
        print(escaped_controls(f"mahjong-bot league: {refusal.text(args.lang)}", keep="\n"), file=sys.stderr)
        return 2


def _setting(args: argparse.Namespace) -> str:
    return str(args.db) if args.db is not None else str(default_db_path())


async def _with_store(args: argparse.Namespace, work: Any) -> int:
    path = _setting(args)
    setting = parse_database_setting(path)
    if setting.is_missing_file:
        raise CliError(t("cli.no_database", args.lang, where=setting.display))
    # list, standings, export only read; import writes, so it takes the SQLite file's one-writer lock.
    store = await Store.open(path, lock=args.league_action == "import")
    try:
        code: int = await work(LeagueService(store), args)
        return code
    finally:
        await store.close()


async def _find(service: LeagueService, text: str, language: str) -> League:
    leagues = await service.store.all_leagues()
    number = whole_number(text.strip())
    if number is not None:
        for league in leagues:
            if league.id == number:
                return league
    named = [lg for lg in leagues if lg.name.casefold() == text.strip().casefold()]
    if len(named) == 1:
        return named[0]
    if len(named) > 1:
        ids = ", ".join(str(lg.id) for lg in named)
        raise CliError(t("cli.league.ambiguous", language, name=text, ids=ids))
    known = ", ".join(f"{lg.id} {lg.name!r}" for lg in leagues) or t("cli.league.no_seasons", language)
    raise CliError(t("cli.league.unknown", language, name=text, known=known))


# ------------------------------------------------------------------------------------ list
def run_list(args: argparse.Namespace) -> int:
    return _run(args, _list)


async def _list(service: LeagueService, args: argparse.Namespace) -> int:
    out: list[dict[str, Any]] = []
    for league in await service.store.all_leagues():
        seasons = await service.store.seasons(league.id)
        out.append(
            {
                "id": league.id,
                "guild_id": league.guild_id,
                "name": league.name,
                "rules": league.rule_set,
                "seasons": [
                    {"number": s.number, "started_at": s.started_at, "ended_at": s.ended_at} for s in seasons
                ],
            }
        )
    if args.json:
        print(json_line({"leagues": out}))
        return 0
    language = args.lang
    if not out:
        print(t("cli.league.none", language))
    for item in out:
        shown: list[dict[str, Any]] = item["seasons"]
        numbers = ", ".join(
            str(s["number"]) if s["ended_at"] else t("cli.league.open", language, number=s["number"])
            for s in shown
        )
        said = t(
            "cli.league.item",
            language,
            id=item["id"],
            name=item["name"],
            rules=rule_set_named(item["rules"], language),
            seasons=numbers or t("cli.league.no_seasons", language),
        )
        _say(said)
    return 0


# ------------------------------------------------------------------------------------ standings
def run_standings(args: argparse.Namespace) -> int:
    return _run(args, _standings)


def standings_rows(view: SeasonView) -> list[dict[str, Any]]:
    rows = []
    for s in view.standings:
        skill = view.skill.get(s.player)
        tenhou = view.tenhou.get(s.player)
        rows.append(
            {
                "position": s.position,
                "player": view.names.get(s.player, str(s.player)),
                "player_id": s.player,
                "games": s.games,
                "total": str(s.total),
                "average": str(s.average),
                "average_rank": str(s.average_rank),
                "first_rate": str(s.first_rate),
                "last_rate": str(s.last_rate),
                "tenhou_r": None if tenhou is None else round(tenhou.rate, 1),
                "openskill": None if skill is None else round(skill.ordinal, 2),
            }
        )
    return rows


async def _standings(service: LeagueService, args: argparse.Namespace) -> int:
    league = await _find(service, args.league, args.lang)
    view = await service.season_view(league, args.season)
    rows = standings_rows(view)
    if args.json:
        data = {
            "league": league.name,
            "rules": league.rule_set,
            "season": view.season.number,
            "games": len(view.settled),
        }
        print(json_line({**data, "standings": rows}))
        return 0
    language = args.lang
    rules = league.rule_set
    number, games = view.season.number, len(view.settled)
    _say(
        t(
            "cli.league.standings",
            language,
            name=league.name,
            rules=rule_set_named(rules, language),
            number=number,
            games=games,
        )
    )
    if not rows:
        print(t("cli.league.no_games", language))
        return 0
    width = max(len(r["player"]) for r in rows)
    player, played, total, rank, rate = (
        t(f"cli.league.column.{column}", language) for column in ("player", "games", "total", "rank", "rate")
    )
    print(f"{'#':>3}  {player:<{width}}  {played:>5}  {total:>8}  {rank:>8}  {rate:>7}")
    for r in rows:
        position = "-" if r["position"] is None else str(r["position"])
        rate = "" if r["tenhou_r"] is None else f"{r['tenhou_r']:.0f}"
        total = f"{float(r['total']):+.1f}"
        name, games, rank = r["player"], r["games"], r["average_rank"]
        _say(f"{position:>3}  {name:<{width}}  {games:>5}  {total:>8}  {rank:>8}  {rate:>7}")
    return 0


# ------------------------------------------------------------------------------------ export
def run_export(args: argparse.Namespace) -> int:
    return _run(args, _export)


async def _export(service: LeagueService, args: argparse.Namespace) -> int:
    league = await _find(service, args.league, args.lang)
    files = await service.export_csv(league, args.season)
    if args.out is not None:
        try:
            args.out.mkdir(parents=True, exist_ok=True)
            for name, text in files.items():
                (args.out / name).write_text(text, encoding="utf-8", newline="")
        except OSError as exc:
            raise CliError(t("cli.cannot_write", args.lang, folder=args.out, reason=exc.strerror)) from None
        for name in files:
            _say(str(args.out / name))
        return 0
    (text,) = [text for name, text in files.items() if name.endswith(f"-{args.what}.csv")]
    # The CSV as stored when it goes to a file or a program; on a terminal, no control character.
    sys.stdout.write(escaped_controls(text, keep="\r\n") if sys.stdout.isatty() else text)
    return 0


# ------------------------------------------------------------------------------------ import
#: Who records from the command line: the operator of the database, an admin of every league in it.
OPERATOR_KEY = "cli:operator"


def run_import(args: argparse.Namespace) -> int:
    return _run(args, _import)


async def _import(service: LeagueService, args: argparse.Namespace) -> int:
    league = await _find(service, args.league, args.lang)
    try:
        with args.file.open("rb") as handle:
            data = handle.read(MAX_CSV_BYTES + 1)  # one byte more is enough to be refused as too big
    except OSError as exc:
        raise CliError(t("cli.cannot_read", args.lang, file=args.file, reason=exc.strerror)) from None
    operator = await service.store.ensure_player("Command line", local_key=OPERATOR_KEY)
    actor = Actor(operator.id, is_admin=True)
    games = await service.import_csv(
        actor, league, data, args.file.name, guests=args.guests, repeats=args.repeats
    )
    season = await service.season_of(league)
    if args.json:
        print(json_line({"league": league.name, "season": season.number, "games": [g.id for g in games]}))
    else:
        count, number = len(games), season.number
        _say(
            t(
                "league.csv.done",
                args.lang,
                league=league.name,
                count=count,
                file=args.file.name,
                number=number,
            )
        )
    return 0
