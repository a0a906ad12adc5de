"""Reading a league: seasons, settled standings with ratings, player pages and the CSV export."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from bot.league.csv_export import games_csv, standings_csv
from bot.league.hand_stats import HandStats, player_hand_stats
from bot.league.ratings import R_START, SkillRating, TenhouRating, tenhou_r_changes
from bot.league.ratings import rating_history as both_rating_histories
from bot.league.season import (
    GameAudit,
    SettledGame,
    season_game_rows,
    season_ratings,
    season_standings,
    settle_season,
)
from bot.league.settlement import LeagueSettings
from bot.league.standings import Standing
from bot.service.league.base import LeagueServiceBase
from bot.service.league.bot_games import HAND_OUTCOMES, stored_hand_outcomes
from bot.service.league.model import PlayerPage, SeasonSummary, SeasonView
from bot.service.refusal import Refusal
from bot.store import AuditEntry, League, LeagueGame, Player, Season

log = logging.getLogger(__name__)


class LeagueReading(LeagueServiceBase):
    async def season_of(self, league: League, number: int | None = None) -> Season:
        """Season ``number``, else the open season, else the latest one."""
        seasons = await self.store.seasons(league.id)
        if number is not None:
            for season in seasons:
                if season.number == number:
                    return season
            raise Refusal("league.error.no_such_season", number=number)
        if not seasons:
            raise Refusal("league.error.no_season")
        open_seasons = [s for s in seasons if s.ended_at is None]
        return open_seasons[-1] if open_seasons else seasons[-1]

    async def season_view(self, league: League, number: int | None = None) -> SeasonView:
        """A season settled; an archived (ended) season with the settings frozen at its end."""
        season = await self.season_of(league, number)
        settings = self.settings_of(league, season)
        games = await self.store.season_games(season.id)
        hand_stats = await self.bot_hand_stats(games)
        # Settling and rating a long season is pure CPU work (about 0.4 ms a game): a thread keeps the
        # event loop, and so every other table and command, running meanwhile.
        settled, table, skill, tenhou = await asyncio.to_thread(settle_and_rate, games, settings, hand_stats)
        names = await self._names({p.player_id for g in games for p in g.players})
        return SeasonView(league, season, settings, settled, table, names, skill, tenhou)

    async def season_summaries(self, league: League) -> list[SeasonSummary]:
        """Every season of the league, oldest first: dates, games counted and who leads (or won)."""
        summaries = []
        for season in await self.store.seasons(league.id):
            view = await self.season_view(league, season.number)
            ranked = [s for s in view.standings if s.position is not None]
            leader = ranked[0] if ranked else None
            played = sorted(g.game.played_at or g.game.created_at for g in view.settled)
            summaries.append(
                SeasonSummary(
                    season,
                    len(view.settled),
                    None if leader is None else view.names.get(leader.player, str(leader.player)),
                    None if leader is None else leader.total,
                    len(view.standings),
                    played[0] if played else None,
                    played[-1] if played else None,
                )
            )
        return summaries

    async def player_seasons(self, league: League, player: Player) -> list[tuple[Season, Standing]]:
        """The player's line in each season they played, oldest first (season-over-season history)."""
        lines = []
        for season in await self.store.seasons(league.id):
            view = await self.season_view(league, season.number)
            standing = next((s for s in view.standings if s.player == player.id), None)
            if standing is not None:
                lines.append((season, standing))
        return lines

    async def player_page(self, league: League, player: Player, number: int | None = None) -> PlayerPage:
        view = await self.season_view(league, number)
        standing = next((s for s in view.standings if s.player == player.id), None)
        history = rating_history(view.settled, player.id)
        rated = [[(r.player, r.rank) for r in s.results] for s in view.settled]
        ratings = both_rating_histories(rated, player.id) if standing is not None else None
        recent = [
            (s.game.id, row.final_points, res.rank, res.league_points)
            for s in view.settled
            for row, res in zip(sorted(s.game.players, key=lambda p: p.seat), s.results, strict=True)
            if row.player_id == player.id
        ][-10:]
        return PlayerPage(
            player,
            view.season,
            standing,
            view.skill.get(player.id),
            view.tenhou.get(player.id),
            history,
            recent,
            ratings,
            await self.player_seasons(league, player),
        )

    async def export_csv(self, league: League, number: int | None = None) -> dict[str, str]:
        """CSV files by name: the standings, and every seat of every game of the season: counted,
        pending or void, with who reported and confirmed it and its audited history."""
        view = await self.season_view(league, number)
        games = await self.store.season_games(view.season.id, statuses=("confirmed", "pending", "void"))
        entries = await self.store.audit_entries(league.id)
        people: set[int | None] = {p.player_id for g in games for p in g.players}
        people |= {pid for g in games for pid in (g.reporter_id, *(p.confirmed_by for p in g.players))}
        people |= {e.actor_id for e in entries}
        names = await self._names({pid for pid in people if pid is not None})
        audit = game_audits(entries, {g.id for g in games}, names, games)
        rows = season_game_rows(view.settled, audit, games=games, settings=view.settings)
        stem = f"{_slug(league.name)}-season{view.season.number}"
        return {
            f"{stem}-standings.csv": standings_csv(view.standings, view.names),
            f"{stem}-games.csv": games_csv(rows, names),
        }

    async def bot_hand_stats(self, games: Sequence[LeagueGame]) -> dict[int, dict[Hashable, HandStats]]:
        """(hands, wins, deal-ins) per player of each bot-played game, keyed by league game id.

        Hands and winners come from the stored hand results; who dealt in from the engine's records,
        rebuilt by replaying the stored decisions (off the event loop, once per game and store).  A game
        whose replay disagrees with its stored results, or cannot be replayed, gets no hand data.
        """
        known = HAND_OUTCOMES.setdefault(self.store, {})
        stats: dict[int, dict[Hashable, HandStats]] = {}
        for game in games:
            if game.source != "bot" or game.game_id is None:
                continue
            if game.game_id not in known:
                record = await self.store.game_record(game.game_id)
                if record.game.status != "finished":
                    continue
                try:
                    known[game.game_id] = await asyncio.to_thread(stored_hand_outcomes, record)
                except Exception as exc:  # an old rule version, a damaged record: leave the game out
                    log.warning("no hand statistics for game %s: %s", game.game_id, exc)
                    known[game.game_id] = None
            outcomes = known[game.game_id]
            if outcomes is not None:
                seats = sorted(game.players, key=lambda p: p.seat)
                stats[game.id] = player_hand_stats(outcomes, [p.player_id for p in seats])
        return stats


