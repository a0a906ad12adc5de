"""The tenhou.net/6 reader: call geometry, round numbers, readings of ambiguous calls chosen by the referee,
Mahjong Soul logs refused."""

from __future__ import annotations

import dataclasses
import json

import pytest

from bot.logs.load import load_record, read_record
from bot.logs.record import RecordedGame, RecordError, lobby_disp, ref_facts
from bot.logs.replay import replay_record
from bot.logs.tenhou6_hand import Call
from tests.logs.own_records import record_path, tenhou_json


@pytest.mark.parametrize(
    ("text", "letter", "called", "own", "offset"),
    [
        ("c232224", "c", 23, (22, 24), 3),  # chi: always from the previous seat
        ("p313131", "p", 31, (31, 31), 3),  # letter first: previous seat
        ("35p3535", "p", 35, (35, 35), 2),  # after one tile: opposite
        ("4646p46", "p", 46, (46, 46), 1),  # last: next seat
        ("m39393939", "m", 39, (39, 39, 39), 3),
        ("31m313131", "m", 31, (31, 31, 31), 2),
        ("252552m25", "m", 25, (25, 52, 25), 1),
    ],
)
def test_calls_name_their_giver_by_where_the_letter_stands(
    text: str, letter: str, called: int, own: tuple[int, ...], offset: int
) -> None:
    call = Call.parse(text)
    assert call == Call(letter, called, own, offset)


@pytest.mark.parametrize("text", ["p31313", "3131p3131", "c2322", "x313131", "31c3131", "p313199"])
def test_malformed_calls_are_not_calls(text: str) -> None:
    assert Call.parse(text) is None


def test_south_rounds_give_the_dealer_round_modulo_four_in_sanma() -> None:
    record = load_record(record_path("sanma", "2024010120gm-00b9-0000-e324b88a.json"))
    assert isinstance(record, RecordedGame)
    starts = [(h.round_wind, h.dealer, h.label) for h in record.hands]
    assert starts[5:] == [(1, 0, "S1-0"), (1, 1, "S2-0"), (1, 2, "S3-0")]


def test_the_log_id_gives_date_lobby_bits_and_lobby_number() -> None:
    assert ref_facts("2017030413gm-0009-3821-485c5dae") == ("2017-03-04", 0x09, 3821)
    assert ref_facts("x.json") == ("", None, None)
    assert (
        lobby_disp(0xB9) == "三鳳南喰赤"
        and lobby_disp(0xE1) == "鳳東喰赤速"
        and lobby_disp(0x89) == "上南喰赤"
    )


def test_one_hand_per_line_reads_as_the_same_game() -> None:
    whole = tenhou_json("riichi", "2019050417gm-0029-0000-4f2a8622.json")
    lines = "\n".join(json.dumps({**whole, "log": [hand]}, ensure_ascii=False) for hand in whole["log"])
    split = read_record(lines.encode(), "lines.json")
    joined = load_record(record_path("riichi", "2019050417gm-0029-0000-4f2a8622.json"))
    assert isinstance(split, RecordedGame) and isinstance(joined, RecordedGame)
    assert split.hands == joined.hands and replay_record(split).ok


def test_when_a_reading_breaks_the_rules_the_next_one_is_replayed() -> None:
    """The replayer keeps the first reading under which every action is legal: here the first reading
    given has a riichi declared on a tile that leaves the hand far from tenpai."""
    record = load_record(record_path("sanma", "2024123123gm-00b9-0000-4a3a3639.json"))
    assert isinstance(record, RecordedGame)
    hand = record.hands[1]
    first_discard = next(i for i, s in enumerate(hand.steps) if s.kind == "discard")
    bad = list(hand.steps)
    bad.insert(
        first_discard, dataclasses.replace(hand.steps[first_discard], kind="riichi", attrs={"step": 1})
    )
    record.hands[1] = dataclasses.replace(hand, steps=bad, alternatives=[hand.steps])
    report = replay_record(record)
    assert report.ok, str(report.mismatch)
    only_bad = dataclasses.replace(hand, steps=bad, alternatives=[])
    record.hands[1] = only_bad
    failed = replay_record(record)
    assert failed.mismatch is not None and failed.mismatch.what == "illegal action"


@pytest.mark.parametrize(
    ("name", "shown"),
    [("confusing_nakis_7.json", "'Gold Room South'"), ("tensoul_usual-hand1.json", "'銅の間東喰赤'")],
)
def test_mahjong_soul_logs_in_tenhou_form_are_refused_by_name(name: str, shown: str) -> None:
    with pytest.raises(RecordError, match="a Mahjong Soul log in tenhou.net/6 form") as refused:
        load_record(record_path("majsoul", name))
    assert shown in str(refused.value) and "not replayed as a Tenhou game" in str(refused.value)


def test_english_yaku_are_refused_even_without_a_mahjong_soul_room() -> None:
    text = record_path("majsoul", "confusing_nakis_7.json").read_text(encoding="utf-8")
    text = text.replace('"disp":"Gold Room South"', '"disp":"鳳南喰赤"')
    with pytest.raises(RecordError, match="the yaku are named in English"):
        read_record(text.encode(), "english.json")
