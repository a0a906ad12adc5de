"""Online games from Tenhou records: reading names and final points, mapping names to members."""

from __future__ import annotations

import gzip
from collections.abc import AsyncIterator
from urllib.parse import unquote

import pytest

from bot.logs.mjlog import RecordError
from bot.service.league import Actor, ImportNeedsMapping, LeagueService, read_online_game
from bot.service.refusal import Refusal
from bot.store import League, Player, Store
from tests.oracle import oracle_path

GAME = "2010081709gm-00a9-0000-fe3371ad"


def mjlog_bytes(stem: str = GAME) -> bytes:
    return oracle_path("tenhou", "mjx-mjlog", f"{stem}.mjlog").read_bytes()


def owari_points(data: bytes) -> tuple[int, ...]:
    text = data.decode()
    values = text.split('owari="')[1].split('"')[0].split(",")
    return tuple(int(v) * 100 for v in values[0::2])


def un_names(data: bytes) -> tuple[str, ...]:
    text = data.decode()
    tag = text.split("<UN ")[1].split("/>")[0]
    return tuple(unquote(tag.split(f'n{i}="')[1].split('"')[0]) for i in range(4))


def test_mjlog_names_and_final_points_come_from_un_and_owari() -> None:
    data = mjlog_bytes()
    game = read_online_game(data, "game.mjlog")
    assert game.rule_set == "riichi" and game.fmt == "mjlog"
    assert game.final_points == owari_points(data) == (20100, 35800, 5200, 38900)
    assert game.names == un_names(data)


def test_gzipped_mjlog_reads_the_same() -> None:
    data = mjlog_bytes()
    assert read_online_game(gzip.compress(data), "game.mjlog.gz") == read_online_game(data, "game.mjlog")


def test_tenhou6_json_final_points_match_the_mjlog_owari_of_every_oracle_game() -> None:
    """The JSON files have no final scores: they are rebuilt from the last hand (deposits to first)."""
    folder = oracle_path("tenhou", "mjx-mjscore")
    checked = 0
    for json_file in sorted(folder.glob("*.json")):
        mjlog = folder.parent / "mjx-mjlog" / f"{json_file.stem}.mjlog"
        if not mjlog.exists() or "no-" in json_file.stem:
            continue
        from_json = read_online_game(json_file.read_bytes(), json_file.name)
        assert from_json.fmt == "tenhou6"
        assert from_json.final_points == owari_points(mjlog.read_bytes()), json_file.name
        checked += 1
    assert checked >= 30


def test_tenhou6_final_scores_in_sc_are_used_when_present() -> None:
    text = (
        '{"name":["a","b","c","d"],"rule":{"disp":"般南喰赤"},"log":[],'
        '"sc":[421,52.1,302,10.2,180,-22.0,97,-40.3]}'
    )
    game = read_online_game(text.encode(), "x.json")
    assert game.final_points == (42100, 30200, 18000, 9700)
    assert game.names == ("a", "b", "c", "d")


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        (b"hello", "neither"),
        (b"<mjloggm><INIT/>", "not readable"),
        (b'{"log": 3}', "'log' list"),
        (b"\x1f\x8bnot gzip", "gzip"),
    ],
)
def test_unreadable_records_are_refused_with_the_reason(data: bytes, fragment: str) -> None:
    with pytest.raises(RecordError, match=fragment):
        read_online_game(data, "bad")


def test_a_record_cut_short_is_refused() -> None:
    data = oracle_path(
        "tenhou", "mjx-mjlog", "2011020401gm-00a9-0000-f6eff225-no-game-end.mjlog"
    ).read_bytes()
    with pytest.raises(RecordError, match="before the end"):
        read_online_game(data, "cut.mjlog")


@pytest.fixture
async def store(database: str) -> AsyncIterator[Store]:
    opened = await Store.open(database)
    try:
        yield opened
    finally:
        await opened.close()


@pytest.fixture
async def setup(store: Store) -> tuple[LeagueService, Actor, League, list[Player]]:
    service = LeagueService(store)
    names = un_names(mjlog_bytes())
    members = [await service.player(name, discord_id=10 + i) for i, name in enumerate(names)]
    admin = Actor((await service.player("Admin", discord_id=1)).id, is_admin=True)
    league = await service.create_league(admin, 1, "Online", "riichi")
    await service.start_season(admin, league)
    for member in members:
        await service.join(league, member)
    return service, admin, league, members


async def test_import_maps_record_names_to_members_and_waits_for_confirmations(
    setup: tuple[LeagueService, Actor, League, list[Player]],
) -> None:
    service, _, league, members = setup
    game, online = await service.import_record(Actor(members[0].id), league, mjlog_bytes(), "g.mjlog")
    assert game.source == "import" and game.status == "pending"
    assert [p.player_id for p in game.players] == [m.id for m in members]
    assert tuple(p.final_points for p in game.players) == online.final_points


async def test_import_asks_for_the_seats_it_cannot_match_and_accepts_a_mapping(
    setup: tuple[LeagueService, Actor, League, list[Player]], store: Store
) -> None:
    service, admin, league, members = setup
    renamed = await store.ensure_player("Someone else", discord_id=12)  # seat 2's member renamed
    with pytest.raises(ImportNeedsMapping) as ask:
        await service.import_record(admin, league, mjlog_bytes(), "g.mjlog")
    assert ask.value.unmatched == (2,)
    assert ask.value.names[2] in str(ask.value)

    game, _ = await service.import_record(admin, league, mjlog_bytes(), "g.mjlog", {2: renamed.id})
    assert [p.player_id for p in game.players] == [members[0].id, members[1].id, renamed.id, members[3].id]


async def test_import_of_a_three_player_record_into_a_four_player_league_is_refused(
    setup: tuple[LeagueService, Actor, League, list[Player]],
) -> None:
    service, admin, league, _ = setup
    data = oracle_path("tenhou", "dnovikoff", "sanma2.xml").read_bytes()
    with pytest.raises(Refusal) as refused:
        await service.import_record(admin, league, data, "sanma2.xml")
    assert refused.value.key == "league.import.wrong_rules"


async def test_online_names_given_once_are_remembered_for_the_next_import(
    setup: tuple[LeagueService, Actor, League, list[Player]], store: Store
) -> None:
    service, admin, league, members = setup
    others = [await service.player(f"Local {i}", discord_id=50 + i) for i in range(4)]
    for player in others:
        await service.join(league, player)
    mapping = {seat: player.id for seat, player in enumerate(others)}
    first, _ = await service.import_record(admin, league, mjlog_bytes(), "g.mjlog", mapping)

    league = await store.get_league(league.id)
    second, _ = await service.import_record(admin, league, mjlog_bytes(), "g.mjlog")

    assert (
        [p.player_id for p in second.players]
        == [p.player_id for p in first.players]
        == [p.id for p in others]
    )
    assert (await store.audit_entries(league.id))[-2].reason == f"online names of imported game {first.id}"
