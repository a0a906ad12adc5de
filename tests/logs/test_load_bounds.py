"""The one record loader is bounded: gzip bombs, oversized and deeply nested files and malformed records
are refused with "not a game record: <reason>" by ``replay`` (and by ``/league import``, see
test_league_records.py); no file makes ``replay`` print a traceback."""

from __future__ import annotations

import gzip
import subprocess
import sys
import textwrap
import zlib
from pathlib import Path

import pytest

from bot.cli import main
from bot.logs.load import MAX_RECORD_BYTES, read_record
from bot.logs.record import RecordError
from tests.logs.malformed import MALFORMED
from tests.logs.own_records import record_path

ROOT = Path(__file__).resolve().parents[2]
BOMB_BYTES = 256 * 1024 * 1024  # what the bomb unpacks to
MEMORY_LIMIT = 160 * 1024 * 1024  # address space of the process that opens it


def gzip_bomb(path: Path) -> Path:
    """~250 kB of gzip that unpacks to 256 MiB of zeros."""
    packer = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    zeros = bytes(1024 * 1024)
    with path.open("wb") as out:
        for _ in range(BOMB_BYTES // len(zeros)):
            out.write(packer.compress(zeros))
        out.write(packer.flush())
    return path


OPEN_UNDER_LIMITS = textwrap.dedent(
    """
    import resource, sys
    resource.setrlimit(resource.RLIMIT_AS, ({memory}, {memory}))
    resource.setrlimit(resource.RLIMIT_CPU, (20, 20))
    data = open(sys.argv[1], "rb").read()
    if sys.argv[2] == "bounded":
        from bot.logs.load import read_record
        from bot.logs.record import RecordError
        try:
            read_record(data, "bomb.mjlog.gz")
        except RecordError as exc:
            print(exc)
    else:
        import gzip
        try:
            gzip.decompress(data)
        except MemoryError:
            print("MemoryError")
    """
)


@pytest.fixture(scope="module")
def bomb(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return gzip_bomb(tmp_path_factory.mktemp("bomb") / "bomb.mjlog.gz")


def run_limited(bomb: Path, mode: str) -> subprocess.CompletedProcess[str]:
    script = OPEN_UNDER_LIMITS.format(memory=MEMORY_LIMIT)
    return subprocess.run(
        [sys.executable, "-c", script, str(bomb), mode], capture_output=True, text=True, timeout=120, cwd=ROOT
    )


def test_a_gzip_bomb_is_refused_within_a_memory_and_cpu_limit(bomb: Path) -> None:
    assert bomb.stat().st_size < 2_000_000  # passes the upload limit of /league import
    done = run_limited(bomb, "bounded")
    assert done.returncode == 0, done.stderr
    assert "not a game record: it unpacks to more than 4 MiB" in done.stdout


def test_the_same_bomb_unpacked_whole_breaks_that_limit(bomb: Path) -> None:
    """What the limit guards against: plain gzip.decompress does not fit in the same process."""
    done = run_limited(bomb, "whole")
    assert "MemoryError" in done.stdout or done.returncode != 0


def test_gzip_within_the_limit_reads_like_the_plain_file() -> None:
    data = record_path("sanma", "2014091101gm-00b9-0000-5ca6b487.mjlog").read_bytes()
    plain = read_record(data, "a.mjlog")
    packed = read_record(gzip.compress(data) + gzip.compress(b""), "a.mjlog")  # two gzip members
    assert plain == packed


def test_replay_refuses_a_file_past_the_documented_size_without_reading_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    big = tmp_path / "big.mjlog"
    with big.open("wb") as out:
        out.truncate(50 * 1024 * 1024)  # sparse: 50 MB on paper, nothing written
    assert main(["replay", str(big), "--check"]) == 2
    err = capsys.readouterr().err
    assert "not a game record: the file is 50.0 MiB, records are at most 4 MiB" in err
    assert MAX_RECORD_BYTES == 4 * 1024 * 1024  # the README states this size


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_replay_names_why_a_malformed_file_is_not_a_game_record(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data, reason = MALFORMED[name]
    path = tmp_path / f"{name}.record"
    path.write_bytes(data)
    assert main(["replay", str(path), "--check"]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith("mahjong-bot replay: ") and "Traceback" not in captured.err + captured.out
    assert "not a game record: " in captured.err and reason in captured.err, captured.err


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_the_loader_refuses_each_malformed_file_with_its_reason(name: str) -> None:
    data, reason = MALFORMED[name]
    with pytest.raises(RecordError, match="not a game record: ") as refused:
        read_record(data, name)
    assert reason in str(refused.value)


@pytest.mark.parametrize(
    "content",
    ['{"log": []}', '<mjloggm ver="2.3"><GO type="169" lobby="0"/><UN n0="a"/></mjloggm>'],
)
def test_replay_check_of_a_file_with_no_game_says_so_and_exits_1(
    content: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "empty.record"
    path.write_text(content, encoding="utf-8")
    assert main(["replay", str(path), "--check"]) == 1
    assert "no game: the file holds no hand to replay" in capsys.readouterr().out
