"""Every tai line has a name in the four languages."""

from bot.rules.taiwan.extras import EXTRA_TAI
from bot.rules.taiwan.names import LANGUAGES, NAMES, tai_name
from bot.rules.taiwan.tai import BASIC_TAI

OTHER_LINES = {
    "dealer",
    "streak",
    "seat_flower",
    "four_seasons",
    "four_plants",
    "seven_rob_one",
    "eight_immortals",
    "all_honours_deduction",
}


def test_every_line_has_four_names():
    keys = set(BASIC_TAI) | set(EXTRA_TAI) | OTHER_LINES
    assert keys == set(NAMES)
    for key in keys:
        assert all(NAMES[key][lang] for lang in LANGUAGES), key


def test_unknown_language_falls_back_to_english():
    assert tai_name("full_flush", "fr") == "Full flush"
    assert tai_name("full_flush", "zh-CN") == "清一色"
