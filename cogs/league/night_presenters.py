"""League nights as text: a round posted (mentioning exactly the players seated), the whole draw, the
status with the night's standings.  A draw is a list: each message is cut at whole lines to Discord's
2,000 characters, and each carries whom its own lines mention."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.i18n import t
from bot.service.league.nights import NightRound, NightTable, NightView
from bot.store import Player
from cogs.league.game_presenters import Pinged, mention, pings, signed

#: Discord's limit on a message's content.
MESSAGE_LIMIT = 2000


def seats_text(table: NightTable, language: str, *, mentions: bool) -> str:
    """``East <@1> · South <@2> · West carol · North <@4>``."""
    return " · ".join(
        f"{t(f'league.night.wind.{seat}', language)} {mention(p) if mentions else p.display_name}"
        for seat, p in enumerate(table.players)
    )


def names(players: Iterable[Player]) -> str:
    return ", ".join(p.display_name for p in players)


def round_lines(night_round: NightRound, language: str, *, mentions: bool) -> list[tuple[str, list[Player]]]:
    """Each table (with the players its line mentions) and who sits out (named, never pinged)."""
    lines: list[tuple[str, list[Player]]] = [
        (
            f"`{table.label}` {seats_text(table, language, mentions=mentions)}",
            list(table.players) if mentions else [],
        )
        for table in night_round.tables
    ]
    if night_round.byes:
        lines.append((t("league.night.byes", language, names=names(night_round.byes)), []))
    return lines


def posted_round(view: NightView, language: str, *, started: bool = False) -> list[Pinged]:
    """The messages posting the night's current round: the tables mention their players."""
    current = view.current
    total = len(view.rounds)
    head = round_header(view, current, language)
    lines: list[tuple[str, list[Player]]] = []
    if started:
        first = view.rounds[0]
        count = sum(len(table.players) for table in first.tables) + len(first.byes)
        text = t(
            "league.night.started",
            language,
            league=view.league.name,
            number=view.night.number,
            players=count,
            rounds=total,
        )
        lines.append((text, []))
    lines.append((head, []))
    lines += round_lines(current, language, mentions=True)
    lines.append((t("league.night.record_hint", language, label=current.tables[0].label), []))
    if current.number == total:
        lines.append((t("league.night.last_posted", language), []))
    continued = t("league.night.round_continued", language, number=current.number)
    return split(lines, continued)


def title(view: NightView, language: str) -> str:
    return f"**{t('league.night.show.title', language, league=view.league.name, number=view.night.number)}**"


def round_header(view: NightView, night_round: NightRound, language: str) -> str:
    """``**Round 2 of 5** (night 3)``."""
    total = len(view.rounds)
    return t("league.night.round", language, number=night_round.number, rounds=total, night=view.night.number)


def whole_draw(view: NightView, language: str) -> list[str]:
    """Every round, names only (for the one who asked)."""
    night = view.night
    lines = [
        title(view, language),
        t("league.night.show.posted", language, posted=night.posted_round, rounds=len(view.rounds)),
    ]
    if not night.is_open:
        lines.append(t("league.night.show.ended", language))
    if view.left:
        lines.append(t("league.night.left", language, names=names(view.left)))
    for night_round in view.rounds:
        lines.append(round_header(view, night_round, language))
        lines += [text for text, _ in round_lines(night_round, language, mentions=False)]
    return [m.text for m in split([(line, []) for line in lines], "")]


def status(view: NightView, language: str) -> list[str]:
    """Which posted tables reported (their game and whether it is confirmed), then the night's standings."""
    night = view.night
    posted = view.posted
    tables = [table for r in posted for table in r.tables if table.counted]
    reported = sum(table.game is not None for table in tables)
    lines = [
        title(view, language),
        t(
            "league.night.status.count",
            language,
            reported=reported,
            tables=len(tables),
            posted=night.posted_round,
            rounds=len(view.rounds),
        ),
    ]
    for night_round in posted:
        lines.append(round_header(view, night_round, language))
        for table in night_round.tables:
            if not table.counted:
                state = t("league.night.status.not_counted", language)
            elif table.game is None:
                state = t("league.night.status.waiting", language)
            else:
                word = "confirmed" if table.game.status == "confirmed" else "pending"
                state = t(
                    "league.night.status.reported",
                    language,
                    game=table.game.id,
                    state=t(f"league.night.status.{word}", language),
                )
            lines.append(f"`{table.label}` {names(table.players)}: {state}")
    lines.append(t("league.night.status.standings", language))
    shown = view.names or {}
    if not view.standings:
        lines.append(t("league.night.status.no_results", language))
    for position, standing in enumerate(view.standings, start=1):
        lines.append(
            t(
                "league.night.status.line",
                language,
                position=position,
                name=shown.get(int(str(standing.player)), str(standing.player)),
                total=signed(standing.total),
                games=standing.games,
            )
        )
    return [m.text for m in split([(line, []) for line in lines], "")]


def split(lines: Sequence[tuple[str, list[Player]]], continued: str) -> list[Pinged]:
    """Lines gathered into messages of at most MESSAGE_LIMIT characters (a message after the first starts
    with ``continued`` when given); each message pings the players its own lines mention."""
    messages: list[Pinged] = []
    text, pinged = "", list[Player]()
    for line, players in lines:
        line = line[: MESSAGE_LIMIT - len(continued) - 1]
        if text and len(text) + 1 + len(line) > MESSAGE_LIMIT:
            messages.append(Pinged(text, pings(pinged)))
            text, pinged = continued, []
        text = f"{text}\n{line}" if text else line
        pinged += players
    if text:
        messages.append(Pinged(text, pings(pinged)))
    return messages
