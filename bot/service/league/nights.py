"""League nights: the players present drawn to tables round after round, their results gathered.

A night is started by an admin, or by a member when the league allows it (``/league night settings``,
kept in the league settings' ``extra`` under ``night``); it draws every round at once
(bot/league/night.py) from a plan kept with the night (players, rounds, table size, sanma tables for the
rest of a riichi night when allowed, a random seed, who left after which round), so the draw can be made
again from the league's records (:func:`bot.league.night.draw_plan`).  Round 1 counts as posted when the
night starts; ``next_round`` posts the next one.  A player who leaves is dropped from the rounds not yet
posted, which are drawn again; the posted rounds stay as they are.

Results are entered as any game: ``/league record`` with the table label (``1A``), or the table's game on
the bot.  A game recorded since the night started (and before the league's next night) is a table's
result when its players are that table's players and its label is the table's or none.  The night's
standings add up those games' league points (pending games too: the status says which are confirmed).
"""

from __future__ import annotations

import asyncio
import re
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from bot.league.entry import MENTION, NameRef, name_key, parse_name
from bot.league.night import DrawError, NightPlan, Round, draw_plan, redraw_after_leaving, table_label
from bot.league.season import settle_one
from bot.league.standings import SeatResult, Standing, standings
from bot.service.league.admin import LeagueAdmin
from bot.service.league.entry import LeagueEntry
from bot.service.league.model import Actor
from bot.service.league.names import NewGuest, Roster, Who
from bot.service.refusal import Refusal
from bot.store import DuplicateKey, League, LeagueGame, Player
from bot.store.nights import LeagueNight

#: Key of the night settings in a league's settings ``extra``.
NIGHT_SETTINGS = "night"
#: Names in ``players:``: a mention, a name in quotes, or a word (names are separated by commas,
#: semicolons or spaces; a name with spaces is written in quotes).
_PLAYER_WORD = re.compile(r'<@!?\d{1,21}>|"([^"]*)"|“([^”]*)”|「([^」]*)」|[^\s,;、，；"“「]+')


@dataclass(frozen=True)
class NightSettings:
    members_start: bool = False  # members may start a night (not only admins)
    sanma_tables: bool = False  # riichi nights seat the rest at sanma tables instead of byes


@dataclass(frozen=True)
class NightTable:
    round: int
    label: str
    players: tuple[Player, ...]  # East first
    game: LeagueGame | None = None  # the result, once recorded
    #: False for a sanma table of a riichi night: its game cannot be recorded in a four-player league.
    counted: bool = True


@dataclass(frozen=True)
class NightRound:
    number: int
    tables: tuple[NightTable, ...]
    byes: tuple[Player, ...]


@dataclass(frozen=True)
class NightView:
    """A night as front ends show it: its rounds with players, who left, and (for the status) results."""

    league: League
    night: LeagueNight
    rounds: tuple[NightRound, ...]
    left: tuple[Player, ...]
    standings: tuple[Standing, ...] = ()
    names: Mapping[int, str] | None = None

    @property
    def posted(self) -> tuple[NightRound, ...]:
        return self.rounds[: self.night.posted_round]

    @property
    def current(self) -> NightRound:
        return self.rounds[self.night.posted_round - 1]


def parse_players(text: str) -> list[NameRef]:
    """Mentions and names: ``<@1> <@2> carol, "dave smith"``."""
    refs = []
    for found in _PLAYER_WORD.finditer(text):
        word = found.group(0)
        mention = MENTION.fullmatch(word)
        if mention is not None:
            refs.append(NameRef(word, int(mention.group(1))))
            continue
        quoted = next((g for g in found.groups() if g is not None), None)
        refs.append(parse_name(quoted if quoted is not None else word))
    return refs


def night_settings(league: League) -> NightSettings:
    stored = (league.settings.get("extra") or {}).get(NIGHT_SETTINGS) or {}
    return NightSettings(bool(stored.get("members_start", False)), bool(stored.get("sanma_tables", False)))


def plan_of(night: LeagueNight) -> NightPlan[int]:
    plan = night.plan
    return NightPlan(
        tuple(int(p) for p in plan["players"]),
        int(plan["rounds"]),
        int(plan["table_size"]),
        str(plan["seed"]),
        bool(plan.get("sanma_tables", False)),
        tuple((int(p), int(after)) for p, after in plan.get("left", ())),
    )


def plan_json(plan: NightPlan[int]) -> dict[str, Any]:
    return {
        "players": list(plan.players),
        "rounds": plan.rounds,
        "table_size": plan.table_size,
        "seed": plan.seed,
        "sanma_tables": plan.sanma_tables,
        "left": [[p, after] for p, after in plan.left],
    }


