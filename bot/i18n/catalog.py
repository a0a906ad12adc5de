"""The message catalogue: key -> text per language.  Keys are grouped by the feature that shows them."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    # General
    "error.generic": {
        "en": "Something went wrong; nothing was lost. Please try again.",
        "zh-TW": "出了點問題，資料沒有遺失。請再試一次。",
        "zh-CN": "出了点问题，数据没有丢失。请再试一次。",
        "ja": "問題が発生しましたが、データは失われていません。もう一度お試しください。",
    },
    "error.not_your_turn": {
        "en": "It is not your turn to act.",
        "zh-TW": "現在不是你的回合。",
        "zh-CN": "现在不是你的回合。",
        "ja": "あなたの手番ではありません。",
    },
    "error.not_your_seat": {
        "en": "This button belongs to another player.",
        "zh-TW": "這個按鈕屬於其他玩家。",
        "zh-CN": "这个按钮属于其他玩家。",
        "ja": "このボタンは他のプレイヤーのものです。",
    },
    "error.stale_button": {
        "en": "That choice is no longer available; here is your current hand.",
        "zh-TW": "該選項已失效，以下是你目前的手牌。",
        "zh-CN": "该选项已失效，以下是你当前的手牌。",
        "ja": "その選択肢はもう使えません。現在の手牌を表示します。",
    },
    "error.bad_hand": {
        "en": "I could not read that hand: {reason}\nExample: `{example}`",
        "zh-TW": "無法讀取這手牌：{reason}\n例子：`{example}`",
        "zh-CN": "无法读取这手牌：{reason}\n例子：`{example}`",
        "ja": "手牌を読み取れません：{reason}\n例：`{example}`",
    },
    "language.set": {
        "en": "This server's default language is now {language}.",
        "zh-TW": "本伺服器的預設語言已設為{language}。",
        "zh-CN": "本服务器的默认语言已设为{language}。",
        "ja": "このサーバーの既定の言語を{language}にしました。",
    },
    # Scoring
    "score.total": {
        "en": "Total",
        "zh-TW": "合計",
        "zh-CN": "合计",
        "ja": "合計",
    },
    "score.points": {
        "en": "Points",
        "zh-TW": "得點",
        "zh-CN": "得点",
        "ja": "得点",
    },
    "score.payments": {
        "en": "Payments",
        "zh-TW": "支付",
        "zh-CN": "支付",
        "ja": "支払い",
    },
    "score.discarder": {
        "en": "discarder",
        "zh-TW": "放銃者",
        "zh-CN": "放铳者",
        "ja": "放銃者",
    },
    "score.not_a_win": {
        "en": "Not a scoring win: {reason}",
        "zh-TW": "不是可以計分的和牌：{reason}",
        "zh-CN": "不是可以计分的和牌：{reason}",
        "ja": "和了として成立しません：{reason}",
    },
    # Tables
    "table.lobby": {
        "en": "{rules} table opened by {owner}. Seats: {seats}",
        "zh-TW": "{owner} 開了一桌{rules}。座位：{seats}",
        "zh-CN": "{owner} 开了一桌{rules}。座位：{seats}",
        "ja": "{owner}さんが{rules}の卓を立てました。席：{seats}",
    },
    "table.join": {"en": "Join", "zh-TW": "加入", "zh-CN": "加入", "ja": "参加"},
    "table.leave": {"en": "Leave", "zh-TW": "離開", "zh-CN": "离开", "ja": "退出"},
    "table.add_computer": {
        "en": "Add computer",
        "zh-TW": "加入電腦",
        "zh-CN": "加入电脑",
        "ja": "CPUを追加",
    },
    "table.start": {"en": "Start", "zh-TW": "開始", "zh-CN": "开始", "ja": "開始"},
    "table.dm_closed": {
        "en": "{player}, I cannot DM you: press “Show my hand” to play from here.",
        "zh-TW": "{player}，我無法私訊你：請按「顯示我的手牌」在這裡遊玩。",
        "zh-CN": "{player}，我无法私信你：请按“显示我的手牌”在这里游玩。",
        "ja": "{player}さんにDMを送れません。「手牌を表示」を押してここから遊んでください。",
    },
    "table.show_hand": {
        "en": "Show my hand",
        "zh-TW": "顯示我的手牌",
        "zh-CN": "显示我的手牌",
        "ja": "手牌を表示",
    },
    "table.im_back": {"en": "I'm back", "zh-TW": "我回來了", "zh-CN": "我回来了", "ja": "復帰する"},
    "table.timeout_takeover": {
        "en": "{player} timed out twice; the computer plays for them until they press “I'm back”.",
        "zh-TW": "{player} 兩次逾時，由電腦代打，直到按下「我回來了」。",
        "zh-CN": "{player} 两次超时，由电脑代打，直到按下“我回来了”。",
        "ja": "{player}さんが2回時間切れになったため、「復帰する」を押すまでCPUが代打します。",
    },
}

# The scoring feature's messages live in their own module (bot/i18n/score_messages.py).
from bot.i18n.score_messages import SCORE_MESSAGES  # noqa: E402

MESSAGES.update(SCORE_MESSAGES)

# The league feature's messages live in their own module (bot/i18n/league_messages.py).
from bot.i18n.league_messages import LEAGUE_MESSAGES  # noqa: E402

MESSAGES.update(LEAGUE_MESSAGES)

# The table feature's messages live in their own module (bot/i18n/table_messages.py).
from bot.i18n.table_messages import TABLE_MESSAGES  # noqa: E402

MESSAGES.update(TABLE_MESSAGES)

# The presenters' messages (result lines, picture labels) live in bot/i18n/present_messages.py.
from bot.i18n.present_messages import PRESENT_MESSAGES  # noqa: E402

MESSAGES.update(PRESENT_MESSAGES)

# Command and option names, /help (bot/i18n/command_messages.py).
from bot.i18n.command_messages import COMMAND_MESSAGES  # noqa: E402

MESSAGES.update(COMMAND_MESSAGES)
