"""bot/text.py: numbers read from people and files, and text cut to fit."""

from __future__ import annotations

import pytest

from bot.text import clip, whole_number


@pytest.mark.parametrize(
    ("text", "number"),
    [("0", 0), ("42", 42), ("007", 7), ("", None), ("-1", None), ("+1", None), (" 1", None), ("1.0", None)],
)
def test_a_whole_number_is_ascii_digits_only(text: str, number: int | None) -> None:
    assert whole_number(text) == number


@pytest.mark.parametrize("text", ["²", "٣", "１２", "9" * 19, pytest.param("9" * 5000, id="5000 digits")])
def test_digits_int_would_refuse_or_read_oddly_are_no_number(text: str) -> None:
    # "²" and 5,000 nines made int() raise; "٣" and full-width "１２" it reads as 3 and 12.
    assert whole_number(text) is None


def test_most_digits_bounds_the_length() -> None:
    assert whole_number("1000", most_digits=4) == 1000 and whole_number("10000", most_digits=4) is None


def test_clip_marks_the_cut_and_keeps_the_limit() -> None:
    assert clip("abc", 3) == "abc"
    assert clip("abcdef", 4) == "abc…" and len(clip("x" * 5000, 2000)) == 2000
