"""Leagues without Discord: who may do what, totals, confirmations, corrections, standings and imports.

The cog (cogs/league.py) and the terminal (bot/cli/league.py) call :class:`LeagueService`; the table
service calls :func:`record_bot_game` when a game on the bot ends.  Nothing here knows Discord: the
front end says who acts with an :class:`Actor` (their store player id, and whether they administer the
league: a Discord role set in the settings, or Manage Server, decided by the front end).

Refusals are :class:`LeagueRefusal` (an i18n key of bot/i18n/league_messages.py and its values), so the
front end can answer politely in the user's language; the store's own errors (``StoreError``) carry an
English reason that is shown inside a localized sentence.

Rules kept here:
* Only admins change settings, open or close seasons, confirm for other players, or change a game
  after 24 hours.  The reporter may undo or correct their own game within 24 hours.
* Final points entered by hand must add up to the table total (start points x players, less deposit
  sticks still on the table).  Nobody confirms a row but their own (admins excepted, audited).
* A bot-played game counts when its channel (or the thread's parent) is bound to a league with an open
  season of the same rule set and every seat is a human; the players join the league by playing.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import logging
import weakref
import xml.etree.ElementTree as ET
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any
from urllib.parse import unquote

from bot.league.csv_export import games_csv, standings_csv
from bot.league.hand_stats import HandOutcome, HandStats, hand_outcome, player_hand_stats
from bot.league.ratings import R_START, RatingHistory, SkillRating, TenhouRating, tenhou_r_changes
from bot.league.ratings import rating_history as both_rating_histories
from bot.league.season import SettledGame, season_game_rows, season_ratings, season_standings, settle_season
from bot.league.settlement import LeagueSettings, settings_for, settings_from_json
from bot.league.standings import Standing
from bot.logs.mjlog import RecordError, parse_mjlog_root
from bot.rules.registry import RULE_SETS
from bot.store import AuditEntry, GameRecord, League, LeagueGame, Player, Season, Store, StoreError

log = logging.getLogger(__name__)

#: How long the reporter of a game may undo or correct it without an admin.
REPORTER_WINDOW = timedelta(hours=24)
Clock = Callable[[], datetime]


class LeagueRefusal(Exception):
    """A polite refusal: ``key`` names the message in bot/i18n (league.*), ``values`` fill it."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(key)
        self.key = key
        self.values = values

    def __str__(self) -> str:
        from bot.i18n import t

        return t(self.key, "en", **self.values)


class ImportNeedsMapping(LeagueRefusal):
    """Some names of an imported record match no member (or several): ask who sat in those seats."""

    def __init__(self, names: Sequence[str], unmatched: Sequence[int]) -> None:
        seats = ", ".join(f"{_SEAT_NAMES[s]}: {names[s]}" for s in unmatched)
        super().__init__("league.import.unmatched", seats=seats)
        self.names = tuple(names)
        self.unmatched = tuple(unmatched)


_SEAT_NAMES = ("east", "south", "west", "north")


@dataclass(frozen=True)
class Actor:
    player_id: int
    is_admin: bool = False


@dataclass(frozen=True)
class ConfirmOutcome:
    game: LeagueGame
    confirmed_rows: int  # rows this click confirmed (1 for a player, the remaining rows for an admin)


@dataclass(frozen=True)
class SeasonView:
    """A season settled: standings with names and ratings, ready for an embed, a picture or a CSV."""

    league: League
    season: Season
    settings: LeagueSettings
    settled: list[SettledGame]
    standings: list[Standing]
    names: dict[Hashable, str]
    skill: dict[Any, SkillRating]
    tenhou: dict[Any, TenhouRating]


@dataclass(frozen=True)
class PlayerPage:
    player: Player
    season: Season
    standing: Standing | None
    skill: SkillRating | None
    tenhou: TenhouRating | None
    rating_history: list[float]  # Tenhou R after each of the player's games (starts at R_START)
    recent: list[tuple[int, int, int, Decimal]] = field(default_factory=list)  # game id, points, rank, lp
    # Both ratings before the first game and after each game (the chart's data); None without games.
    ratings: RatingHistory | None = None


