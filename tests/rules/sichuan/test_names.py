"""Every fan has a name in the four languages."""

from bot.rules.sichuan.fan import SHAPE_FAN, SITUATION_FAN
from bot.rules.sichuan.names import LANGUAGES, NAMES, fan_name


def test_every_fan_has_four_names():
    keys = set(SHAPE_FAN) | set(SITUATION_FAN) | {"plain", "heavenly", "earthly"}
    assert keys == set(NAMES)
    for key in keys:
        assert all(NAMES[key][lang] for lang in LANGUAGES), key


def test_names_by_language():
    assert [fan_name("root", lang) for lang in LANGUAGES] == ["Root (four of a kind)", "根", "帶根", "带根"]
