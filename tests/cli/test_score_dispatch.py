"""The shared `mahjong-bot score` front: flag placement, batch mode, errors never traceback."""

import io
import json
import random
import subprocess
import sys

from bot.cli import main
from tests.bench.bench_score import request_line
from tests.rules.riichi.generate import random_winning_hand


def test_json_flag_after_the_hand_is_ours_not_the_rule_sets(capsys):
    code = main(["score", "--rules", "pihu", "123456789m11122z", "--tsumo", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert out["ok"] is True


def test_batch_keeps_going_after_a_bad_line(monkeypatch, capsys):
    lines = "123456789m11122z --tsumo\n12x\n\n123456789m11122z\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    # every line is answered; a failed line makes the exit code 1 (issue 18: it used to be 0 always)
    assert main(["score", "--rules", "pihu", "--batch"]) == 1
    answers = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [a["ok"] for a in answers] == [True, False, True]
    assert "x" in answers[1]["error"]


def test_malformed_hand_exits_1_with_the_token_named(capsys):
    code = main(["score", "--rules", "sichuan", "123m1z", "--void", "p", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 1
    assert out["ok"] is False and "1z" in out["error"]


def test_a_flag_before_the_hand_reaches_the_rule_set(capsys):
    code = main(["score", "--rules", "sichuan", "--tsumo", "11122233344455m", "--void", "p", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["ok"] is True
    assert ["Self-drawn", 1] in out["yaku"]


def test_a_bad_flag_value_is_an_error_answer_not_an_exit(capsys):
    code = main(["score", "--rules", "riichi", "123m456p789s11122z", "--seat", "X", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 1
    assert "--seat" in out["error"]


def test_a_refused_flag_value_is_refused_again_on_every_line(monkeypatch, capsys):
    """The parser remembers the typed value of a flag's text from line to line, never a refusal."""
    hand = "123m456p789s11122z"
    lines = [f"{hand} --seat X", f"{hand} --seat e", f"{hand} --seat X", f"{hand} --honba 100"]
    lines += [f"{hand} --honba 3", f"{hand} --honba 100", f"{hand} --seat e"]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    assert main(["score", "--rules", "riichi", "--batch"]) == 1
    answers = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [a["ok"] for a in answers] == [False, True, False, False, True, False, True]
    assert answers[0] == answers[2] and "--seat 'X'" in answers[0]["error"]
    assert answers[3] == answers[5] and "--honba 100" in answers[3]["error"]
    assert answers[1] == answers[6] and answers[1]["payments"] != answers[4]["payments"]


def test_batch_answers_are_the_single_requests_answers(monkeypatch, capsys):
    """Generated riichi hands (melds, dora, ura, red fives, every situation flag the generator sets)
    through --batch: each JSON line is what ``score --json`` prints for that line alone."""
    rng = random.Random(23)
    lines = [request_line(random_winning_hand(rng)) for _ in range(300)]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    main(["score", "--rules", "riichi", "--batch"])
    batch = capsys.readouterr().out.splitlines()
    for line, answer in zip(lines, batch, strict=True):
        main(["score", "--rules", "riichi", *line.split(), "--json"])
        assert answer == capsys.readouterr().out.rstrip("\n"), line
    assert sum('"ok": true' in answer for answer in batch) > 200


def test_indicators_are_copies_of_their_own_checked_against_each_hand(monkeypatch, capsys):
    """Indicator texts are read once (``3m7z`` comes back line after line); the copies are given out per
    hand: a fifth copy or a second red five is refused on every line it is written, and written in
    other ways (upper case, spaces) an indicator reads the same."""
    hand = "1111m23m456p789s11z --tsumo"
    lines = [
        f"{hand} --dora 1m",  # a fifth 1m
        f"{hand} --dora 2m",
        f"{hand} --dora 1m",
        f"{hand} --dora 2M",
        "123m406p789s11122z --dora 0p",  # a second red 5p
        "123m456p789s11122z --dora 0p --ura 0p",
        f"{hand} --dora '2m 3p'",
        f"{hand} --dora 2m3p",
    ]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    assert main(["score", "--rules", "riichi", "--batch"]) == 1
    answers = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [a["ok"] for a in answers] == [False, True, False, True, False, False, True, True]
    assert answers[0] == answers[2] and "1m" in answers[0]["error"]
    assert answers[1] == answers[3] and answers[6] == answers[7]
    assert "red 5p" in answers[4]["error"] and "red 5p" in answers[5]["error"]


# What `score` must not import: the game (the referee of whole games), the message catalogue and the
# reply's modules (only ``--lang`` says the answer in words), the pictures. Issue 41: these made the
# one-shot command 2.6x a script that scores with the `mahjong` package.
NOT_ON_THE_SCORE_PATH = (
    "bot.engine.game",
    "bot.engine.hand",
    "bot.i18n.catalog",
    "bot.service",
    "bot.render",
)


def _modules_after(*argv: str) -> set[str]:
    probe = (
        "import sys\nfrom bot.cli import main\ncode = main(sys.argv[1:])\n"
        "print(' '.join(sorted(sys.modules)))\nraise SystemExit(code)"
    )
    done = subprocess.run([sys.executable, "-c", probe, *argv], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    return set(done.stdout.splitlines()[-1].split())


def test_score_one_shot_imports_only_what_it_uses():
    loaded = _modules_after("score", "--rules", "riichi", "234m456m567p33s678s", "--json")
    assert "bot.rules.riichi.scoring" in loaded  # it did score
    assert not {m for m in loaded if m.startswith(NOT_ON_THE_SCORE_PATH)}


def test_score_one_shot_in_text_reads_no_descriptor_and_writes_no_json():
    # Issue 41: the rule sets' descriptors (a dozen dataclasses), json and the other commands' parsers
    # were a third of the one-shot's start; the score module is found by BUILT_IN_SCORE_MODULES.
    loaded = _modules_after("score", "--rules", "riichi", "234m456m567p33s678s")
    assert "bot.rules.riichi.scoring" in loaded
    assert not {m for m in loaded if m.endswith(".descriptor")}
    assert "json" not in loaded


def test_score_in_words_still_says_the_answer_in_the_language_asked():
    loaded = _modules_after("score", "--rules", "riichi", "--lang", "ja", "234m456m567p33s678s")
    assert "bot.i18n.catalog" in loaded and "bot.service.scoring" in loaded