@dataclass(frozen=True)
class OnlineGame:
    """What an online record says about the game's end: names and final points per seat, East first."""

    rule_set: str  # riichi | sanma
    names: tuple[str, ...]
    final_points: tuple[int, ...]
    fmt: str  # mjlog | tenhou6


def _utc_now() -> datetime:
    return datetime.now(UTC)


class LeagueService:
    def __init__(self, store: Store, *, clock: Clock | None = None) -> None:
        self.store = store
        self._clock = clock or _utc_now

    # ------------------------------------------------------------------ finding a league
    async def player(self, display_name: str, *, discord_id: int) -> Player:
        return await self.store.ensure_player(display_name, discord_id=discord_id)

    async def resolve_league(
        self,
        guild_id: int,
        channel_id: int | None,
        name: str | None = None,
        *,
        parent_channel_id: int | None = None,
    ) -> League:
        """The league named, else the one bound to the channel (or to the channel a thread belongs to),
        else the server's only league."""
        leagues = await self.store.guild_leagues(guild_id)
        if name:
            for league in leagues:
                if league.name.casefold() == name.strip().casefold():
                    return league
            raise LeagueRefusal("league.error.no_such_league", name=name)
        for bound in (channel_id, parent_channel_id):
            channel = None if bound is None else await self.store.get_channel(bound)
            if channel is not None and channel.league_id is not None:
                return await self.store.get_league(channel.league_id)
        if len(leagues) == 1:
            return leagues[0]
        if not leagues:
            raise LeagueRefusal("league.error.no_league")
        raise LeagueRefusal("league.error.which_league", names=", ".join(lg.name for lg in leagues))

    def settings_of(self, league: League) -> LeagueSettings:
        return settings_from_json(league.rule_set, league.settings)

    # ------------------------------------------------------------------ admin work
    async def create_league(
        self,
        actor: Actor,
        guild_id: int,
        name: str,
        rule_set: str,
        *,
        channel_id: int | None = None,
        admin_role_id: int | None = None,
    ) -> League:
        self._require_admin(actor)
        if rule_set not in RULE_SETS:
            raise LeagueRefusal("league.error.bad_rules", rules=rule_set)
        league = await self.store.create_league(
            guild_id, name.strip(), rule_set, {}, admin_role_id=admin_role_id, actor_id=actor.player_id
        )
        if channel_id is not None:
            await self.bind_channel(actor, league, guild_id, channel_id)
        return league

    async def bind_channel(self, actor: Actor, league: League, guild_id: int, channel_id: int) -> None:
        """Games on the bot in this channel (and its threads) count in ``league``."""
        self._require_admin(actor)
        current = await self.store.get_channel(channel_id)
        language = current.language if current is not None else None
        await self.store.set_channel(guild_id, channel_id, language=language, league_id=league.id)

    async def update_settings(self, actor: Actor, league: League, changes: Mapping[str, Any]) -> League:
        """Change league settings (uma, oka, start/return points, min games, ...); checked before saving."""
        self._require_admin(actor)
        merged = {**league.settings, **changes}
        try:
            settings_for(league.rule_set, merged)
        except ValueError as exc:
            raise LeagueRefusal("league.error.bad_setting", reason=str(exc)) from None
        return await self.store.update_league_settings(league.id, merged, actor_id=actor.player_id)

    async def set_admin_role(self, actor: Actor, league: League, role_id: int | None) -> League:
        self._require_admin(actor)
        return await self.store.set_league_admin_role(league.id, role_id, actor_id=actor.player_id)

    async def start_season(self, actor: Actor, league: League) -> Season:
        self._require_admin(actor)
        return await self.store.start_season(league.id, actor_id=actor.player_id)

    async def end_season(self, actor: Actor, league: League) -> Season:
        self._require_admin(actor)
        return await self.store.end_season(league.id, actor_id=actor.player_id)

    async def join(self, league: League, player: Player) -> bool:
        return await self.store.join_league(league.id, player.id)

    # ------------------------------------------------------------------ games entered by hand
    async def record_game(
        self,
        actor: Actor,
        league: League,
        results: Sequence[tuple[int, int]],
        *,
        leftover: int = 0,
        chombos: Sequence[int] | None = None,
        source: str = "manual",
    ) -> LeagueGame:
        """A real-table game: (player id, final points) per seat, East first; pending until confirmed."""
        settings = self.settings_of(league)
        if len(results) != settings.players:
            raise LeagueRefusal("league.error.player_count", count=settings.players, given=len(results))
        if leftover < 0:
            raise LeagueRefusal("league.error.bad_leftover")
        ids = [pid for pid, _ in results]
        if len(set(ids)) != len(ids):
            raise LeagueRefusal("league.error.same_player")
        if chombos is not None and (len(chombos) != len(results) or any(c < 0 for c in chombos)):
            raise LeagueRefusal("league.error.bad_chombo", count=len(results))
        expected = settings.table_total(leftover)
        total = sum(points for _, points in results)
        if total != expected:
            raise LeagueRefusal("league.error.total", total=total, expected=expected)
        season = await self._open_season(league)
        members = {p.id for p in await self.store.league_members(league.id)}
        outsiders = [pid for pid in ids if pid not in members]
        if outsiders:
            names = ", ".join([(await self.store.get_player(pid)).display_name for pid in outsiders])
            raise LeagueRefusal("league.error.not_members", names=names)
        return await self.store.record_manual_game(
            season.id,
            actor.player_id,
            list(results),
            expected_total=expected,
            leftover=leftover,
            chombos=chombos,
            source=source,
        )

    async def confirm(self, actor: Actor, league_game_id: int) -> ConfirmOutcome:
        """The actor confirms their own row; an admin who did not play confirms every remaining row."""
        game = await self.store.get_league_game(league_game_id)
        if game.status == "void":
            raise LeagueRefusal("league.confirm.void", game=game.id)
        rows = {p.player_id: p for p in game.players}
        mine = rows.get(actor.player_id)
        if mine is not None:
            if mine.confirmed_at is not None:
                key = (
                    "league.confirm.own_report"
                    if game.reporter_id == actor.player_id
                    else "league.confirm.done"
                )
                raise LeagueRefusal(key, game=game.id)
            after = await self.store.confirm_league_game(game.id, actor.player_id)
            return ConfirmOutcome(after, 1)
        if not actor.is_admin:
            raise LeagueRefusal("league.confirm.not_yours", game=game.id)
        waiting = [p.player_id for p in game.players if p.confirmed_at is None]
        if not waiting:
            raise LeagueRefusal("league.confirm.done", game=game.id)
        after = game
        for pid in waiting:
            after = await self.store.confirm_league_game(game.id, pid, by=actor.player_id)
        return ConfirmOutcome(after, len(waiting))

    async def undo(self, actor: Actor, league_game_id: int, reason: str | None = None) -> LeagueGame:
        """Take a game out of the standings (void); audited."""
        game = await self.store.get_league_game(league_game_id)
        await self._require_may_change(actor, game)
        if game.status == "void":
            raise LeagueRefusal("league.undo.already", game=game.id)
        return await self.store.void_league_game(game.id, actor_id=actor.player_id, reason=reason)

    async def restore(self, actor: Actor, league_game_id: int, reason: str | None = None) -> LeagueGame:
        """Undo an undo: the game counts again (pending or confirmed as its confirmations say); audited."""
        game = await self.store.get_league_game(league_game_id)
        await self._require_may_change(actor, game)
        if game.status != "void":
            raise LeagueRefusal("league.restore.not_void", game=game.id)
        return await self.store.restore_league_game(game.id, actor_id=actor.player_id, reason=reason)

    async def history(self, league_game_id: int) -> list[AuditEntry]:
        """Every audited change of one league game, oldest first (record, confirmations by admins,
        corrections, undo and restore)."""
        game = await self.store.get_league_game(league_game_id)
        league = await self._league_of(game)
        return [
            e
            for e in await self.store.audit_entries(league.id)
            if e.target == "league_game" and e.target_id == game.id
        ]

    async def correct(
        self,
        actor: Actor,
        league_game_id: int,
        points: Sequence[int],
        *,
        reason: str | None = None,
        leftover: int | None = None,
    ) -> LeagueGame:
        """New final points per seat (East first), totals checked; the old ones stay in the audit table."""
        game = await self.store.get_league_game(league_game_id)
        await self._require_may_change(actor, game)
        league = await self._league_of(game)
        settings = self.settings_of(league)
        if len(points) != len(game.players):
            raise LeagueRefusal("league.error.player_count", count=len(game.players), given=len(points))
        sticks = game.leftover if leftover is None else leftover
        expected = settings.table_total(sticks)
        if game.source == "bot":
            expected = sum(p.final_points for p in game.players)  # the referee's totals include deposits
        if sum(points) != expected:
            raise LeagueRefusal("league.error.total", total=sum(points), expected=expected)
        return await self.store.correct_league_game(
            game.id,
            list(points),
            actor_id=actor.player_id,
            reason=reason,
            expected_total=expected,
            leftover=leftover,
        )

    # ------------------------------------------------------------------ imports
    async def import_record(
        self,
        actor: Actor,
        league: League,
        data: bytes,
        filename: str,
        mapping: Mapping[int, int] | None = None,
    ) -> tuple[LeagueGame, OnlineGame]:
        """Record an online game from a Tenhou mjlog or tenhou.net/6 JSON; ``mapping`` seat -> player id.

        Seats not in ``mapping`` are matched by the online names seen in earlier imports (remembered in
        the league settings' ``extra.online_names`` once a mapping was given), then by the members'
        display names (case and surrounding spaces ignored); when a name matches nobody or several,
        :class:`ImportNeedsMapping` says which seats need a player.
        """
        try:
            online = read_online_game(data, filename)
        except RecordError as exc:
            raise LeagueRefusal("league.import.unreadable", reason=str(exc)) from None
        if online.rule_set != league.rule_set:
            raise LeagueRefusal("league.import.wrong_rules", record=online.rule_set, league=league.rule_set)
        members = await self.store.league_members(league.id)
        known = _online_names(league)
        seats = match_names(online.names, members, mapping or {}, known)
        unmatched = [s for s, pid in enumerate(seats) if pid is None]
        if unmatched:
            raise ImportNeedsMapping(online.names, unmatched)
        results = [(pid, pts) for pid, pts in zip(seats, online.final_points, strict=True) if pid is not None]
        game = await self.record_game(actor, league, results, source="import")
        learned = {online.names[s].strip().casefold(): pid for s, pid in (mapping or {}).items()}
        if any(known.get(name) != pid for name, pid in learned.items()):
            extra = dict(league.settings.get("extra") or {})
            extra[ONLINE_NAMES] = {**known, **learned}
            await self.store.update_league_settings(
                league.id,
                {**league.settings, "extra": extra},
                actor_id=actor.player_id,
                reason=f"online names of imported game {game.id}",
            )
        return game, online

    # ------------------------------------------------------------------ reading
    async def season_of(self, league: League, number: int | None = None) -> Season:
        """Season ``number``, else the open season, else the latest one."""
        seasons = await self.store.seasons(league.id)
        if number is not None:
            for season in seasons:
                if season.number == number:
                    return season
            raise LeagueRefusal("league.error.no_such_season", number=number)
        if not seasons:
            raise LeagueRefusal("league.error.no_season")
        open_seasons = [s for s in seasons if s.ended_at is None]
        return open_seasons[-1] if open_seasons else seasons[-1]

    async def season_view(self, league: League, number: int | None = None) -> SeasonView:
        season = await self.season_of(league, number)
        settings = self.settings_of(league)
        games = await self.store.season_games(season.id)
        settled = settle_season(games, settings, await self.bot_hand_stats(games))
        table = season_standings(settled, settings)
        skill, tenhou = season_ratings(settled) if settled else ({}, {})
        names = await self._names({p.player_id for g in games for p in g.players})
        return SeasonView(league, season, settings, settled, table, names, skill, tenhou)

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
        )

    async def export_csv(self, league: League, number: int | None = None) -> dict[str, str]:
        """CSV files by name: the standings and every seat of every counted game."""
        view = await self.season_view(league, number)
        stem = f"{_slug(league.name)}-season{view.season.number}"
        return {
            f"{stem}-standings.csv": standings_csv(view.standings, view.names),
            f"{stem}-games.csv": games_csv(season_game_rows(view.settled), view.names),
        }

    async def bot_hand_stats(self, games: Sequence[LeagueGame]) -> dict[int, dict[Hashable, HandStats]]:
        """(hands, wins, deal-ins) per player of each bot-played game, keyed by league game id.

        Hands and winners come from the stored hand results; who dealt in from the engine's records,
        rebuilt by replaying the stored decisions (off the event loop, once per game and store).  A game
        whose replay disagrees with its stored results, or cannot be replayed, gets no hand data.
        """
        known = _HAND_OUTCOMES.setdefault(self.store, {})
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

    async def pending_for(self, player: Player) -> list[LeagueGame]:
        return await self.store.pending_games_of(player.id)

    # ------------------------------------------------------------------ helpers
    def _require_admin(self, actor: Actor) -> None:
        if not actor.is_admin:
            raise LeagueRefusal("league.error.admins_only")

    async def _require_may_change(self, actor: Actor, game: LeagueGame) -> None:
        if actor.is_admin:
            return
        if game.reporter_id != actor.player_id:
            raise LeagueRefusal("league.error.not_reporter", game=game.id)
        if self._clock() - datetime.fromisoformat(game.created_at) > REPORTER_WINDOW:
            raise LeagueRefusal("league.error.too_late", game=game.id)

    async def _open_season(self, league: League) -> Season:
        season = await self.store.current_season(league.id)
        if season is None:
            raise LeagueRefusal("league.error.no_open_season")
        return season

    async def _league_of(self, game: LeagueGame) -> League:
        season = await self.store.get_season(game.season_id)
        return await self.store.get_league(season.league_id)

    async def _names(self, player_ids: set[int]) -> dict[Hashable, str]:
        return {pid: (await self.store.get_player(pid)).display_name for pid in sorted(player_ids)}


