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
    "result.value.han_fu": _m("{fu} fu  {han} han", "{fu}符{han}番", "{fu}符{han}番", "{fu}符{han}翻"),
    "result.value.yakuman": _m("Yakuman ×{count}", "役滿 ×{count}", "役满 ×{count}", "役満 ×{count}"),
    "result.value.fan": _m("{fan} fan", "{fan}番", "{fan}番", "{fan}翻"),
    "result.value.tai": _m("{tai} tai", "{tai}台", "{tai}台", "{tai}台"),
    "result.value.multiplier": _m("×{multiplier}", "×{multiplier}", "×{multiplier}", "×{multiplier}"),
    "result.points": _m("{points} points", "{points}分", "{points}分", "{points}点"),
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

# The terminal game (bot/cli/play.py, bot/cli/play_text.py).
PRESENT_MESSAGES.update(
    {
        "play.help": _m(
            "Type the number of an action, a tile to discard (5m, 0p = red five, 7z), 'riichi 5m', "
            "or a word: {words}. An offered tile is answered by name (chi, pon, ron, pass); "
            "an empty line passes. "
            "'hint' asks the computer, 'table' redraws, 'quit' stops.",
            "輸入動作編號、要打的牌（5m，0p＝紅五，7z）、「riichi 5m」或指令：{words}。"
            "別家打出的牌以名稱回答（chi、pon、ron、pass），空行表示過。"
            "'hint' 詢問電腦，'table' 重畫，'quit' 結束。",
            "输入动作编号、要打的牌（5m，0p＝红五，7z）、“riichi 5m”或指令：{words}。"
            "别家打出的牌以名称回答（chi、pon、ron、pass），空行表示过。"
            "'hint' 询问电脑，'table' 重画，'quit' 结束。",
            "行動の番号、捨てる牌（5m、0p＝赤五、7z）、「riichi 5m」、または単語：{words}。"
            "他家の牌へは名前で答えます（chi、pon、ron、pass）。空行はパス。"
            "'hint' でCPUの助言、'table' で再表示、'quit' で終了。",
        ),
        "play.header.sticks": _m(
            "honba {honba}, sticks {sticks}",
            "本場 {honba}，供託 {sticks}",
            "本场 {honba}，供托 {sticks}",
            "{honba}本場、供託 {sticks}",
        ),
        "play.header.dora": _m(
            "dora indicator {tiles}", "寶牌指示 {tiles}", "宝牌指示 {tiles}", "ドラ表示 {tiles}"
        ),
        "play.header.streak": _m("dealer streak {streak}", "連莊 {streak}", "连庄 {streak}", "連荘 {streak}"),
        "play.header.honba": _m("streak {honba}", "連莊 {honba}", "连庄 {honba}", "{honba}本場"),
        "play.header.exchange": _m(
            "exchange: pass three {direction}",
            "換三張：傳給{direction}",
            "换三张：传给{direction}",
            "三枚交換：{direction}へ",
        ),
        "play.header.wall": _m("wall {left}", "牌山 {left}", "牌山 {left}", "山 {left}"),
        "play.direction.next": _m("to the next player", "下家", "下家", "下家"),
        "play.direction.previous": _m("to the previous player", "上家", "上家", "上家"),
        "play.direction.across": _m("across", "對家", "对家", "対面"),
        "play.tag.won": _m("WON", "已和", "已和", "和了済"),
        "play.river": _m("river", "牌河", "牌河", "河"),
        "play.melds": _m("melds", "副露", "副露", "副露"),
        "play.flowers": _m("flowers", "花牌", "花牌", "花牌"),
        "play.void": _m("void", "定缺", "定缺", "定缺"),
        "play.your_hand": _m("Your hand:", "你的手牌：", "你的手牌：", "あなたの手牌："),
        "play.drawn": _m("+ drawn", "＋摸到", "＋摸到", "＋ツモ"),
        "play.picked": _m(
            "Picked to pass: {tiles}", "準備傳出：{tiles}", "准备传出：{tiles}", "渡す牌：{tiles}"
        ),
        "play.exchange_pick": _m("pass {tile}", "傳出 {tile}", "传出 {tile}", "{tile}を渡す"),
        "play.void_choice": _m("void {suit}", "定缺 {suit}", "定缺 {suit}", "定缺 {suit}"),
        "play.exchanged": _m(
            "You passed {passed} {direction} and received {received}.",
            "你傳出 {passed}（{direction}），收到 {received}。",
            "你传出 {passed}（{direction}），收到 {received}。",
            "{passed} を{direction}へ渡し、{received} を受け取りました。",
        ),
        "play.flower": _m(
            "{who} sets the flower {tile} aside and draws a replacement",
            "{who} 補花 {tile}",
            "{who} 补花 {tile}",
            "{who} が花牌 {tile} を抜いて補充",
        ),
        "play.new_hand": _m("New hand", "新的一局", "新的一局", "新しい局"),
        "play.commitment": _m(
            "Wall commitment (SHA-256 of this hand's seed): {commitment}",
            "牌山承諾值（本局種子的 SHA-256）：{commitment}",
            "牌山承诺值（本局种子的 SHA-256）：{commitment}",
            "牌山コミットメント（この局のシードのSHA-256）：{commitment}",
        ),
        "play.seed": _m(
            "Seed of that hand (check: mahjong-bot verify): {seed}",
            "該局種子（驗證：mahjong-bot verify）：{seed}",
            "该局种子（验证：mahjong-bot verify）：{seed}",
            "この局のシード（検証：mahjong-bot verify）：{seed}",
        ),
        "play.win_tsumo": _m("wins by tsumo on {tile}", "自摸和 {tile}", "自摸和 {tile}", "ツモ和了 {tile}"),
        "play.win_ron": _m(
            "wins by ron from {giver} on {tile}",
            "食 {giver} 的 {tile}",
            "和 {giver} 的 {tile}",
            "{giver}さんから ロン {tile}",
        ),
        "play.sticks_taken": _m(
            "+ {sticks} riichi stick(s) from the table",
            "＋桌上 {sticks} 支立直棒",
            "＋桌上 {sticks} 支立直棒",
            "＋供託 {sticks} 本",
        ),
        "play.draw": _m(
            "Draw ({reason}): ready: {ready}",
            "流局（{reason}）：聽牌：{ready}",
            "流局（{reason}）：听牌：{ready}",
            "流局（{reason}）：聴牌：{ready}",
        ),
        "play.nobody": _m("nobody", "無人", "无人", "なし"),
        "play.aborted_hand": _m(
            "Hand aborted: {reason}", "流局（中止）：{reason}", "流局（中止）：{reason}", "途中流局：{reason}"
        ),
        "play.payments": _m("Payments: {moves}", "支付：{moves}", "支付：{moves}", "支払い：{moves}"),
        "play.final": _m("Final ranking:", "最終排名：", "最终排名：", "最終順位："),
        "play.input_ended": _m(
            "Input ended: the game is stopped before its end.",
            "輸入結束：對局在結束前停止。",
            "输入结束：对局在结束前停止。",
            "入力が終わりました：対局を途中で終了します。",
        ),
        "play.call_menu": _m("Answer by name:", "請以名稱回答：", "请以名称回答：", "名前で答えてください："),
        "play.discard_menu": _m("Discard", "打牌", "打牌", "打牌"),
        "play.exchange_menu": _m("Pass", "傳出", "传出", "渡す"),
        "play.which": _m(
            "Which {word}? Type its number:",
            "哪一個 {word}？請輸入編號：",
            "哪一个 {word}？请输入编号：",
            "どの{word}ですか？番号を入力：",
        ),
    }
)

