"""The computer's review (bot/service/review.py, mahjong-bot review): every decision of a seat with the
computer's answer from that seat's view, stored games of every rule set and a real Tenhou record."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main
from bot.engine.actions import DISCARD, RIICHI, Action
from bot.engine.game import Game
from bot.engine.registry import RULE_SETS
from bot.engine.wall import shuffled_wall
from bot.logs.load import read_mjlog
from bot.service.replay import load_stored, open_view
from bot.service.review import HandSource, review_hand
from bot.store import Store
from bot.store.gamekeys import SEED_KEY
from tests.oracle import oracle_path

MJLOG = ("tenhou", "mjx-mjlog", "2010081709gm-00a9-0000-fe3371ad.mjlog")


def _simulate(database: str, capsys: pytest.CaptureFixture[str], rules: str, ai: str, seed: str) -> int:
    code = main(
        ["simulate", "--rules", rules, "--games", "1", "--seed", seed, "--ai", ai, "--json", "--db", database]
    )
    assert code == 0
    ids: list[int] = json.loads(capsys.readouterr().out)["game_ids"]
    return ids[0]


def _review(capsys: pytest.CaptureFixture[str], *words: str) -> dict[str, Any]:
    code = main(["review", *words, "--json", "--jobs", "1"])
    out = capsys.readouterr().out
    assert code == 0, out
    result: dict[str, Any] = json.loads(out)
    return result


def _game_data(database: str, game_id: int) -> dict[str, Any]:
    async def work() -> dict[str, Any]:
        async with await Store.open(database) as store:
            return (await load_stored(store, game_id)).data

    return asyncio.run(work())


def _choices_of_seat(data: dict[str, Any], seat: int, hand_index: int) -> list[int]:
    """Indices in the log of the seat's decisions in hand ``hand_index`` where it had a choice."""
    game = Game.from_json({**data, "decisions": []})
    found = []
    for index, raw in enumerate(data["decisions"]):
        if len(game.hands) > hand_index:
            break
        action = Action.from_json(raw)
        if len(game.hands) == hand_index and action.seat == seat and len(game.legal_actions(seat)) > 1:
            found.append(index)
        game.apply(action)
    return found