# ---------------------------------------------------------------------- games played on the bot
async def record_bot_game(
    store: Store, game_id: int, *, parent_channel_id: int | None = None
) -> LeagueGame | None:
    """Count a finished bot game in the league bound to its channel; None when it does not count.

    The table service calls this after ``store.finish_game`` and ``store.record_final_results``.  A game
    counts when its channel (or ``parent_channel_id``, the channel a thread belongs to) is bound to a
    league whose rule set is the game's, the league has an open season, and every seat is a Discord
    user (no computer players).  Human players join the league by playing in it.  Calling it twice for
    the same game records it once.
    """
    game = await store.get_game(game_id)
    league_id = None
    for channel_id in (game.channel_id, parent_channel_id):
        if channel_id is None:
            continue
        channel = await store.get_channel(channel_id)
        if channel is not None and channel.league_id is not None:
            league_id = channel.league_id
            break
    if league_id is None:
        return None
    league = await store.get_league(league_id)
    season = await store.current_season(league.id)
    if season is None or league.rule_set != game.rule_set:
        return None
    players = [await store.get_player(pid) for pid in game.seats]
    if any(p.discord_id is None for p in players):
        return None
    for existing in await store.season_games(season.id, statuses=("confirmed", "pending", "void")):
        if existing.game_id == game_id:
            return existing
    for player in players:
        await store.join_league(league.id, player.id)
    return await store.record_bot_game(season.id, game_id)


