"""Messages of ``/mahjong`` tables (cogs/table.py, bot/service/table.py): merged into the catalogue by
catalog.py.  The command's own names, descriptions and choices are in command_messages.toml."""

from __future__ import annotations


def _m(en: str, tw: str, cn: str, ja: str) -> dict[str, str]:
    return {"en": en, "zh-TW": tw, "zh-CN": cn, "ja": ja}


TABLE_MESSAGES: dict[str, dict[str, str]] = {
    "table.level.easy": _m("Easy (beginner)", "簡單（新手）", "简单（新手）", "やさしい（初心者）"),
    "table.level.normal": _m("Normal", "普通", "普通", "ふつう"),
    "table.level.strong": _m("Strong", "強", "强", "つよい"),
    # Actions
    "table.action.discard": _m("Discard", "打出", "打出", "打牌"),
    "table.action.riichi": _m("Riichi", "立直", "立直", "リーチ"),
    "table.action.tsumo": _m("Tsumo", "自摸", "自摸", "ツモ"),
    "table.action.ron": _m("Ron", "食糊", "点和", "ロン"),
    "table.action.pass": _m("Pass", "不要", "过", "スキップ"),
    "table.action.chi": _m("Chi", "上", "吃", "チー"),
    "table.action.pon": _m("Pon", "碰", "碰", "ポン"),
    "table.action.kan": _m("Kan", "槓", "杠", "カン"),
    "table.action.ankan": _m("Closed kan", "暗槓", "暗杠", "暗槓"),
    "table.action.kakan": _m("Added kan", "加槓", "加杠", "加槓"),
    "table.action.kita": _m("Kita", "拔北", "拔北", "抜きドラ"),
    "table.action.exchange": _m("Pass on", "換牌", "换牌", "交換"),
    "table.action.void": _m("Void suit", "定缺", "定缺", "欠け色"),
    "table.action.nine_terminals": _m(
        "Nine terminals (abort)", "九種九牌（流局）", "九种九牌（流局）", "九種九牌（流局）"
    ),
    # The table
    "table.winds": _m("ESWN", "東南西北", "东南西北", "東南西北"),
    "table.dealer": _m("(dealer)", "（莊）", "（庄）", "（親）"),
    "table.waiting": _m(
        "Waiting for {names} {when}", "等待 {names} {when}", "等待 {names} {when}", "{names}さん待ち {when}"
    ),
    "table.waiting_calls": _m(
        "Waiting for calls {when}", "等待叫牌 {when}", "等待叫牌 {when}", "鳴きの確認中 {when}"
    ),
    "table.seats_line": _m("Seats: {seats}", "座位：{seats}", "座位：{seats}", "席：{seats}"),
    "table.started": _m(
        "The game has started. Seats: {seats}",
        "對局開始。座位：{seats}",
        "对局开始。座位：{seats}",
        "対局開始。席：{seats}",
    ),
    "table.your_turn": _m("Your turn.", "輪到你了。", "轮到你了。", "あなたの番です。"),
    "table.offer": _m(
        "{player} offers {tile}: call it?",
        "{player} 打出 {tile}：要叫牌嗎？",
        "{player} 打出 {tile}：要叫牌吗？",
        "{player}さんの {tile}：鳴きますか？",
    ),
    "table.your_hand": _m(
        "Your hand: {tiles}", "你的手牌：{tiles}", "你的手牌：{tiles}", "あなたの手牌：{tiles}"
    ),
    "table.drawn": _m("Drawn: {tile}", "摸到：{tile}", "摸到：{tile}", "ツモ：{tile}"),
    "table.melds": _m("Melds: {melds}", "副露：{melds}", "副露：{melds}", "副露：{melds}"),
    "table.deadline": _m(
        "Answer {when}.", "請在 {when} 內回應。", "请在 {when} 内回应。", "{when}までに選んでください。"
    ),
    "table.played": _m("You chose: {choice}", "你選擇了：{choice}", "你选择了：{choice}", "選択：{choice}"),
    "table.timed_out": _m(
        "Time ran out; the referee played {choice} for you.",
        "時間到，裁判替你選了 {choice}。",
        "时间到，裁判替你选了 {choice}。",
        "時間切れのため、{choice}を代わりに選びました。",
    ),
    "table.computer_played": _m(
        "The computer played {choice} for you.",
        "電腦替你選了 {choice}。",
        "电脑替你选了 {choice}。",
        "CPUが{choice}を選びました。",
    ),
    "table.away_dm": _m(
        "You timed out twice: the computer plays for you until you press “I'm back”.",
        "你兩次逾時：由電腦代打，直到你按下「我回來了」。",
        "你两次超时：由电脑代打，直到你按下“我回来了”。",
        "2回時間切れのため、「復帰する」を押すまでCPUが代打します。",
    ),
    "table.welcome_back": _m(
        "Welcome back: you play your seat again.",
        "歡迎回來，你重新接手座位。",
        "欢迎回来，你重新接手座位。",
        "おかえりなさい。再びご自身で打てます。",
    ),
    "table.nothing_to_decide": _m(
        "Nothing to decide right now.",
        "目前沒有需要決定的事。",
        "目前没有需要决定的事。",
        "今は選ぶことがありません。",
    ),
    "table.result.win": _m(
        "{winner} wins: {detail}",
        "{winner} 和牌：{detail}",
        "{winner} 和牌：{detail}",
        "{winner}さんの和了：{detail}",
    ),
    "table.result.draw": _m(
        "Draw ({reason}); ready: {ready}",
        "流局（{reason}）；聽牌：{ready}",
        "流局（{reason}）；听牌：{ready}",
        "流局（{reason}）聴牌：{ready}",
    ),
    "table.result.changes": _m(
        "Score changes: {changes}", "分數變動：{changes}", "分数变动：{changes}", "点数移動：{changes}"
    ),
    "table.result.seed": _m(
        "Wall seed of that hand: `{seed}`",
        "該局牌山種子：`{seed}`",
        "该局牌山种子：`{seed}`",
        "この局の牌山シード：`{seed}`",
    ),
    "table.final": _m("Final result", "最終結果", "最终结果", "最終結果"),
    "table.final_line": _m(
        "{rank}. {player}: {points} ({score:+})",
        "第{rank}名 {player}：{points}（{score:+}）",
        "第{rank}名 {player}：{points}（{score:+}）",
        "{rank}位 {player}：{points}（{score:+}）",
    ),
    "table.aborted": _m("The table was closed.", "牌桌已結束。", "牌桌已结束。", "卓を閉じました。"),
    "table.abort_vote": _m(
        "{votes}/{needed} votes to close the table.",
        "結束牌桌投票：{votes}/{needed}。",
        "结束牌桌投票：{votes}/{needed}。",
        "卓を閉じる投票：{votes}/{needed}",
    ),
    "table.none": _m(
        "There is no table in this channel. Open one with /mahjong new.",
        "本頻道沒有牌桌。用 `/麻將 開桌` 開一桌。",
        "本频道没有牌桌。用 `/麻将 开桌` 开一桌。",
        "このチャンネルに卓はありません。`/麻雀 卓を立てる` で立ててください。",
    ),
    "table.fairness": _m(
        "This hand's wall commitment (SHA-256 of its seed): `{commitment}`\nSeeds of finished hands: {seeds}",
        "本局牌山承諾值（種子的 SHA-256）：`{commitment}`\n已結束各局的種子：{seeds}",
        "本局牌山承诺值（种子的 SHA-256）：`{commitment}`\n已结束各局的种子：{seeds}",
        "この局の牌山コミットメント（シードのSHA-256）：`{commitment}`\n終了した局のシード：{seeds}",
    ),
    "table.rules_summary": _m(
        "{title}: {players} players, {tiles} tiles. Options: {options}",
        "{title}：{players} 人，{tiles} 張牌。選項：{options}",
        "{title}：{players} 人，{tiles} 张牌。选项：{options}",
        "{title}：{players}人、{tiles}枚。オプション：{options}",
    ),
    "table.done": _m("Done.", "完成。", "完成。", "完了しました。"),
    # Refusals
    "table.error.not_running": _m(
        "This table is not playing.", "這桌不在對局中。", "这桌不在对局中。", "この卓は対局中ではありません。"
    ),
    "table.error.no_such_game": _m(
        "That game is over or no longer exists.",
        "該對局已結束或不存在。",
        "该对局已结束或不存在。",
        "その対局は終了したか存在しません。",
    ),
    "table.error.table_exists": _m(
        "This channel already has a table.",
        "本頻道已經有牌桌了。",
        "本频道已经有牌桌了。",
        "このチャンネルには既に卓があります。",
    ),
    "table.error.unknown_rules": _m(
        "Unknown rule set {rules}.", "未知的規則 {rules}。", "未知的规则 {rules}。", "不明なルール {rules}。"
    ),
    "table.error.no_referee": _m(
        "Tables of {rules} cannot be played yet.",
        "{rules} 的牌桌暫時無法開局。",
        "{rules} 的牌桌暂时无法开局。",
        "{rules}の卓はまだ遊べません。",
    ),
    "table.error.bad_option": _m(
        "Bad option for {rules}: {reason}",
        "{rules} 的選項有誤：{reason}",
        "{rules} 的选项有误：{reason}",
        "{rules}のオプションが不正です：{reason}",
    ),
    "table.error.no_table": _m(
        "There is no open table in this channel.",
        "本頻道沒有開放中的牌桌。",
        "本频道没有开放中的牌桌。",
        "このチャンネルに開いている卓はありません。",
    ),
    "table.error.already_started": _m(
        "The game has already started.", "對局已經開始。", "对局已经开始。", "対局は既に始まっています。"
    ),
    "table.error.already_seated": _m(
        "You are already seated.", "你已經入座了。", "你已经入座了。", "既に着席しています。"
    ),
    "table.error.table_full": _m("The table is full.", "牌桌已坐滿。", "牌桌已坐满。", "満席です。"),
    "table.error.unknown_computer": _m(
        "There is no computer player “{level}” for this table.",
        "這桌沒有「{level}」電腦玩家。",
        "这桌没有“{level}”电脑玩家。",
        "この卓には「{level}」というCPUはいません。",
    ),
    "table.error.not_seated": _m(
        "You are not seated at this table.", "你不在這桌。", "你不在这桌。", "この卓に着席していません。"
    ),
    "table.error.need_players": _m(
        "{seated}/{players} seats are taken: join or add computers first.",
        "已入座 {seated}/{players}：請先加入或加入電腦。",
        "已入座 {seated}/{players}：请先加入或加入电脑。",
        "着席 {seated}/{players}：参加するかCPUを追加してください。",
    ),
    "table.error.bad_options_text": _m(
        "Could not read the options {text}: write key=value pairs.",
        "無法讀取選項 {text}：請寫成 key=value。",
        "无法读取选项 {text}：请写成 key=value。",
        "オプション {text} を読めません：key=value の形で。",
    ),
}

