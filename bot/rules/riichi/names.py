"""Yaku names in four languages, and the mapping to Tenhou's numeric yaku ids.

Tenhou's ids were checked against the ``yaku``/``yakuman`` attributes of the AGARI records in the
oracle's Tenhou records (tests/oracle.py; a test rescores every recorded win and compares through this
table).
Tenhou reports sanma's nuki-dora under 52 (dora), and a riichi hand always carries an ura-dora line
(53), even with 0 han: :func:`tenhou_yaku` reproduces both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.rules.riichi.scoring import RiichiScore

# id: (English, Japanese, Traditional Chinese, Simplified Chinese)
_NAMES: dict[str, tuple[str, str, str, str]] = {
    "menzen_tsumo": ("Fully concealed tsumo", "門前清自摸和", "門前清自摸和", "门前清自摸和"),
    "riichi": ("Riichi", "立直", "立直", "立直"),
    "ippatsu": ("Ippatsu", "一発", "一發", "一发"),
    "chankan": ("Robbing a kan", "槍槓", "搶槓", "抢杠"),
    "rinshan": ("After a kan", "嶺上開花", "嶺上開花", "岭上开花"),
    "haitei": ("Last tile draw", "海底摸月", "海底摸月", "海底摸月"),
    "houtei": ("Last tile discard", "河底撈魚", "河底撈魚", "河底捞鱼"),
    "pinfu": ("Pinfu", "平和", "平和", "平和"),
    "tanyao": ("All simples", "断幺九", "斷么九", "断幺九"),
    "iipeikou": ("Pure double sequence", "一盃口", "一盃口", "一杯口"),
    "seat_wind_east": ("Seat wind East", "自風 東", "自風 東", "自风 东"),
    "seat_wind_south": ("Seat wind South", "自風 南", "自風 南", "自风 南"),
    "seat_wind_west": ("Seat wind West", "自風 西", "自風 西", "自风 西"),
    "seat_wind_north": ("Seat wind North", "自風 北", "自風 北", "自风 北"),
    "round_wind_east": ("Round wind East", "場風 東", "場風 東", "场风 东"),
    "round_wind_south": ("Round wind South", "場風 南", "場風 南", "场风 南"),
    "round_wind_west": ("Round wind West", "場風 西", "場風 西", "场风 西"),
    "round_wind_north": ("Round wind North", "場風 北", "場風 北", "场风 北"),
    "haku": ("White dragon", "役牌 白", "役牌 白", "役牌 白"),
    "hatsu": ("Green dragon", "役牌 發", "役牌 發", "役牌 发"),
    "chun": ("Red dragon", "役牌 中", "役牌 中", "役牌 中"),
    "double_riichi": ("Double riichi", "両立直", "兩立直", "两立直"),
    "chiitoitsu": ("Seven pairs", "七対子", "七對子", "七对子"),
    "chanta": ("Half outside hand", "混全帯幺九", "混全帶么九", "混全带幺九"),
    "ittsu": ("Pure straight", "一気通貫", "一氣通貫", "一气通贯"),
    "sanshoku": ("Mixed triple sequence", "三色同順", "三色同順", "三色同顺"),
    "sanshoku_doukou": ("Triple triplets", "三色同刻", "三色同刻", "三色同刻"),
    "sankantsu": ("Three kans", "三槓子", "三槓子", "三杠子"),
    "toitoi": ("All triplets", "対々和", "對對和", "对对和"),
    "sanankou": ("Three concealed triplets", "三暗刻", "三暗刻", "三暗刻"),
    "shousangen": ("Little three dragons", "小三元", "小三元", "小三元"),
    "honroutou": ("All terminals and honours", "混老頭", "混老頭", "混老头"),
    "ryanpeikou": ("Twice pure double sequence", "二盃口", "二盃口", "二杯口"),
    "junchan": ("Fully outside hand", "純全帯幺九", "純全帶么九", "纯全带幺九"),
    "honitsu": ("Half flush", "混一色", "混一色", "混一色"),
    "chinitsu": ("Full flush", "清一色", "清一色", "清一色"),
    "tenhou": ("Blessing of heaven", "天和", "天和", "天和"),
    "chiihou": ("Blessing of earth", "地和", "地和", "地和"),
    "daisangen": ("Big three dragons", "大三元", "大三元", "大三元"),
    "suuankou": ("Four concealed triplets", "四暗刻", "四暗刻", "四暗刻"),
    "suuankou_tanki": ("Four concealed triplets, pair wait", "四暗刻単騎", "四暗刻單騎", "四暗刻单骑"),
    "tsuuiisou": ("All honours", "字一色", "字一色", "字一色"),
    "ryuuiisou": ("All green", "緑一色", "綠一色", "绿一色"),
    "chinroutou": ("All terminals", "清老頭", "清老頭", "清老头"),
    "chuuren": ("Nine gates", "九蓮宝燈", "九蓮寶燈", "九莲宝灯"),
    "junsei_chuuren": ("True nine gates", "純正九蓮宝燈", "純正九蓮寶燈", "纯正九莲宝灯"),
    "kokushi": ("Thirteen orphans", "国士無双", "國士無雙", "国士无双"),
    "kokushi_13": ("Thirteen orphans, 13-sided wait", "国士無双13面", "國士無雙十三面", "国士无双十三面"),
    "daisuushii": ("Big four winds", "大四喜", "大四喜", "大四喜"),
    "shousuushii": ("Little four winds", "小四喜", "小四喜", "小四喜"),
    "suukantsu": ("Four kans", "四槓子", "四槓子", "四杠子"),
    "dora": ("Dora", "ドラ", "寶牌", "宝牌"),
    "ura_dora": ("Ura dora", "裏ドラ", "裏寶牌", "里宝牌"),
    "aka_dora": ("Red fives", "赤ドラ", "赤寶牌", "赤宝牌"),
    "nuki_dora": ("North dora (kita)", "抜きドラ", "拔北寶牌", "拔北宝牌"),
}

LANGUAGES = ("en", "ja", "zh-TW", "zh-CN")

YAKU_NAMES: dict[str, dict[str, str]] = {
    yaku_id: dict(zip(LANGUAGES, names, strict=True)) for yaku_id, names in _NAMES.items()
}

TENHOU_YAKU_IDS: dict[str, int] = {
    "menzen_tsumo": 0,
    "riichi": 1,
    "ippatsu": 2,
    "chankan": 3,
    "rinshan": 4,
    "haitei": 5,
    "houtei": 6,
    "pinfu": 7,
    "tanyao": 8,
    "iipeikou": 9,
    "seat_wind_east": 10,
    "seat_wind_south": 11,
    "seat_wind_west": 12,
    "seat_wind_north": 13,
    "round_wind_east": 14,
    "round_wind_south": 15,
    "round_wind_west": 16,
    "round_wind_north": 17,
    "haku": 18,
    "hatsu": 19,
    "chun": 20,
    "double_riichi": 21,
    "chiitoitsu": 22,
    "chanta": 23,
    "ittsu": 24,
    "sanshoku": 25,
    "sanshoku_doukou": 26,
    "sankantsu": 27,
    "toitoi": 28,
    "sanankou": 29,
    "shousangen": 30,
    "honroutou": 31,
    "ryanpeikou": 32,
    "junchan": 33,
    "honitsu": 34,
    "chinitsu": 35,
    # 36 is renhou, not played on Tenhou's ranked tables.
    "tenhou": 37,
    "chiihou": 38,
    "daisangen": 39,
    "suuankou": 40,
    "suuankou_tanki": 41,
    "tsuuiisou": 42,
    "ryuuiisou": 43,
    "chinroutou": 44,
    "chuuren": 45,
    "junsei_chuuren": 46,
    "kokushi": 47,
    "kokushi_13": 48,
    "daisuushii": 49,
    "shousuushii": 50,
    "suukantsu": 51,
    "dora": 52,
    "ura_dora": 53,
    "aka_dora": 54,
    "nuki_dora": 52,  # Tenhou adds nuki-dora to its dora line
}


def yaku_name(yaku_id: str, language: str = "en") -> str:
    """The name of a yaku id in a language (``en``, ``ja``, ``zh-TW``, ``zh-CN``); English fallback."""
    names = YAKU_NAMES[yaku_id]
    return names.get(language, names["en"])


def tenhou_yaku(score: RiichiScore) -> tuple[list[tuple[int, int]], list[int]]:
    """The score as Tenhou's AGARI attributes: ``yaku`` (id, han) pairs and ``yakuman`` ids, sorted by id.

    Nuki-dora merge into the dora line; a riichi hand gets an ura line even at 0 han.
    """
    if score.yakuman:
        return [], sorted(TENHOU_YAKU_IDS[name] for name, _ in score.yaku)
    merged: dict[int, int] = {}
    for name, han in score.yaku:
        tenhou_id = TENHOU_YAKU_IDS[name]
        merged[tenhou_id] = merged.get(tenhou_id, 0) + han
    if TENHOU_YAKU_IDS["riichi"] in merged or TENHOU_YAKU_IDS["double_riichi"] in merged:
        merged.setdefault(TENHOU_YAKU_IDS["ura_dora"], 0)
    return sorted(merged.items()), []