# ---------------------------------------------------------------------- pure helpers
#: Hand outcomes of finished bot games per store (they never change), None when not derivable.
_HAND_OUTCOMES: weakref.WeakKeyDictionary[Store, dict[int, list[HandOutcome] | None]] = (
    weakref.WeakKeyDictionary()
)


def stored_hand_outcomes(record: GameRecord) -> list[HandOutcome]:
    """Who won and who dealt in, hand by hand, for a stored finished game.

    The stored hand results name the winners but not the seat that gave the winning tile, so the game
    is rebuilt from its rule set, options, revealed seed and decisions (event sourcing) and each hand's
    outcome read from the engine's records; the winners must agree with the stored ones hand by hand.
    Raises ValueError when the game cannot be rebuilt or disagrees with what is stored.
    """
    from bot.engine.actions import Action
    from bot.engine.game import Game

    game = record.game
    seed = game.revealed_seed or game.options.get("_seed")
    if not isinstance(seed, str):
        raise ValueError(f"game {game.id} has no revealed seed")
    options = {k: v for k, v in game.options.items() if not k.startswith("_")}  # the service's own keys
    rebuilt = Game(game.rule_set, options, seed)
    for decision in record.decisions:
        rebuilt.apply(Action.from_json(decision.action))
    outcomes = [hand_outcome(hand["result"]) for hand in rebuilt.hands]
    if len(outcomes) != len(record.hands):
        raise ValueError(f"game {game.id}: {len(outcomes)} hands replayed, {len(record.hands)} stored")
    for stored, outcome in zip(record.hands, outcomes, strict=True):
        if sorted(stored.winners) != list(outcome.winners):
            raise ValueError(f"game {game.id}: hand {stored.hand_index + 1} winners differ from the replay")
    return outcomes


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


