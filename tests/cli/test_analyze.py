"""``mahjong-bot analyze``: one hand, --json, bad input, --batch."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys

import pytest

from bot.cli import main
from bot.hand.notation import format_kinds, parse_kinds
from bot.hand.shanten import shanten
from bot.hand.tiles import kinds_to_counts


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["analyze", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_lists_the_nine_gates_waits(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--rules", "riichi", "--json", "1112345678999m")
    answer = json.loads(out)
    assert code == 0
    assert answer["shanten"] == 0 and answer["tiles"] == 13
    assert [w["tile"] for w in answer["waits"]] == [f"{n}m" for n in range(1, 10)]
    assert answer["unseen"] == 23


def test_text_shows_the_discard_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--rules", "riichi", "123m456p789s1112z5p")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("riichi, 14 tiles: tenpai")
    assert lines[2].split()[:2] == ["5p", "tenpai"]  # the best discard first


def test_melds_count_three_tiles_and_their_copies_are_not_drawable(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "--rules", "riichi", "--json", "123m456p789s7z pon:777z")
    answer = json.loads(out)
    assert code == 0 and answer["tiles"] == 13
    assert answer["waits"] == [{"tile": "7z", "drawable": 0, "unseen": 0}]


def test_visible_tiles_lower_the_unseen_counts(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--rules", "riichi", "--json", "--visible", "55m", "1112345678999m")
    answer = json.loads(out)
    five = next(w for w in answer["waits"] if w["tile"] == "5m")
    assert code == 0 and five == {"tile": "5m", "drawable": 3, "unseen": 1}


def test_taiwan_sixteen_tile_hand_and_its_flowers(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--rules", "taiwan", "--json", "123m456m789m123p45p11z1f5f")
    answer = json.loads(out)
    assert code == 0 and answer["tiles"] == 16
    assert [w["tile"] for w in answer["waits"]] == ["3p", "6p"]


@pytest.mark.parametrize(
    ("rules", "hand", "needle"),
    [
        ("sanma", "2m23p456p789s11z44z", "2m"),  # no 2m-8m in sanma
        ("riichi", "123m456p789s11z4z1f", "1f"),  # flowers only in taiwan
        ("riichi", "11111m456p789s11z", "1m"),  # a fifth copy
        ("riichi", "123x456p789s11z44z", "'x'"),  # unknown suit letter
        ("riichi", "123m456p789s11z", "11 tiles"),  # too few
        ("taiwan", "123m456p789s11z44z", "13 tiles"),  # taiwan hands have 16 or 17
        ("sichuan", "123m456p789s11z44z", "1z"),  # no honours in sichuan
        ("riichi", "123m pon:123m", "pon"),  # a pon of different tiles
        ("riichi", "123m456p789s1z --visible", "'-'"),
    ],
)
def test_bad_hands_are_refused_with_the_bad_token_named(
    capsys: pytest.CaptureFixture[str], rules: str, hand: str, needle: str
) -> None:
    code, out, err = run(capsys, "--rules", rules, hand)
    assert code == 1
    assert needle in err and err.startswith("error: ")
    assert "Traceback" not in out + err


def test_bad_hand_with_json_prints_an_error_object(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--rules", "sanma", "--json", "2m")
    assert code == 1
    assert "2m" in json.loads(out)["error"]


def test_visible_copies_beyond_four_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--rules", "riichi", "--visible", "99m", "1112345678999m")
    assert code == 1 and "9m" in err


def _batch_lines(count: int, seed: int) -> list[str]:
    """Good 13- and 14-tile hands, hands with melds, and many kinds of bad line, shuffled."""
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    bad = [
        "",
        "   ",
        "123x",
        "2m",
        "11111m456p789s11z",
        "123m456p789s11z4z1f",
        "pon:777z 123m",
        "chi:135m 123p456p789s1z",
        "\x00\x01",
        "123m456p789s1z 'unbalanced",
        "1" * 500 + "m",
    ]
    lines = []
    for i in range(count):  # 40% bad, 45% waiting hands, 15% drawn hands (the big discard tables)
        roll = i % 20
        if roll < 8:
            lines.append(rng.choice(bad))
        elif roll < 10:
            lines.append(format_kinds(rng.sample(wall, 10 + roll % 2)) + " pon:777z")
        else:
            lines.append(format_kinds(rng.sample(wall, 13 if roll < 17 else 14)))
    rng.shuffle(lines)
    return lines


def test_batch_of_ten_thousand_mixed_lines_runs_to_the_end(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = _batch_lines(10_000, seed=7)
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines) + "\n"))
    code, out, err = run(capsys, "--rules", "riichi", "--batch")
    assert code == 0 and err == ""
    answers = [json.loads(line) for line in out.splitlines()]
    expected = [line.strip() for line in lines if line.strip()]
    assert [a["hand"] for a in answers] == expected
    errors = [a for a in answers if "error" in a]
    assert errors and all("internal error" not in a["error"] for a in errors)
    good = [a for a in answers if "error" not in a]
    assert len(good) > 5000
    for answer in good[:200]:
        if " " not in answer["hand"]:
            assert answer["shanten"] == shanten(kinds_to_counts(parse_kinds(answer["hand"])))


def test_batch_through_the_installed_command_survives_bytes_that_are_not_utf8() -> None:
    stdin = b"1112345678999m\n2m\n\xff\xfe123m\n19m19p19s1234567z\n"
    done = subprocess.run(
        [sys.executable, "-m", "bot", "analyze", "--rules", "riichi", "--batch"],
        input=stdin,
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    answers = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert [a.get("shanten") for a in answers] == [0, None, None, 0]
    assert "error" in answers[1] and "error" in answers[2]


def test_batch_lines_are_what_json_prints_for_each_hand(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The batch writes its answers with one kept encoder: each line is, to the character, what
    ``analyze --json`` prints for that hand alone (good hands with melds and red fives, and errors)."""
    lines = [line for line in _batch_lines(300, seed=23) if line.strip()][:120]
    lines += ["0m0p0s123456789m1z", "123m0p406s11z chi:3-45m", "1112345678999m 'ünï", "00m1z"]
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines) + "\n"))
    _, out, _ = run(capsys, "--rules", "riichi", "--batch")
    answers = out.splitlines()
    assert len(answers) == len(lines)
    for line, answer in zip(lines, answers, strict=True):
        if len(line.strip()) > 2000:
            continue
        _, alone, _ = run(capsys, "--rules", "riichi", "--json", line.strip())
        assert answer == alone.rstrip("\n"), line
    assert sum('"error"' not in answer for answer in answers) > 60
