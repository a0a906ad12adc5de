"""Fairness a player can check (issue 18): each hand's commitment is kept when the hand starts and its
seed when it ends; ``mahjong-bot verify`` rebuilds every finished hand's wall from the seed and the table's
options and checks it against the commitment and the dealt tiles, in every rule set; a changed seed or
commitment is caught; the README's few lines of Python do the same by hand."""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
from pathlib import Path

import pytest

from bot.cli import main
from bot.engine.registry import RULE_SETS, load_rules
from bot.service.seats import Seat
from bot.service.table import QuietListener, Table, TableService, Timing
from bot.service.timers import ManualScheduler
from bot.store import Store

HUMAN = 7


async def play_hands(path: Path, rules: str, hands: int) -> tuple[int, Table]:
    """A table whose one human is played by the computer, stopped after ``hands`` finished hands."""
    store = await Store.open(path)
    service = TableService(store, QuietListener(), scheduler=ManualScheduler(), timing=Timing(computer=0.0))
    try:
        table = await service.open(1, 5, Seat("Ann", HUMAN), rules, {})
        for _ in range(RULE_SETS[rules].players - 1):
            await service.add_computer(1, HUMAN)
        await service.start(1, HUMAN, seed=f"fair-{rules}")
        seat = table.seat_of(HUMAN)
        assert seat is not None and table.game is not None
        table.away.add(seat)  # the computer plays the human's seat too
        service._kick(table)
        for _ in range(2000):
            if len(table.game.hands) >= hands or table.status != "running":
                break
            await asyncio.sleep(0)
            await service.idle(table)
            service._kick(table)
        if table.status == "running":
            await service.abort(1, HUMAN)
        assert table.game_id is not None
        return table.game_id, table
    finally:
        await service.close()
        await store.close()


def verify(capsys: pytest.CaptureFixture[str], path: Path, game_id: int) -> tuple[int, dict]:  # type: ignore[type-arg]
    code = main(["verify", str(game_id), "--db", str(path), "--json"])
    out = capsys.readouterr().out
    return code, json.loads(out) if out.strip() else {}


@pytest.mark.parametrize("rules", sorted(RULE_SETS))
async def test_verify_checks_every_finished_hand_in_every_rule_set(
    rules: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "fair.sqlite3"
    game_id, table = await play_hands(path, rules, 2)
    code, report = await asyncio.to_thread(verify, capsys, path, game_id)
    finished = [h for h in report["hands"] if h["seed"] is not None]
    assert code == 0 and len(finished) >= 2, report
    assert all(h["ok"] for h in finished)
    assert finished[0]["seed"] == table.hand_seed(0)


async def test_a_changed_seed_or_commitment_is_caught(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "fair.sqlite3"
    game_id, _ = await play_hands(path, "riichi", 2)
    store = await Store.open(path)
    try:
        # Another seed whose commitment is rewritten to match: the commitment checks, the deal does not.
        other = hashlib.sha256(b"another wall").hexdigest()
        await store.db.execute(
            "UPDATE hand_walls SET seed = ?, commitment = ? WHERE game_id = ? AND hand_index = 0",
            (other, hashlib.sha256(bytes.fromhex(other)).hexdigest(), game_id),
        )
        await store.db.execute(
            "UPDATE hand_walls SET commitment = ? WHERE game_id = ? AND hand_index = 1", ("0" * 64, game_id)
        )
    finally:
        await store.close()
    code, report = await asyncio.to_thread(verify, capsys, path, game_id)
    assert code == 1
    first, second = report["hands"][:2]
    assert not first["ok"] and "dealt tiles" in " ".join(first["problems"])
    assert not second["ok"] and "commitment" in " ".join(second["problems"])


async def test_the_readme_recipe_rebuilds_a_hand_by_hand(tmp_path: Path) -> None:
    path = tmp_path / "fair.sqlite3"
    game_id, table = await play_hands(path, "riichi", 1)
    seed = table.hand_seed(0)
    store = await Store.open(path)
    try:
        walls = await store.hand_walls(game_id)
    finally:
        await store.close()
    index, commitment, revealed = walls[0]
    assert index == 0 and revealed == seed
    # The README's recipe, word for word:
    assert hashlib.sha256(bytes.fromhex(seed)).hexdigest() == commitment
    tiles = sorted(load_rules("riichi", {}).tile_ids())
    random.Random(bytes.fromhex(seed)).shuffle(tiles)
    dealer_hand = tiles[:13]
    assert table.game is not None
    first_deal = [e for e in table.game.start_events if e.kind == "deal" and e.seat == 0]
    assert sorted(first_deal[0].data["tiles"]) == sorted(dealer_hand)
