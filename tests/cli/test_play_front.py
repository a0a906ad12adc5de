"""The terminal game as a listener of the table service (issue 20): taiwan flowers on screen, the sichuan
exchange by tile names (picked tiles leave the hand, direction and received tiles shown) and void suits,
a header per rule set, calls answered by name, ``--lang``."""

from __future__ import annotations

import io
import re
import sys

import pytest

from bot.cli import main
from bot.cli.play import Painter, read_answer
from bot.engine import actions as A
from bot.engine.actions import Action
from bot.hand.tiles import RED_FIVE_IDS


def play(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], text: str, *args: str) -> str:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    main(["play", "--ascii", *args])
    return capsys.readouterr().out


def test_taiwan_shows_each_seats_flowers_and_their_replacements(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = play(monkeypatch, capsys, "1\n\n" * 40, "--rules", "taiwan", "--seed", "t1")
    set_aside = re.findall(r"^(?:> )*(.+) sets the flower ([1-8]f) aside and draws a replacement$", out, re.M)
    assert set_aside, "every flower set aside is announced"
    table_lines = [line for line in out.splitlines() if "flowers:" in line and "river:" in line]
    for who, flower in set_aside:
        name = who.split(" (")[0]
        assert any(line.strip().startswith(name) and flower in line for line in table_lines), (who, flower)
    assert "dealer streak" in out and "dora indicator" not in out


def test_each_rule_set_has_its_own_header(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    riichi = play(monkeypatch, capsys, "1\n", "--rules", "riichi", "--seed", "h")
    assert re.search(r"--- E 1 \| honba 0, sticks 0 \| dora indicator \S+ \| wall \d+ ---", riichi)
    pihu = play(monkeypatch, capsys, "1\n", "--rules", "pihu", "--seed", "h")
    assert re.search(r"--- E 1 \| wall \d+ ---", pihu) and "honba" not in pihu and "dora" not in pihu
    sichuan = play(monkeypatch, capsys, "1\n", "--rules", "sichuan", "--seed", "h")
    assert re.search(r"exchange: pass three (to the next player|to the previous player|across)", sichuan)


def offered(out: str, prefix: str) -> list[str]:
    """The tiles of the last menu line starting with ``prefix`` (``Pass: 1) 2m  2) 3m ...``)."""
    line = [x for x in out.splitlines() if x.startswith(prefix)][-1]
    return re.findall(r"\d+\) (\S+)", line)


def test_sichuan_exchange_by_tile_names_then_void_suit(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    first = play(monkeypatch, capsys, "", "--rules", "sichuan", "--seed", "t1")
    tiles = offered(first, "Pass:")
    picks = [tiles[0], tiles[3], tiles[-2]]
    answers = "\n".join([*picks, "void m", *(["1", ""] * 12)]) + "\n"
    out = play(monkeypatch, capsys, answers, "--rules", "sichuan", "--seed", "t1")
    assert "you cannot discard now" not in out
    assert f"Picked to pass: {' '.join(sorted(picks[:2], key=lambda x: (x[1], x[0])))}" in out
    hands = [line for line in out.splitlines() if line.startswith("Your hand:")]

    def held(line: str) -> list[str]:
        return line.removeprefix("Your hand:").replace("+ drawn", "").split()

    assert len(held(hands[1])) == len(held(hands[0])) - 1  # the picked tile left the hand
    assert held(hands[1]).count(picks[0]) == held(hands[0]).count(picks[0]) - 1
    passed = re.search(
        r"You passed (.+) (to the next player|to the previous player|across) and received (.+)\.", out
    )
    assert passed is not None
    assert sorted(passed.group(1).split()) == sorted(picks)
    assert len(passed.group(3).split()) == 3
    assert "void Characters" in out  # the void choices by suit name
    void_lines = [line for line in out.splitlines() if "river:" in line and "void:" in line]
    assert any(line.strip().startswith("You") and "void: Characters" in line for line in void_lines)


def test_a_discard_outside_the_void_suit_says_the_void_goes_first() -> None:
    options = [Action(A.DISCARD, 0, 0), Action(A.DISCARD, 0, 4)]  # only characters may go
    answer = read_answer("3s", options, Painter(RED_FIVE_IDS, True))
    assert isinstance(answer, str) and "void suit (m) must go first" in answer


CALL = [Action(A.PON, 0, 120, (121, 122)), Action(A.CHI, 0, 120, (124, 128)), Action(A.PASS, 0)]


def test_calls_are_answered_by_name_and_a_number_never_takes_a_call() -> None:
    painter = Painter(RED_FIVE_IDS, True)
    refused = read_answer("1", CALL, painter, numbers=False)
    assert isinstance(refused, str) and "by name" in refused and "pon" in refused and "pass" in refused
    assert read_answer("pon", CALL, painter, numbers=False) == CALL[0]
    assert read_answer("chi", CALL, painter, numbers=False) == CALL[1]
    assert read_answer("pass", CALL, painter, numbers=False) == CALL[2]
    assert read_answer("", CALL, painter, numbers=False) == CALL[2]


def test_in_a_game_an_offered_tile_refuses_a_number_and_takes_a_name(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = play(monkeypatch, capsys, "1\n" * 60 + "pass\n" * 5, "--rules", "taiwan", "--seed", "t1")
    assert "Answer by name:" in out
    assert "Not understood: answer an offered tile by name" in out


def test_the_terminal_game_speaks_the_chosen_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = play(monkeypatch, capsys, "1\n\n" * 30, "--rules", "riichi", "--seed", "t1", "--lang", "ja")
    assert "あなたの手牌：" in out and "打牌:" in out and "牌山コミットメント" in out


class ReaderGoneAfter(io.StringIO):
    """An output whose reader goes away after ``lines`` lines, as `mahjong-bot play | head` does."""

    def __init__(self, lines: int) -> None:
        super().__init__()
        self.left = lines

    def write(self, text: str) -> int:
        if self.left <= 0:
            raise BrokenPipeError(32, "Broken pipe")
        self.left -= text.count("\n")
        return super().write(text)


async def test_the_game_stops_when_nobody_reads_its_output_any_more() -> None:
    import argparse
    import asyncio

    from bot.cli.play import play_game

    args = argparse.Namespace(
        rules="riichi", seed="gone", level="normal", mjai=None, seat=0, seat_name="You", lang="en", options={}
    )
    out = ReaderGoneAfter(30)
    answers = io.StringIO("1\n" * 2000)  # input that would last the whole game
    code = await asyncio.wait_for(play_game(args, Painter(RED_FIVE_IDS, True), answers, out), 120)
    assert code == 1 and answers.tell() < 200  # stopped early: most of the input was never read
