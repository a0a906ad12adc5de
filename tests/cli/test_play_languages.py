"""The terminal game in each table's own words (issues 42 and 39): no English line in zh-TW, zh-CN or ja,
each rule set's help and prompts offering only its own moves, ``quit``, the void question, the exchange
picks, ``play --help`` and ``replay``'s standings."""

from __future__ import annotations

import io
import re
import sys

import pytest

from bot.cli import main
from bot.cli.play import Painter, read_answer
from bot.cli.play_text import help_text
from bot.engine import actions as A
from bot.engine.actions import Action
from bot.engine.registry import RULE_SETS
from bot.hand.tiles import RED_FIVE_IDS
from bot.i18n import LANGUAGES, t
from tests.oracle import oracle_path

#: What an otherwise translated line may still hold in Latin letters: tiles as typed (5m, 0p), the words a
#: player types (named in the help with their meaning beside them), the seat names, hashes and commands.
TYPED = (
    r"\b[0-9][mpszf]\b|\b(?:tsumo|ron|pass|chi|pon|kan|kita|abort|void|riichi|ready|hint|table|quit|help)\b"
    r"|(?<![A-Za-z])(?:You|CPU)(?![A-Za-z])|SHA-256|mahjong-bot verify|\b[0-9a-f]{64}\b|\bt1\b|\b[mps]\b"
    r"|「[^」]*」|“[^”]*”"  # the player's own words quoted back
)


def english_lines(out: str) -> list[str]:
    """Lines with a Latin word left once what a player types and the names are taken out."""
    return [line for line in out.splitlines() if re.search(r"[A-Za-z]{2,}", re.sub(TYPED, "", line))]


def play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], text: str, *args: str
) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    code = main(["play", "--ascii", "--seed", "t1", *args])
    return code, capsys.readouterr().out


#: Every kind of answer: help, advice, a redraw, nonsense, a bad tile, a wrong void, then play on.
SCRIPT = "help\nhint\ntable\nbanana\n8z\n99\nvoid x\n" + "1\n\n" * 70


@pytest.mark.parametrize(("rules", "language"), [("taiwan", "zh-TW"), ("sichuan", "zh-CN"), ("riichi", "ja")])
def test_a_terminal_game_prints_no_english_line(
    rules: str, language: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = play(monkeypatch, capsys, SCRIPT, "--rules", rules, "--lang", language)
    assert code in (0, 1) and "=" * 60 in out  # it reached a hand's result
    assert english_lines(out) == []


def test_the_english_line_check_finds_the_old_play_by_play() -> None:
    old = "CPU 1 (S) discards 4z\nCPU 2 (西) calls CHI on 3p\nDora indicator: 5z\nNot understood: x."
    assert len(english_lines(old)) == 4


# What each rule set's help must not offer (another game's moves) and must offer (its own).
NOT_OFFERED = {
    "riichi": ("kita", "void", "ready 5m"),
    "sanma": ("chi", "void", "ready 5m"),
    "taiwan": ("riichi", "kita", "void", "abort", "0p"),
    "sichuan": ("riichi", "kita", "chi", "abort", "ready 5m", "0p"),
    "pihu": ("riichi", "kita", "chi", "void", "abort", "ready 5m", "0p"),
    "mingjiang": ("kita", "void", "abort", "ready 5m"),
}
OFFERED = {
    "riichi": ("riichi 5m", "chi", "abort", "0p"),
    "sanma": ("riichi 5m", "kita", "abort"),
    "taiwan": ("ready 5m", "chi", "pon"),
    "sichuan": ("void", "pon", "kan"),
    "pihu": ("pon", "kan"),
    "mingjiang": ("riichi 5m", "chi"),
}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("rules", sorted(NOT_OFFERED))
def test_each_rule_set_help_offers_only_its_own_moves(rules: str, language: str) -> None:
    shown = help_text(language, rules)
    words = set(re.findall(r"[a-z]+|[0-9][mpsz]", shown))
    for word in NOT_OFFERED[rules]:
        assert (word not in shown) if " " in word else (word not in words), (rules, word)
    for word in OFFERED[rules]:
        assert word in shown, (rules, word)


@pytest.mark.parametrize("rules", sorted(RULE_SETS))
def test_the_first_prompt_names_only_the_rule_sets_moves(
    rules: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out = play(monkeypatch, capsys, "", "--rules", rules)
    start = out.splitlines()[1]  # the help printed before the first hand
    assert start == help_text("en", rules)
    words = set(re.findall(r"[a-z]+|[0-9][mpsz]", start))
    for word in NOT_OFFERED.get(rules, ()):
        assert (word not in start) if " " in word else (word not in words), (rules, word)


def test_the_descriptors_actions_cover_what_each_referee_offers() -> None:
    from bot.engine.game import Game

    for rules, info in RULE_SETS.items():
        if rules not in NOT_OFFERED:
            continue
        offered: set[str] = set()
        for seed in ("a", "b"):
            game = Game(rules, seed=f"actions-{seed}")
            for _ in range(400):
                if game.final is not None:
                    break
                waiting = game.waiting_for()
                if not waiting:
                    break
                legal = game.legal_actions(waiting[0])
                offered |= {a.kind for a in legal}
                game.apply(legal[-1])
        assert offered <= info.actions, (rules, offered - info.actions)


def test_quit_ends_the_game_with_a_sentence_and_exit_0(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = play(monkeypatch, capsys, "1\nquit\n", "--rules", "taiwan")
    assert code == 0
    assert t("play.quit", "en") in out and "Input ended" not in out
    code, out = play(monkeypatch, capsys, "quit\n", "--rules", "riichi", "--lang", "ja")
    assert code == 0 and t("play.quit", "ja") in out


def test_a_wrong_answer_at_the_void_choice_names_the_suits() -> None:
    painter = Painter(RED_FIVE_IDS, True)
    options = [Action(A.VOID, 0, None, (tile,)) for tile in (0, 36, 72)]  # 1m, 1p, 1s
    for language in LANGUAGES:
        answer = read_answer("void x", options, painter, language=language)
        assert isinstance(answer, str)
        for suit in "mps":
            assert t(f"suit.{suit}", language) in answer, (language, answer)
    assert read_answer("void p", options, painter) == options[1]


def test_an_exchange_pick_is_one_line_per_computer_seat(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out = play(monkeypatch, capsys, "1\n1\n1\n", "--rules", "sichuan")
    first_hand = out.split("*** New hand")[1]
    lines = [line.lstrip("> ") for line in first_hand.splitlines()]
    picks = [line for line in lines if "picks" in line and line.startswith("CPU")]
    assert sorted(line.split(" (")[0] for line in picks) == ["CPU 1", "CPU 2", "CPU 3"]


def test_play_help_shows_no_markup_or_source_paths(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    shown = capsys.readouterr().out
    assert "``" not in shown and ".py" not in shown and ":class:" not in shown
    assert "quit" in shown and "--lang" in shown


def test_replay_prints_its_final_standings_as_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(oracle_path("tenhou", "dnovikoff", "pao.xml"))]) == 0
    out = capsys.readouterr().out
    assert "[{" not in out and "'seat'" not in out
    standings = re.findall(r"^  ([1-4])\. Seat [1-4] +-?\d+ +\([+-]\d+\)$", out, re.M)
    assert standings == ["1", "2", "3", "4"]
    assert main(["replay", str(oracle_path("tenhou", "dnovikoff", "pao.xml")), "--lang", "zh-TW"]) == 0
    assert t("play.final", "zh-TW") in capsys.readouterr().out