#: Key in a league's settings ``extra``: online name (case-folded) -> player id, learned from imports.
ONLINE_NAMES = "online_names"


def _online_names(league: League) -> dict[str, int]:
    extra = league.settings.get("extra") or {}
    names = extra.get(ONLINE_NAMES) or {}
    return {str(k): int(v) for k, v in names.items()}


def match_names(
    names: Sequence[str],
    members: Sequence[Player],
    mapping: Mapping[int, int],
    known: Mapping[str, int] | None = None,
) -> list[int | None]:
    """Player id per seat: the mapping first, then a remembered online name of a member, then a unique
    member with the same display name (case ignored)."""
    member_ids = {m.id for m in members}
    by_name: dict[str, list[int]] = {}
    for member in members:
        by_name.setdefault(member.display_name.strip().casefold(), []).append(member.id)
    taken = set(mapping.values())
    seats: list[int | None] = []
    for seat, name in enumerate(names):
        key = name.strip().casefold()
        if seat in mapping:
            seats.append(mapping[seat])
        elif (known or {}).get(key) in member_ids and (known or {})[key] not in taken:
            seats.append((known or {})[key])
        else:
            found = [pid for pid in by_name.get(key, []) if pid not in taken]
            seats.append(found[0] if len(found) == 1 else None)
        if seats[-1] is not None:
            taken.add(seats[-1])
    return seats


