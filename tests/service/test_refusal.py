"""The one refusal (bot/service/refusal.py): its sentence, the line it is about, its details, the count
of details left out, and Discord's 2000-character limit."""

from __future__ import annotations

from bot.service.refusal import MESSAGE_LIMIT, Refusal


def test_a_plain_refusal_is_its_sentence_in_the_readers_language() -> None:
    refusal = Refusal("league.entry.not_member", name="Kaori", league="Club")
    assert refusal.text("en") == "Kaori is not a member of Club: they join with /league join."
    assert str(refusal) == refusal.text("en")
    assert refusal.text("ja") != refusal.text("en") and "Kaori" in refusal.text("ja")


def test_a_refused_file_lists_its_bad_lines_and_counts_the_rest() -> None:
    bad = [
        Refusal("league.entry.not_member", line=4, name="Kaori", league="Club"),
        Refusal.of("league.csv.no_column", {"column": "north"}, line=1),
    ]
    refusal = Refusal("league.csv.refused", details=bad, league="Club", count=7, more=5)
    assert refusal.text("en").split("\n") == [
        "Nothing was imported into Club: 7 problem(s) in the file. Fix them and upload the file again.",
        "Line 4: Kaori is not a member of Club: they join with /league join.",
        "Line 1: " + Refusal("league.csv.no_column", column="north").text("en"),
        "…and 5 more.",
    ]


def test_values_given_as_data_may_be_named_line() -> None:
    refusal = Refusal.of("league.csv.at_line", {"line": 9, "reason": "bad"})
    assert refusal.line is None and refusal.text("en") == "Line 9: bad"


def test_a_refusal_longer_than_a_discord_message_is_cut_to_the_limit() -> None:
    details = [Refusal("league.entry.not_member", line=n, name="x" * 90, league="Club") for n in range(40)]
    text = Refusal("league.csv.refused", details=details, league="Club", count=40).text("en")
    assert len(text) == MESSAGE_LIMIT and text.endswith("…")
    assert text.startswith("Nothing was imported into Club: 40 problem(s)")
