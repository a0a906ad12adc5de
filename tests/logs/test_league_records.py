"""``/league import`` reads records through the same bounded loader as ``replay``, in a worker thread:
malformed files and gzip bombs are refused with "not a game record: <reason>", never "something went
wrong"; three-player Tenhou JSON gives its final points."""

from __future__ import annotations

import gzip
import threading
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import bot.service.league.online_records as online_records
from bot.service.league import Actor, LeagueService, read_online_game
from bot.service.refusal import Refusal
from bot.store import League, Store
from tests.logs.malformed import MALFORMED
from tests.logs.own_records import record_path


@pytest.fixture
async def league(tmp_path: Path) -> AsyncIterator[tuple[LeagueService, Actor, League]]:
    store = await Store.open(tmp_path / "records.sqlite3")
    try:
        service = LeagueService(store)
        admin = Actor((await service.player("Admin", discord_id=1)).id, is_admin=True)
        found = await service.create_league(admin, 1, "Online", "riichi")
        await service.start_season(admin, found)
        yield service, admin, found
    finally:
        await store.close()


@pytest.mark.parametrize("name", sorted(MALFORMED))
async def test_import_names_why_a_malformed_file_is_not_a_game_record(
    name: str, league: tuple[LeagueService, Actor, League]
) -> None:
    service, admin, found = league
    data, reason = MALFORMED[name]
    with pytest.raises(Refusal) as refused:
        await service.import_record(admin, found, data, f"{name}.json")
    assert refused.value.key == "league.import.unreadable"
    assert "not a game record: " in str(refused.value) and reason in str(refused.value)


async def test_import_refuses_a_gzip_bomb_by_its_unpacked_size(
    league: tuple[LeagueService, Actor, League],
) -> None:
    service, admin, found = league
    bomb = gzip.compress(bytes(64 * 1024 * 1024), 9)
    assert len(bomb) < 2_000_000  # under the upload limit of the Discord command
    with pytest.raises(Refusal) as refused:
        await service.import_record(admin, found, bomb, "bomb.mjlog.gz")
    assert "it unpacks to more than 4 MiB" in str(refused.value)


async def test_import_reads_the_record_in_a_worker_thread(
    league: tuple[LeagueService, Actor, League], monkeypatch: pytest.MonkeyPatch
) -> None:
    service, admin, found = league
    readers: list[threading.Thread] = []

    def reading(data: bytes, filename: str = "record") -> online_records.OnlineGame:
        readers.append(threading.current_thread())
        return read_online_game(data, filename)

    monkeypatch.setattr(online_records, "read_online_game", reading)
    with pytest.raises(Refusal):  # the names match no member: the reading itself is what counts
        await service.import_record(
            admin, found, record_path("riichi", "2019050417gm-0029-0000-4f2a8622.json").read_bytes(), "g.json"
        )
    assert readers and readers[0] is not threading.main_thread()


def test_three_player_tenhou_json_gives_names_and_final_points_from_sc() -> None:
    data = record_path("sanma", "2024123123gm-00b9-0000-4a3a3639.json").read_bytes()
    game = read_online_game(data, "sanma.json")
    assert game.rule_set == "sanma" and game.fmt == "tenhou6"
    assert game.final_points == (77800, 28900, -1700)
    assert game.names == ("京都のリーチ超人", "ゆめみ", "麻子打ちます")


def test_an_excerpt_is_not_imported_as_a_game() -> None:
    with pytest.raises(ValueError, match="no whole game"):
        read_online_game(record_path("excerpts", "confusing_nakis_4.json").read_bytes(), "one-hand.json")
