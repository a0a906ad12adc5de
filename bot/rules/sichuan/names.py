"""Fan names in English, Japanese, Traditional and Simplified Chinese."""

from __future__ import annotations

from typing import Final

LANGUAGES: Final = ("en", "ja", "zh-TW", "zh-CN")

NAMES: Final[dict[str, dict[str, str]]] = {
    "plain": {"en": "Plain hand", "ja": "平和", "zh-TW": "平和", "zh-CN": "平和"},
    "self_drawn": {"en": "Self-drawn", "ja": "自摸", "zh-TW": "自摸", "zh-CN": "自摸"},
    "root": {"en": "Root (four of a kind)", "ja": "根", "zh-TW": "帶根", "zh-CN": "带根"},
    "after_kan": {"en": "Win after a kan", "ja": "嶺上開花", "zh-TW": "槓上開花", "zh-CN": "杠上开花"},
    "kan_discard": {"en": "Discard after a kan", "ja": "槓上放銃", "zh-TW": "槓上炮", "zh-CN": "杠上炮"},
    "robbing_kan": {"en": "Robbing a kan", "ja": "槍槓", "zh-TW": "搶槓和", "zh-CN": "抢杠和"},
    "last_tile": {"en": "Last tile", "ja": "海底摸月", "zh-TW": "海底撈月", "zh-CN": "海底捞月"},
    "last_discard": {"en": "Last discard", "ja": "河底撈魚", "zh-TW": "海底炮", "zh-CN": "海底炮"},
    "all_triplets": {"en": "All triplets", "ja": "対々和", "zh-TW": "碰碰和", "zh-CN": "碰碰和"},
    "all_simples": {"en": "All simples", "ja": "断幺九", "zh-TW": "斷么九", "zh-CN": "断幺九"},
    "single_wait": {"en": "Golden hook single wait", "ja": "金鈎釣", "zh-TW": "金鉤釣", "zh-CN": "金钩钓"},
    "straight": {"en": "Pure straight", "ja": "一気通貫", "zh-TW": "一條龍", "zh-CN": "一条龙"},
    "outside": {"en": "Terminals in every set", "ja": "純全帯幺九", "zh-TW": "全么九", "zh-CN": "全幺九"},
    "all_258": {"en": "All 2-5-8", "ja": "全将", "zh-TW": "全是將", "zh-CN": "全是将"},
    "full_flush": {"en": "Full flush", "ja": "清一色", "zh-TW": "清一色", "zh-CN": "清一色"},
    "seven_pairs": {"en": "Seven pairs", "ja": "七対子", "zh-TW": "七小對", "zh-CN": "七小对"},
    "heavenly": {"en": "Heavenly hand", "ja": "天和", "zh-TW": "天和", "zh-CN": "天和"},
    "earthly": {"en": "Earthly hand", "ja": "地和", "zh-TW": "地和", "zh-CN": "地和"},
}


def fan_name(key: str, lang: str = "en") -> str:
    """The name of a fan in a language (English when the language is unknown)."""
    names = NAMES[key]
    return names.get(lang, names["en"])