def _slug(name: str) -> str:
    kept = "".join(c if c.isalnum() else "-" for c in name.strip().lower())
    return "-".join(part for part in kept.split("-") if part) or "league"


def read_online_game(data: bytes, filename: str = "record") -> OnlineGame:
    """Names and final points of a Tenhou mjlog (XML, gzip accepted) or tenhou.net/6 JSON record."""
    if data[:2] == b"\x1f\x8b":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError) as exc:
            raise RecordError(f"{filename}: damaged gzip file ({exc})") from None
    text = data.decode("utf-8", errors="replace").lstrip("\ufeff").strip()
    if text.startswith("<"):
        return _read_mjlog(text, filename)
    if text.startswith("{"):
        return _read_tenhou6(text, filename)
    raise RecordError(f"{filename}: neither a Tenhou mjlog (XML) nor a tenhou.net/6 JSON record")


def _read_mjlog(text: str, filename: str) -> OnlineGame:
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        raise RecordError(f"{filename}: not readable as mjlog XML ({exc})") from None
    if root.find("GO") is None:
        raise RecordError(f"{filename}: no <GO> lobby tag: not a Tenhou mjlog")
    record = parse_mjlog_root(root, filename)
    if record.final is None:
        raise RecordError(f"{filename}: the record stops before the end of the game (no final scores)")
    un = root.find("UN")
    attrs = un.attrib if un is not None else {}
    names = tuple(unquote(attrs.get(f"n{i}", "")) or f"player {i + 1}" for i in range(record.players))
    points = tuple(p * 100 for p, _ in record.final)
    return OnlineGame(record.rules, names, points, "mjlog")