def rating_history(settled: Sequence[SettledGame], player_id: int) -> list[float]:
    """Tenhou R of ``player_id`` after each of their games, in order (the same maths as the standings)."""
    rates: dict[Any, float] = {}
    played: dict[Any, int] = {}
    history: list[float] = []
    for game in settled:
        keys = [r.player for r in game.results]
        if len(keys) not in (3, 4):
            continue
        before = [rates.get(k, R_START) for k in keys]
        changes = tenhou_r_changes(before, [played.get(k, 0) for k in keys], [r.rank for r in game.results])
        for key, old, delta in zip(keys, before, changes, strict=True):
            rates[key] = old + delta
            played[key] = played.get(key, 0) + 1
            if key == player_id:
                history.append(rates[key])
    return history


def _slug(name: str) -> str:
    kept = "".join(c if c.isalnum() else "-" for c in name.strip().lower())
    return "-".join(part for part in kept.split("-") if part) or "league"


def _points_text(snapshot: Any) -> str:
    players = snapshot.get("players") if isinstance(snapshot, dict) else None
    return " ".join(str(p["points"]) for p in players or [])


def audit_line(entry: AuditEntry, names: Mapping[Hashable, str]) -> str:
    """One audited change of a game as text for the CSV (English: a data file, not a message)."""
    actor = names.get(entry.actor_id, str(entry.actor_id)) if entry.actor_id is not None else "the bot"
    after = entry.after if isinstance(entry.after, dict) else {}
    authority = " (admin)" if after.get("authority") == "admin" else ""
    when = entry.at[:16].replace("T", " ")
    detail = {
        "record": f"recorded by {actor}: {_points_text(after)}",
        "confirm": f"confirmed for {names.get(after.get('player_id'), '?')} by {actor}",
        "correct": f"corrected by {actor}{authority}: {_points_text(entry.before)} -> {_points_text(after)}",
        "void": f"voided by {actor}",
        "restore": f"restored by {actor}",
        "chombo": f"chombo changed by {actor}{authority}: "
        + " ".join(str(p["chombo"]) for p in after.get("players", [])),
    }.get(entry.action, f"{entry.action} by {actor}")
    reason = f" ({entry.reason})" if entry.reason else ""
    return f"{when} {detail}{reason}"


def game_audits(
    entries: Sequence[AuditEntry],
    game_ids: set[int],
    names: Mapping[Hashable, str],
    games: Sequence[LeagueGame] = (),
) -> dict[int, GameAudit]:
    """Corrections and history text per league game, oldest first: the league's audit rows, and the
    confirmations of ``games``' seats the audit does not hold (a player's own, a guest's by the reporter:
    the audit keeps only those made on someone's behalf)."""
    lines: dict[int, list[tuple[str, str]]] = {}
    corrections: dict[int, int] = {}
    audited: set[tuple[int, Any]] = set()
    for entry in entries:
        if entry.target != "league_game" or entry.target_id not in game_ids:
            continue
        game = int(entry.target_id)
        lines.setdefault(game, []).append((entry.at, audit_line(entry, names)))
        corrections[game] = corrections.get(game, 0) + (entry.action == "correct")
        if entry.action == "confirm" and isinstance(entry.after, dict):
            audited.add((game, entry.after.get("player_id")))
    for league_game in games:
        for row in league_game.players:
            if (
                row.confirmed_at is None
                or row.confirmed_by is None
                or (league_game.id, row.player_id) in audited
            ):
                continue  # pending, counted at once (a bot-played game), or in the audit already
            lines.setdefault(league_game.id, []).append(
                (
                    row.confirmed_at,
                    confirmation_line(row.confirmed_at, row.player_id, row.confirmed_by, names),
                )
            )
    return {
        game: GameAudit(
            corrections.get(game, 0), "; ".join(text for _, text in sorted(dated, key=lambda d: d[0]))
        )
        for game, dated in lines.items()
    }


def confirmation_line(at: str, player: int, by: int | None, names: Mapping[Hashable, str]) -> str:
    """A seat's confirmation in the history: "confirmed by X", or "confirmed for X by Y" (a guest)."""
    when = at[:16].replace("T", " ")
    who = names.get(player, str(player))
    if by is None or by == player:
        return f"{when} confirmed by {who}"
    return f"{when} confirmed for {who} by {names.get(by, str(by))}"


def settle_and_rate(
    games: Sequence[LeagueGame],
    settings: LeagueSettings,
    hand_stats: Mapping[int, Mapping[Hashable, HandStats]],
) -> tuple[list[SettledGame], list[Standing], dict[Any, SkillRating], dict[Any, TenhouRating]]:
    """A season's games settled, its standings and both ratings (pure; run off the event loop)."""
    settled = settle_season(games, settings, hand_stats)
    skill, tenhou = season_ratings(settled) if settled else ({}, {})
    return settled, season_standings(settled, settings), skill, tenhou
