"""The rule sets' own refusals (riichi, mingjiang, pihu, sichuan, taiwan), by message id
(bot/hand/refusal.py), in four languages; merged with the shared ones by refusal_messages.py.

Order: English, Traditional Chinese, Simplified Chinese, Japanese.
"""

from __future__ import annotations


def _m(en: str, tw: str, cn: str, ja: str) -> dict[str, str]:
    return {"en": en, "zh-TW": tw, "zh-CN": cn, "ja": ja}


RULE_REFUSALS: dict[str, dict[str, str]] = {
    "riichi.not_a_win": _m(
        "not a winning hand: the tiles do not make four sets and a pair, seven pairs or kokushi",
        "不是和牌：這些牌不是四組面子加一對、七對子或國士無雙",
        "不是和牌：这些牌不是四组面子加一对、七对子或国士无双",
        "和了形ではありません：4面子1雀頭・七対子・国士無双のどれでもありません",
    ),
    "riichi.no_yaku": _m(
        "no yaku: a win needs at least one han of yaku (dora do not count)",
        "無役：和牌至少要有一翻役（寶牌不算）",
        "无役：和牌至少要有一番役（宝牌不算）",
        "役なし：和了には1翻以上の役が必要です（ドラは数えません）",
    ),
    "mingjiang.too_many_indicators": _m(
        "--dora: a dealer streak of {streak} turns {allowed} indicators, not {count}",
        "--dora：連莊 {streak} 只翻開 {allowed} 張指示牌，不是 {count} 張",
        "--dora：连庄 {streak} 只翻开 {allowed} 张指示牌，不是 {count} 张",
        "--dora：連荘 {streak} ではドラ表示牌は {allowed} 枚です（{count} 枚ではありません）",
    ),
    "mingjiang.no_open_kan": _m(
        "--after-open-kan: the hand has no open kan called from a discard (kan:...)",
        "--after-open-kan：這手牌沒有從捨牌明槓的槓（kan:...）",
        "--after-open-kan：这手牌没有从舍牌明杠的杠（kan:...）",
        "--after-open-kan：この手に大明槓（kan:...）がありません",
    ),
    "mingjiang.liable": _m(
        "--liable: liability (包牌) applies only to its limit hands",
        "--liable：包牌只適用於它的滿貫牌型",
        "--liable：包牌只适用于它的满贯牌型",
        "--liable：包牌はその役満形にだけ適用されます",
    ),
    "mingjiang.not_a_win": _m(
        "not a winning hand: the tiles do not form four sets and a pair or a special shape",
        "不是和牌：這些牌不是四組面子加一對，也不是特殊牌型",
        "不是和牌：这些牌不是四组面子加一对，也不是特殊牌型",
        "和了形ではありません：4面子1雀頭でも特殊形でもありません",
    ),
    "mingjiang.no_yaku": _m(
        "no yaku: a mingjiang win needs at least {fan} fan before dora",
        "無役：明將和牌在寶牌之外至少要 {fan} 番",
        "无役：明将和牌在宝牌之外至少要 {fan} 番",
        "役なし：明將の和了にはドラを除いて {fan} 翻以上が必要です",
    ),
    "pihu.bad_seat": _m(
        "{flag} {value!r}: give a seat 0-3 or a seat wind E, S, W or N",
        "{flag}「{value}」：請寫座位 0-3 或門風 E、S、W、N",
        "{flag}「{value}」：请写座位 0-3 或门风 E、S、W、N",
        "{flag}「{value}」：席 0-3 か自風 E・S・W・N を指定してください",
    ),
    "pihu.dealer_seat": _m(
        "--dealer and --seat disagree: the winner is either the dealer or not",
        "--dealer 和 --seat 互相矛盾：和牌者要嘛是莊家、要嘛不是",
        "--dealer 和 --seat 互相矛盾：和牌者要么是庄家、要么不是",
        "--dealer と --seat が食い違っています：和了者は親か子のどちらかです",
    ),
    "pihu.not_a_win": _m(
        "not a winning hand: the tiles are neither four sets and a pair nor seven pairs",
        "不是和牌：這些牌不是四組面子加一對，也不是七對",
        "不是和牌：这些牌不是四组面子加一对，也不是七对",
        "和了形ではありません：4面子1雀頭でも七対子でもありません",
    ),
    "sichuan.won_letter": _m(
        "--won takes seat letters from ESWN, not {value!r}",
        "--won 要寫 ESWN 中的座位字母，不是「{value}」",
        "--won 要写 ESWN 中的座位字母，不是「{value}」",
        "--won は ESWN の席の文字です（「{value}」ではありません）",
    ),
    "sichuan.won_self": _m(
        "--won lists the winner's own seat",
        "--won 列出了和牌者自己的座位",
        "--won 列出了和牌者自己的座位",
        "--won に和了者自身の席が入っています",
    ),
    "sichuan.won_three": _m(
        "--won: at most two seats can have won before (the third win ends the hand)",
        "--won：之前最多兩家已和牌（第三家和牌就結束這局）",
        "--won：之前最多两家已和牌（第三家和牌就结束这局）",
        "--won：先に和了できるのは2人までです（3人目の和了で局が終わります）",
    ),
    "sichuan.not_a_win": _m(
        "not a winning hand: it needs four sets and a pair, or seven pairs",
        "不是和牌：需要四組面子加一對，或七對",
        "不是和牌：需要四组面子加一对，或七对",
        "和了形ではありません：4面子1雀頭か七対子が必要です",
    ),
    "sichuan.honour": _m(
        "{tile}: sichuan plays the three number suits only",
        "{tile}：四川麻將只用三門數牌",
        "{tile}：四川麻将只用三门数牌",
        "{tile}：四川麻雀は数牌3種類だけで遊びます",
    ),
    "sichuan.three_suits": _m(
        "the hand holds all three suits: a win must be void in one suit (定缺)",
        "這手牌三門都有：和牌必須缺一門（定缺）",
        "这手牌三门都有：和牌必须缺一门（定缺）",
        "3種類すべてあります：和了には1種類を欠く必要があります（定缺）",
    ),
    "sichuan.void_tile": _m(
        "{tile} is of the void suit {suit}: a hand holding void-suit tiles cannot win",
        "{tile} 是定缺的 {suit}：手上有缺門的牌不能和牌",
        "{tile} 是定缺的 {suit}：手上有缺门的牌不能和牌",
        "{tile} は欠いた種類 {suit} の牌です：欠いた種類の牌を持っていると和了できません",
    ),
    "sichuan.kan_twice": _m(
        "a win cannot be both on a discard after a kan and robbing a kan",
        "和牌不能同時是槓上炮和搶槓",
        "和牌不能同时是杠上炮和抢杠",
        "槓上放銃と搶槓は同時に成立しません",
    ),
    "taiwan.negative_stakes": _m(
        "--base and --tai-value cannot be negative",
        "--base 和 --tai-value 不能是負數",
        "--base 和 --tai-value 不能是负数",
        "--base と --tai-value は負の数にできません",
    ),
    "taiwan.flowers_only": _m(
        "--flowers takes flower tiles only (1f-8f)",
        "--flowers 只能寫花牌（1f-8f）",
        "--flowers 只能写花牌（1f-8f）",
        "--flowers には花牌（1f-8f）だけを書きます",
    ),
    "taiwan.flower_twice": _m(
        "a flower is written both in the hand and in --flowers",
        "同一張花牌同時寫在手牌和 --flowers 裡",
        "同一张花牌同时写在手牌和 --flowers 里",
        "同じ花牌が手牌と --flowers の両方に書かれています",
    ),
    "taiwan.discarder": _m(
        "a ron needs the discarder's seat, another player's",
        "胡別人的牌需要放槍者的座位（別家的）",
        "胡别人的牌需要放枪者的座位（别家的）",
        "ロンには放銃者（他家）の席が必要です",
    ),
    "taiwan.not_a_win": _m(
        "not a winning hand: a win is five sets and a pair (17 tiles, a kan counts as 3)",
        "不是胡牌：胡牌是五組面子加一對（17 張，槓算 3 張）",
        "不是胡牌：胡牌是五组面子加一对（17 张，杠算 3 张）",
        "和了形ではありません：5面子1雀頭です（17枚、槓は3枚と数えます）",
    ),
    "taiwan.no_flowers": _m(
        "this table plays without flowers",
        "這桌不打花牌",
        "这桌不打花牌",
        "この卓は花牌なしです",
    ),
    "taiwan.flower_range": _m("flowers are 1f-8f", "花牌是 1f-8f", "花牌是 1f-8f", "花牌は 1f-8f です"),
    "taiwan.flower_once": _m(
        "each flower exists once", "每張花牌只有一張", "每张花牌只有一张", "花牌は各1枚です"
    ),
    "taiwan.seat_range": _m(
        "{name} must be 0-3 (E S W N)",
        "{name} 必須是 0-3（東南西北）",
        "{name} 必须是 0-3（东南西北）",
        "{name} は 0-3（東南西北）です",
    ),
    "taiwan.negative_streak": _m(
        "the dealer streak cannot be negative",
        "連莊數不能是負數",
        "连庄数不能是负数",
        "連荘数は負の数にできません",
    ),
    "taiwan.ready": _m(
        "ready declaration {value!r}: use one of {choices}",
        "聽牌宣告「{value}」：請用 {choices} 其中之一",
        "听牌宣告「{value}」：请用 {choices} 其中之一",
        "聴牌宣言「{value}」：{choices} のどれかを使ってください",
    ),
    "taiwan.heavenly_dealer": _m(
        "天胡 (heavenly) is the dealer's win",
        "天胡是莊家的胡牌",
        "天胡是庄家的胡牌",
        "天胡は親の和了です",
    ),
    "taiwan.earthly_dealer": _m(
        "地胡 (earthly) is a non-dealer's win",
        "地胡是閒家的胡牌",
        "地胡是闲家的胡牌",
        "地胡は子の和了です",
    ),
    "taiwan.seven_flowers": _m(
        "七搶一 needs seven flowers in hand, not {count}",
        "七搶一需要手上有七張花，不是 {count} 張",
        "七抢一需要手上有七张花，不是 {count} 张",
        "七搶一には花牌7枚が必要です（{count} 枚ではありません）",
    ),
    "taiwan.eight_flowers": _m(
        "八仙過海 needs all eight flowers, not {count}",
        "八仙過海需要全部八張花，不是 {count} 張",
        "八仙过海需要全部八张花，不是 {count} 张",
        "八仙過海には花牌8枚すべてが必要です（{count} 枚ではありません）",
    ),
}

