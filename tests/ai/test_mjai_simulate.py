"""`simulate --mjai`: the outside AI's seat (`--mjai-seat N|rotate`) and how it did, per seat, in the JSON."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import pytest

from bot.cli import main
from bot.cli.simulate import simulate
from bot.cli.simulate_store import simulate_stored
from bot.engine import actions as A
from bot.engine.game import Game

BOTS = Path(__file__).parent / "mjai_bots"


def command(name: str, *args: str) -> str:
    return " ".join([sys.executable, str(BOTS / f"{name}.py"), *args])


def all_tsumogiri(game: Game, seat: int) -> bool:
    """Every discard of ``seat`` was the tile it had just drawn (what the tsumogiri bot plays)."""
    discards = [a for a in game.decisions if a.seat == seat and a.kind in (A.DISCARD, A.RIICHI)]
    return bool(discards) and all(a.kind == A.DISCARD for a in discards)


def test_rotate_seats_the_outside_ai_at_every_seat_and_reports_each() -> None:
    games: list[Game] = []
    summary = simulate(
        "riichi",
        4,
        "rotate",
        on_game=games.append,
        ai="normal",
        mjai=command("tsumogiri"),
        mjai_seat_choice="rotate",
    )
    report = summary["mjai"]
    assert sorted(report["seats"]) == ["0", "1", "2", "3"]
    for entry in report["seats"].values():
        assert entry["games"] == 1 and entry["fallbacks"] == 0 and entry["answers"] > 20
        assert entry["fallbacks_by_reason"] == {}
    assert report["answers"] == sum(e["answers"] for e in report["seats"].values())
    assert report["fallbacks"] == 0
    for i, game in enumerate(games):
        assert all_tsumogiri(game, i)  # game i's outside AI sat at seat i
        assert not all_tsumogiri(game, (i + 1) % 4)


def test_a_fixed_seat_and_the_fallbacks_with_their_reasons() -> None:
    games: list[Game] = []
    summary = simulate(
        "sanma", 1, "fixed", on_game=games.append, ai="normal", mjai=command("garbage"), mjai_seat_choice=2
    )
    (entry,) = summary["mjai"]["seats"].values()
    assert list(summary["mjai"]["seats"]) == ["2"]
    assert entry["answers"] == 0 and entry["fallbacks"] > 20
    assert entry["fallbacks_by_reason"] == {"not JSON (19 characters)": entry["fallbacks"]}
    assert summary["mjai"]["fallbacks"] == entry["fallbacks"]


def test_the_seat_replaces_the_placeholder_in_the_command() -> None:
    """A bot that takes its seat as an argument (as mjai.app's do) and ignores start_game's id."""
    games: list[Game] = []
    summary = simulate(
        "riichi",
        1,
        "placeholder",
        on_game=games.append,
        ai="normal",
        mjai=command("tsumogiri", "{seat}"),
        mjai_seat_choice=3,
    )
    assert summary["mjai"]["seats"]["3"]["fallbacks"] == 0
    assert all_tsumogiri(games[0], 3)


def test_without_an_outside_ai_the_summary_has_no_mjai_part() -> None:
    assert "mjai" not in simulate("sanma", 1, "plain", ai="easy")


def test_the_stored_run_reports_the_outside_ai_too(tmp_path: Path) -> None:
    summary = asyncio.run(
        simulate_stored(
            str(tmp_path / "db.sqlite3"), "sanma", 2, "stored", "normal", None, command("tsumogiri"), "rotate"
        )
    )
    seats = summary["mjai"]["seats"]
    assert sorted(seats) == ["0", "1"] and all(
        e["fallbacks"] == 0 and e["answers"] > 0 for e in seats.values()
    )


def test_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--rules", "sanma", "--games", "1", "--seed", "cli", "--ai", "normal"]
    assert main([*args, "--mjai", command("tsumogiri"), "--mjai-seat", "1", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert list(summary["mjai"]["seats"]) == ["1"] and summary["mjai"]["fallbacks"] == 0
    assert main([*args, "--mjai", command("garbage")]) == 0
    out = capsys.readouterr().out
    assert "outside AI: seat 0: 0 answers" in out and "x not JSON (19 characters)" in out
    assert main([*args, "--mjai", command("tsumogiri"), "--mjai-seat", "3"]) == 2
    assert "--mjai-seat 3 is not a seat of this table (0 to 2, or rotate)" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main([*args, "--mjai", command("tsumogiri"), "--mjai-seat", "east"])
    assert "a seat is 0, 1, 2 or 3 (or rotate), not 'east'" in capsys.readouterr().err
