"""Names of slash commands, subcommands and options in four languages (served by the Translator), and the
``/help`` texts.  Discord wants names lowercase, without spaces, at most 32 characters."""

from __future__ import annotations


def _m(en: str, tw: str, cn: str, ja: str) -> dict[str, str]:
    return {"en": en, "zh-TW": tw, "zh-CN": cn, "ja": ja}


COMMAND_MESSAGES: dict[str, dict[str, str]] = {
    # /mahjong and its subcommands
    "cmd.mahjong.name": _m("mahjong", "麻將", "麻将", "麻雀"),
    "cmd.mahjong.new.name": _m("new", "開桌", "开桌", "卓を立てる"),
    "cmd.mahjong.join.name": _m("join", "入座", "入座", "参加"),
    "cmd.mahjong.leave.name": _m("leave", "離座", "离座", "退出"),
    "cmd.mahjong.addbot.name": _m("addbot", "加電腦", "加电脑", "cpu追加"),
    "cmd.mahjong.start.name": _m("start", "開始", "开始", "開始"),
    "cmd.mahjong.hand.name": _m("hand", "我的手牌", "我的手牌", "手牌"),
    "cmd.mahjong.status.name": _m("status", "牌桌", "牌桌", "卓の状況"),
    "cmd.mahjong.abort.name": _m("abort", "結束", "结束", "中止"),
    "cmd.mahjong.rules.name": _m("rules", "規則", "规则", "ルール"),
    "cmd.mahjong.fairness.name": _m("fairness", "公平性", "公平性", "公正性"),
    # option names
    "cmd.optname.rules": _m("rules", "規則", "规则", "ルール"),
    "cmd.optname.length": _m("length", "長度", "长度", "長さ"),
    "cmd.optname.options": _m("options", "選項", "选项", "オプション"),
    "cmd.optname.level": _m("level", "強度", "强度", "強さ"),
    "cmd.optname.hand_number": _m("hand", "局", "局", "局"),
    "cmd.optname.hand": _m("hand", "手牌", "手牌", "手牌"),
    "cmd.optname.win": _m("win", "和牌張", "和牌张", "和了牌"),
    "cmd.optname.tsumo": _m("tsumo", "自摸", "自摸", "ツモ"),
    "cmd.optname.riichi": _m("riichi", "立直", "立直", "リーチ"),
    "cmd.optname.seat": _m("seat", "門風", "门风", "自風"),
    "cmd.optname.round": _m("round", "圈風", "圈风", "場風"),
    "cmd.optname.dora": _m("dora", "寶牌", "宝牌", "ドラ"),
    "cmd.optname.ura": _m("ura", "裏寶牌", "里宝牌", "裏ドラ"),
    "cmd.optname.void": _m("void", "定缺", "定缺", "定缺"),
    "cmd.optname.flowers": _m("flowers", "花牌", "花牌", "花牌"),
    "cmd.optname.dealer": _m("dealer", "莊家", "庄家", "親"),
    "cmd.optname.streak": _m("streak", "連莊", "连庄", "連荘"),
    "cmd.optname.honba": _m("honba", "本場", "本场", "本場"),
    "cmd.optname.sticks": _m("sticks", "供託", "供托", "供託"),
    "cmd.optname.extra": _m("extra", "其他", "其他", "その他"),
    "cmd.optname.language": _m("language", "語言", "语言", "言語"),
    "cmd.mahjong.opt.hand_number": _m(
        "Which hand (1 is the first; default: the last one finished)",
        "第幾局（1 為第一局；預設為最後結束的一局）",
        "第几局（1 为第一局；默认为最后结束的一局）",
        "何局目か（1が最初、既定は最後に終わった局）",
    ),
    # the little commands
    "cmd.ping.name": _m("ping", "測試", "测试", "ping"),
    "cmd.ping.description": _m(
        "Check that the referee is awake", "確認裁判在線", "确认裁判在线", "審判が起きているか確認"
    ),
    "cmd.hello.name": _m("hello", "你好", "你好", "こんにちは"),
    "cmd.hello.description": _m(
        "Get a direct message from the referee (checks your DMs are open)",
        "收到裁判的私訊（確認私訊已開啟）",
        "收到裁判的私信（确认私信已开启）",
        "審判からDMを受け取る（DMが開いているか確認）",
    ),
    "cmd.help.name": _m("help", "說明", "说明", "ヘルプ"),
    "cmd.help.description": _m(
        "What the referee does and how to use it",
        "裁判的功能與用法",
        "裁判的功能与用法",
        "審判の機能と使い方",
    ),
    "help.title": _m("Mahjong referee", "麻將裁判", "麻将裁判", "麻雀審判"),
    "help.body": _m(
        "I deal and referee mahjong at this channel's table in six rule sets, send each player's hand by DM "
        "with a button for every legal move, draw the table after every move, score any hand and keep "
        "leagues.\n\n"
        "**Play**: `/mahjong new rules:<rule set>`, then Join / Add computer / Start on the lobby. Your "
        "hand comes by DM (open your DMs, or press “Show my hand”). `/mahjong abort` closes the table.\n"
        "**Score a hand**: `/score hand rules:riichi hand:234m055p44s pon:777z tsumo:True` — tiles in mpsz "
        "(`0p` red five, `1z`-`7z` honours), the winning tile last.\n"
        "**Leagues**: `/league create`, `/league record` for games played at a real table, "
        "`/league standings`.\n"
        "**Fair walls**: each hand's wall commitment "
        "is posted when it starts; `/mahjong fairness` checks it.\n"
        "**Language**: I answer in your Discord language; `/language` sets the server's default.",
        "我在本頻道以六種規則發牌與裁判，用私訊送出每位玩家的手牌並為每個合法動作提供按鈕，每一步後畫出牌桌，"
        "替任何一手牌計分，並管理聯賽。\n\n"
        "**打牌**：`/mahjong new rules:<規則>`，然後在大廳按「加入」、「加入電腦」、「開始」。手牌以私訊送達"
        "（請開啟私訊，或按「顯示我的手牌」）。`/mahjong abort` 結束牌桌。\n"
        "**計分**：`/score hand rules:taiwan hand:...`，"
        "牌以 mpsz 表示（`0p` 紅五，`1z`-`7z` 字牌），和牌張放最後。\n"
        "**聯賽**：`/league create`、`/league record` 記錄實體牌局、`/league standings` 排名。\n"
        "**公平牌山**：每局開始時公布牌山承諾值；`/mahjong fairness` 可驗證。\n"
        "**語言**：我以你的 Discord 語言回答；`/language` 設定伺服器預設語言。",
        "我在本频道以六种规则发牌与裁判，用私信发送每位玩家的手牌并为每个合法动作提供按钮，每一步后画出牌桌，"
        "为任何一手牌计分，并管理联赛。\n\n"
        "**打牌**：`/mahjong new rules:<规则>`，然后在大厅按“加入”、“加入电脑”、“开始”。手牌以私信送达"
        "（请开启私信，或按“显示我的手牌”）。`/mahjong abort` 结束牌桌。\n"
        "**计分**：`/score hand rules:sichuan hand:...`，"
        "牌以 mpsz 表示（`0p` 红五，`1z`-`7z` 字牌），和牌张放最后。\n"
        "**联赛**：`/league create`、`/league record` 记录实体牌局、`/league standings` 排名。\n"
        "**公平牌山**：每局开始时公布牌山承诺值；`/mahjong fairness` 可验证。\n"
        "**语言**：我以你的 Discord 语言回答；`/language` 设置服务器默认语言。",
        "このチャンネルの卓で6種類のルールの麻雀を配牌・審判し、各プレイヤーの手牌を合法手ごとのボタン付きでDMし、"
        "一手ごとに卓の画像を更新し、どんな手でも点数計算し、リーグを運営します。\n\n"
        "**対局**：`/mahjong new rules:<ルール>` の後、"
        "ロビーで「参加」「CPUを追加」「開始」。手牌はDMで届きます"
        "（DMを開くか「手牌を表示」を押してください）。`/mahjong abort` で卓を閉じます。\n"
        "**点数計算**：`/score hand rules:riichi hand:...`、"
        "牌は mpsz 表記（`0p` 赤五、`1z`-`7z` 字牌）、和了牌は最後。\n"
        "**リーグ**：`/league create`、リアル対局の記録は `/league record`、順位は `/league standings`。\n"
        "**公正な牌山**：各局の開始時に牌山コミットメントを投稿。`/mahjong fairness` で検証できます。\n"
        "**言語**：Discordの言語で答えます。`/language` でサーバーの既定言語を設定。",
    ),
    "help.mention": _m(
        "Hi! I referee mahjong: `/mahjong new` opens a table here, `/score hand` scores a hand, `/help` "
        "tells the rest.",
        "你好！我是麻將裁判：`/mahjong new` 在此開桌，`/score hand` 計分，`/help` 查看更多。",
        "你好！我是麻将裁判：`/mahjong new` 在此开桌，`/score hand` 计分，`/help` 查看更多。",
        "こんにちは！麻雀の審判です。`/mahjong new` で卓を立て、`/score hand` で点数計算、詳しくは `/help`。",
    ),
    "language.error.manage_guild": _m(
        "Only members with Manage Server can change the server's language.",
        "只有具有「管理伺服器」權限的成員可以變更伺服器語言。",
        "只有具有“管理服务器”权限的成员可以更改服务器语言。",
        "サーバーの言語を変更できるのは「サーバー管理」権限を持つメンバーだけです。",
    ),
    "language.error.unknown": _m(
        "“{language}” is not a language I speak (I speak: {known}).",
        "我不會「{language}」這個語言（可用：{known}）。",
        "我不会“{language}”这个语言（可用：{known}）。",
        "「{language}」は対応していない言語です（対応：{known}）。",
    ),
}
