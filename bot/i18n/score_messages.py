"""Messages of ``/score``, ``/score table`` and ``/language``: merged into the catalogue by catalog.py.

Kept apart from catalog.py so the scoring feature's many strings do not crowd the shared file.
The commands' own names, descriptions and choices are in command_messages.toml; ``rules.*`` here are
both the rule sets' titles and the names of the ``rules`` choices.
"""

from __future__ import annotations

from bot.i18n.refusal_messages import REFUSALS
from bot.i18n.rule_refusal_messages import REFUSALS_RIICHI

__all__ = ["REFUSALS", "REFUSALS_RIICHI", "SCORE_MESSAGES"]


def _m(en: str, tw: str, cn: str, ja: str) -> dict[str, str]:
    return {"en": en, "zh-TW": tw, "zh-CN": cn, "ja": ja}


SCORE_MESSAGES: dict[str, dict[str, str]] = {
    # Rule set names (choices of the rules option, embed titles)
    "rules.riichi": _m(
        "Riichi (Tenhou, 4 players)",
        "日麻 立直（天鳳 四人）",
        "日麻 立直（天凤 四人）",
        "リーチ麻雀（天鳳 四麻）",
    ),
    "rules.sanma": _m(
        "Sanma (Tenhou, 3 players)", "日麻 三麻（天鳳）", "日麻 三麻（天凤）", "三人麻雀（天鳳 三麻）"
    ),
    "rules.mingjiang": _m("Mingjiang (Hong Kong riichi)", "明將", "明将", "明將（香港式リーチ）"),
    "rules.sichuan": _m("Sichuan blood battle", "四川血戰到底", "四川血战到底", "四川麻雀 血戦到底"),
    "rules.taiwan": _m("Taiwanese 16-tile", "台灣16張", "台湾16张", "台湾16枚麻雀"),
    "rules.pihu": _m("Pihu (pon-kan only)", "屁糊／大糊", "屁糊／大糊", "屁糊（ポン・カンのみ）"),
    # Units of one line and of the total
    "score.unit.han": _m("{n} han", "{n} 翻", "{n} 番", "{n}翻"),
    "score.unit.fu": _m("{n} fu", "{n} 符", "{n} 符", "{n}符"),
    "score.unit.fan": _m("{n} fan", "{n} 番", "{n} 番", "{n}翻"),
    "score.unit.tai": _m("{n} tai", "{n} 台", "{n} 台", "{n}台"),
    "score.unit.multiplier": _m("×{n}", "×{n}", "×{n}", "×{n}"),
    "score.unit.multiple": _m("×{n} base", "底分×{n}", "底分×{n}", "基本点×{n}"),
    "score.unit.yakuman": _m("Yakuman", "役滿", "役满", "役満"),
    # Limits
    "score.limit.mangan": _m("Mangan", "滿貫", "满贯", "満貫"),
    "score.limit.haneman": _m("Haneman", "跳滿", "跳满", "跳満"),
    "score.limit.baiman": _m("Baiman", "倍滿", "倍满", "倍満"),
    "score.limit.sanbaiman": _m("Sanbaiman", "三倍滿", "三倍满", "三倍満"),
    "score.limit.kazoe": _m("Counted yakuman", "累計役滿", "累计役满", "数え役満"),
    "score.limit.yakuman": _m("Yakuman", "役滿", "役满", "役満"),
    "score.limit.multi_yakuman": _m("{n}× yakuman", "{n}倍役滿", "{n}倍役满", "{n}倍役満"),
    "score.limit.small": _m("Small limit", "小爆棚", "小爆棚", "小満貫（小爆棚）"),
    "score.limit.big": _m("Big limit", "大爆棚", "大爆棚", "大満貫（大爆棚）"),
    # The score embed
    "score.title": _m("{rules}: {hand}", "{rules}：{hand}", "{rules}：{hand}", "{rules}：{hand}"),
    "score.lines": _m("Yaku", "役種", "役种", "役"),
    "score.no_lines": _m("(none)", "（無）", "（无）", "（なし）"),
    "score.winner_total": _m("Winner gains", "和牌者收入", "和牌者收入", "和了者の収入"),
    "score.sticks": _m("Riichi sticks", "立直棒", "立直棒", "供託"),
    "score.deposits": _m("Deposits", "供託", "供托", "供託"),
    "score.base": _m("Base", "底分", "底分", "基本点"),
    "score.uncapped": _m("Before the cap", "封頂前", "封顶前", "上限前"),
    "score.payer.E": _m("East", "東家", "东家", "東家"),
    "score.payer.S": _m("South", "南家", "南家", "南家"),
    "score.payer.W": _m("West", "西家", "西家", "西家"),
    "score.payer.N": _m("North", "北家", "北家", "北家"),
    "score.payer.liable": _m("liable player", "包牌者", "包牌者", "責任払い"),
    "score.pays": _m(
        "{payer} pays {amount}", "{payer} 支付 {amount}", "{payer} 支付 {amount}", "{payer}が{amount}支払い"
    ),
    "score.picture_failed": _m(
        "(the picture could not be drawn)",
        "（無法繪製牌圖）",
        "（无法绘制牌图）",
        "（牌姿の画像を作成できませんでした）",
    ),
    # Errors (the reason comes from the scorer and names the bad token)
    "score.example": _m("Example: `{example}`", "例子：`{example}`", "例子：`{example}`", "例：`{example}`"),
    "score.bad_request": _m(
        "I could not score that: {reason}",
        "無法計分：{reason}",
        "无法计分：{reason}",
        "点数を計算できません：{reason}",
    ),
    "score.option_not_used": _m(
        "the option `{option}` is not used in {rules}",
        "{rules}不使用選項 `{option}`",
        "{rules}不使用选项 `{option}`",
        "{rules}ではオプション `{option}` を使いません",
    ),
    "score.dealer_conflict": _m(
        "`dealer` puts the winner in the East seat, but `seat` says {seat}",
        "`莊家` 表示和牌者坐東，但 `門風` 是 {seat}",
        "`庄家` 表示和牌者坐东，但 `门风` 是 {seat}",
        "`親` は和了者が東家という意味ですが、`自風` が {seat} です",
    ),
    "score.extra_unreadable": _m(
        "the extra flags cannot be read ({reason})",
        "無法讀取額外參數（{reason}）",
        "无法读取额外参数（{reason}）",
        "追加フラグを読み取れません（{reason}）",
    ),
    "score.unknown_rules": _m(
        "unknown rule set `{rules}`",
        "未知的規則 `{rules}`",
        "未知的规则 `{rules}`",
        "不明なルール `{rules}`",
    ),
    # Autocomplete labels
    "wind.E": _m("East", "東", "东", "東"),
    "wind.S": _m("South", "南", "南", "南"),
    "wind.W": _m("West", "西", "西", "西"),
    "wind.N": _m("North", "北", "北", "北"),
    "wind.dealer": _m("{wind} (dealer)", "{wind}（莊家）", "{wind}（庄家）", "{wind}（親）"),
    "suit.m": _m("Characters (m)", "萬子 (m)", "万子 (m)", "萬子 (m)"),
    "suit.p": _m("Dots (p)", "筒子 (p)", "筒子 (p)", "筒子 (p)"),
    "suit.s": _m("Bamboo (s)", "索子 (s)", "条子 (s)", "索子 (s)"),
    # Quick-reference tables
    "qr.title": _m("{rules}: quick reference", "{rules}：速查表", "{rules}：速查表", "{rules}：早見表"),
    "qr.riichi.non_dealer": _m("Non-dealer {han}", "子家 {han}", "闲家 {han}", "子 {han}"),
    "qr.riichi.dealer": _m("Dealer {han}", "莊家 {han}", "庄家 {han}", "親 {han}"),
    "qr.riichi.how": _m(
        "Each line: fu, ron (tsumo). A non-dealer's tsumo: each non-dealer pays / the dealer pays.",
        "每行：符數、榮和（自摸）。子家自摸：每位子家支付／莊家支付。",
        "每行：符数、荣和（自摸）。闲家自摸：每位闲家支付／庄家支付。",
        "各行：符、ロン（ツモ）。子のツモ：子の支払い／親の支払い。",
    ),
    "qr.riichi.all": _m("{n} all", "{n} 各家", "{n} 各家", "{n}オール"),
    "qr.riichi.limits": _m("Limits", "滿貫以上", "满贯以上", "満貫以上"),
    "qr.riichi.limit_row": _m(
        "{han}: {limit}, non-dealer {ron}, dealer {dealer_ron}",
        "{han}：{limit}，子家 {ron}，莊家 {dealer_ron}",
        "{han}：{limit}，闲家 {ron}，庄家 {dealer_ron}",
        "{han}：{limit}　子 {ron}　親 {dealer_ron}",
    ),
    "qr.mingjiang.head": _m("Fan to points", "番數與分數", "番数与分数", "翻数と点数"),
    "qr.mingjiang.row": _m(
        "{fan}: base {base}, ron {ron}, tsumo {base} each",
        "{fan}：底分 {base}，食糊 {ron}，自摸每家 {base}",
        "{fan}：底分 {base}，食糊 {ron}，自摸每家 {base}",
        "{fan}：基本点 {base}　ロン {ron}　ツモ 各{base}",
    ),
    "qr.sichuan.head": _m(
        "Fan to multiples of the base", "番數與底分倍數", "番数与底分倍数", "番数と基本点の倍率"
    ),
    "qr.sichuan.row": _m(
        "{fan}: ×{multiple} (ron: the discarder pays {multiple}; tsumo: each player still in pays it)",
        "{fan}：×{multiple}（點炮者付 {multiple}；自摸每位未和者各付此數）",
        "{fan}：×{multiple}（点炮者付 {multiple}；自摸每位未和者各付此数）",
        "{fan}：×{multiple}（ロン：放銃者が{multiple}；ツモ：残る各家が同額）",
    ),
    "qr.taiwan.head": _m(
        "Base {base}, {per_tai} per tai: each payer pays",
        "底 {base}，每台 {per_tai}：每位付款者支付",
        "底 {base}，每台 {per_tai}：每位付款者支付",
        "底 {base}、1台 {per_tai}：各支払者の支払額",
    ),
    "qr.taiwan.row": _m("{tai}: {amount}", "{tai}：{amount}", "{tai}：{amount}", "{tai}：{amount}"),
    "qr.pihu.head": _m(
        "Base {base}, a non-dealer wins: what the others pay",
        "底金 {base}，閒家和牌：其他人支付",
        "底金 {base}，闲家和牌：其他人支付",
        "底金 {base}、子の和了：他家の支払額",
    ),
    "qr.pihu.row": _m(
        "{multiplier}: ron {ron} from the discarder; tsumo {tsumo} each ({dealer} from the dealer)",
        "{multiplier}：食糊 放銃者付 {ron}；自摸每家 {tsumo}（莊家 {dealer}）",
        "{multiplier}：食糊 放铳者付 {ron}；自摸每家 {tsumo}（庄家 {dealer}）",
        "{multiplier}：ロン 放銃者が{ron}；ツモ 各{tsumo}（親 {dealer}）",
    ),
    # /language
    "language.current": _m(
        "This server's default language is {language}.",
        "本伺服器的預設語言是{language}。",
        "本服务器的默认语言是{language}。",
        "このサーバーの既定の言語は{language}です。",
    ),
    "language.guild_only": _m(
        "A default language is set per server: use this command in a server channel.",
        "預設語言以伺服器為單位：請在伺服器頻道中使用此指令。",
        "默认语言以服务器为单位：请在服务器频道中使用此命令。",
        "既定の言語はサーバーごとの設定です。サーバーのチャンネルで使ってください。",
    ),
}

SCORE_MESSAGES["score.extra_too_long"] = _m(
    "The `extra` option is too long (at most {limit} characters).",
    "`其他` 選項太長了（最多 {limit} 個字元）。",
    "`其他` 选项太长了（最多 {limit} 个字符）。",
    "`その他` オプションが長すぎます（最大 {limit} 文字）。",
)

# Refusals (notation, requests, scorers) live in refusal_messages.py, by message id.
SCORE_MESSAGES.update({f"refusal.{key}": text for key, text in REFUSALS.items()})
SCORE_MESSAGES.update({f"refusal.{key}": text for key, text in REFUSALS_RIICHI.items()})
