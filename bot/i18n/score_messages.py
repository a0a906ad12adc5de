"""Messages of ``/score``, ``/score table`` and ``/language``: merged into the catalogue by catalog.py.

Kept apart from catalog.py so the scoring feature's many strings do not crowd the shared file.
Keys starting with ``cmd.`` are command names and descriptions served by the app_commands Translator
(bot/i18n/translator.py); their English text is what Discord shows by default.
"""

from __future__ import annotations


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
        "`dealer` 表示和牌者坐東，但 `seat` 是 {seat}",
        "`dealer` 表示和牌者坐东，但 `seat` 是 {seat}",
        "`dealer` は和了者が東家という意味ですが、`seat` が {seat} です",
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
    # Command names and descriptions (served by the Translator)
    "cmd.score.name": _m("score", "計分", "计分", "点数計算"),
    "cmd.score.description": _m(
        "Score a mahjong hand or show a rule set's points table",
        "計算一手牌的分數，或顯示規則的分數表",
        "计算一手牌的分数，或显示规则的分数表",
        "手牌の点数計算、またはルールの点数早見表",
    ),
    "cmd.score.hand.name": _m("hand", "手牌", "手牌", "手牌"),
    "cmd.score.hand.description": _m(
        "Score a winning hand in any rule set",
        "計算任一規則下和牌的分數",
        "计算任一规则下和牌的分数",
        "任意のルールで和了形の点数を計算する",
    ),
    "cmd.score.table.name": _m("table", "速查表", "速查表", "早見表"),
    "cmd.score.table.description": _m(
        "Quick-reference points table of a rule set",
        "規則的分數速查表",
        "规则的分数速查表",
        "ルールの点数早見表",
    ),
    "cmd.language.name": _m("language", "語言", "语言", "言語"),
    "cmd.language.description": _m(
        "Show or set this server's default language for the referee",
        "查看或設定本伺服器裁判的預設語言",
        "查看或设置本服务器裁判的默认语言",
        "このサーバーでの審判の既定の言語を表示・設定する",
    ),
    "cmd.opt.rules": _m("The rule set", "規則", "规则", "ルール"),
    "cmd.opt.hand": _m(
        "Tiles with the winning tile, then melds, e.g. 234m567p33s789s555z pon:777z",
        "手牌（含和牌張），再寫副露，例如 234m567p33s789s555z pon:777z",
        "手牌（含和牌张），再写副露，例如 234m567p33s789s555z pon:777z",
        "和了牌を含む手牌と副露。例 234m567p33s789s555z pon:777z",
    ),
    "cmd.opt.win": _m(
        "The winning tile, e.g. 5p (default: the last concealed tile)",
        "和牌張，例如 5p（預設：最後一張暗牌）",
        "和牌张，例如 5p（默认：最后一张暗牌）",
        "和了牌 例 5p（既定：最後の手牌）",
    ),
    "cmd.opt.tsumo": _m(
        "Won by self-draw (default: ron)",
        "自摸（預設：榮和）",
        "自摸（默认：荣和）",
        "ツモ和了（既定：ロン）",
    ),
    "cmd.opt.riichi": _m(
        "The winner declared riichi", "和牌者已立直", "和牌者已立直", "和了者はリーチしている"
    ),
    "cmd.opt.seat": _m(
        "The winner's seat wind: E S W N",
        "和牌者的門風：E S W N",
        "和牌者的门风：E S W N",
        "和了者の自風：E S W N",
    ),
    "cmd.opt.round": _m("The round wind: E S W N", "圈風：E S W N", "圈风：E S W N", "場風：E S W N"),
    "cmd.opt.dora": _m(
        "Dora indicators, e.g. 3m7z", "寶牌指示牌，例如 3m7z", "宝牌指示牌，例如 3m7z", "ドラ表示牌 例 3m7z"
    ),
    "cmd.opt.ura": _m(
        "Ura-dora indicators, e.g. 4p", "裏寶牌指示牌，例如 4p", "里宝牌指示牌，例如 4p", "裏ドラ表示牌 例 4p"
    ),
    "cmd.opt.void": _m(
        "Sichuan: the declared void suit m, p or s",
        "四川：定缺的花色 m、p 或 s",
        "四川：定缺的花色 m、p 或 s",
        "四川：欠けさせる色 m・p・s",
    ),
    "cmd.opt.flowers": _m(
        "Taiwanese: flowers set aside, e.g. 1f5f",
        "台灣：補花的花牌，例如 1f5f",
        "台湾：补花的花牌，例如 1f5f",
        "台湾：抜いた花牌 例 1f5f",
    ),
    "cmd.opt.dealer": _m("The winner is the dealer", "和牌者是莊家", "和牌者是庄家", "和了者は親"),
    "cmd.opt.streak": _m("The dealer's streak (repeats)", "連莊次數", "连庄次数", "連荘数"),
    "cmd.opt.honba": _m("Honba counters on the table", "本場數", "本场数", "本場"),
    "cmd.opt.sticks": _m(
        "Riichi sticks or deposits on the table",
        "桌上的立直棒或供託",
        "桌上的立直棒或供托",
        "供託のリーチ棒",
    ),
    "cmd.opt.extra": _m(
        "Any other flag of the rule set, e.g. --ippatsu --haitei",
        "規則的其他參數，例如 --ippatsu --haitei",
        "规则的其他参数，例如 --ippatsu --haitei",
        "その他のフラグ 例 --ippatsu --haitei",
    ),
    "cmd.opt.language": _m(
        "The new default language (leave out to see the current one)",
        "新的預設語言（留空則顯示目前的語言）",
        "新的默认语言（留空则显示当前的语言）",
        "新しい既定の言語（省略すると現在の設定を表示）",
    ),
}

# Refusals of the hand notation, the score requests and the scorers, by message id (bot/hand/refusal.py):
# each id's values are named as the code passes them.  Order: English, Traditional Chinese, Simplified
# Chinese, Japanese.  The English text is what the code writes (replies in English show it as written).
REFUSALS: dict[str, dict[str, str]] = {
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

SCORE_MESSAGES["score.extra_too_long"] = _m(
    "The `extra` option is too long (at most {limit} characters).",
    "`extra` 選項太長了（最多 {limit} 個字元）。",
    "`extra` 选项太长了（最多 {limit} 个字符）。",
    "`extra` オプションが長すぎます（最大 {limit} 文字）。",
)
SCORE_MESSAGES.update({f"refusal.{key}": text for key, text in REFUSALS.items()})

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
SCORE_MESSAGES.update({f"refusal.{key}": text for key, text in REFUSALS_RIICHI.items()})
