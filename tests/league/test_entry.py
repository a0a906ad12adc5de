"""Reading games typed on one line and CSV files of past games (bot/league/entry.py, csv_import.py)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.league.csv_import import read_games_csv
from bot.league.entry import EntryError, NameRef, parse_chombo, parse_played_at, parse_scores, shown_name


def seats(text: str) -> list[tuple[str, int | None, int]]:
    return [(s.who.text, s.who.discord_id, s.points) for s in parse_scores(text)]


def test_a_line_of_mentions_and_names_in_seat_order() -> None:
    assert seats("<@101> 32000 @bob 28,000 carol smith 24000, <@!104> -16000") == [
        ("<@101>", 101, 32000),
        ("bob", None, 28000),
        ("carol smith", None, 24000),
        ("<@!104>", 104, -16000),
    ]


def test_signed_chip_results_and_separators() -> None:
    assert seats("alice +48; bob -16, carol -16 dave -16") == [
        ("alice", None, 48),
        ("bob", None, -16),
        ("carol", None, -16),
        ("dave", None, -16),
    ]


@pytest.mark.parametrize(
    ("text", "key", "values"),
    [
        ("alice 32000 bob", "league.entry.no_points", {"name": "bob"}),
        ("32000 alice 1", "league.entry.points_without_name", {"points": "32000"}),
        ("alice 32.5 bob 1", "league.entry.bad_points", {"text": "32.5"}),
        ("alice, bob 1", "league.entry.no_points", {"name": "alice"}),
        ("<@1> <@2> 100", "league.entry.no_points", {"name": "<@1>"}),
        ("alice 99999999999", "league.entry.bad_points", {"text": "99999999999"}),
        ("   ", "league.entry.empty", {}),
    ],
)
def test_what_does_not_read_as_a_game_is_named(text: str, key: str, values: dict[str, object]) -> None:
    with pytest.raises(EntryError) as refused:
        parse_scores(text)
    assert (refused.value.key, refused.value.values) == (key, values)


def test_chombo_lists_name_players_with_counts() -> None:
    assert parse_chombo("bob, Carol Smith 2, <@5> x2 <@6>") == [
        (NameRef("bob"), 1),
        (NameRef("Carol Smith"), 2),
        (NameRef("<@5>", 5), 2),
        (NameRef("<@6>", 6), 1),
    ]
    assert NameRef("  Carol   SMITH ").key == "carol smith"


def test_dates_in_the_usual_spellings_are_utc() -> None:
    assert parse_played_at("2025-03-01") == datetime(2025, 3, 1, tzinfo=UTC)
    assert parse_played_at("2025/3/1 18:30") == datetime(2025, 3, 1, 18, 30, tzinfo=UTC)
    assert parse_played_at("2025-03-01T10:00:00+08:00") == datetime(2025, 3, 1, 2, 0, tzinfo=UTC)
    with pytest.raises(EntryError) as refused:
        parse_played_at("2025-13-01")
    assert refused.value.key == "league.entry.bad_date"


CSV = """# the club's spreadsheet, saved as CSV
Date;Table;East;East points;South;South points;West;West points;North;North points;Chombo
2025-01-05;A;alice;32000;bob;28000;carol;24000;dave;16000;
2025-01-06;B;<@12>;40000;bob;30000;carol;20000;dave;10000;bob 2

2025-01-07;;alice;x;bob;30000;carol;20000;dave;10000;
2025-13-07;;alice;1;bob;30000;carol;20000;dave;10000;
2025-01-08;;alice;1;bob;30000
"""


def test_a_csv_file_gives_its_games_and_each_bad_line_by_its_number() -> None:
    games, problems = read_games_csv(CSV.encode("utf-8-sig"), 4)
    assert [(g.line, g.table, [s.points for s in g.seats]) for g in games] == [
        (3, "A", [32000, 28000, 24000, 16000]),
        (4, "B", [40000, 30000, 20000, 10000]),
    ]
    assert games[1].seats[0].who == NameRef("<@12>", 12) and games[1].chombo == [(NameRef("bob"), 2)]
    assert [(p.line, p.key) for p in problems] == [
        (6, "league.entry.bad_points"),
        (7, "league.entry.bad_date"),
        (8, "league.csv.short_line"),
    ]


def test_a_csv_header_without_a_seat_or_a_date_is_refused_at_line_one() -> None:
    _, problems = read_games_csv(b"date,east,east_points,south,south_points,west,west_points\n", 4)
    assert [(p.line, p.key, p.values) for p in problems] == [(1, "league.csv.no_column", {"column": "north"})]
    _, problems = read_games_csv(b"east,east_points,south,south_points,west,west_points\n", 3)
    assert [(p.line, p.values) for p in problems] == [(1, {"column": "date"})]
    _, problems = read_games_csv(b"\xff\xfe\xff", 4)
    assert problems[0].key == "league.csv.not_text"  # half a UTF-16 character
    _, problems = read_games_csv(b"\x80abc", 4)
    assert problems[0].key == "league.csv.not_text"


def test_names_compare_without_characters_that_draw_nothing_spacing_case_or_a_leading_at() -> None:
    typed = (
        "alice",
        "ALICE\u200b",
        " @alice",
        "\u202ealice\u202c",
        "al\u00adice",
        "@\u2060alice",
        "\u3164alice",
    )
    assert {NameRef(text).key for text in typed} == {"alice"}
    assert NameRef("Visiting \u2066 Tom\ufeff").key == "visiting tom"
    assert NameRef("\u200b\u200d\u2060\ufeff\u202a\u2069").key == ""


def test_full_width_and_half_width_forms_of_a_name_are_the_same_name() -> None:
    assert NameRef("\uff21\uff2c\uff29\uff23\uff25").key == NameRef("alice").key  # ＡＬＩＣＥ
    assert NameRef("\uff71\uff98\uff7d").key == NameRef("\u30a2\u30ea\u30b9").key  # ｱﾘｽ, アリス
    assert NameRef("Ｔｏｍ\u3000Ｌｉ").key == NameRef("tom li").key  # an ideographic space is a space
    assert shown_name("\uff21\uff2c\uff29\uff23\uff25") == "\uff21\uff2c\uff29\uff23\uff25"  # shown as typed


def test_a_name_keeps_the_joiners_and_flag_tags_that_shape_it_and_compares_without_them() -> None:
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # one emoji, not three people
    persian = "\u0639\u0644\u06cc\u200c\u0631\u0636\u0627"  # Alireza, spelt with a non-joiner
    scotland = "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"
    assert shown_name(f"{family} fan") == f"{family} fan"
    assert shown_name(persian) == persian
    assert shown_name(scotland) == scotland
    # Where they join nothing they draw nothing: at an edge, beside a space, doubled, a tag without a flag.
    assert shown_name("\u200dTom\u200c") == "Tom"
    assert shown_name("Tom \u200d Li") == "Tom Li"
    assert shown_name("T\u200d\u200dom") == "T\u200dom"
    assert shown_name("x\U000e0067\U000e007f") == "x"
    # The same name typed without the joiners (or stored before they were kept) is the same player.
    assert NameRef(f"{family} FAN").key == NameRef("\U0001f468\U0001f469\U0001f467 fan").key
    assert NameRef(persian).key == NameRef(persian.replace("\u200c", "")).key
