"""No record of any kind makes ``replay`` print a traceback: real records damaged at random (characters
dropped, doubled or changed, numbers altered) are replayed, found different or refused with a reason."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from bot.cli import main
from tests.logs.own_records import record_path

SEEDS = [
    ("riichi", "2019050417gm-0029-0000-4f2a8622.json"),
    ("sanma", "2024123123gm-00b9-0000-4a3a3639.json"),
    ("sanma", "2018110809gm-00b9-0000-00a79b89.mjlog"),
    ("excerpts", "confusing_nakis_0.json"),
    ("handmade", "chi_pon_collision.json"),
]
DAMAGES_PER_RECORD = 60


def damaged(text: str, rng: random.Random) -> str:
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(text))
        how = rng.randrange(4)
        if how == 0:
            text = text[:at] + text[at + rng.randint(1, 12) :]
        elif how == 1:
            text = text[:at] + text[at : at + 20] + text[at:]
        elif how == 2:
            text = text[:at] + rng.choice('0123456789,[]{}"<>/-.apckr') + text[at + 1 :]
        else:
            numbers = list(re.finditer(r"\d+", text))
            hit = rng.choice(numbers)
            text = text[: hit.start()] + str(rng.choice([0, 1, 4, 60, 99, 136, 10**9])) + text[hit.end() :]
    return text


@pytest.mark.parametrize(("folder", "name"), SEEDS)
def test_damaged_records_are_replayed_or_refused_never_crash(
    folder: str, name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rng = random.Random(f"{folder}/{name}")
    text = record_path(folder, name).read_text(encoding="utf-8")
    outcomes = set()
    for number in range(DAMAGES_PER_RECORD):
        path = tmp_path / f"{number}{Path(name).suffix}"
        path.write_text(damaged(text, rng), encoding="utf-8")
        code = main(["replay", str(path), "--check"])
        captured = capsys.readouterr()
        assert code in (0, 1, 2), captured
        assert "Traceback" not in captured.out + captured.err
        if code == 2:
            assert "not a game record: " in captured.err, captured.err
        outcomes.add(code)
    assert 2 in outcomes and outcomes - {2}  # some damage is refused as unreadable, some still replays
