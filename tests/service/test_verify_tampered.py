"""``mahjong-bot verify`` of a record changed after the fact answers "not verified: <reason>" (exit 1),
never a traceback; the revealed game seed is compared with the seed played and with each hand's seed;
games stored by ``simulate --db`` keep their walls and verify like a table's (issue 35).  On SQLite and
PostgreSQL."""

from __future__ import annotations

import asyncio
import hashlib
import json

import pytest

from bot.cli import main
from bot.engine.wall import hand_seed, seed_commitment
from bot.store import Store
from bot.store.gamekeys import SEED_KEY


def simulate(database: str, capsys: pytest.CaptureFixture[str], rules: str = "sanma") -> int:
    argv = ["simulate", "--rules", rules, "--games", "1", "--seed", "walls", "--ai", "random", "--json"]
    assert main([*argv, "--db", database]) == 0
    [game_id] = json.loads(capsys.readouterr().out)["game_ids"]
    return int(game_id)


def verify(database: str, game_id: int, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["verify", str(game_id), "--db", database])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def verify_json(database: str, game_id: int, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict]:  # type: ignore[type-arg]
    code = main(["verify", str(game_id), "--db", database, "--json"])
    return code, json.loads(capsys.readouterr().out)


async def change(database: str, sql: str, params: tuple[object, ...]) -> None:
    store = await Store.open(database)
    try:
        await store.db.run(sql, params)
    finally:
        await store.close()


async def read_game(database: str, game_id: int) -> tuple[dict, list[tuple[int, str, str | None]]]:  # type: ignore[type-arg]
    store = await Store.open(database)
    try:
        stored = await store.get_game(game_id)
        return {"options": stored.options, "revealed": stored.revealed_seed}, await store.hand_walls(game_id)
    finally:
        await store.close()


@pytest.mark.parametrize("rules", ["sanma", "riichi"])
def test_a_simulated_game_keeps_its_walls_and_verifies(
    rules: str, database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    game_id = simulate(database, capsys, rules)
    game, walls = asyncio.run(read_game(database, game_id))
    seed = game["options"][SEED_KEY]
    assert game["revealed"] == seed and walls
    for index, commitment, revealed in walls:  # each commitment and seed is the hand's own
        assert commitment == seed_commitment(seed, index)
        assert revealed == hand_seed(seed, index).hex()
    code, report = verify_json(database, game_id, capsys)
    assert code == 0, report
    assert report["problems"] == [] and all(h["ok"] for h in report["hands"])
    assert len(report["hands"]) == len(walls)


def test_a_changed_game_seed_is_not_verified_and_no_traceback(
    database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    game_id = simulate(database, capsys)
    game, _ = asyncio.run(read_game(database, game_id))
    options = {**game["options"], SEED_KEY: "another seed"}
    asyncio.run(
        change(database, "UPDATE games SET options_json = ? WHERE id = ?", (json.dumps(options), game_id))
    )
    code, out, err = verify(database, game_id, capsys)
    assert code == 1, err
    assert f"game {game_id}: not verified: " in out
    assert "revealed seed is not the seed it was played with" in out
    assert "Traceback" not in out + err


def test_a_changed_revealed_seed_is_caught(database: str, capsys: pytest.CaptureFixture[str]) -> None:
    game_id = simulate(database, capsys)
    sql = "UPDATE games SET revealed_seed = ? WHERE id = ?"
    asyncio.run(change(database, sql, ("walls:1", game_id)))
    code, report = verify_json(database, game_id, capsys)
    assert code == 1
    assert "the game's revealed seed is not the seed it was played with" in report["problems"]
    assert not any(h["ok"] for h in report["hands"])


def test_a_hand_seed_that_does_not_come_from_the_game_seed_is_caught(
    database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A hand seed and commitment replaced together (the commitment checks): the game seed says no."""
    game_id = simulate(database, capsys)
    other = hashlib.sha256(b"another wall").hexdigest()
    commitment = hashlib.sha256(bytes.fromhex(other)).hexdigest()
    sql = "UPDATE hand_walls SET seed = ?, commitment = ? WHERE game_id = ? AND hand_index = 0"
    asyncio.run(change(database, sql, (other, commitment, game_id)))
    code, report = verify_json(database, game_id, capsys)
    assert code == 1
    first = report["hands"][0]
    assert not first["ok"] and "does not come from the game's seed" in " ".join(first["problems"])


def test_a_seed_that_is_not_hexadecimal_is_not_verified(
    database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    game_id = simulate(database, capsys)
    sql = "UPDATE hand_walls SET seed = ? WHERE game_id = ? AND hand_index = 0"
    asyncio.run(change(database, sql, ("not hex at all", game_id)))
    code, out, err = verify(database, game_id, capsys)
    assert code == 1 and "Traceback" not in out + err
    assert "hand 1:" in out and "NOT VERIFIED" in out and "hexadecimal" in out
