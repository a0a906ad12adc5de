"""Names as an attacker types them (issue 35): control characters (NUL, ESC, BEL, DEL, C1) are refused,
lone surrogates are refused (before, an uncaught UnicodeEncodeError from the store), a name that shows
nothing (U+2800 alone) is refused, and a new name that looks like a member's or a guest's (Unicode TR39
skeleton: ``аlice`` with a Cyrillic а, ``bοb`` with a Greek ο) is refused with "looks like <name>";
``mahjong-bot league`` never prints a control character to a terminal.  On SQLite and PostgreSQL."""

from __future__ import annotations

import io
import json
import sys
import unicodedata
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.cli import main
from bot.league.entry import name_skeletons
from bot.service.league import Actor, LeagueService
from bot.service.refusal import Refusal
from bot.store import League, Store
from tests.service.clubs import CSV_HEADER, open_club

CONTROLS = {
    "NUL": "\x00",
    "ESC": "\x1b[2J",
    "BEL": "\x07",
    "DEL": "\x7f",
    "C1 CSI": "\x9b2J",
    "C1 DCS": "\x90",
}
HEADER = CSV_HEADER


@pytest.fixture
async def club(database: str) -> AsyncIterator[tuple[LeagueService, Actor, League]]:
    store = await Store.open(database)
    try:
        service, admin, league, _ = await open_club(store, ["alice", "bob"])
        await service.add_guest(admin, league, "carol")
        yield service, admin, league
    finally:
        await store.close()


async def guests_of(service: LeagueService, league: League) -> list[str]:
    return sorted(m.player.display_name for m in await service.store.league_roster(league.id) if m.is_guest)


@pytest.mark.parametrize("control", sorted(CONTROLS))
async def test_a_name_with_a_control_character_is_refused_by_name(
    control: str, club: tuple[LeagueService, Actor, League]
) -> None:
    service, admin, league = club
    name = f"dave{CONTROLS[control]}"
    with pytest.raises(Refusal) as refused:
        await service.add_guest(admin, league, name)
    assert refused.value.key == "league.entry.name_control"
    text = str(refused.value)
    assert not any(unicodedata.category(ch) == "Cc" for ch in text), text  # shown escaped
    with pytest.raises(Refusal) as typed:
        await service.record_scores(
            admin, league, f"alice 40000 bob 30000 carol 20000 {name} 10000", guests=True
        )
    assert typed.value.key == "league.entry.name_control"
    assert await guests_of(service, league) == ["carol"]


async def test_a_lone_surrogate_is_refused_not_a_store_error(
    club: tuple[LeagueService, Actor, League],
) -> None:
    service, admin, league = club
    with pytest.raises(Refusal) as refused:
        await service.add_guest(admin, league, "da\ud800ve")
    assert refused.value.key == "league.entry.name_control" and "\\ud800" in str(refused.value)
    data = f"{HEADER}\n2025-01-05,A,alice,40000,bob,30000,carol,20000,e\udc80ve,10000".encode(
        "utf-8", "surrogatepass"
    )
    with pytest.raises(Refusal) as imported:
        await service.import_csv(admin, league, data, "s.csv", guests=True)
    # Not UTF-8 at all: the file is refused as such (no surrogate reaches a name).
    assert imported.value.key == "league.csv.refused"


@pytest.mark.parametrize("name", ["\u2800", "\u2800\u2800 \u200b", "\u3164", "\u0301"])
async def test_a_name_that_shows_nothing_is_refused(
    name: str, club: tuple[LeagueService, Actor, League]
) -> None:
    service, admin, league = club
    with pytest.raises(Refusal) as refused:
        await service.add_guest(admin, league, name)
    assert refused.value.key in ("league.entry.name_invisible", "league.entry.empty_name")
    assert await guests_of(service, league) == ["carol"]