TABLE_MESSAGES.update(
    {
        "table.aborted_by": _m(
            "The table was closed by {player}.",
            "牌桌已由 {player} 結束。",
            "牌桌已由 {player} 结束。",
            "{player}さんが卓を閉じました。",
        ),
        "table.ping_turn": _m(
            "{player}, your turn: press “Show my hand”.",
            "{player}，輪到你了：請按「顯示我的手牌」。",
            "{player}，轮到你了：请按“显示我的手牌”。",
            "{player}さんの番です。「手牌を表示」を押してください。",
        ),
        "table.ping_call": _m(
            "{player}, you can call {tile}: press “Show my hand”.",
            "{player}，你可以叫 {tile}：請按「顯示我的手牌」。",
            "{player}，你可以叫 {tile}：请按“显示我的手牌”。",
            "{player}さん、{tile}を鳴けます。「手牌を表示」を押してください。",
        ),
        "table.hand_commitment": _m(
            "Hand {hand} dealt. Wall commitment (SHA-256 of the hand's seed, revealed with its result): "
            "`{commitment}`",
            "第 {hand} 局已發牌。牌山承諾值（該局種子的 SHA-256，結算時公開種子）：`{commitment}`",
            "第 {hand} 局已发牌。牌山承诺值（该局种子的 SHA-256，结算时公开种子）：`{commitment}`",
            "第{hand}局を配牌しました。牌山コミットメント（局のシードのSHA-256、結果と共に公開）：`{commitment}`",
        ),
    }
)