def draw_json(rounds: list[Round[int]]) -> list[dict[str, Any]]:
    return [{"tables": [list(t) for t in r.tables], "byes": list(r.byes)} for r in rounds]


def rounds_of(night: LeagueNight) -> list[Round[int]]:
    return [
        Round(tuple(tuple(int(p) for p in t) for t in r["tables"]), tuple(int(p) for p in r["byes"]))
        for r in night.draw
    ]


async def _drawn(work: Callable[[], list[Round[int]]]) -> list[Round[int]]:
    """A draw made in a worker thread (a hard one takes about a second: the event loop goes on)."""
    try:
        return await asyncio.to_thread(work)
    except DrawError as exc:
        raise Refusal.of(exc.key, exc.values) from None


class LeagueNights(LeagueAdmin, LeagueEntry):
    # ------------------------------------------------------------------ settings
    async def set_night_settings(
        self, actor: Actor, league: League, *, members_start: bool | None, sanma_tables: bool | None
    ) -> League:
        """Admins: whether members may start nights, and sanma tables for the rest (riichi leagues)."""
        self._require_admin(actor)
        if sanma_tables and league.rule_set != "riichi":
            raise Refusal("league.night.error.sanma_riichi_only")
        now = night_settings(league)
        changed = {
            "members_start": now.members_start if members_start is None else members_start,
            "sanma_tables": now.sanma_tables if sanma_tables is None else sanma_tables,
        }
        extra = {**(league.settings.get("extra") or {}), NIGHT_SETTINGS: changed}
        return await self.update_settings(actor, league, {"extra": extra})

    # ------------------------------------------------------------------ a night
    async def start_night(
        self,
        actor: Actor,
        league: League,
        players: str,
        rounds: int,
        *,
        guests: bool = False,
        mention_names: Mapping[int, str] | None = None,
        channel_id: int | None = None,
        seed: str | None = None,
    ) -> NightView:
        """Draw a night for the players named (mentions and names) and count round 1 as posted."""
        settings = night_settings(league)
        if not actor.is_admin:
            if not settings.members_start:
                raise Refusal("league.error.admins_only")
            await self._require_member_or_admin(actor, league)
        season = await self._open_season(league)
        running = await self.store.open_night(league.id)
        if running is not None:
            raise Refusal("league.night.error.still_open", number=running.number, league=league.name)
        refs = parse_players(players)
        if not refs:
            raise Refusal("league.night.error.no_players")
        roster = await Roster.load(self.store, league)
        found: list[Who] = [roster.find(ref, guests=guests, mention_names=mention_names) for ref in refs]
        keys = [f"new:{who.key}" if isinstance(who, NewGuest) else f"id:{who.id}" for who in found]
        for index, key in enumerate(keys):
            if key in keys[:index]:
                raise Refusal("league.entry.same_player", name=refs[index].text)
        # Drawn before any new guest is made (a refused night leaves nothing behind), for stand-ins: the
        # draw depends only on the players' order, so it is the draw of the players themselves.
        stand_ins = NightPlan(
            tuple(range(len(found))),
            rounds,
            self.settings_of(league).players,
            seed or secrets.token_hex(8),
            settings.sanma_tables and league.rule_set == "riichi",
        )
        drawn = await _drawn(lambda: draw_plan(stand_ins))
        made: dict[str, Player] = {}
        ids: list[int] = []
        for who in found:
            if isinstance(who, NewGuest):
                if who.key not in made:
                    made[who.key] = await self.store.add_guest(league.id, who.name, actor_id=actor.player_id)
                ids.append(made[who.key].id)
            else:
                ids.append(who.id)
        plan = replace(stand_ins, players=tuple(ids))
        drawn = [
            Round(tuple(tuple(ids[p] for p in t) for t in r.tables), tuple(ids[p] for p in r.byes))
            for r in drawn
        ]
        try:
            night = await self.store.create_night(
                league.id,
                season.id,
                seed=plan.seed,
                plan=plan_json(plan),
                draw=draw_json(drawn),
                channel_id=channel_id,
                created_by=actor.player_id,
            )
        except DuplicateKey:
            raise Refusal("league.night.error.started_meanwhile", league=league.name) from None
        return await self._view(league, night)

    async def next_round(self, actor: Actor, league: League) -> NightView:
        """Post the open night's next round (admins, or whoever started the night)."""
        night = await self._running(league)
        self._require_organiser(actor, night)
        total = len(night.draw)
        if night.posted_round >= total:
            raise Refusal("league.night.error.last_round", rounds=total, league=league.name)
        if not await self.store.advance_night(night.id, night.posted_round):
            raise Refusal("league.night.error.moved_on", number=night.posted_round + 1)
        return await self._view(league, await self.store.get_night(night.id))

    async def drop_player(
        self,
        actor: Actor,
        league: League,
        player: str,
        *,
        mention_names: Mapping[int, str] | None = None,
    ) -> tuple[NightView, Player]:
        """A player leaves the open night: the rounds not yet posted are drawn again without them (admins,
        whoever started the night, or the player themselves)."""
        night = await self._running(league)
        roster = await Roster.load(self.store, league)
        who = roster.find(parse_name(player), guests=False, mention_names=mention_names)
        assert isinstance(who, Player)
        if not actor.is_admin and actor.player_id not in (night.created_by, who.id):
            raise Refusal("league.night.error.organiser_only", number=night.number)
        plan = plan_of(night)
        if who.id not in plan.present:
            raise Refusal("league.night.error.not_playing", name=who.display_name, number=night.number)
        plan = plan.leaving(who.id, night.posted_round)
        played = rounds_of(night)
        redrawn = await _drawn(lambda: redraw_after_leaving(plan, played))
        if not await self.store.redraw_night(night.id, night.version, plan_json(plan), draw_json(redrawn)):
            raise Refusal("league.night.error.changed_meanwhile", number=night.number)
        return await self._view(league, await self.store.get_night(night.id)), who

    async def end_night(self, actor: Actor, league: League) -> LeagueNight:
        night = await self._running(league)
        self._require_organiser(actor, night)
        await self.store.end_night(night.id)
        return await self.store.get_night(night.id)

    async def night_view(self, league: League, *, results: bool = False) -> NightView:
        """The league's open night, else its latest; with ``results``, each posted table's game and the
        night's standings."""
        nights = await self.store.league_nights(league.id)
        if not nights:
            raise Refusal("league.night.error.none", league=league.name)
        night = next((n for n in nights if n.is_open), nights[0])
        if not results:
            return await self._view(league, night)
        later = [n.started_at for n in nights if n.number > night.number]
        games = [
            g
            for g in await self.store.season_games(night.season_id, statuses=("pending", "confirmed"))
            if g.created_at >= night.started_at and (not later or g.created_at < min(later))
        ]
        return await self._view(league, night, games)

    # ------------------------------------------------------------------ helpers
    async def _running(self, league: League) -> LeagueNight:
        night = await self.store.open_night(league.id)
        if night is None:
            raise Refusal("league.night.error.none_open", league=league.name)
        return night

    def _require_organiser(self, actor: Actor, night: LeagueNight) -> None:
        if not actor.is_admin and actor.player_id != night.created_by:
            raise Refusal("league.night.error.organiser_only", number=night.number)

    async def _view(
        self, league: League, night: LeagueNight, games: list[LeagueGame] | None = None
    ) -> NightView:
        plan = plan_of(night)
        drawn = rounds_of(night)
        ids = set(plan.players) | {p for r in drawn for p in (*r.seated, *r.byes)}
        players = {pid: await self.store.get_player(pid) for pid in sorted(ids)}
        unclaimed = list(games or [])
        size = self.settings_of(league).players
        rounds = []
        for number, r in enumerate(drawn, start=1):
            tables = []
            for index, table in enumerate(r.tables):
                label = table_label(number, index)
                game = _claim(unclaimed, label, set(table)) if number <= night.posted_round else None
                seated = tuple(players[p] for p in table)
                tables.append(NightTable(number, label, seated, game, counted=len(table) == size))
            rounds.append(NightRound(number, tuple(tables), tuple(players[p] for p in r.byes)))
        left = tuple(players[p] for p, _ in plan.left)
        if games is None:
            return NightView(league, night, tuple(rounds), left)
        settings = self.settings_of(league)
        results: list[list[SeatResult]] = []
        for reported in (t.game for r in rounds for t in r.tables):
            if reported is not None:
                seats = sorted(reported.players, key=lambda p: p.seat)
                placed = settle_one(reported, settings)
                results.append(
                    [
                        SeatResult(s.player_id, p.rank, p.league_points)
                        for s, p in zip(seats, placed, strict=True)
                    ]
                )
        names = {pid: p.display_name for pid, p in players.items()}
        return NightView(league, night, tuple(rounds), left, tuple(standings(results)), names)


def _claim(games: list[LeagueGame], label: str, seated: set[int]) -> LeagueGame | None:
    """The first game of ``games`` played by exactly ``seated`` and labelled ``label`` or not at all
    (taken out of the list, so one game answers for one table)."""
    for game in games:
        same_label = game.table_label is None or name_key(game.table_label) == name_key(label)
        if same_label and {p.player_id for p in game.players} == seated:
            games.remove(game)
            return game
    return None
