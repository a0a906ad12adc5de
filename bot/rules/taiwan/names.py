"""Tai names in English, Japanese, Traditional and Simplified Chinese.  Lines are listed in this order."""

from __future__ import annotations

from typing import Final

LANGUAGES: Final = ("en", "ja", "zh-TW", "zh-CN")


def _n(en: str, ja: str, tw: str, cn: str) -> dict[str, str]:
    return {"en": en, "ja": ja, "zh-TW": tw, "zh-CN": cn}


NAMES: Final[dict[str, dict[str, str]]] = {
    # dealer
    "dealer": _n("Dealer", "親", "莊家", "庄家"),
    "streak": _n("Dealer streak", "連荘", "連莊", "连庄"),
    # how the hand was won
    "heavenly": _n("Heavenly hand", "天和", "天胡", "天胡"),
    "earthly": _n("Earthly hand", "地和", "地胡", "地胡"),
    "human": _n("Human hand", "人和", "人胡", "人胡"),
    "tianting": _n("Heavenly ready", "天聴", "天聽", "天听"),
    "migi": _n("MIGI early ready", "MIGI", "MIGI", "MIGI"),
    "diting": _n("Earthly ready", "地聴", "地聽", "地听"),
    "self_drawn": _n("Self-drawn", "ツモ", "自摸", "自摸"),
    "concealed_hand": _n("Concealed hand", "門前清", "門清", "门清"),
    "concealed_self_drawn": _n("Concealed self-drawn", "門前清自摸和", "門清自摸", "门清自摸"),
    "all_called": _n("Fully called", "全求人", "全求", "全求"),
    "single_wait": _n("Single wait", "独聴", "獨聽", "独听"),
    "pinghu": _n("All sequences", "平和", "平胡", "平胡"),
    "last_tile": _n("Last tile draw", "海底摸月", "海底撈月", "海底捞月"),
    "last_discard": _n("Last discard", "河底撈魚", "河底撈魚", "河底捞鱼"),
    "robbing_kan": _n("Robbing a kan", "槍槓", "搶槓", "抢杠"),
    "after_kan": _n("Win on a replacement tile", "嶺上開花", "槓上開花", "杠上开花"),
    # the shape
    "dragon_set": _n("Dragon set", "役牌 三元牌", "三元台", "三元台"),
    "seat_wind": _n("Seat wind set", "自風牌", "風台 門風", "风台 门风"),
    "round_wind": _n("Round wind set", "場風牌", "風台 圈風", "风台 圈风"),
    "all_triplets": _n("All triplets", "対々和", "碰碰胡", "碰碰胡"),
    "three_concealed": _n("Three concealed triplets", "三暗刻", "三暗刻", "三暗刻"),
    "four_concealed": _n("Four concealed triplets", "四暗刻", "四暗刻", "四暗刻"),
    "five_concealed": _n("Five concealed triplets", "五暗刻", "五暗刻", "五暗刻"),
    "half_flush": _n("Half flush", "混一色", "混一色", "混一色"),
    "full_flush": _n("Full flush", "清一色", "清一色", "清一色"),
    "all_honours": _n("All honours", "字一色", "字一色", "字一色"),
    "all_honours_deduction": _n("All honours deduction", "字一色減算", "字一色扣台", "字一色扣台"),
    "little_three_dragons": _n("Little three dragons", "小三元", "小三元", "小三元"),
    "big_three_dragons": _n("Big three dragons", "大三元", "大三元", "大三元"),
    "little_four_winds": _n("Little four winds", "小四喜", "小四喜", "小四喜"),
    "big_four_winds": _n("Big four winds", "大四喜", "大四喜", "大四喜"),
    # flowers
    "seat_flower": _n("Seat flower", "自家の花", "花台", "花台"),
    "four_seasons": _n("Four seasons", "春夏秋冬", "花槓 春夏秋冬", "花杠 春夏秋冬"),
    "four_plants": _n("Four plants", "梅蘭菊竹", "花槓 梅蘭菊竹", "花杠 梅兰菊竹"),
    "seven_rob_one": _n("Seven flowers rob the eighth", "七搶一", "七搶一", "七抢一"),
    "eight_immortals": _n("All eight flowers", "八仙過海", "八仙過海", "八仙过海"),
    # optional patterns (extras=on)
    "eight_pairs": _n("Seven pairs and a triplet", "八対半", "哩咕哩咕", "哩咕哩咕"),
    "pure_thirteen_orphans": _n("Thirteen orphans with a triplet", "国士無双 刻子", "清十三么", "清十三幺"),
    "mixed_thirteen_orphans": _n("Thirteen orphans with a sequence", "国士無双 順子", "混十三么", "混十三幺"),
    "knitted": _n("Sixteen unrelated", "十六不搭", "十六不塔", "十六不搭"),
    "authentic_knitted": _n("Authentic sixteen unrelated", "正宗十六不搭", "正宗十六不塔", "正宗十六不搭"),
    "knitted_dragon": _n("Unrelated dragon", "不搭龍", "不塔龍", "不搭龙"),
    "knitted_same_numbers": _n("Unrelated same numbers", "不搭三相連", "不塔三相連", "不搭三相连"),
    "five_kans": _n("Five kans", "五槓子", "五槓子", "五杠子"),
    "four_kans": _n("Four kans", "四槓子", "四槓子", "四杠子"),
    "three_kans": _n("Three kans", "三槓子", "三槓子", "三杠子"),
    "consecutive_kans_bloom": _n("Consecutive kans bloom", "連槓開花", "連槓開花", "连杠开花"),
    "all_green": _n("All green", "緑一色", "綠一色", "绿一色"),
    "pure_terminals": _n("All terminals", "清老頭", "清老頭", "清老头"),
    "mixed_terminals": _n("All terminals and honours", "混老頭", "混老頭", "混老头"),
    "outside_pure": _n("Terminal in each set", "純全帯幺九", "全帶么九", "全带幺九"),
    "outside_mixed": _n("Terminal or honour in each set", "混全帯幺九", "混全帶么九", "混全带幺九"),
    "five_families": _n("Five families", "五門斉", "五門齊", "五门齐"),
    "pure_nine_gates": _n("Pure nine gates", "純正九蓮宝燈", "清九連寶燈", "清九连宝灯"),
    "mixed_nine_gates": _n("Mixed nine gates", "九蓮宝燈", "混九連寶燈", "混九连宝灯"),
    "four_identical_sequences": _n("Four identical sequences", "一色四同順", "四連大寶", "四连大宝"),
    "three_identical_sequences": _n("Three identical sequences", "一色三同順", "三同順", "三同顺"),
    "double_identical_sequences": _n("Two pairs of identical sequences", "二盃口", "雙龍抱", "双龙抱"),
    "identical_sequences": _n("Identical sequences", "一盃口", "般高", "般高"),
    "five_step_sequences": _n("Five stepped sequences", "一色五歩高", "一色五步高", "一色五步高"),
    "four_step_sequences": _n("Four stepped sequences", "一色四歩高", "一色四步高", "一色四步高"),
    "three_step_sequences": _n("Three stepped sequences", "一色三歩高", "一色三步高", "一色三步高"),
    "pure_straight": _n("Pure straight", "一気通貫", "一條龍", "一条龙"),
    "mixed_straight": _n("Mixed straight", "花龍", "混龍", "混龙"),
    "three_colour_sequences": _n("Three-colour sequences", "三色同順", "三相連", "三相连"),
    "double_two_colour_sequences": _n("Two two-colour sequences", "二色同順 二組", "雙兩相連", "双两相连"),
    "three_colour_step_sequences": _n("Three-colour stepped sequences", "三色三歩高", "三色步高", "三色步高"),
    "five_step_triplets": _n("Five consecutive triplets", "五連刻", "五連刻", "五连刻"),
    "four_step_triplets": _n("Four consecutive triplets", "四連刻", "四連刻", "四连刻"),
    "three_step_triplets": _n("Three consecutive triplets", "三連刻", "三連刻", "三连刻"),
    "double_two_step_triplets": _n(
        "Two pairs of consecutive triplets", "二連刻 二組", "雙二連刻", "双二连刻"
    ),
    "three_colour_triplets": _n("Three-colour triplets", "三色同刻", "三色同刻", "三色同刻"),
    "double_two_colour_triplets": _n("Two two-colour triplets", "二色同刻 二組", "雙二色同刻", "双二色同刻"),
    "three_colour_step_triplets": _n("Three-colour consecutive triplets", "三色連刻", "三色連刻", "三色连刻"),
    "four_into_four": _n("Four tiles in four sets", "四帰四", "四歸四", "四归四"),
    "four_into_three": _n("Four tiles in three sets", "四帰三", "四歸三", "四归三"),
    "four_into_two": _n("Four tiles in two sets", "四帰二", "四歸二", "四归二"),
}

ORDER: Final = tuple(NAMES)


def tai_name(key: str, lang: str = "en") -> str:
    """The name of a tai line in a language (English when the language is unknown)."""
    names = NAMES[key]
    return names.get(lang, names["en"])
