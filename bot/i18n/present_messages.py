"""Messages of the presenters (bot/present) and of the table pictures: merged into the catalogue."""

from __future__ import annotations


def _m(en: str, tw: str, cn: str, ja: str) -> dict[str, str]:
    return {"en": en, "zh-TW": tw, "zh-CN": cn, "ja": ja}


PRESENT_MESSAGES: dict[str, dict[str, str]] = {
    # Result lines
    "result.how.tsumo": _m("Tsumo {tile}", "自摸 {tile}", "自摸 {tile}", "ツモ {tile}"),
    "result.how.ron": _m(
        "Ron {tile} on {giver}'s discard",
        "{giver} 放槍 {tile}",
        "{giver} 点炮 {tile}",
        "{giver}さんから ロン {tile}",
    ),
    "result.value.han_fu": _m("{han} han {fu} fu", "{han}番{fu}符", "{han}番{fu}符", "{fu}符{han}翻"),
    "result.value.yakuman": _m("Yakuman ×{count}", "役滿 ×{count}", "役满 ×{count}", "役満 ×{count}"),
    "result.value.fan": _m("{fan} fan", "{fan}番", "{fan}番", "{fan}翻"),
    "result.value.tai": _m("{tai} tai", "{tai}台", "{tai}台", "{tai}台"),
    "result.value.multiplier": _m("×{multiplier}", "×{multiplier}", "×{multiplier}", "×{multiplier}"),
    "result.points": _m("{points} pts", "{points}分", "{points}分", "{points}点"),
    "result.list_separator": _m(", ", "、", "、", "、"),
    "result.reason.exhaustive": _m("wall exhausted", "荒莊", "荒庄", "荒牌"),
    "result.reason.nagashi": _m("nagashi mangan", "流局滿貫", "流局满贯", "流し満貫"),
    "result.reason.four_kans": _m("four kans", "四槓散了", "四杠散了", "四槓散了"),
    "result.reason.four_riichi": _m("four riichi", "四家立直", "四家立直", "四家立直"),
    "result.reason.four_winds": _m("four winds", "四風連打", "四风连打", "四風連打"),
    "result.reason.nine_terminals": _m("nine terminals", "九種九牌", "九种九牌", "九種九牌"),
    "result.reason.triple_ron": _m("triple ron", "三家和", "三家和", "三家和"),
    "result.reason.third_win": _m("third win", "第三家和牌", "第三家和牌", "三家目の和了"),
    "result.reason.draw": _m("draw", "流局", "流局", "流局"),
    "result.payment.not_tenpai": _m(
        "查大叫: {payer} was not ready and pays {payee} {amount}",
        "查大叫：{payer} 未聽牌，付給 {payee} {amount}",
        "查大叫：{payer} 未听牌，付给 {payee} {amount}",
        "查大叫：{payer}さんは不聴で {payee}さんに {amount}",
    ),
    "result.payment.flower_pig": _m(
        "查花猪: {payer} still holds three suits and pays {payee} {amount}",
        "查花豬：{payer} 仍持三門花色，付給 {payee} {amount}",
        "查花猪：{payer} 仍持三门花色，付给 {payee} {amount}",
        "查花猪：{payer}さんは三色持ちで {payee}さんに {amount}",
    ),
    "result.payment.kan": _m(
        "Kan: {payer} pays {payee} {amount}",
        "槓：{payer} 付給 {payee} {amount}",
        "杠：{payer} 付给 {payee} {amount}",
        "槓：{payer}さんが {payee}さんに {amount}",
    ),
    "result.payment.transfer": _m(
        "Kan payment passed on (呼叫轉移): {payer} pays {payee} {amount}",
        "呼叫轉移：{payer} 付給 {payee} {amount}",
        "呼叫转移：{payer} 付给 {payee} {amount}",
        "呼叫転移：{payer}さんが {payee}さんに {amount}",
    ),
    "result.payment.kan_return": _m(
        "Kan payment returned (not ready): {payer} pays {payee} {amount}",
        "退槓錢（未聽牌）：{payer} 付給 {payee} {amount}",
        "退杠钱（未听牌）：{payer} 付给 {payee} {amount}",
        "槓代返還（不聴）：{payer}さんが {payee}さんに {amount}",
    ),
    "result.payment.false_win": _m(
        "False win: {payer} pays {payee} {amount}",
        "詐和：{payer} 付給 {payee} {amount}",
        "诈和：{payer} 付给 {payee} {amount}",
        "誤和了：{payer}さんが {payee}さんに {amount}",
    ),
}
