"""Messages of ``/league`` (cogs/league/, bot/service/league/): merged into the catalogue by catalog.py.

Keys starting with ``cmd.league`` are command descriptions served by the app_commands Translator.
"""

from __future__ import annotations


def _m(en: str, tw: str, cn: str, ja: str) -> dict[str, str]:
    return {"en": en, "zh-TW": tw, "zh-CN": cn, "ja": ja}


LEAGUE_MESSAGES: dict[str, dict[str, str]] = {
    # Command descriptions
    "cmd.league.description": _m(
        "Leagues: seasons, games, standings",
        "聯賽：賽季、對局、排名",
        "联赛：赛季、对局、排名",
        "リーグ：シーズン・対局・順位",
    ),
    "cmd.league.create.description": _m(
        "Create a league bound to this channel (admins)",
        "建立綁定此頻道的聯賽（管理員）",
        "创建绑定此频道的联赛（管理员）",
        "このチャンネルに紐づくリーグを作成（管理者）",
    ),
    "cmd.league.settings.description": _m(
        "Show or change the league settings (admins)",
        "查看或修改聯賽設定（管理員）",
        "查看或修改联赛设置（管理员）",
        "リーグ設定の表示・変更（管理者）",
    ),
    "cmd.league.season.description": _m(
        "Start or end a season", "開始或結束賽季", "开始或结束赛季", "シーズンの開始・終了"
    ),
    "cmd.league.season.start.description": _m(
        "Start the next season (admins)",
        "開始下一個賽季（管理員）",
        "开始下一个赛季（管理员）",
        "次のシーズンを開始（管理者）",
    ),
    "cmd.league.season.end.description": _m(
        "End the current season (admins)",
        "結束目前賽季（管理員）",
        "结束当前赛季（管理员）",
        "現在のシーズンを終了（管理者）",
    ),
    "cmd.league.join.description": _m("Join the league", "加入聯賽", "加入联赛", "リーグに参加"),
    "cmd.league.record.description": _m(
        "Record a real-table game: players and final points, East first",
        "記錄實體對局：玩家與最終點數，東家起",
        "记录实体对局：玩家与最终点数，东家起",
        "対面対局を記録：東家から順にプレイヤーと最終持ち点",
    ),
    "cmd.league.undo.description": _m(
        "Take a game out of the standings (reporter within 24 h, or admins)",
        "撤銷一局（回報者24小時內或管理員）",
        "撤销一局（报告者24小时内或管理员）",
        "対局を取り消す（報告者は24時間以内、または管理者）",
    ),
    "cmd.league.correct.description": _m(
        "Correct a game's final points (reporter within 24 h, or admins)",
        "更正一局的最終點數（回報者24小時內或管理員）",
        "更正一局的最终点数（报告者24小时内或管理员）",
        "対局の最終持ち点を訂正（報告者は24時間以内、または管理者）",
    ),
    "cmd.league.restore.description": _m(
        "Count an undone game again (reporter within 24 h, or admins)",
        "恢復已撤銷的對局（回報者24小時內或管理員）",
        "恢复已撤销的对局（报告者24小时内或管理员）",
        "取り消した対局を戻す（報告者は24時間以内、または管理者）",
    ),
    "cmd.league.history.description": _m(
        "Every change made to a game (audit log)",
        "對局的所有修改紀錄（稽核紀錄）",
        "对局的所有修改记录（审计记录）",
        "対局の変更履歴（監査ログ）",
    ),
    "cmd.league.standings.description": _m("Show the standings", "顯示排名", "显示排名", "順位表を表示"),
    "cmd.league.player.description": _m(
        "A player's stats and rating history",
        "玩家的成績與評分變化",
        "玩家的成绩与评分变化",
        "プレイヤーの成績とレーティング推移",
    ),
    "cmd.league.export.description": _m(
        "Download the season as CSV", "下載賽季 CSV", "下载赛季 CSV", "シーズンを CSV でダウンロード"
    ),
    "cmd.league.import.description": _m(
        "Record an online game from a Tenhou record (mjlog or JSON)",
        "從天鳳牌譜（mjlog 或 JSON）記錄線上對局",
        "从天凤牌谱（mjlog 或 JSON）记录线上对局",
        "天鳳の牌譜（mjlog・JSON）からオンライン対局を記録",
    ),
    # Option descriptions
    "cmd.league.opt.league.description": _m(
        "League name (default: this channel's league)",
        "聯賽名稱（預設：本頻道的聯賽）",
        "联赛名称（默认：本频道的联赛）",
        "リーグ名（既定：このチャンネルのリーグ）",
    ),
    "cmd.league.opt.name.description": _m("The league's name", "聯賽名稱", "联赛名称", "リーグ名"),
    "cmd.league.opt.rules.description": _m("Rule set", "規則", "规则", "ルール"),
    "cmd.league.opt.admin_role.description": _m(
        "Role whose members administer the league",
        "可管理聯賽的身分組",
        "可管理联赛的身份组",
        "リーグを管理するロール",
    ),
    "cmd.league.opt.uma.description": _m(
        "Uma by position, first place first, e.g. 20 10 -10 -20",
        "各名次的馬點，第一名起，例如 20 10 -10 -20",
        "各名次的马点，第一名起，例如 20 10 -10 -20",
        "順位ウマ（1位から）例：20 10 -10 -20",
    ),
    "cmd.league.opt.oka.description": _m(
        "Oka to first place, in league points",
        "頭名獎勵（聯賽分）",
        "头名奖励（联赛分）",
        "オカ（トップ賞、リーグpt）",
    ),
    "cmd.league.opt.start_points.description": _m(
        "Points each player starts with", "起始點數", "起始点数", "配給原点"
    ),
    "cmd.league.opt.return_points.description": _m(
        "Return points (oka is the difference)", "返還點數", "返还点数", "返し点"
    ),
    "cmd.league.opt.min_games.description": _m(
        "Games needed to be ranked", "排名所需局數", "排名所需局数", "順位対象に必要な対局数"
    ),
    "cmd.league.opt.chombo_penalty.description": _m(
        "League points lost per chombo",
        "每次錯和扣的聯賽分",
        "每次错和扣的联赛分",
        "チョンボ1回のリーグpt罰符",
    ),
    "cmd.league.opt.bind_here.description": _m(
        "Count games played on the bot in this channel",
        "計入在本頻道進行的對局",
        "计入在本频道进行的对局",
        "このチャンネルでの対局を集計する",
    ),
    "cmd.league.opt.east.description": _m(
        "East player (first dealer)", "東家（起莊）", "东家（起庄）", "東家（起家）"
    ),
    "cmd.league.opt.east_points.description": _m(
        "East's final points", "東家最終點數", "东家最终点数", "東家の最終持ち点"
    ),
    "cmd.league.opt.south.description": _m("South player", "南家", "南家", "南家"),
    "cmd.league.opt.south_points.description": _m(
        "South's final points", "南家最終點數", "南家最终点数", "南家の最終持ち点"
    ),
    "cmd.league.opt.west.description": _m("West player", "西家", "西家", "西家"),
    "cmd.league.opt.west_points.description": _m(
        "West's final points", "西家最終點數", "西家最终点数", "西家の最終持ち点"
    ),
    "cmd.league.opt.north.description": _m(
        "North player (not in three-player games)",
        "北家（三人局不填）",
        "北家（三人局不填）",
        "北家（三人打ちでは不要）",
    ),
    "cmd.league.opt.north_points.description": _m(
        "North's final points", "北家最終點數", "北家最终点数", "北家の最終持ち点"
    ),
    "cmd.league.opt.sticks.description": _m(
        "Deposit sticks left on the table at the end",
        "結束時桌上剩餘的供託",
        "结束时桌上剩余的供托",
        "終局時に卓に残った供託の本数",
    ),
    "cmd.league.opt.chombo.description": _m(
        "Chombo count per seat, East first, e.g. 0 1 0 0",
        "各座位錯和次數，東家起，例如 0 1 0 0",
        "各座位错和次数，东家起，例如 0 1 0 0",
        "各席のチョンボ回数（東家から）例：0 1 0 0",
    ),
    "cmd.league.opt.game.description": _m(
        "League game number", "聯賽對局編號", "联赛对局编号", "リーグ対局番号"
    ),
    "cmd.league.opt.reason.description": _m(
        "Why (kept in the audit log)",
        "原因（保留於稽核紀錄）",
        "原因（保留于审计记录）",
        "理由（監査ログに記録）",
    ),
    "cmd.league.opt.points.description": _m(
        "Final points per seat, East first",
        "各座位最終點數，東家起",
        "各座位最终点数，东家起",
        "各席の最終持ち点（東家から）",
    ),
    "cmd.league.opt.season.description": _m(
        "Season number (default: the current one)",
        "賽季編號（預設：目前賽季）",
        "赛季编号（默认：当前赛季）",
        "シーズン番号（既定：現在のシーズン）",
    ),
    "cmd.league.opt.user.description": _m(
        "The player (default: you)", "玩家（預設：你）", "玩家（默认：你）", "プレイヤー（既定：自分）"
    ),
    "cmd.league.opt.file.description": _m(
        "Tenhou mjlog (XML) or tenhou.net/6 JSON record",
        "天鳳 mjlog（XML）或 tenhou.net/6 JSON 牌譜",
        "天凤 mjlog（XML）或 tenhou.net/6 JSON 牌谱",
        "天鳳の mjlog（XML）または tenhou.net/6 JSON 牌譜",
    ),
    # Errors and refusals (service)
    "league.error.store": _m(
        "That did not work: {reason}",
        "無法完成：{reason}",
        "无法完成：{reason}",
        "実行できませんでした：{reason}",
    ),
    "league.error.guild_only": _m(
        "Leagues live in servers: use this command in a server channel.",
        "聯賽屬於伺服器：請在伺服器頻道使用此指令。",
        "联赛属于服务器：请在服务器频道使用此指令。",
        "リーグはサーバー内で使います。サーバーのチャンネルで実行してください。",
    ),
    "league.error.no_store": _m(
        "The league database is not available right now; please try again later.",
        "聯賽資料庫暫時無法使用，請稍後再試。",
        "联赛数据库暂时无法使用，请稍后再试。",
        "リーグのデータベースが利用できません。後でもう一度お試しください。",
    ),
    "league.error.no_such_league": _m(
        "There is no league named “{name}” on this server.",
        "本伺服器沒有名為「{name}」的聯賽。",
        "本服务器没有名为“{name}”的联赛。",
        "このサーバーに「{name}」というリーグはありません。",
    ),
    "league.error.no_league": _m(
        "This server has no league yet: an admin can create one with /league create.",
        "本伺服器還沒有聯賽：管理員可用 /league create 建立。",
        "本服务器还没有联赛：管理员可用 /league create 创建。",
        "このサーバーにはまだリーグがありません。管理者が /league create で作成できます。",
    ),
    "league.error.which_league": _m(
        "Which league? Name one with the league option: {names}.",
        "請用 league 選項指定聯賽：{names}。",
        "请用 league 选项指定联赛：{names}。",
        "league オプションでリーグを指定してください：{names}。",
    ),
    "league.error.bad_rules": _m(
        "Unknown rule set {rules}.",
        "未知的規則 {rules}。",
        "未知的规则 {rules}。",
        "不明なルール {rules} です。",
    ),
    "league.error.bad_setting": _m(
        "That setting cannot be used: {reason}",
        "此設定無法使用：{reason}",
        "此设置无法使用：{reason}",
        "その設定は使えません：{reason}",
    ),
    "league.error.player_count": _m(
        "This league's games have {count} players; you gave {given}.",
        "本聯賽每局 {count} 人，你填了 {given} 人。",
        "本联赛每局 {count} 人，你填了 {given} 人。",
        "このリーグの対局は{count}人です（入力は{given}人）。",
    ),
    "league.error.bad_leftover": _m(
        "The number of deposit sticks left cannot be negative.",
        "剩餘供託數不可為負。",
        "剩余供托数不可为负。",
        "残った供託の本数は負にできません。",
    ),
    "league.error.same_player": _m(
        "The same player appears twice in one game.",
        "同一位玩家在一局中出現兩次。",
        "同一位玩家在一局中出现两次。",
        "同じプレイヤーが1局に2回入っています。",
    ),
    "league.error.total": _m(
        "The points add up to {total}, but they must add up to {expected}.",
        "點數合計為 {total}，但必須是 {expected}。",
        "点数合计为 {total}，但必须是 {expected}。",
        "持ち点の合計が{total}です。{expected}になる必要があります。",
    ),
    "league.error.not_members": _m(
        "Not members of the league yet: {names}. They can join with /league join.",
        "尚未加入聯賽：{names}。可用 /league join 加入。",
        "尚未加入联赛：{names}。可用 /league join 加入。",
        "リーグ未参加：{names}。/league join で参加できます。",
    ),
    "league.error.admins_only": _m(
        "Only league admins can do that (the league's admin role, or Manage Server).",
        "只有聯賽管理員可以這樣做（聯賽管理身分組或「管理伺服器」權限）。",
        "只有联赛管理员可以这样做（联赛管理身份组或“管理服务器”权限）。",
        "リーグ管理者のみ実行できます（リーグの管理ロール、または「サーバー管理」権限）。",
    ),
    "league.error.not_reporter": _m(
        "Only the player who reported game {game}, or a league admin, can change it.",
        "只有回報第 {game} 局的玩家或聯賽管理員可以修改。",
        "只有报告第 {game} 局的玩家或联赛管理员可以修改。",
        "対局{game}を変更できるのは報告者かリーグ管理者だけです。",
    ),
    "league.error.too_late": _m(
        "Game {game} was reported more than 24 hours ago: ask a league admin.",
        "第 {game} 局回報已超過24小時：請聯絡聯賽管理員。",
        "第 {game} 局报告已超过24小时：请联系联赛管理员。",
        "対局{game}の報告から24時間以上経っています。リーグ管理者に依頼してください。",
    ),
    "league.error.no_open_season": _m(
        "No season is open: an admin can start one with /league season start.",
        "目前沒有進行中的賽季：管理員可用 /league season start 開始。",
        "目前没有进行中的赛季：管理员可用 /league season start 开始。",
        "開催中のシーズンがありません。管理者が /league season start で開始できます。",
    ),
    "league.error.no_season": _m(
        "This league has no season yet.",
        "本聯賽還沒有賽季。",
        "本联赛还没有赛季。",
        "このリーグにはまだシーズンがありません。",
    ),
    "league.error.no_such_season": _m(
        "There is no season {number}.",
        "沒有第 {number} 賽季。",
        "没有第 {number} 赛季。",
        "シーズン{number}はありません。",
    ),
    "league.error.bad_points": _m(
        "Write one whole number per seat, East first, e.g. “32000 28000 24000 16000”.",
        "請依東家起每個座位寫一個整數，例如「32000 28000 24000 16000」。",
        "请按东家起每个座位写一个整数，例如“32000 28000 24000 16000”。",
        "東家から順に各席の整数を書いてください。例：「32000 28000 24000 16000」",
    ),
    "league.error.bad_uma": _m(
        "Write the uma as numbers, first place first, e.g. “20 10 -10 -20”.",
        "請由第一名起寫馬點數字，例如「20 10 -10 -20」。",
        "请由第一名起写马点数字，例如“20 10 -10 -20”。",
        "ウマは1位から順に数字で書いてください。例：「20 10 -10 -20」",
    ),
    "league.error.bad_chombo": _m(
        "Give one chombo count per seat ({count} numbers, East first), e.g. “0 1 0 0”.",
        "請依東家起為每個座位給一個錯和次數（{count} 個數字），例如「0 1 0 0」。",
        "请按东家起为每个座位给一个错和次数（{count} 个数字），例如“0 1 0 0”。",
        "東家から順に各席のチョンボ回数を{count}個書いてください。例：「0 1 0 0」",
    ),
    "league.error.file_too_big": _m(
        "That file is too big for a game record.",
        "檔案太大，不像是牌譜。",
        "文件太大，不像是牌谱。",
        "牌譜としては大きすぎるファイルです。",
    ),
    "league.done": _m("Done.", "完成。", "完成。", "完了しました。"),
    # Confirmations
    "league.confirm.void": _m(
        "Game {game} was undone; there is nothing to confirm.",
        "第 {game} 局已撤銷，無需確認。",
        "第 {game} 局已撤销，无需确认。",
        "対局{game}は取り消されています。確認は不要です。",
    ),
    "league.confirm.own_report": _m(
        "You reported game {game}: the other players confirm it, not you.",
        "第 {game} 局是你回報的：需要其他玩家確認，不是你。",
        "第 {game} 局是你报告的：需要其他玩家确认，不是你。",
        "対局{game}はあなたが報告しました。確認するのは他のプレイヤーです。",
    ),
    "league.confirm.done": _m(
        "You have already confirmed game {game}.",
        "你已確認過第 {game} 局。",
        "你已确认过第 {game} 局。",
        "対局{game}は確認済みです。",
    ),
    "league.confirm.not_yours": _m(
        "You did not play game {game}: only its players (or an admin) can confirm it.",
        "你沒有參加第 {game} 局：只有該局玩家（或管理員）可以確認。",
        "你没有参加第 {game} 局：只有该局玩家（或管理员）可以确认。",
        "あなたは対局{game}に参加していません。確認できるのはその対局のプレイヤー（または管理者）です。",
    ),
    "league.confirm.button": _m("Confirm", "確認", "确认", "確認"),
    "league.confirm.thanks": _m(
        "Thanks: your confirmation of game {game} is recorded.",
        "謝謝：已記錄你對第 {game} 局的確認。",
        "谢谢：已记录你对第 {game} 局的确认。",
        "対局{game}の確認を記録しました。",
    ),
    "league.confirm.admin": _m(
        "Confirmed game {game} for {count} player(s) as admin.",
        "已以管理員身分替 {count} 位玩家確認第 {game} 局。",
        "已以管理员身份替 {count} 位玩家确认第 {game} 局。",
        "管理者として{count}人分の対局{game}を確認しました。",
    ),
    # Game messages
    "league.game.title": _m(
        "{league}: game {game}", "{league}：第 {game} 局", "{league}：第 {game} 局", "{league}：対局{game}"
    ),
    "league.game.status.pending": _m(
        "Waiting for confirmation from: {names}",
        "等待確認：{names}",
        "等待确认：{names}",
        "確認待ち：{names}",
    ),
    "league.game.status.confirmed": _m(
        "Confirmed: it counts in the standings.",
        "已確認：計入排名。",
        "已确认：计入排名。",
        "確認済み：順位表に反映されます。",
    ),
    "league.game.status.void": _m(
        "Undone: it does not count.",
        "已撤銷：不計入排名。",
        "已撤销：不计入排名。",
        "取り消し：順位表に含まれません。",
    ),
    "league.game.reported_by": _m("Reported by {name}", "回報者：{name}", "报告者：{name}", "報告者：{name}"),
    "league.game.leftover": _m(
        "Deposit sticks left on the table: {count}",
        "桌上剩餘供託：{count}",
        "桌上剩余供托：{count}",
        "卓に残った供託：{count}本",
    ),
    "league.game.please_confirm": _m(
        "{names}: please confirm game {game} with the button.",
        "{names}：請按按鈕確認第 {game} 局。",
        "{names}：请按按钮确认第 {game} 局。",
        "{names}：ボタンで対局{game}を確認してください。",
    ),
    "league.game.chombo": _m("chombo ×{count}", "錯和 ×{count}", "错和 ×{count}", "チョンボ ×{count}"),
    "league.undo.already": _m(
        "Game {game} is already undone.",
        "第 {game} 局已經撤銷。",
        "第 {game} 局已经撤销。",
        "対局{game}はすでに取り消されています。",
    ),
    "league.undo.done": _m(
        "Game {game} no longer counts (kept in the audit log).",
        "第 {game} 局已不計入（保留於稽核紀錄）。",
        "第 {game} 局已不计入（保留于审计记录）。",
        "対局{game}を集計から外しました（監査ログに記録）。",
    ),
    "league.correct.done": _m(
        "Game {game} corrected (the old points are kept in the audit log).",
        "第 {game} 局已更正（舊點數保留於稽核紀錄）。",
        "第 {game} 局已更正（旧点数保留于审计记录）。",
        "対局{game}を訂正しました（旧持ち点は監査ログに記録）。",
    ),
    "league.restore.not_void": _m(
        "Game {game} is not undone.",
        "第 {game} 局並未撤銷。",
        "第 {game} 局并未撤销。",
        "対局{game}は取り消されていません。",
    ),
    "league.restore.done": _m(
        "Game {game} counts again (kept in the audit log).",
        "第 {game} 局已恢復計入（保留於稽核紀錄）。",
        "第 {game} 局已恢复计入（保留于审计记录）。",
        "対局{game}を再び集計に含めました（監査ログに記録）。",
    ),
    "league.history.title": _m(
        "{league}: changes to game {game}",
        "{league}：第 {game} 局的修改紀錄",
        "{league}：第 {game} 局的修改记录",
        "{league}：対局{game}の変更履歴",
    ),
    "league.history.record": _m("recorded", "記錄", "记录", "記録"),
    "league.history.confirm": _m(
        "admin confirmation", "管理員代為確認", "管理员代为确认", "管理者の代理確認"
    ),
    "league.history.correct": _m("corrected", "更正", "更正", "訂正"),
    "league.history.void": _m("undone", "撤銷", "撤销", "取り消し"),
    "league.history.restore": _m("restored", "恢復", "恢复", "復元"),
    "league.error.no_game": _m(
        "There is no game {game} in this league.",
        "本聯賽沒有第 {game} 局。",
        "本联赛没有第 {game} 局。",
        "このリーグに対局{game}はありません。",
    ),
    # League admin
    "league.created": _m(
        "League “{name}” ({rules}) created; games on the bot in {channel} count in it.",
        "已建立聯賽「{name}」（{rules}）；在 {channel} 進行的對局會計入。",
        "已创建联赛“{name}”（{rules}）；在 {channel} 进行的对局会计入。",
        "リーグ「{name}」（{rules}）を作成しました。{channel} での対局が集計されます。",
    ),
    "league.settings.title": _m("Settings of {name}", "{name} 的設定", "{name} 的设置", "{name} の設定"),
    "league.settings.saved": _m(
        "Settings of {name} saved.",
        "已儲存 {name} 的設定。",
        "已保存 {name} 的设置。",
        "{name} の設定を保存しました。",
    ),
    "league.settings.admin_role": _m("Admin role", "管理身分組", "管理身份组", "管理ロール"),
    "league.settings.none": _m(
        "(none: Manage Server only)",
        "（無：僅限「管理伺服器」）",
        "（无：仅限“管理服务器”）",
        "（なし：サーバー管理権限のみ）",
    ),
    "league.season.started": _m(
        "Season {number} of {name} has started.",
        "{name} 第 {number} 賽季開始。",
        "{name} 第 {number} 赛季开始。",
        "{name} シーズン{number}が始まりました。",
    ),
    "league.season.ended": _m(
        "Season {number} of {name} has ended.",
        "{name} 第 {number} 賽季結束。",
        "{name} 第 {number} 赛季结束。",
        "{name} シーズン{number}が終了しました。",
    ),
    "league.joined": _m(
        "Welcome to {name}, {player}!",
        "歡迎加入 {name}，{player}！",
        "欢迎加入 {name}，{player}！",
        "{player}さん、{name}へようこそ！",
    ),
    "league.join.already": _m(
        "You are already a member of {name}.",
        "你已是 {name} 的成員。",
        "你已是 {name} 的成员。",
        "すでに{name}のメンバーです。",
    ),
    # Standings and players
    "league.standings.title": _m(
        "{name}: season {number} standings",
        "{name}：第 {number} 賽季排名",
        "{name}：第 {number} 赛季排名",
        "{name}：シーズン{number} 順位表",
    ),
    "league.standings.empty": _m(
        "No confirmed games yet.",
        "還沒有已確認的對局。",
        "还没有已确认的对局。",
        "確認済みの対局はまだありません。",
    ),
    "league.standings.line": _m(
        "{position}. {name}: {total} pts, {games} games, avg rank {rank}",
        "{position}. {name}：{total} 分，{games} 局，平均順位 {rank}",
        "{position}. {name}：{total} 分，{games} 局，平均顺位 {rank}",
        "{position}. {name}：{total}pt、{games}戦、平均順位 {rank}",
    ),
    "league.standings.page": _m(
        "Page {page} of {pages} · {games} games",
        "第 {page}/{pages} 頁 · {games} 局",
        "第 {page}/{pages} 页 · {games} 局",
        "{page}/{pages}ページ · {games}戦",
    ),
    "league.standings.previous": _m("Previous", "上一頁", "上一页", "前へ"),
    "league.standings.next": _m("Next", "下一頁", "下一页", "次へ"),
    "league.player.title": _m(
        "{player} in {name}, season {number}",
        "{player}：{name} 第 {number} 賽季",
        "{player}：{name} 第 {number} 赛季",
        "{player}：{name} シーズン{number}",
    ),
    "league.player.no_games": _m(
        "No confirmed games this season.",
        "本賽季沒有已確認的對局。",
        "本赛季没有已确认的对局。",
        "今シーズンの確認済み対局はありません。",
    ),
    "league.player.stats": _m("Results", "成績", "成绩", "成績"),
    "league.player.stats_line": _m(
        "Position {position} · {games} games · {total} pts · avg rank {rank} · 1st {first} · last {last}",
        "名次 {position} · {games} 局 · {total} 分 · 平均順位 {rank} · 一位率 {first} · 四位率 {last}",
        "名次 {position} · {games} 局 · {total} 分 · 平均顺位 {rank} · 一位率 {first} · 末位率 {last}",
        "順位 {position} · {games}戦 · {total}pt · 平均順位 {rank} · トップ率 {first} · ラス率 {last}",
    ),
    "league.player.ratings": _m("Ratings", "評分", "评分", "レーティング"),
    "league.player.ratings_line": _m(
        "Tenhou R {rate} · OpenSkill {skill}",
        "天鳳R {rate} · OpenSkill {skill}",
        "天凤R {rate} · OpenSkill {skill}",
        "天鳳R {rate} · OpenSkill {skill}",
    ),
    "league.player.history": _m("R after each game", "每局後的R", "每局后的R", "各対局後のR"),
    "league.player.recent": _m("Recent games", "最近對局", "最近对局", "最近の対局"),
    "league.player.recent_line": _m(
        "Game {game}: {points} points, rank {rank}, {lp} pts",
        "第 {game} 局：{points} 點，第 {rank} 名，{lp} 分",
        "第 {game} 局：{points} 点，第 {rank} 名，{lp} 分",
        "対局{game}：{points}点、{rank}位、{lp}pt",
    ),
    "league.player.unranked": _m("unranked", "未排名", "未排名", "順位なし"),
    "league.export.done": _m(
        "{name}, season {number}: standings and games as CSV.",
        "{name} 第 {number} 賽季：排名與對局 CSV。",
        "{name} 第 {number} 赛季：排名与对局 CSV。",
        "{name} シーズン{number}：順位表と対局の CSV です。",
    ),
    # Imports
    "league.import.unreadable": _m(
        "I could not read that record: {reason}",
        "無法讀取該牌譜：{reason}",
        "无法读取该牌谱：{reason}",
        "牌譜を読み取れません：{reason}",
    ),
    "league.import.wrong_rules": _m(
        "That record is a {record} game, but this league plays {league}.",
        "該牌譜是 {record} 對局，但本聯賽是 {league}。",
        "该牌谱是 {record} 对局，但本联赛是 {league}。",
        "その牌譜は{record}の対局ですが、このリーグは{league}です。",
    ),
    "league.import.unmatched": _m(
        "Who sat in these seats? {seats}. "
        "Run the command again naming them with the seat options (east, south, west, north).",
        "這些座位是誰？{seats}。請重新執行指令，用座位選項（east、south、west、north）指定。",
        "这些座位是谁？{seats}。请重新执行指令，用座位选项（east、south、west、north）指定。",
        "この席は誰ですか？{seats}。席のオプション（east・south・west・north）で指定してもう一度実行してください。",
    ),
    "league.import.done": _m(
        "Imported {fmt} record as game {game}: {names}",
        "已匯入 {fmt} 牌譜為第 {game} 局：{names}",
        "已导入 {fmt} 牌谱为第 {game} 局：{names}",
        "{fmt}の牌譜を対局{game}として取り込みました：{names}",
    ),
}
