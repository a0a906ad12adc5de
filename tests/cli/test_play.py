"""``mahjong-bot play`` driven through stdin: the table, the answers, hand results, EOF."""

from __future__ import annotations

import hashlib
import io
import re
import subprocess
import sys

import pytest

from bot.cli import main
from bot.cli.play import Painter, read_answer
from bot.engine import actions as A
from bot.engine.actions import Action
from bot.engine.registry import RULE_SETS
from bot.hand.tiles import RED_FIVE_IDS

PLAYABLE = sorted(RULE_SETS)


def play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], text: str, *args: str
) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    code = main(["play", "--seed", "t1", *args])
    return code, capsys.readouterr().out


def test_the_seed_shown_after_a_hand_checks_against_its_commitment_and_no_false_hint(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``play`` keeps its game in memory: ``mahjong-bot verify`` cannot find it, so no line says to run
    it (issue 35); what the line says instead holds: SHA-256 of the seed is the commitment shown."""
    _, out = play(monkeypatch, capsys, "1\n\n" * 120, "--rules", "riichi", "--ascii")
    assert "mahjong-bot verify" not in out
    commitments = re.findall(r"Wall commitment \(SHA-256 of this hand's seed\): ([0-9a-f]{64})", out)
    seeds = re.findall(
        r"Seed of that hand \(its SHA-256 is the commitment shown when the hand started\): (\w+)", out
    )
    assert seeds and len(commitments) >= len(seeds)
    for seed, commitment in zip(seeds, commitments, strict=False):
        assert hashlib.sha256(bytes.fromhex(seed)).hexdigest() == commitment


@pytest.mark.parametrize("rules", PLAYABLE)
def test_first_choice_every_time_plays_to_a_hand_result(
    rules: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = play(
        monkeypatch, capsys, "1\n\n" * 120, "--rules", rules, "--ascii"
    )  # calls by name: Enter passes
    assert "Your hand:" in out and "Discard: 1)" in out
    assert "=" * 60 in out  # a hand result block
    assert any(word in out for word in ("wins by", "Draw (", "Hand aborted"))
    assert out.count("wins by") == out.count("  hand: ")  # every winning hand is shown
    assert code in (0, 1)
    assert ("Final ranking:" in out) == (code == 0)
    if code == 1:
        assert "Input ended" in out


def test_typed_tiles_and_bad_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = "banana\n99\n8z\nhint\ntable\nhelp\n1\n"
    code, out = play(monkeypatch, capsys, text, "--rules", "riichi", "--ascii")
    assert code == 1
    assert "Not understood: 'banana' is not an action" in out
    assert "Not understood: there is no action 99" in out
    assert "Not understood: '8z' is not a tile" in out
    assert "The computer would choose:" in out
    assert out.count("> ") >= 7  # the prompt came back after every answer
    assert "Traceback" not in out


def test_end_of_input_stops_cleanly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = play(monkeypatch, capsys, "", "--rules", "sanma")
    assert code == 1
    assert "Input ended: the game is stopped" in out


def test_unicode_tiles_by_default(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(io.BytesIO(), encoding="utf-8"))
    painter = Painter(RED_FIVE_IDS, ascii_only=False)
    assert painter.tile(0) == "\U0001f007" and painter.labelled(52) == "\U0001f01d* 0p"
    assert Painter(RED_FIVE_IDS, ascii_only=True).tiles([0, 52, 108]) == "1m 0p 1z"


def test_an_unknown_rule_set_is_refused_naming_those_there_are(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["play", "--rules", "nonsense"])
    err = capsys.readouterr().err
    assert stopped.value.code == 2 and "invalid choice: 'nonsense'" in err
    assert all(f"'{rules}'" in err for rules in RULE_SETS)


def test_a_table_option_plays_an_east_only_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The same seed and answers play into the South round without the option (E1 .. E4, then S1).
    answers = "1\n\n" * 2000
    code, out = play(monkeypatch, capsys, answers, "--rules", "riichi", "--ascii", "--option", "length=east")
    hands = re.findall(r"\*\*\* New hand: ([ESWN]) \d", out)
    assert code == 0 and "Final ranking:" in out and set(hands) == {"E"}
    code, out = play(monkeypatch, capsys, answers, "--rules", "riichi", "--ascii")
    assert "S" in re.findall(r"\*\*\* New hand: ([ESWN]) \d", out)


@pytest.mark.parametrize(
    ("option", "said"),
    [
        ("kuiten=off", "unknown option 'kuiten' (options: red, kuitan, uma, length, tenpai_stop)"),
        ("red=5", "option red must be one of 0, 3, not '5'"),
        ("uma=abc", "uma must be SMALL-BIG"),
        ("red", "--option 'red': write KEY=VALUE"),
    ],
)
def test_a_table_option_the_rule_set_cannot_play_is_refused_before_the_game(
    option: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "--rules", "riichi", "--option", option]) == 2
    assert said in capsys.readouterr().err


def test_option_help_lists_the_rule_sets_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--rules", "taiwan", "--option", "help"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "reserve: tiles kept back at the end of the wall (0..60; default 16)" in lines
    assert "flowers: play with the eight flowers (on|off; default on)" in lines


def test_subprocess_run_to_a_result() -> None:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "bot",
            "play",
            "--rules",
            "riichi",
            "--seed",
            "sub",
            "--ascii",
            "--level",
            "easy",
        ],
        input="1\n\n" * 120,  # a number for each turn, Enter to pass on an offered tile
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode in (0, 1), proc.stderr
    assert "Payments:" in proc.stdout or "Draw (" in proc.stdout
    assert "Traceback" not in proc.stderr


OPTIONS = [
    Action(A.DISCARD, 0, 16),  # red 5m
    Action(A.DISCARD, 0, 17),  # 5m
    Action(A.DISCARD, 0, 108),  # 1z
    Action(A.RIICHI, 0, 108),
    Action(A.PON, 0, 120, (121, 122)),
    Action(A.PON, 0, 120, (121, 123)),
    Action(A.PASS, 0),
]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("5m", Action(A.DISCARD, 0, 17)),
        ("0m", Action(A.DISCARD, 0, 16)),
        ("1z", Action(A.DISCARD, 0, 108)),
        ("riichi 1z", Action(A.RIICHI, 0, 108)),
        ("r1z", Action(A.RIICHI, 0, 108)),
        ("3", Action(A.DISCARD, 0, 108)),
        ("pass", Action(A.PASS, 0)),
        ("", Action(A.PASS, 0)),
    ],
)
def test_answers_name_actions(text: str, expected: Action) -> None:
    assert read_answer(text, OPTIONS, Painter(RED_FIVE_IDS, True)) == expected


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("pon", "several pon choices: type one of the numbers 5, 6"),
        ("ron", "you cannot ron now"),
        ("9p", "you hold no 9p to discard"),
        ("0", "there is no action 0"),
        ("²", "'²' is not an action"),  # a digit to str.isdigit, which int() refused with a traceback
        pytest.param(
            "9" * 5000, "there is no action 99999999999… (choose 1-", id="5000 digits"
        ),  # int() refuses
        pytest.param("x" * 5000, "'" + "x" * 39 + "…' is not an action", id="5000 letters"),
    ],
)
def test_answers_that_name_nothing_say_why(text: str, reason: str) -> None:
    answer = read_answer(text, OPTIONS, Painter(RED_FIVE_IDS, True))
    assert isinstance(answer, str) and reason in answer


def test_computer_exchange_picks_and_void_choices_are_not_narrated(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = play(monkeypatch, capsys, "1\n" * 10, "--rules", "sichuan", "--ascii")
    cpu_lines = [line for line in out.splitlines() if line.startswith("CPU")]
    picks = [line for line in cpu_lines if "pass" in line or "void" in line]
    assert picks, "the computer players' exchange/void steps should be announced"
    for line in picks:
        assert not re.search(r"\b[0-9][mps]\b", line), line
        assert "hidden until" in line