@pytest.mark.parametrize(
    ("typed", "existing", "like"),
    [
        ("\u0430lice", "alice", "<@10>"),  # Cyrillic а: alice, a member (shown as her mention)
        ("b\u03bfb", "bob", "<@11>"),  # Greek ο: bob
        ("c\u0430rol", "carol", "carol"),  # a guest's lookalike
        ("ALlCE", "alice", "<@10>"),  # l for I, in capitals: ALICE is alice
    ],
)
async def test_a_new_name_that_looks_like_a_members_or_a_guests_is_refused(
    typed: str, existing: str, like: str, club: tuple[LeagueService, Actor, League]
) -> None:
    service, admin, league = club
    assert not name_skeletons(typed).isdisjoint(name_skeletons(existing))
    with pytest.raises(Refusal) as refused:
        await service.add_guest(admin, league, typed)
    assert refused.value.key == "league.entry.looks_like"
    assert str(refused.value) == f"“{typed}” looks like {like}: use a mention or a different name."
    with pytest.raises(Refusal) as recorded:
        await service.record_scores(
            admin, league, f"alice 40000 bob 30000 dave 20000 {typed} 10000", guests=True
        )
    assert recorded.value.key == "league.entry.looks_like"
    data = f"{HEADER}\n2025-01-05,A,alice,40000,dave,30000,erin,20000,{typed},10000".encode()
    with pytest.raises(Refusal) as imported:
        await service.import_csv(admin, league, data, "s.csv", guests=True)
    assert [(d.key, d.line) for d in imported.value.details] == [("league.entry.looks_like", 2)]
    assert await guests_of(service, league) == ["carol"]


async def test_the_same_name_in_other_case_or_width_is_that_player_and_a_new_name_is_a_guest(
    club: tuple[LeagueService, Actor, League],
) -> None:
    service, admin, league = club
    game = await service.record_scores(
        admin, league, "ALICE 40000 ｂｏｂ 30000 Carol 20000 dave 10000", guests=True
    )
    names = {p.player_id for p in game.players}
    assert len(names) == 4 and await guests_of(service, league) == ["carol", "dave"]


# ------------------------------------------------------------------ the terminal
class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


async def legacy_league(path: Path) -> None:
    """A name kept before names were checked (a Discord display name, or an old guest)."""
    store = await Store.open(path)
    try:
        names = ["\x1b[2Jevil\x07", "del\x7f", "c1\x9b31m", "nul\x00"]
        service, admin, league, players = await open_club(store, names, name="Club\x1b[2J")
        ids = [player.id for player in players]
        game = await service.record_game(
            admin, league, list(zip(ids, [40000, 30000, 20000, 10000], strict=True))
        )
        await service.confirm(admin, game.id)
    finally:
        await store.close()


@pytest.mark.parametrize(
    "words",
    [
        ["league", "list"],
        ["league", "list", "--json"],
        ["league", "standings", "1"],
        ["league", "standings", "1", "--json"],
        ["league", "export", "1"],
        ["league", "export", "1", "--what", "games"],
    ],
)
def test_output_to_a_terminal_carries_no_control_character(
    words: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import asyncio

    path = tmp_path / "legacy.sqlite3"
    asyncio.run(legacy_league(path))
    terminal = Terminal()
    monkeypatch.setattr(sys, "stdout", terminal)
    assert main([*words, "--db", str(path)]) == 0
    out = terminal.getvalue()
    assert "evil" in out or "Club" in out
    assert not any(unicodedata.category(ch) == "Cc" and ch not in "\r\n" for ch in out), repr(out)
    if "--json" in words:
        text = json.dumps(json.loads(out), ensure_ascii=False)
        assert "\x1b[2J" in text or "\\u001b[2J" in out  # the data itself is kept, only escaped


def test_an_exported_game_shows_a_name_with_control_characters_escaped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import asyncio

    path = tmp_path / "games.sqlite3"
    assert main(["simulate", "--rules", "sanma", "--games", "1", "--ai", "random", "--db", str(path)]) == 0
    capsys.readouterr()

    async def rename() -> None:  # a name kept before names were checked
        store = await Store.open(path)
        try:
            await store.ensure_player("\x1b[2Jevil\x9b31m\x7f", local_key="ai:random:0")
        finally:
            await store.close()

    asyncio.run(rename())
    for fmt in ("json", "tenhou6"):
        assert main(["export", "1", "--db", str(path), "--format", fmt]) == 0
        out = capsys.readouterr().out
        assert "evil" in out
        assert not any(unicodedata.category(ch) == "Cc" and ch != "\n" for ch in out), repr(out[:300])
        document = json.loads(out)
        names = document["players"] if fmt == "json" else document["name"]
        assert names[0] == "\x1b[2Jevil\x9b31m\x7f"  # the data is kept, only written escaped