@pytest.mark.parametrize("rules", sorted(RULE_SETS))
def test_review_of_a_stored_game_lists_every_decision_of_the_seat(
    rules: str, fast_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = str(fast_dir / "games.sqlite3")
    game_id = _simulate(database, capsys, rules, "random", "review")
    data = _game_data(database, game_id)
    result = _review(
        capsys, str(game_id), "--db", database, "--seat", "1", "--hand", "1", "--level", "normal"
    )
    assert 0.0 <= result["agreement"] <= 1.0
    decisions = result["decisions"]
    assert sorted(d["decision"] for d in decisions) == _choices_of_seat(data, 1, 0)
    assert decisions, "the seat had no decision to review"
    for d in decisions:
        stored = Action.from_json(data["decisions"][d["decision"]])
        assert d["actual"] == {
            "seat": stored.seat,
            "kind": stored.kind,
            "tile": stored.tile,
            "using": list(stored.using),
        }
        assert d["actual"]["seat"] == d["suggested"]["seat"] == 1
        assert d["hand"] == 1
    # largest differences first: disagreements by difference, then the agreements
    order = [(d["agree"], -d["difference"]) for d in decisions]
    assert order == sorted(order)
    agreed = sum(d["agree"] for d in decisions) / len(decisions)
    assert result["agreement"] == pytest.approx(agreed, abs=1e-4)


def test_a_game_played_by_strong_is_reviewed_as_agreeing_everywhere(
    fast_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = str(fast_dir / "games.sqlite3")
    game_id = _simulate(database, capsys, "riichi", "strong", "agree")
    result = _review(capsys, str(game_id), "--db", database, "--seat", "2")
    assert len(result["decisions"]) > 50
    assert result["agreement"] == 1.0
    assert all(d["actual"] == d["suggested"] for d in result["decisions"])
    # two worker processes, one hand a task: the same review
    assert main(["review", str(game_id), "--db", database, "--seat", "2", "--json", "--jobs", "2"]) == 0
    assert json.loads(capsys.readouterr().out) == result
    # the check can fail: another level asked the same questions does not agree everywhere
    other = _review(capsys, str(game_id), "--db", database, "--seat", "2", "--level", "easy")
    assert other["agreement"] < 1.0
    assert any(d["difference"] > 0 for d in other["decisions"])


def test_review_of_a_tenhou_record_holds_the_records_decisions(capsys: pytest.CaptureFixture[str]) -> None:
    path = oracle_path(*MJLOG)
    record = read_mjlog(path)  # read independently of the review's own reading
    seat = 0
    result = _review(capsys, str(path), "--seat", str(seat), "--hand", "1")
    steps = record.hands[0].steps
    discards = [s.tile for s in steps if s.kind == "discard" and s.seat == seat]
    riichi_at = next(
        (
            sum(1 for s in steps[:i] if s.kind == "discard" and s.seat == seat)
            for i, s in enumerate(steps)
            if s.kind == "riichi" and s.seat == seat
        ),
        None,
    )
    reviewed = sorted(result["decisions"], key=lambda d: d["decision"])
    played = [d["actual"]["tile"] for d in reviewed if d["actual"]["kind"] in (DISCARD, RIICHI)]
    # before a riichi every discard is a choice; after it only those with another option are listed
    chosen = discards if riichi_at is None else discards[: riichi_at + 1]
    assert len(chosen) >= 5
    assert played[: len(chosen)] == chosen
    assert all(tile in discards for tile in played)
    calls = [s for s in steps if s.kind == "call" and s.seat == seat]
    assert len([d for d in reviewed if d["actual"]["kind"] in ("chi", "pon", "kan")]) == len(calls)
    assert 0.0 <= result["agreement"] <= 1.0


def test_text_review_in_four_languages(fast_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    database = str(fast_dir / "games.sqlite3")
    game_id = _simulate(database, capsys, "riichi", "random", "text")
    words = {"en": "agrees with", "ja": "一致率", "zh-TW": "一致率", "zh-CN": "一致率"}
    for language, word in words.items():
        code = main(
            ["review", str(game_id), "--db", database, "--seat", "0", "--hand", "1", "--lang", language]
        )
        out = capsys.readouterr().out
        assert code == 0
        assert word in out.splitlines()[0]


def test_review_refuses_a_running_game_a_bad_seat_and_an_unknown_game(
    fast_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = str(fast_dir / "games.sqlite3")
    game_id = _simulate(database, capsys, "riichi", "random", "refuse")
    assert main(["review", str(game_id), "--db", database, "--seat", "7"]) == 2
    assert "no seat 7: the game's seats are 0 to 3" in capsys.readouterr().err
    assert main(["review", "99", "--db", database, "--seat", "0"]) == 2
    assert "no game 99" in capsys.readouterr().err

    async def running() -> int:
        async with await Store.open(database) as store:
            players = [(await store.ensure_player(f"P{i}", local_key=f"p{i}")).id for i in range(4)]
            return await store.create_game("riichi", players, options={SEED_KEY: "running-seed"})

    running_id = asyncio.run(running())
    assert main(["review", str(running_id), "--db", database, "--seat", "0"]) == 2
    assert "still being played" in capsys.readouterr().err


def test_the_suggestion_is_computed_from_the_seats_view_only(
    fast_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Another seat's concealed tile changed (swapped with a tile left in the wall, so every decision
    still replays): the review of seat 0 is the same, though the table with every hand open differs."""
    database = str(fast_dir / "games.sqlite3")
    data = _game_data(database, _simulate(database, capsys, "riichi", "normal", "hidden"))
    tile_ids = Game(data["rules"], data.get("options"), data["seed"]).rules.tile_ids()
    walls = [shuffled_wall(data["seed"], i, list(tile_ids)) for i in range(40)]
    plain = {**data, "walls": walls}
    before = review_hand(HandSource(plain, 0, 1), 0, "strong")
    start = Game.from_json({**plain, "decisions": []})
    end = _hand_end(plain)
    kept_by = {}
    for seat in (1, 2, 3):
        kept_by[seat] = set(start.view(seat)["seats"][seat]["concealed"]) & set(
            end["seats"][seat]["concealed"]
        )
    in_play = {t for s in end["seats"] for t in s.get("concealed", [])}
    in_play |= {int(d[0]) for s in end["seats"] for d in s.get("discards", [])}
    in_play |= {int(t) for s in end["seats"] for m in s.get("melds", []) for t in m.get("tiles", [])}
    in_play |= {int(t) for t in end.get("dora_indicators", [])}
    left = [t for t in walls[0] if t not in in_play]
    tried = 0
    for seat, kept in kept_by.items():
        for hidden in sorted(kept):
            for other in left:
                if other >> 2 == hidden >> 2:
                    continue
                tried += 1
                swapped = [other if t == hidden else hidden if t == other else t for t in walls[0]]
                changed = {**plain, "walls": [swapped, *walls[1:]]}
                try:
                    after = review_hand(HandSource(changed, 0, 1), 0, "strong")
                except Exception:
                    continue  # the change made another decision illegal: try another pair
                assert _hand_end(changed)["seats"][seat]["concealed"] != end["seats"][seat]["concealed"]
                assert [(d.actual, d.suggested, d.actual_numbers, d.suggested_numbers) for d in after] == [
                    (d.actual, d.suggested, d.actual_numbers, d.suggested_numbers) for d in before
                ]
                return
    pytest.fail(f"no swap of another seat's concealed tile replayed ({tried} tried)")


def _hand_end(data: dict[str, Any]) -> dict[str, Any]:
    """The open table just before the first hand's last decision (every hand as it stood)."""
    game = Game.from_json({**data, "decisions": []})
    decisions = data["decisions"]
    for raw in decisions:
        action = Action.from_json(raw)
        before = open_view(game)
        game.apply(action)
        if game.hands:
            return dict(before)
    raise AssertionError("the first hand did not end")


TENHOU6 = ("tenhou", "mjx-mjscore", "2010081709gm-00a9-0000-fe3371ad.json")


def _tenhou6_kind(code: int) -> int:
    """A tenhou.net/6 tile code as a kind (0-33): 11-19 man, 21-29 pin, 31-39 sou, 41-47 honours, 5x red."""
    if code >= 51:
        return (code - 51) * 9 + 4
    return (code // 10 - 1) * 9 + code % 10 - 1


def test_review_of_a_tenhou6_record_holds_its_discards(capsys: pytest.CaptureFixture[str]) -> None:
    """The seat's discards as the tenhou.net/6 JSON lists them (read here by hand, 60 the tile just
    drawn), in order: the review's actual decisions, up to the seat's riichi."""
    path = oracle_path(*TENHOU6)
    first = path.read_text(encoding="utf-8").splitlines()[0]  # one JSON object a line, one hand each
    hand = json.loads(first)["log"][0]
    seat = 0
    takes, given = hand[4 + 3 * seat + 1], hand[4 + 3 * seat + 2]
    kinds: list[int] = []
    for index, code in enumerate(given):
        if isinstance(code, str):
            if not code.startswith("r"):
                break  # a kan: the comparison stops there
            code = int(code[1:])
            kinds.append(_tenhou6_kind(takes[index] if code == 60 else code))
            break  # after a riichi only some discards are choices
        kinds.append(_tenhou6_kind(takes[index] if code == 60 else code))
    assert len(kinds) >= 8
    result = _review(capsys, str(path), "--seat", str(seat), "--hand", "1")
    reviewed = sorted(result["decisions"], key=lambda d: d["decision"])
    played = [d["actual"]["tile"] >> 2 for d in reviewed if d["actual"]["kind"] in (DISCARD, RIICHI)]
    assert played[: len(kinds)] == kinds
