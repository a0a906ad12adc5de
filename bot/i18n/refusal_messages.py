"""Refusals of the hand notation, the score requests and the scorers' shared checks, by message id
(bot/hand/refusal.py), in four languages; the rule sets' own refusals are in rule_refusal_messages.py.
score_messages.py merges both into the catalogue as ``refusal.<id>``.

Each id's values are named as the code passes them.  Order: English, Traditional Chinese, Simplified
Chinese, Japanese.  The English text is what the code writes (replies in English show it as written).
"""

from __future__ import annotations

from bot.i18n.rule_refusal_messages import RULE_REFUSALS


def _m(en: str, tw: str, cn: str, ja: str) -> dict[str, str]:
    return {"en": en, "zh-TW": tw, "zh-CN": cn, "ja": ja}


SHARED_REFUSALS: dict[str, dict[str, str]] = {
    # table options (bot/engine/descriptor.py OptionError; uma: bot/rules/riichi/flow.py)
    "option.unknown": _m(
        "unknown option {key!r} (options: {known})",
        "沒有選項「{key}」（可用選項：{known}）",
        "没有选项“{key}”（可用选项：{known}）",
        "オプション「{key}」はありません（使えるオプション：{known}）",
    ),
    "option.switch": _m(
        "option {key} must be on or off, not {value!r}",
        "選項 {key} 只能是 on 或 off，不是「{value}」",
        "选项 {key} 只能是 on 或 off，不是“{value}”",
        "オプション {key} は on か off です（「{value}」は使えません）",
    ),
    "option.choice": _m(
        "option {key} must be one of {choices}, not {value!r}",
        "選項 {key} 須為 {choices} 之一，不是「{value}」",
        "选项 {key} 须为 {choices} 之一，不是“{value}”",
        "オプション {key} は {choices} のどれかです（「{value}」は使えません）",
    ),
    "option.number": _m(
        "option {key} must be a whole number, not {value!r}",
        "選項 {key} 須為整數，不是「{value}」",
        "选项 {key} 须为整数，不是“{value}”",
        "オプション {key} は整数です（「{value}」は使えません）",
    ),
    "option.range": _m(
        "option {key} must be between {low} and {high}, not {value}",
        "選項 {key} 須介於 {low} 與 {high} 之間，不是 {value}",
        "选项 {key} 须介于 {low} 与 {high} 之间，不是 {value}",
        "オプション {key} は {low} から {high} までです（{value} は使えません）",
    ),
    "option.at_least": _m(
        "option {key} must be at least {low}, not {value}",
        "選項 {key} 至少為 {low}，不是 {value}",
        "选项 {key} 至少为 {low}，不是 {value}",
        "オプション {key} は {low} 以上です（{value} は使えません）",
    ),
    "option.at_most": _m(
        "option {key} must be at most {high}, not {value}",
        "選項 {key} 至多為 {high}，不是 {value}",
        "选项 {key} 至多为 {high}，不是 {value}",
        "オプション {key} は {high} 以下です（{value} は使えません）",
    ),
    "option.uma": _m(
        "uma must be SMALL-BIG, two whole numbers up to {most} (e.g. 10-20), not {value!r}",
        "選項 uma 須寫成「小-大」，兩個不超過 {most} 的整數（例如 10-20），不是「{value}」",
        "选项 uma 须写成“小-大”，两个不超过 {most} 的整数（例如 10-20），不是“{value}”",
        "オプション uma は「小-大」の形で {most} 以下の整数二つです（例：10-20）。「{value}」は使えません",
    ),
    # the hand notation
    "notation.unknown_suit": _m(
        "unknown suit letter {suit!r} in {token!r} (use m, p, s, z or f)",
        "「{token}」中的花色字母「{suit}」無法辨識（請用 m、p、s、z 或 f）",
        "「{token}」中的花色字母「{suit}」无法识别（请用 m、p、s、z 或 f）",
        "「{token}」の種類の文字「{suit}」が読めません（m・p・s・z・f を使ってください）",
    ),
    "notation.no_such_honour": _m(
        "honour tiles are 1z-7z, {tile} in {token!r} does not exist",
        "字牌是 1z-7z，「{token}」中的 {tile} 不存在",
        "字牌是 1z-7z，「{token}」中的 {tile} 不存在",
        "字牌は 1z-7z です。「{token}」の {tile} はありません",
    ),
    "notation.no_such_flower": _m(
        "flowers are 1f-8f, {tile} in {token!r} does not exist",
        "花牌是 1f-8f，「{token}」中的 {tile} 不存在",
        "花牌是 1f-8f，「{token}」中的 {tile} 不存在",
        "花牌は 1f-8f です。「{token}」の {tile} はありません",
    ),
    "notation.no_flowers": _m(
        "flower {tile} in {token!r}: {rules} has no flowers",
        "「{token}」中的花牌 {tile}：{rules} 沒有花牌",
        "「{token}」中的花牌 {tile}：{rules} 没有花牌",
        "「{token}」の花牌 {tile}：{rules} には花牌がありません",
    ),
    "notation.not_in_set": _m(
        "{tile} in {token!r}: {rules} does not use this tile",
        "「{token}」中的 {tile}：{rules} 不使用這張牌",
        "「{token}」中的 {tile}：{rules} 不使用这张牌",
        "「{token}」の {tile}：{rules} ではこの牌を使いません",
    ),
    "notation.no_red": _m(
        "red five {token!r}: {rules} has no red {tile}",
        "赤五「{token}」：{rules} 沒有赤 {tile}",
        "赤五「{token}」：{rules} 没有赤 {tile}",
        "赤五「{token}」：{rules} に赤の {tile} はありません",
    ),
    "notation.one_red": _m(
        "{token!r}: there is only one red {tile}",
        "「{token}」：赤 {tile} 只有一張",
        "「{token}」：赤 {tile} 只有一张",
        "「{token}」：赤の {tile} は1枚だけです",
    ),
    "notation.too_many_with_red": _m(
        "{token!r}: too many {tile} (one of the four is the red five, write it 0)",
        "「{token}」：{tile} 太多了（四張之一是赤五，請寫成 0）",
        "「{token}」：{tile} 太多了（四张之一是赤五，请写成 0）",
        "「{token}」：{tile} が多すぎます（4枚のうち1枚は赤五なので 0 と書いてください）",
    ),
    "notation.too_many": _m(
        "{token!r}: more than {copies} copies of {tile}",
        "「{token}」：{tile} 超過 {copies} 張",
        "「{token}」：{tile} 超过 {copies} 张",
        "「{token}」：{tile} が {copies} 枚を超えています",
    ),
    "notation.misplaced_mark": _m(
        "misplaced call mark {mark!r} in {token!r}",
        "「{token}」中的鳴牌記號「{mark}」位置不對",
        "「{token}」中的鸣牌记号「{mark}」位置不对",
        "「{token}」の鳴き記号「{mark}」の位置が違います",
    ),
    "notation.suit_without_digits": _m(
        "suit letter {suit!r} without digits in {token!r}",
        "「{token}」中的花色字母「{suit}」前面沒有數字",
        "「{token}」中的花色字母「{suit}」前面没有数字",
        "「{token}」の種類の文字「{suit}」の前に数字がありません",
    ),
    "notation.unexpected_character": _m(
        "unexpected character {character!r} in {token!r}",
        "「{token}」中有無法辨識的字元「{character}」",
        "「{token}」中有无法识别的字符「{character}」",
        "「{token}」に読めない文字「{character}」があります",
    ),
    "notation.digits_without_suit": _m(
        "digits without a suit letter at the end of {token!r}",
        "「{token}」結尾的數字沒有花色字母",
        "「{token}」结尾的数字没有花色字母",
        "「{token}」の最後の数字に種類の文字がありません",
    ),
    "notation.mark_outside_meld": _m(
        "call mark {mark!r} is only allowed inside a meld token, not in {token!r}",
        "鳴牌記號「{mark}」只能寫在副露裡，不能寫在「{token}」",
        "鸣牌记号「{mark}」只能写在副露里，不能写在「{token}」",
        "鳴き記号「{mark}」は副露の中だけに書けます（「{token}」には書けません）",
    ),
    "notation.meld_needs_type": _m(
        "meld token {token!r} needs TYPE:TILES, e.g. pon:777z",
        "副露「{token}」要寫成 種類:牌，例如 pon:777z",
        "副露「{token}」要写成 种类:牌，例如 pon:777z",
        "副露「{token}」は 種類:牌 の形で書いてください（例：pon:777z）",
    ),
    "notation.unknown_meld_type": _m(
        "unknown meld type {kind!r} in {token!r} (use chi, pon, kan, ankan or kakan)",
        "「{token}」的副露種類「{kind}」無法辨識（請用 chi、pon、kan、ankan 或 kakan）",
        "「{token}」的副露种类「{kind}」无法识别（请用 chi、pon、kan、ankan 或 kakan）",
        "「{token}」の副露の種類「{kind}」が読めません（chi・pon・kan・ankan・kakan）",
    ),
    "notation.meld_size": _m(
        "{token!r}: a {meld} has {size} tiles, not {count}",
        "「{token}」：{meld} 是 {size} 張牌，不是 {count} 張",
        "「{token}」：{meld} 是 {size} 张牌，不是 {count} 张",
        "「{token}」：{meld} は {size} 枚です（{count} 枚ではありません）",
    ),
    "notation.flower_meld": _m(
        "{token!r}: flowers cannot form a meld",
        "「{token}」：花牌不能組成副露",
        "「{token}」：花牌不能组成副露",
        "「{token}」：花牌で副露はできません",
    ),
    "notation.chi_shape": _m(
        "{token!r}: a chi must be three consecutive tiles of one suit",
        "「{token}」：吃必須是同一花色的三張順子",
        "「{token}」：吃必须是同一花色的三张顺子",
        "「{token}」：チーは同じ種類の連続した3枚です",
    ),
    "notation.meld_identical": _m(
        "{token!r}: a {meld} must be {size} identical tiles",
        "「{token}」：{meld} 必須是 {size} 張相同的牌",
        "「{token}」：{meld} 必须是 {size} 张相同的牌",
        "「{token}」：{meld} は同じ牌 {size} 枚です",
    ),
    "notation.one_mark": _m(
        "{token!r}: only one tile of a meld can be marked as called",
        "「{token}」：一組副露只能標記一張鳴來的牌",
        "「{token}」：一组副露只能标记一张鸣来的牌",
        "「{token}」：鳴いた牌の印は副露に1枚だけです",
    ),
    "notation.ankan_mark": _m(
        "{token!r}: a closed kan has no called tile",
        "「{token}」：暗槓沒有鳴來的牌",
        "「{token}」：暗杠没有鸣来的牌",
        "「{token}」：暗槓に鳴いた牌はありません",
    ),
    "notation.chi_source": _m(
        "{token!r}: a chi can only be called from the previous player (-)",
        "「{token}」：只能吃上家的牌（-）",
        "「{token}」：只能吃上家的牌（-）",
        "「{token}」：チーは上家からだけです（-）",
    ),
    "notation.empty": _m(
        "empty hand: write tiles like 123m456p789s11z",
        "沒有手牌：請寫成 123m456p789s11z 這樣",
        "没有手牌：请写成 123m456p789s11z 这样",
        "手牌がありません：123m456p789s11z のように書いてください",
    ),
    "notation.concealed_after_melds": _m(
        "concealed tiles {token!r} must come before the meld tokens",
        "手牌「{token}」必須寫在副露之前",
        "手牌「{token}」必须写在副露之前",
        "手牌「{token}」は副露より前に書いてください",
    ),
    # the score requests
    "request.bad_wind": _m(
        "{flag} {value!r}: use E, S, W or N",
        "{flag}「{value}」：請用 E、S、W 或 N",
        "{flag}「{value}」：请用 E、S、W 或 N",
        "{flag}「{value}」：E・S・W・N のどれかです",
    ),
    "request.one_tile": _m(
        "{flag} takes one tile, e.g. 5m, not {value!r}",
        "{flag} 只能寫一張牌，例如 5m，不是「{value}」",
        "{flag} 只能写一张牌，例如 5m，不是「{value}」",
        "{flag} は牌1枚です（例：5m）。「{value}」は使えません",
    ),
    "request.win_not_held": _m(
        "--win {value}: that tile is not among the concealed tiles",
        "--win {value}：手牌中沒有這張牌",
        "--win {value}：手牌中没有这张牌",
        "--win {value}：その牌は手牌にありません",
    ),
    "request.indicator_flower": _m(
        "{flag}: {rules} has no flowers",
        "{flag}：{rules} 沒有花牌",
        "{flag}：{rules} 没有花牌",
        "{flag}：{rules} には花牌がありません",
    ),
    "request.unknown_flag": _m(
        "unrecognized flag {flag}",
        "無法辨識的選項 {flag}",
        "无法识别的选项 {flag}",
        "知らないオプション {flag}",
    ),
    "request.no_value": _m(
        "{flag} takes no value", "{flag} 不需要值", "{flag} 不需要值", "{flag} に値は要りません"
    ),
    "request.needs_value": _m(
        "{flag} needs a value", "{flag} 需要一個值", "{flag} 需要一个值", "{flag} には値が必要です"
    ),
    "request.not_a_number": _m(
        "{flag} takes a whole number, not {value!r}",
        "{flag} 需要整數，不是「{value}」",
        "{flag} 需要整数，不是「{value}」",
        "{flag} は整数です（「{value}」ではありません）",
    ),
    "request.bad_value": _m(
        "{flag} {value!r} cannot be read",
        "{flag}「{value}」無法讀取",
        "{flag}「{value}」无法读取",
        "{flag}「{value}」が読めません",
    ),
    "request.bad_choice": _m(
        "{flag} {value!r}: invalid choice (choose one of {choices})",
        "{flag}「{value}」：不是可選的值（請選 {choices}）",
        "{flag}「{value}」：不是可选的值（请选 {choices}）",
        "{flag}「{value}」：選べない値です（{choices} から選んでください）",
    ),
    "request.out_of_range": _m(
        "{flag} {value}: the game allows {low} to {high}",
        "{flag} {value}：遊戲允許的範圍是 {low} 到 {high}",
        "{flag} {value}：游戏允许的范围是 {low} 到 {high}",
        "{flag} {value}：ゲームで有り得るのは {low}～{high} です",
    ),
    "request.no_hand": _m(
        "write the hand first, e.g. 234m456m567p33s678s",
        "請先寫手牌，例如 234m456m567p33s678s",
        "请先写手牌，例如 234m456m567p33s678s",
        "まず手牌を書いてください（例：234m456m567p33s678s）",
    ),
    "request.negative": _m(
        "{flag} cannot be negative ({value})",
        "{flag} 不能是負數（{value}）",
        "{flag} 不能是负数（{value}）",
        "{flag} は負の数にできません（{value}）",
    ),
    "request.fifth_copy": _m(
        "more than 4 copies of {tile} in the hand and the indicators",
        "手牌和寶牌指示牌中的 {tile} 超過 4 張",
        "手牌和宝牌指示牌中的 {tile} 超过 4 张",
        "手牌とドラ表示牌に {tile} が4枚を超えています",
    ),
    "request.no_flowers": _m(
        "{rules} has no flowers", "{rules} 沒有花牌", "{rules} 没有花牌", "{rules} には花牌がありません"
    ),
    "request.not_positive": _m(
        "{flag} must be positive, not {value}",
        "{flag} 必須是正數，不是 {value}",
        "{flag} 必须是正数，不是 {value}",
        "{flag} は正の数です（{value} ではありません）",
    ),
    "request.own_discard": _m(
        "--discarder: the winner cannot deal in to their own win",
        "--discarder：和牌者不能放銃給自己",
        "--discarder：和牌者不能放铳给自己",
        "--discarder：和了した人が自分に放銃することはできません",
    ),
    "request.tsumo_discarder": _m(
        "--discarder: a self-drawn win has no discarder",
        "--discarder：自摸沒有放銃者",
        "--discarder：自摸没有放铳者",
        "--discarder：ツモに放銃者はいません",
    ),
    "request.no_concealed": _m(
        "the hand needs concealed tiles including the winning tile",
        "手牌中至少要有和牌的那張牌",
        "手牌中至少要有和牌的那张牌",
        "手牌に和了牌を含む牌が必要です",
    ),
    # the scorers
    "hand.size": _m(
        "a winning hand has {size} tiles (a kan counts as 3), this one has {count}",
        "和牌是 {size} 張牌（槓算 3 張），這手有 {count} 張",
        "和牌是 {size} 张牌（杠算 3 张），这手有 {count} 张",
        "和了形は {size} 枚です（槓は3枚と数えます）。この手は {count} 枚です",
    ),
    "hand.fifth_copy": _m(
        "more than four {tile}", "{tile} 超過四張", "{tile} 超过四张", "{tile} が4枚を超えています"
    ),
    "hand.win_not_held": _m(
        "the winning tile {tile} is not among the concealed tiles",
        "和牌的 {tile} 不在手牌中",
        "和牌的 {tile} 不在手牌中",
        "和了牌 {tile} が手牌にありません",
    ),
    "hand.needs_tsumo": _m(
        "{name} is a self-drawn win: say tsumo",
        "{name} 是自摸和牌：請選自摸",
        "{name} 是自摸和牌：请选自摸",
        "{name} はツモ和了です：ツモを指定してください",
    ),
    "hand.needs_ron": _m(
        "{name} is a win on another player's tile, not a self-drawn one",
        "{name} 是和別家的牌，不是自摸",
        "{name} 是和别家的牌，不是自摸",
        "{name} は他家の牌での和了です（ツモではありません）",
    ),
    "hand.heavenly_earthly": _m(
        "a hand cannot be both heavenly (dealer) and earthly (non-dealer)",
        "一手牌不能同時是天胡（莊家）和地胡（閒家）",
        "一手牌不能同时是天胡（庄家）和地胡（闲家）",
        "天和（親）と地和（子）は同時に成立しません",
    ),
}

REFUSALS: dict[str, dict[str, str]] = {**SHARED_REFUSALS, **RULE_REFUSALS}