REFUSALS_RIICHI: dict[str, dict[str, str]] = {
    "riichi.flag_double_riichi": _m(
        "riichi and double riichi are exclusive (double riichi replaces riichi)",
        "立直和兩立直不能同時選（兩立直取代立直）",
        "立直和两立直不能同时选（两立直取代立直）",
        "リーチとダブルリーチは同時に選べません（ダブリーがリーチの代わりです）",
    ),
    "riichi.flag_riichi_open": _m(
        "riichi needs a closed hand", "立直需要門前清", "立直需要门前清", "リーチには門前が必要です"
    ),
    "riichi.flag_ippatsu": _m(
        "ippatsu needs riichi", "一發需要立直", "一发需要立直", "一発にはリーチが必要です"
    ),
    "riichi.flag_rinshan_ron": _m(
        "rinshan kaihou is a tsumo win", "嶺上開花是自摸", "岭上开花是自摸", "嶺上開花はツモ和了です"
    ),
    "riichi.flag_rinshan_kan": _m(
        "rinshan kaihou needs a kan (or a kita in sanma)",
        "嶺上開花需要槓（三麻可為拔北）",
        "岭上开花需要杠（三麻可为拔北）",
        "嶺上開花には槓（三麻では抜きドラも可）が必要です",
    ),
    "riichi.flag_rinshan_haitei": _m(
        "a replacement draw is never haitei", "嶺上牌不算海底", "岭上牌不算海底", "嶺上牌は海底になりません"
    ),
    "riichi.flag_chankan": _m("chankan is a ron win", "搶槓是榮和", "抢杠是荣和", "槍槓はロン和了です"),
    "riichi.flag_haitei": _m(
        "haitei is a tsumo win (use houtei for the last discard)",
        "海底撈月是自摸（最後一張捨牌請用河底）",
        "海底捞月是自摸（最后一张舍牌请用河底）",
        "海底摸月はツモ和了です（最後の捨て牌は河底）",
    ),
    "riichi.flag_houtei": _m(
        "houtei is a ron win (use haitei for the last draw)",
        "河底撈魚是榮和（最後一張摸牌請用海底）",
        "河底捞鱼是荣和（最后一张摸牌请用海底）",
        "河底撈魚はロン和了です（最後のツモは海底）",
    ),
    "riichi.flag_tenhou_ron": _m(
        "tenhou and chiihou are tsumo wins",
        "天和和地和是自摸",
        "天和和地和是自摸",
        "天和・地和はツモ和了です",
    ),
    "riichi.flag_tenhou_touched": _m(
        "tenhou and chiihou need an untouched hand",
        "天和和地和需要沒有鳴牌或槓的手牌",
        "天和和地和需要没有鸣牌或杠的手牌",
        "天和・地和は鳴きや槓のない手牌だけです",
    ),
    "riichi.flag_tenhou_dealer": _m(
        "tenhou is the dealer's win (chiihou for the others)",
        "天和是莊家的和牌（閒家是地和）",
        "天和是庄家的和牌（闲家是地和）",
        "天和は親の和了です（子は地和）",
    ),
    "riichi.flag_chiihou_dealer": _m(
        "chiihou is a non-dealer's win (tenhou for the dealer)",
        "地和是閒家的和牌（莊家是天和）",
        "地和是闲家的和牌（庄家是天和）",
        "地和は子の和了です（親は天和）",
    ),
    "riichi.kita_four_player": _m(
        "kita (North set aside) exists only in sanma",
        "拔北只有三麻才有",
        "拔北只有三麻才有",
        "抜きドラ（北）は三麻だけです",
    ),
    "riichi.negative_counts": _m(
        "kita, honba and sticks cannot be negative",
        "拔北、本場和立直棒不能是負數",
        "拔北、本场和立直棒不能是负数",
        "抜きドラ・本場・供託は負の数にできません",
    ),
    "riichi.kita_five": _m(
        "there are only four North tiles", "北只有四張", "北只有四张", "北は4枚しかありません"
    ),
    "riichi.seat_wind": _m(
        "seat wind must be East..North", "門風必須是東到北", "门风必须是东到北", "自風は東～北です"
    ),
    "riichi.round_wind": _m(
        "round wind must be East, South, West or North",
        "場風必須是東、南、西或北",
        "场风必须是东、南、西或北",
        "場風は東・南・西・北のどれかです",
    ),
    "riichi.tile_ids": _m(
        "tile ids must be 0-135 (riichi has no flowers)",
        "牌的編號必須是 0-135（立直麻將沒有花牌）",
        "牌的编号必须是 0-135（立直麻将没有花牌）",
        "牌の番号は 0-135 です（リーチ麻雀に花牌はありません）",
    ),
    "riichi.tile_twice": _m(
        "the same physical tile is used twice",
        "同一張牌被用了兩次",
        "同一张牌被用了两次",
        "同じ牌が2回使われています",
    ),
    "riichi.win_not_held": _m(
        "the winning tile must be among the concealed tiles",
        "和牌的那張牌必須在手牌中",
        "和牌的那张牌必须在手牌中",
        "和了牌は手牌の中にある必要があります",
    ),
    "riichi.sanma_characters": _m(
        "sanma has no 2m-8m", "三麻沒有 2m-8m", "三麻没有 2m-8m", "三麻に 2m-8m はありません"
    ),
    "riichi.indicator_ids": _m(
        "dora indicators must be tile ids 0-135",
        "寶牌指示牌的編號必須是 0-135",
        "宝牌指示牌的编号必须是 0-135",
        "ドラ表示牌の番号は 0-135 です",
    ),
}
