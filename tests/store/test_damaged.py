"""A damaged SQLite file (bit flips in its schema) is named as damaged wherever it is opened (issue 18)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.cli import main
from bot.store import Store, StoreError


async def _damaged_schema(path: Path) -> Path:
    await (await Store.open(path)).close()
    data = bytearray(path.read_bytes())
    at = data.find(b"CREATE TABLE players")
    assert at > 0
    data[at + 14 : at + 20] = b"\xff\xfe\xff\xfe\xff\xfe"  # flipped bits: the schema text is no longer UTF-8
    path.write_bytes(bytes(data))
    return path


async def test_a_flipped_schema_is_reported_as_a_damaged_file(tmp_path: Path) -> None:
    path = await _damaged_schema(tmp_path / "bot.sqlite3")
    with pytest.raises(StoreError, match=f"the database file is damaged: {path}"):
        await Store.open(path)


@pytest.mark.parametrize(
    "command",
    [
        ["league", "list", "--db"],
        ["export", "1", "--db"],
        ["simulate", "--rules", "sanma", "--ai", "random", "--db"],
    ],
)
def test_every_command_names_the_damaged_file_without_a_traceback(
    tmp_path: Path, command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    path = asyncio.run(_damaged_schema(tmp_path / "bot.sqlite3"))
    before = path.read_bytes()
    assert main([*command, str(path)]) != 0
    err = capsys.readouterr().err
    assert f"the database file is damaged: {path}" in err and "Traceback" not in err
    assert path.read_bytes() == before  # never "repaired" by a reset
