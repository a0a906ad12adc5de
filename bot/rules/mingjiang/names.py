"""Names of every mingjiang fan and limit hand: English, Japanese, Traditional Chinese (the seed's
Cantonese names, as printed on the table card) and Simplified Chinese."""

from __future__ import annotations

from typing import Final

LANGUAGES: Final = ("en", "ja", "zh-TW", "zh-CN")

NAMES: Final[dict[str, dict[str, str]]] = {
    # Basic
    "riichi": {"en": "Riichi", "ja": "立直", "zh-TW": "立直", "zh-CN": "立直"},
    "menmo": {
        "en": "Closed / self-drawn / all simples / four sequences",
        "ja": "門前・自摸・断么九・平和",
        "zh-TW": "門摸斷平",
        "zh-CN": "门摸断平",
    },
    # Suits
    "half_flush": {"en": "Half flush", "ja": "混一色", "zh-TW": "混一色", "zh-CN": "混一色"},
    "full_flush": {"en": "Full flush", "ja": "清一色", "zh-TW": "清一色", "zh-CN": "清一色"},
    "two_suits": {"en": "Two suits only", "ja": "欠一門", "zh-TW": "缺一門", "zh-CN": "缺一门"},
    "five_gates": {"en": "Five gates", "ja": "五門斉", "zh-TW": "五門齊", "zh-CN": "五门齐"},
    # Triplets and kans
    "concealed_kan": {"en": "Concealed kan", "ja": "暗槓", "zh-TW": "暗槓", "zh-CN": "暗杠"},
    "all_triplets": {"en": "All triplets", "ja": "対々和", "zh-TW": "對對和", "zh-CN": "对对和"},
    "three_concealed": {
        "en": "Three concealed triplets",
        "ja": "三暗刻",
        "zh-TW": "三暗刻",
        "zh-CN": "三暗刻",
    },
    "three_chained": {
        "en": "Three chained triplets",
        "ja": "三連刻",
        "zh-TW": "三連刻",
        "zh-CN": "三连刻",
    },
    "three_kans": {"en": "Three kans", "ja": "三槓子", "zh-TW": "三槓", "zh-CN": "三杠"},
    # Honours
    "value_set": {"en": "Value set", "ja": "役牌", "zh-TW": "役牌", "zh-CN": "役牌"},
    "small_dragons": {
        "en": "Little three dragons",
        "ja": "小三元",
        "zh-TW": "小三元",
        "zh-CN": "小三元",
    },
    "three_winds": {"en": "Big three winds", "ja": "三風刻", "zh-TW": "大三風", "zh-CN": "大三风"},
    # Terminals
    "mixed_outside": {
        "en": "Mixed outside hand",
        "ja": "混全帯么九",
        "zh-TW": "混全帶么",
        "zh-CN": "混全带幺",
    },
    "pure_outside": {
        "en": "Pure outside hand",
        "ja": "純全帯么九",
        "zh-TW": "純全帶么",
        "zh-CN": "纯全带幺",
    },
    "all_terminals_honours": {
        "en": "All terminals and honours",
        "ja": "混老頭",
        "zh-TW": "混么九",
        "zh-CN": "混幺九",
    },
    # Identical sequences
    "pure_double": {"en": "Pure double sequence", "ja": "一盃口", "zh-TW": "一般高", "zh-CN": "一般高"},
    "twice_pure_double": {
        "en": "Twice pure double sequence",
        "ja": "二盃口",
        "zh-TW": "雙般高",
        "zh-CN": "双般高",
    },
    "pure_triple": {
        "en": "Pure triple sequence",
        "ja": "一色三同順",
        "zh-TW": "一色三同順",
        "zh-CN": "一色三同顺",
    },
    # Three suits
    "mixed_triple": {
        "en": "Mixed triple sequence",
        "ja": "三色同順",
        "zh-TW": "三色同順",
        "zh-CN": "三色同顺",
    },
    "small_triple_pungs": {
        "en": "Little triple triplets",
        "ja": "小三色同刻",
        "zh-TW": "小三色同刻",
        "zh-CN": "小三色同刻",
    },
    "triple_pungs": {"en": "Triple triplets", "ja": "三色同刻", "zh-TW": "三色同刻", "zh-CN": "三色同刻"},
    # Numbers
    "pure_straight": {"en": "Pure straight", "ja": "一気通貫", "zh-TW": "清龍", "zh-CN": "清龙"},
    "four_in_one": {"en": "Four in one", "ja": "四帰一", "zh-TW": "四歸一", "zh-CN": "四归一"},
    "four_in_two": {"en": "Four in two", "ja": "四帰二", "zh-TW": "四歸二", "zh-CN": "四归二"},
    "four_in_four": {"en": "Four in four", "ja": "四帰四", "zh-TW": "四歸四", "zh-CN": "四归四"},
    # Chance
    "after_kan": {"en": "Win after a kan", "ja": "嶺上開花", "zh-TW": "槓上開花", "zh-CN": "杠上开花"},
    "robbing_kan": {"en": "Robbing a kan", "ja": "槍槓", "zh-TW": "搶槓", "zh-CN": "抢杠"},
    "last_tile_draw": {
        "en": "Win on the last draw",
        "ja": "海底摸月",
        "zh-TW": "海底撈月",
        "zh-CN": "海底捞月",
    },
    "last_tile_claim": {
        "en": "Win on the last discard",
        "ja": "河底撈魚",
        "zh-TW": "河底撈魚",
        "zh-CN": "河底捞鱼",
    },
    # Special shapes
    "seven_pairs": {"en": "Seven pairs", "ja": "七対子", "zh-TW": "七對子", "zh-CN": "七对子"},
    "knitted": {"en": "Fourteen unrelated", "ja": "十四不塔", "zh-TW": "十四不搭", "zh-CN": "十四不搭"},
    # Bonus (never toward the 1-fan minimum)
    "dora": {"en": "Dora", "ja": "ドラ", "zh-TW": "寶牌", "zh-CN": "宝牌"},
    "ura_dora": {"en": "Ura-dora", "ja": "裏ドラ", "zh-TW": "裏寶牌", "zh-CN": "里宝牌"},
    # Small limits
    "heavenly": {"en": "Heavenly hand", "ja": "天和", "zh-TW": "天和", "zh-CN": "天和"},
    "earthly": {"en": "Earthly hand", "ja": "地和", "zh-TW": "地和", "zh-CN": "地和"},
    "human": {"en": "Hand of man", "ja": "人和", "zh-TW": "人和", "zh-CN": "人和"},
    "big_three_dragons": {"en": "Big three dragons", "ja": "大三元", "zh-TW": "大三元", "zh-CN": "大三元"},
    "small_four_winds": {"en": "Little four winds", "ja": "小四喜", "zh-TW": "小四喜", "zh-CN": "小四喜"},
    "thirteen_orphans": {
        "en": "Thirteen orphans",
        "ja": "国士無双",
        "zh-TW": "十三么九",
        "zh-CN": "十三幺九",
    },
    "nine_gates": {"en": "Nine gates", "ja": "九蓮宝燈", "zh-TW": "九蓮寶燈", "zh-CN": "九莲宝灯"},
    "four_concealed": {
        "en": "Four concealed triplets",
        "ja": "四暗刻",
        "zh-TW": "四暗刻",
        "zh-CN": "四暗刻",
    },
    "four_chained": {
        "en": "Four chained triplets",
        "ja": "四連刻",
        "zh-TW": "四連刻",
        "zh-CN": "四连刻",
    },
    # Big limits
    "big_four_winds": {"en": "Big four winds", "ja": "大四喜", "zh-TW": "大四喜", "zh-CN": "大四喜"},
    "all_honours": {"en": "All honours", "ja": "字一色", "zh-TW": "字一色", "zh-CN": "字一色"},
    "all_terminals": {"en": "All terminals", "ja": "清老頭", "zh-TW": "清么九", "zh-CN": "清幺九"},
    "four_kans": {"en": "Four kans", "ja": "四槓子", "zh-TW": "四槓", "zh-CN": "四杠"},
    "thirteen_orphans_13_wait": {
        "en": "Thirteen orphans, 13-sided wait",
        "ja": "国士無双十三面待ち",
        "zh-TW": "十三么九十三面聽",
        "zh-CN": "十三幺九十三面听",
    },
    "four_concealed_single_wait": {
        "en": "Four concealed triplets, single wait",
        "ja": "四暗刻単騎",
        "zh-TW": "四暗刻單騎",
        "zh-CN": "四暗刻单骑",
    },
    "pure_nine_gates": {
        "en": "Pure nine gates",
        "ja": "純正九蓮宝燈",
        "zh-TW": "純正九蓮寶燈",
        "zh-CN": "纯正九莲宝灯",
    },
    "seven_shifted_pairs": {
        "en": "Seven shifted pairs",
        "ja": "七連対",
        "zh-TW": "七連對",
        "zh-CN": "七连对",
    },
    "four_identical_sequences": {
        "en": "Four identical sequences",
        "ja": "一色四同順",
        "zh-TW": "一色四同順",
        "zh-CN": "一色四同顺",
    },
}


def name_of(yaku_id: str, language: str = "en") -> str:
    """The yaku's name in ``language`` (English when the language is not one of ours)."""
    entry = NAMES[yaku_id]
    return entry.get(language, entry["en"])