def _json_objects(text: str, filename: str) -> list[dict[str, Any]]:
    decoder = json.JSONDecoder()
    objects: list[dict[str, Any]] = []
    position = 0
    while position < len(text):
        try:
            value, position = decoder.raw_decode(text, position)
        except json.JSONDecodeError as exc:
            raise RecordError(f"{filename}: not valid JSON ({exc.msg} at line {exc.lineno})") from None
        if not isinstance(value, dict) or not isinstance(value.get("log"), list):
            raise RecordError(f"{filename}: a tenhou.net/6 record is an object with a 'log' list")
        objects.append(value)
        while position < len(text) and text[position].isspace():
            position += 1
    return objects


def _read_tenhou6(text: str, filename: str) -> OnlineGame:
    objects = _json_objects(text, filename)
    first = objects[0]
    disp = str((first.get("rule") or {}).get("disp", ""))
    players = 3 if "三" in disp else 4
    rule_set = "sanma" if players == 3 else "riichi"
    raw_names = [str(n) for n in (first.get("name") or [])][:players]
    names = tuple(
        raw_names[i] if i < len(raw_names) and raw_names[i] else f"player {i + 1}" for i in range(players)
    )
    sc = first.get("sc")
    if isinstance(sc, list) and len(sc) >= 2 * players:
        points = [int(round(float(sc[2 * i]))) for i in range(players)]
        if all(abs(p) < 2000 for p in points):  # written in hundreds, as in mjlog's owari
            points = [p * 100 for p in points]
        return OnlineGame(rule_set, names, tuple(points), "tenhou6")
    hands = [hand for obj in objects for hand in obj["log"]]
    if not hands:
        raise RecordError(f"{filename}: the record has no hands")
    start = RULE_START_POINTS[rule_set]
    return OnlineGame(rule_set, names, _final_from_last_hand(hands[-1], players, start, filename), "tenhou6")


RULE_START_POINTS = {"riichi": 25000, "sanma": 35000}


def _final_from_last_hand(hand: list[Any], players: int, start: int, filename: str) -> tuple[int, ...]:
    """Points at the last hand's start + its score changes - its riichi deposits; sticks left go to first.

    (Tenhou gives the deposits still on the table at the end to the player in first place.)
    """
    try:
        before = [int(p) for p in hand[1][:players]]
        result = hand[-1]
        deltas = [0] * players
        for item in result[1:]:
            if isinstance(item, list) and len(item) >= players and all(isinstance(x, int) for x in item):
                deltas = [d + int(x) for d, x in zip(deltas, item[:players], strict=True)]
        riichi = [
            sum(1 for tile in hand[6 + 3 * seat] if isinstance(tile, str) and tile.startswith("r"))
            for seat in range(players)
        ]
    except (IndexError, TypeError, ValueError):
        raise RecordError(f"{filename}: the last hand is not in the tenhou.net/6 layout") from None
    final = [b + d - 1000 * r for b, d, r in zip(before, deltas, riichi, strict=True)]
    missing = start * players - sum(final)
    if missing > 0:
        top = max(range(players), key=lambda s: (final[s], -s))
        final[top] += missing
    return tuple(final)


__all__ = [
    "REPORTER_WINDOW",
    "Actor",
    "ConfirmOutcome",
    "ImportNeedsMapping",
    "LeagueRefusal",
    "LeagueService",
    "OnlineGame",
    "PlayerPage",
    "SeasonView",
    "StoreError",
    "match_names",
    "rating_history",
    "read_online_game",
    "record_bot_game",
    "stored_hand_outcomes",
]
