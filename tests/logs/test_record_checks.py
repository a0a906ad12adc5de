"""``replay --check`` notices a change to any checked field of a real record: an action, a yaku, fu,
points, a score change, a draw's payments, the final points and scores (tenhou.net/6 and mjlog)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli import main
from tests.logs.own_records import record_path

SANMA_JSON = ("sanma", "2024123123gm-00b9-0000-09c44fd1.json")
RIICHI_JSON = ("riichi", "2023101214gm-00a9-0000-8cb902d4.json")
SANMA_MJLOG = ("sanma", "2014091101gm-00b9-0000-5ca6b487.mjlog")


def check_changed(tmp_path: Path, parts: tuple[str, str], old: str, new: str) -> str:
    text = record_path(*parts).read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} must appear once"
    changed = tmp_path / parts[1]
    changed.write_text(text.replace(old, new), encoding="utf-8")
    assert main(["replay", str(record_path(*parts)), "--check"]) == 0
    return str(changed)


@pytest.mark.parametrize(
    ("parts", "old", "new", "field"),
    [
        (
            SANMA_JSON,
            '"役牌 白(1飜)","混一色(2飜)"]]],[[1,0,0]',
            '"役牌 白(1飜)","混一色(3飜)"]]],[[1,0,0]',
            "yaku",
        ),
        (SANMA_JSON, '"40符3飜1300-2600点"', '"50符3飜1300-2600点"', "fu"),
        (SANMA_JSON, '"跳満3000-6000点"', '"跳満2000-6000点"', "points"),
        (SANMA_JSON, "[-2600,3900,-1300,0]", "[-2600,4000,-1400,0]", "score changes"),
        (
            SANMA_JSON,
            '"sc":[59800,54.8,33000,-7,12200,-47.8',
            '"sc":[59800,54.8,33000,-7.5,12200,-47.3',
            "final scores",
        ),
        (
            SANMA_JSON,
            '"sc":[59800,54.8,33000,-7,12200,-47.8',
            '"sc":[33000,54.8,59800,-7,12200,-47.8',
            "final points",
        ),
        (
            SANMA_JSON,
            '["f44",11,19,43,42,21,47,46,60,60,60,39,60]',
            '["f44",11,19,43,"r42",21,47,46,60,60,60,39,60]',
            "illegal action",
        ),
        (
            RIICHI_JSON,
            '["流局",[-1500,-1500,1500,1500]]',
            '["流局",[-1000,-1000,1000,1000]]',
            "score changes",
        ),
        (RIICHI_JSON, '"sc":[38200,48.2,', '"sc":[38200,48,', "final scores"),
        (
            SANMA_MJLOG,
            'owari="592,54.0,228,-37.0,230,-17.0,0,0.0"',
            'owari="592,55.0,228,-38.0,230,-17.0,0,0.0"',
            "final scores",
        ),
        (SANMA_MJLOG, 'ten="20,5200,0" yaku="0,1,7,1,52,2"', 'ten="20,5200,0" yaku="0,1,7,1,52,3"', "yaku"),
        (SANMA_MJLOG, 'ten="50,4800,0"', 'ten="40,4800,0"', "fu"),
        (SANMA_MJLOG, 'sc="513,0,240,77,297,-77,0,0"', 'sc="513,0,240,78,297,-78,0,0"', "score changes"),
    ],
)
def test_a_changed_field_of_a_real_record_is_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], parts: tuple[str, str], old: str, new: str, field: str
) -> None:
    changed = check_changed(tmp_path, parts, old, new)
    capsys.readouterr()
    assert main(["replay", changed, "--check"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("MISMATCH") and f": {field}:" in out, out
