"""Names of the pihu hands and multipliers: English, Japanese, Traditional and Simplified Chinese."""

from __future__ import annotations

from typing import Final

LANGUAGES: Final = ("en", "ja", "zh-TW", "zh-CN")

NAMES: Final[dict[str, dict[str, str]]] = {
    "basic": {"en": "Basic win", "ja": "屁糊（基本和了）", "zh-TW": "屁糊", "zh-CN": "屁糊"},
    "seven_pairs": {"en": "Seven pairs", "ja": "七対子", "zh-TW": "七對", "zh-CN": "七对"},
    "luxury_seven_pairs": {
        "en": "Luxury seven pairs",
        "ja": "豪華七対子",
        "zh-TW": "豪華七對",
        "zh-CN": "豪华七对",
    },
    "super_luxury": {
        "en": "Further four of a kind in seven pairs",
        "ja": "超豪華七対子",
        "zh-TW": "超豪華",
        "zh-CN": "超豪华",
    },
    "full_flush": {"en": "Full flush", "ja": "清一色", "zh-TW": "清一色", "zh-CN": "清一色"},
    "dragon": {"en": "Dragon (1-9 straight)", "ja": "一気通貫", "zh-TW": "一條龍", "zh-CN": "一条龙"},
    "full_flush_dragon": {
        "en": "Full flush dragon",
        "ja": "清一色一気通貫",
        "zh-TW": "清一色龍",
        "zh-CN": "清一色龙",
    },
    "kan_win": {"en": "Win on a kan replacement", "ja": "嶺上開花", "zh-TW": "槓上開", "zh-CN": "杠上开"},
}


def name_of(hand_id: str, language: str = "en") -> str:
    entry = NAMES[hand_id]
    return entry.get(language, entry["en"])