# Text drawn in the pictures (bot/render/engine_view.py), in the table's language.
PRESENT_MESSAGES.update(
    {
        "picture.winds": _m("East South West North", "東 南 西 北", "东 南 西 北", "東 南 西 北"),
        "picture.round": _m("{wind} {number}", "{wind}{number}局", "{wind}{number}局", "{wind}{number}局"),
        "picture.round_honba": _m(
            "{round}, {honba} honba", "{round} {honba}本場", "{round} {honba}本场", "{round} {honba}本場"
        ),
        "picture.hand": _m("Hand {number}", "第{number}局", "第{number}局", "第{number}局"),
        "picture.seat": _m("Seat {number}", "座位{number}", "座位{number}", "{number}番席"),
        "picture.wall": _m("wall {count}", "牌山 {count}", "牌山 {count}", "残り {count}"),
        "picture.wins_tsumo": _m(
            "{winner} wins by self-draw", "{winner} 自摸", "{winner} 自摸", "{winner}さんのツモ和了"
        ),
        "picture.wins_ron": _m(
            "{winner} wins on {giver}'s discard",
            "{winner} 胡 {giver} 放槍",
            "{winner} 胡 {giver} 点炮",
            "{winner}さんが{giver}さんからロン",
        ),
        "picture.win_of": _m(
            "(win {number} of {count})",
            "（第{number}家，共{count}家）",
            "（第{number}家，共{count}家）",
            "（{count}人中{number}人目）",
        ),
        "picture.dora": _m("Dora", "寶牌", "宝牌", "ドラ"),
        "picture.ura": _m("Ura", "裏寶牌", "里宝牌", "裏ドラ"),
        "picture.draw_title": _m("Draw: {reason}", "流局：{reason}", "流局：{reason}", "流局：{reason}"),
        "picture.ready": _m("ready", "聽牌", "听牌", "聴牌"),
        "picture.not_ready": _m("not ready", "未聽", "未听", "不聴"),
        "picture.payments": _m("Payments", "支付", "支付", "支払い"),
    }
)
