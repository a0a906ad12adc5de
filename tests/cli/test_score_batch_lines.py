"""``score --batch`` reads riichi and sanma lines in one pass (riichi.request.LineScorer): every line it
answers, it answers as the request's general reading does (to the character of the JSON); the lines it
leaves (None) are the general reading's, refusals first among them."""

import io
import json
import random
import shlex
from typing import Any

import pytest

from bot.cli import main
from bot.rules.riichi import request
from bot.rules.riichi.request import answer_of, answer_text, batch_line_function, score_words
from bot.rules.riichi.scoring import RiichiOptions, score_hand
from tests.bench.bench_score import request_line as line_of
from tests.rules.riichi.generate import random_winning_hand

EXTRAS = [
    "",
    "--tsumo",
    "--riichi --ura 5p",
    "--riichi --ura 0p --dora 0p",  # a second red 5p: refused
    "--double-riichi --ippatsu --tsumo --seat e --round s",
    "--dora 1m1m1m1m1m",  # a fifth 1m at the latest
    "--dora 5m --ura 5m",
    "--honba 3 --sticks 2",
    "--honba 100",  # out of range: refused
    "--seat X",  # refused
    "--kita 1",  # riichi: refused; sanma: allowed
    "--no-red --no-kuitan",
    "--win 5m",  # the general reading's
    "--dora=3m",  # the general reading's
    "--do 3m",  # a prefix: the general reading's
    "--rinshan --chankan --haitei --houtei --tenhou --chiihou",
    "--tsumo --seat E --honba 2 --sticks 1",
    "--dora 3M7z",  # upper case: the general reading's
    "--dora 8z",  # no such tile: refused
    "--dora",  # no value: refused
    "--bogus",  # refused
    "--ura ''",
]


def _mutated(line: str, rng: random.Random) -> str:
    hand, _, flags = line.partition(" --")
    flags = f"--{flags}" if flags else ""
    words = hand.split()
    roll = rng.random()
    if roll < 0.1:
        words[0] += rng.choice(["5m", "0m", "0p", "1z", "9s", "0s", "8f", "8z", "x", "5M", "55p"])
    elif roll < 0.15 and len(words) > 1:
        words.append(words.pop(0))  # concealed tiles after the melds: refused
    elif roll < 0.2:
        words.insert(0, rng.choice(["pon:555m", "ankan:0555p", "chi:3-45s", "pon:1+11z", "chi:3+45s"]))
    elif roll < 0.25:
        words = words[1:]  # melds only, or nothing
    return " ".join([*words, flags, rng.choice(EXTRAS)]).strip()


def _answers(fn: Any, words: list[str]) -> str | None:
    try:
        answer = fn(words)
    except ValueError as exc:
        return f"refused: {exc}"
    if answer is None or isinstance(answer, str):  # the one-pass reading writes its JSON itself
        return answer
    return json.dumps(answer, ensure_ascii=False)


@pytest.mark.parametrize("players", [4, 3])
def test_lines_read_in_one_pass_are_answered_as_the_general_reading_answers(players: int) -> None:
    rng = random.Random(players)
    one_pass = batch_line_function(players)
    lines = [line_of(random_winning_hand(rng)) for _ in range(600)]
    lines += [_mutated(line, rng) for line in lines]
    lines += ["111m999m111p999p1z 1z", "19m19p19s1234567z1m --tsumo", "123m456p789s11z 22z --no-red"]
    answered = refused = 0
    for line in lines:
        words = shlex.split(line)
        fast = _answers(one_pass, words)
        if fast is None:
            continue
        assert fast == _answers(lambda w: score_words(w, players), words), line
        answered += 1
        refused += fast.startswith("refused")
    # The one-pass reading answers most riichi lines (the scorer's own refusals among them: mutated
    # hands that do not win); sanma refuses most of them before scoring (2m-8m), in the general reading.
    assert answered > (700 if players == 4 else 30)
    assert answered - refused > (400 if players == 4 else 10)


def test_the_situation_and_options_given_to_the_scorer_are_the_general_readings(monkeypatch) -> None:
    """The one-pass reading builds the WinSituation by position: what reaches the scorer is what the
    general reading builds by keyword (catches a reordered field)."""
    if not str(request.__file__).endswith(".py"):
        pytest.skip("the compiled build calls score_hand directly: a monkeypatch cannot catch it there")
    seen: list[tuple[Any, ...]] = []

    def capture(concealed: Any, melds: Any, situation: Any, options: Any) -> Any:
        seen.append((list(concealed), list(melds), situation, options))
        raise ValueError("captured")

    monkeypatch.setattr(request, "score_hand", capture)
    rng = random.Random(5)
    one_pass = batch_line_function(4)
    flags = "--riichi --ippatsu --tsumo --seat W --round S --honba 2 --sticks 3 --dora 2p --ura 7z"
    flags += " --no-kuitan"
    for _ in range(60):
        words = f"{line_of(random_winning_hand(rng))} {rng.choice(EXTRAS[:3])} {flags}".split()
        if _answers(one_pass, words) is None:
            continue
        _answers(lambda w: score_words(w, 4), words)
        assert seen[-1] == seen[-2]
    assert len(seen) > 80


def test_a_batch_of_mixed_lines_answers_each_as_its_single_request(monkeypatch, capsys) -> None:
    rng = random.Random(11)
    lines = [_mutated(line_of(random_winning_hand(rng)), rng) for _ in range(150)]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    code = main(["score", "--rules", "riichi", "--batch"])
    batch = capsys.readouterr().out.splitlines()
    assert code == 1  # some lines are refused
    for line, answer in zip(lines, batch, strict=True):
        main(["score", "--rules", "riichi", *shlex.split(line), "--json"])
        assert answer == capsys.readouterr().out.rstrip("\n"), line


def test_answers_written_straight_from_the_score_are_what_json_writes_of_the_answer() -> None:
    """``answer_text`` (yaku, limit and payment texts from tables) against ``json.dumps`` of
    ``answer_of``: scores of every kind (yakuman and counted yakuman among them), every seat, ron and
    tsumo, honba and sticks, three and four players; each twice (the tables filled the second time)."""
    rng = random.Random(31)
    cases = []
    while len(cases) < 400:
        hand = random_winning_hand(rng)
        players = rng.choice((3, 4, 4))
        seat = rng.randrange(players)
        situation = hand.situation._replace(seat_wind=27 + seat, kita=0)
        try:
            score = score_hand(hand.concealed, hand.melds, situation, RiichiOptions(players=players))
        except ValueError:  # not a win; sanma: a tile it lacks
            continue
        cases.append((score, seat, situation.tsumo, rng.choice((0, 0, 1, 7)), rng.choice((0, 0, 2)), players))
    assert sum(1 for case in cases if case[0].yakuman) > 5
    assert sum(1 for case in cases if case[2]) > 50 and sum(1 for case in cases if case[5] == 3) > 20
    for _ in range(2):
        for case in cases:
            assert answer_text(*case) == json.dumps(answer_of(*case, lines=False), ensure_ascii=False)