TABLE_MESSAGES.update(
    {
        "table.fairness.ok": _m(
            "Hand {hand} checks: its seed `{seed}` hashes to the commitment `{commitment}` published when it "
            "started, and the wall rebuilt from it deals exactly the tiles that were dealt.",
            "第 {hand} 局驗證通過：種子 `{seed}` 的雜湊等於開局時公布的承諾值 `{commitment}`，"
            "以它重建的牌山正好發出當時的配牌。",
            "第 {hand} 局验证通过：种子 `{seed}` 的哈希等于开局时公布的承诺值 `{commitment}`，"
            "以它重建的牌山正好发出当时的配牌。",
            "第{hand}局は検証済み：シード `{seed}` のハッシュは"
            "開始時に公開したコミットメント `{commitment}` と一致し、"
            "そこから作った牌山は実際の配牌と同じです。",
        ),
        "table.fairness.bad": _m(
            "Hand {hand} does NOT check ({problems}): seed `{seed}`, commitment `{commitment}`.",
            "第 {hand} 局驗證失敗（{problems}）：種子 `{seed}`，承諾值 `{commitment}`。",
            "第 {hand} 局验证失败（{problems}）：种子 `{seed}`，承诺值 `{commitment}`。",
            "第{hand}局は検証に失敗（{problems}）：シード `{seed}`、コミットメント `{commitment}`。",
        ),
        "table.fairness.running": _m(
            "Hand {hand} is still being played: its commitment is `{commitment}`; its seed is revealed with "
            "its result.",
            "第 {hand} 局仍在進行：承諾值為 `{commitment}`，種子將隨結果公布。",
            "第 {hand} 局仍在进行：承诺值为 `{commitment}`，种子将随结果公布。",
            "第{hand}局は対局中です。コミットメントは `{commitment}`、シードは結果と共に公開されます。",
        ),
        "table.fairness.no_hand": _m(
            "There is no hand {hand} (this game has {hands} so far).",
            "沒有第 {hand} 局（本場目前共 {hands} 局）。",
            "没有第 {hand} 局（本场目前共 {hands} 局）。",
            "第{hand}局はありません（この対局はこれまで{hands}局）。",
        ),
    }
)
