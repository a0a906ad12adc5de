"""``mahjong-bot animate GAME|FILE``: an animated WebP/GIF of a finished hand, one frame per step."""

from __future__ import annotations

import asyncio
import io
import json
from pathlib import Path

import pytest
from PIL import Image

from bot.cli import main
from bot.engine.actions import PASS
from bot.engine.game import Game
from bot.logs.load import load_record
from bot.logs.record import RecordedGame
from bot.logs.replay import replay_record
from bot.render.animation import MAX_BYTES
from bot.render.gallery import hand_spans
from bot.store import Store
from bot.store.gamekeys import SEED_KEY
from tests.oracle import oracle_path

MJLOG = ("tenhou", "mjx-mjlog", "2010081709gm-00a9-0000-fe3371ad.mjlog")
TENHOU6 = ("tenhou", "mjx-mjscore", "2010102910gm-00a9-0000-cdb9804c.json")


@pytest.fixture
def stored(fast_dir: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, int]:
    db = fast_dir / "games.sqlite3"
    code = main(
        ["simulate", "--rules", "riichi", "--games", "1", "--seed", "an", "--ai", "random", "--json"]
        + ["--db", str(db)]
    )
    assert code == 0
    [game_id] = json.loads(capsys.readouterr().out)["game_ids"]
    return db, game_id


def _frames_expected(game: Game, index: int) -> int:
    """The deal, then every decision of the hand but a pass that does not end it."""
    start, length = hand_spans(game)[index]
    last = start + length - 1
    return 1 + sum(1 for i in range(start, start + length) if game.decisions[i].kind != PASS or i == last)


def _stored_game(db: Path, game_id: int) -> Game:
    async def read() -> Game:
        async with await Store.open(str(db)) as store:
            record = await store.game_record(game_id)
        data = {
            "rules": "riichi",
            "seed": record.game.revealed_seed,
            "decisions": [d.action for d in record.decisions],
        }
        return Game.from_json(data)

    return asyncio.run(read())


def _picture(path: Path) -> Image.Image:
    data = path.read_bytes()
    assert 0 < len(data) <= MAX_BYTES
    return Image.open(io.BytesIO(data))


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["animate", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("suffix", [".webp", ".gif"])
def test_a_stored_games_hand_is_written_one_frame_per_step(
    stored: tuple[Path, int], fast_dir: Path, suffix: str, capsys: pytest.CaptureFixture[str]
) -> None:
    db, game_id = stored
    game = _stored_game(db, game_id)
    hand = len(game.hands)  # the last hand: the game played through every hand before it
    out = fast_dir / f"hand{suffix}"
    code, stdout, err = _run(
        [str(game_id), "--db", str(db), "--hand", str(hand), "--out", str(out), "--json"], capsys
    )
    assert code == 0, err
    summary = json.loads(stdout)
    picture = _picture(out)
    assert picture.format == suffix[1:].upper() and getattr(picture, "is_animated", False)
    expected = _frames_expected(game, hand - 1)
    assert getattr(picture, "n_frames", 1) == expected == summary["frames"]
    assert summary == {
        **summary,
        "ok": True,
        "hand": hand,
        "hands": len(game.hands),
        "bytes": out.stat().st_size,
    }


def test_a_tenhou_mjlog_hand_is_written(fast_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = oracle_path(*MJLOG)
    out = fast_dir / "tenhou.gif"
    code, stdout, err = _run([str(path), "--hand", "2", "--out", str(out)], capsys)
    assert code == 0, err
    record = load_record(path)
    assert isinstance(record, RecordedGame)
    whole = replay_record(record).game
    assert whole is not None
    assert getattr(_picture(out), "n_frames", 1) == _frames_expected(whole, 1)
    assert stdout.startswith(f"{out}: hand 2 of {len(record.hands)}, ")


def test_a_tenhou6_hand_and_an_exported_game_are_written(
    stored: tuple[Path, int], fast_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = fast_dir / "t6.webp"
    code, _, err = _run(
        [str(oracle_path(*TENHOU6)), "--hand", "1", "--out", str(out), "--lang", "zh-TW"], capsys
    )
    assert code == 0, err
    assert getattr(_picture(out), "n_frames", 1) > 10
    db, game_id = stored
    assert main(["export", str(game_id), "--db", str(db), "--format", "json"]) == 0
    exported = fast_dir / "game.json"
    exported.write_text(capsys.readouterr().out, encoding="utf-8")
    code, stdout, err = _run([str(exported), "--out", str(fast_dir / "own.webp"), "--json"], capsys)
    assert code == 0, err
    assert json.loads(stdout)["frames"] == _frames_expected(_stored_game(db, game_id), 0)


def test_a_running_game_is_refused_in_the_language_asked(
    fast_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = fast_dir / "running.sqlite3"

    async def store_running() -> int:
        async with await Store.open(str(db)) as store:
            players = [(await store.ensure_player(f"P{i}", local_key=f"p{i}")).id for i in range(4)]
            game = Game("riichi", {}, "secret")
            game_id = await store.create_game("riichi", players, options={SEED_KEY: game.seed})
            seat = game.waiting_for()[0]
            await store.append_decision(game_id, 0, seat, game.legal_actions(seat)[0].to_json())
            return game_id

    game_id = asyncio.run(store_running())
    out = fast_dir / "no.webp"
    code, _, err = _run([str(game_id), "--db", str(db), "--out", str(out)], capsys)
    assert code == 2 and not out.exists()
    still = "is still being played: its hands stay hidden until the game ends, so it cannot be replayed yet."
    assert err == f"mahjong-bot animate: Game {game_id} {still}\n"
    code, _, err = _run([str(game_id), "--db", str(db), "--out", str(out), "--lang", "ja"], capsys)
    assert code == 2 and "まだ続いています" in err and err.count("\n") == 1


def test_bad_requests_are_one_line_each(
    stored: tuple[Path, int], fast_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, game_id = stored
    cases = [
        (
            [str(game_id), "--db", str(db), "--out", str(fast_dir / "x.png")],
            2,
            "the picture is .webp or .gif, not .png",
        ),
        (
            [str(game_id), "--db", str(db), "--hand", "99", "--out", str(fast_dir / "x.gif")],
            2,
            "There is no finished hand 99",
        ),
        (
            [str(game_id + 5), "--db", str(db), "--out", str(fast_dir / "x.gif")],
            2,
            f"There is no game {game_id + 5}.",
        ),
        (
            ["nothing-here.mjlog", "--out", str(fast_dir / "x.gif")],
            2,
            "nothing-here.mjlog: no such file, and not a game id",
        ),
        (
            [str(game_id), "--db", str(fast_dir / "absent.sqlite3"), "--out", str(fast_dir / "x.gif")],
            2,
            "no database at",
        ),
        ([str(game_id), "--db", str(db), "--out", str(fast_dir / "no" / "dir" / "x.gif")], 1, "--out"),
    ]
    for args, code, words in cases:
        got, _, err = _run(args, capsys)
        assert (got, err.count("\n")) == (code, 1), (args, err)
        assert err.startswith("mahjong-bot animate: ") and words in err, err
    assert not (fast_dir / "absent.sqlite3").exists()
