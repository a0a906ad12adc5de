"""Typed entry: a game on one line, a CSV file of past games, and guests (players recorded by name).

One line (``record_scores``): ``@alice 32000 @bob 28000 carol 24000 dave 16000`` in seat order; names
and mentions are found through :class:`~bot.service.league.names.Roster`.  A CSV file (``import_csv``,
admins): every line is checked first, and nothing is recorded unless every line is valid; the problems
come back together, each naming its line.  Imported games are past games: they are confirmed by the
importing admin at once.  Guests: a name nobody has is refused unless the entry says ``guests``; an
admin later links a guest to the member they turn out to be (``link_guest``), moving their games.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from bot.league.csv_import import CsvGame, read_games_csv
from bot.league.entry import (
    EntryError,
    NameRef,
    SeatScore,
    name_key,
    parse_chombo,
    parse_name,
    parse_scores,
)
from bot.league.settlement import LeagueSettings
from bot.service.league.games import LeagueGames
from bot.service.league.model import Actor
from bot.service.league.names import NewGuest, Roster, Who, guest_name, online_names
from bot.service.refusal import Refusal
from bot.store import League, LeagueGame, ManualGame, Player
from bot.text import clip

#: At most this many bad lines are listed when a CSV file is refused (the answer must stay readable).
MAX_LINES_SHOWN = 15
#: A table label is at most this long (what /league record's table option takes; a game's embed shows it).
MAX_TABLE_LABEL = 40


@dataclass(frozen=True)
class TypedGame:
    """A game read from text, its players found: ready to record once the guests it needs exist."""

    seats: list[tuple[Who, int]]
    chombos: list[int] | None
    final_dealer: int | None
    leftover: int = 0
    played_at: datetime | None = None
    table_label: str | None = None


def _player_id(who: Who, guests: Mapping[str, Player]) -> int:
    return guests[who.key].id if isinstance(who, NewGuest) else who.id


class LeagueEntry(LeagueGames):
    async def record_scores(
        self,
        actor: Actor,
        league: League,
        scores: str,
        *,
        chombo: str | None = None,
        final_east: str | None = None,
        guests: bool = False,
        leftover: int = 0,
        played_at: datetime | None = None,
        table_label: str | None = None,
        mention_names: Mapping[int, str] | None = None,
    ) -> LeagueGame:
        """Record a game typed on one line (seat order, East first); pending until confirmed."""
        settings = self.settings_of(league)
        roster = await Roster.load(self.store, league)
        try:
            seats = parse_scores(scores)
            chombo_list = parse_chombo(chombo) if chombo else []
            east = parse_name(final_east) if final_east else None
        except EntryError as exc:
            raise Refusal.of(exc.key, exc.values) from None
        typed = self._typed_game(
            roster,
            settings,
            seats,
            chombo_list,
            east,
            guests=guests,
            mention_names=mention_names,
            leftover=leftover,
            played_at=played_at,
            table_label=table_label,
        )
        self._check_typed(settings, typed)
        made = await self._make_guests(actor, league, [typed])
        return await self.record_game(
            actor,
            league,
            [(_player_id(who, made), points) for who, points in typed.seats],
            leftover=leftover,
            chombos=typed.chombos,
            played_at=played_at,
            table_label=table_label,
            final_dealer=typed.final_dealer,
        )

    async def import_csv(
        self,
        actor: Actor,
        league: League,
        data: bytes,
        filename: str,
        *,
        guests: bool = False,
        repeats: bool = False,
    ) -> list[LeagueGame]:
        """Record every game of a CSV file of past games (admins), all or none; see bot/league/csv_import.

        A game already recorded in the league (same date, table, players in their seats and points), or
        one written twice in the file, is refused by line: a file imported twice records nothing twice.
        ``repeats`` says the admin means it (two games that really ended the same)."""
        self._require_admin(actor)
        season = await self._open_season(league)
        settings = self.settings_of(league)
        games, problems = read_games_csv(data, settings.players)
        refusals = [Refusal.of(p.key, p.values, line=p.line or None) for p in problems]
        roster = await Roster.load(self.store, league)
        recorded = {} if repeats else await self._recorded_games(league)
        first_line: dict[tuple[object, ...], int] = {}
        typed: list[tuple[CsvGame, TypedGame]] = []
        for game in games:
            try:
                one = self._typed_game(
                    roster,
                    settings,
                    game.seats,
                    game.chombo,
                    game.final_east,
                    guests=guests,
                    leftover=game.sticks,
                    played_at=game.played_at,
                    table_label=game.table,
                )
                self._check_typed(settings, one)
                if not repeats:
                    key = _game_key(one.played_at, one.table_label, [(_who_key(w), p) for w, p in one.seats])
                    if key in recorded:
                        raise Refusal("league.csv.already_recorded", game=recorded[key])
                    if key in first_line:
                        raise Refusal("league.csv.repeated", first=first_line[key])
                    first_line[key] = game.line
            except Refusal as refusal:
                refusal.line = game.line
                refusals.append(refusal)
                continue
            typed.append((game, one))
        if refusals:
            refusals.sort(key=lambda r: r.line or 0)
            raise Refusal(
                "league.csv.refused",
                details=refusals[:MAX_LINES_SHOWN],
                league=league.name,
                count=len(refusals),
                more=max(0, len(refusals) - MAX_LINES_SHOWN),
            )
        made = await self._make_guests(actor, league, [one for _, one in typed])
        manual = []
        for game, one in typed:
            manual.append(
                ManualGame(
                    [(_player_id(who, made), points) for who, points in one.seats],
                    leftover=one.leftover,
                    chombos=one.chombos,
                    played_at=None if one.played_at is None else one.played_at.isoformat(),
                    table_label=one.table_label,
                    final_dealer=one.final_dealer,
                    note=f"{filename} line {game.line}",
                )
            )
        return await self.store.record_manual_games(
            season.id,
            actor.player_id,
            manual,
            expected_totals=[settings.table_total(one.leftover) for _, one in typed],
            source="import",
        )

    async def _recorded_games(self, league: League) -> dict[tuple[object, ...], int]:
        """The league's games that count or wait to (not void ones), by :func:`_game_key`: their ids."""
        found: dict[tuple[object, ...], int] = {}
        for season in await self.store.seasons(league.id):
            for game in await self.store.season_games(season.id, statuses=("pending", "confirmed")):
                seats = [
                    (f"id:{p.player_id}", p.final_points) for p in sorted(game.players, key=lambda p: p.seat)
                ]
                found.setdefault(_game_key(game.played_at, game.table_label, seats), game.id)
        return found

    async def set_chombo_by_name(
        self,
        actor: Actor,
        league: League,
        league_game_id: int,
        player: str,
        count: int,
        reason: str | None = None,
        mention_names: Mapping[int, str] | None = None,
    ) -> tuple[LeagueGame, Player]:
        """An admin sets the chombo of the player named (or mentioned) in a recorded game; audited."""
        self._require_admin(actor)
        who = (await Roster.load(self.store, league)).find(
            parse_name(player), guests=False, mention_names=mention_names
        )
        assert isinstance(who, Player)
        return await self.set_chombo(actor, league_game_id, who.id, count, reason), who

    # ------------------------------------------------------------------ guests
    async def add_guest(self, actor: Actor, league: League, name: str) -> Player:
        """Record a guest (a player who is not on Discord) by name; members and admins may."""
        await self._require_member_or_admin(actor, league)
        shown = guest_name(name)
        roster = await Roster.load(self.store, league)
        taken = roster.by_name.get(name_key(shown))
        if taken and any(roster.players[pid].discord_id is not None for pid in taken):
            raise Refusal("league.guest.name_taken", name=shown, league=league.name)
        if taken:  # already a guest, perhaps kept as typed before names were cleaned ("@old" for "old")
            return roster.players[min(taken)]
        roster.refuse_lookalike(shown)
        return await self.store.add_guest(league.id, shown, actor_id=actor.player_id)

    async def link_guest(
        self, actor: Actor, league: League, guest_name: str, member: Player
    ) -> tuple[Player, list[int]]:
        """An admin links a guest to the member they are: the guest's games become the member's.

        Returns the guest and the league game ids moved.  Names learned from imports that meant the
        guest now mean the member.
        """
        self._require_admin(actor)
        key = name_key(guest_name)
        guest = next(
            (
                m.player
                for m in await self.store.league_roster(league.id)
                if m.is_guest and m.merged_into is None and name_key(m.player.display_name) == key
            ),
            None,
        )
        if guest is None:
            raise Refusal("league.guest.unknown", name=guest_name, league=league.name)
        if member.discord_id is None:
            raise Refusal("league.guest.not_a_member", name=member.display_name)
        both = await self.store.shared_league_games(league.id, guest.id, member.id)
        if both:
            raise Refusal(
                "league.guest.same_game",
                guest=guest.display_name,
                member=member.display_name,
                game=both[0],
                league=league.name,
            )
        moved = await self.store.merge_guest(league.id, guest.id, member.id, actor_id=actor.player_id)
        known = online_names(league)
        if guest.id in known.values():
            renamed = {name: member.id if pid == guest.id else pid for name, pid in known.items()}
            await self.save_online_names(actor, league, renamed, f"guest {guest.display_name} linked")
        return guest, moved

    # ------------------------------------------------------------------ helpers
    def _typed_game(
        self,
        roster: Roster,
        settings: LeagueSettings,
        seats: Sequence[SeatScore],
        chombo: Sequence[tuple[NameRef, int]],
        final_east: NameRef | None,
        *,
        guests: bool,
        mention_names: Mapping[int, str] | None = None,
        leftover: int = 0,
        played_at: datetime | None = None,
        table_label: str | None = None,
    ) -> TypedGame:
        if len(seats) != settings.players:
            raise Refusal("league.error.player_count", count=settings.players, given=len(seats))
        if table_label is not None and len(table_label) > MAX_TABLE_LABEL:
            raise Refusal("league.entry.too_long", text=clip(table_label, 40), limit=MAX_TABLE_LABEL)
        found = [
            (roster.find(seat.who, guests=guests, mention_names=mention_names), seat.points) for seat in seats
        ]
        keys = [_who_key(who) for who, _ in found]
        for index, key in enumerate(keys):
            if key in keys[:index]:
                raise Refusal("league.entry.same_player", name=seats[index].who.text)

        def seat_of(ref: NameRef, key: str) -> int:
            who = _who_key(roster.find(ref, guests=True, mention_names=mention_names))
            if who not in keys:
                raise Refusal(key, name=ref.text)
            return keys.index(who)

        chombos: list[int] | None = None
        if chombo:
            chombos = [0] * len(found)
            for ref, count in chombo:
                chombos[seat_of(ref, "league.entry.chombo_not_playing")] += count
        dealer = None if final_east is None else seat_of(final_east, "league.entry.east_not_playing")
        return TypedGame(found, chombos, dealer, leftover, played_at, table_label)

    def _check_typed(self, settings: LeagueSettings, typed: TypedGame) -> None:
        # New guests get stand-in ids (negative, distinct) so the shared checks can run before they exist.
        stand_in = {
            _who_key(who): -1 - index
            for index, (who, _) in enumerate(typed.seats)
            if isinstance(who, NewGuest)
        }
        results = [
            (stand_in[_who_key(who)] if isinstance(who, NewGuest) else who.id, points)
            for who, points in typed.seats
        ]
        self.check_game(
            settings,
            results,
            leftover=typed.leftover,
            chombos=typed.chombos,
            played_at=typed.played_at,
            final_dealer=typed.final_dealer,
        )

    async def _make_guests(
        self, actor: Actor, league: League, games: Sequence[TypedGame]
    ) -> dict[str, Player]:
        """Create the new guests the games need (once each), by name key."""
        made: dict[str, Player] = {}
        for game in games:
            for who, _ in game.seats:
                if isinstance(who, NewGuest) and who.key not in made:
                    made[who.key] = await self.store.add_guest(league.id, who.name, actor_id=actor.player_id)
        return made

    async def _require_member_or_admin(self, actor: Actor, league: League) -> None:
        if actor.is_admin:
            return
        if actor.player_id not in {p.id for p in await self.store.league_members(league.id)}:
            raise Refusal("league.error.members_only", league=league.name)


def _who_key(who: Who) -> str:
    return f"new:{who.key}" if isinstance(who, NewGuest) else f"id:{who.id}"


def _game_key(
    played_at: datetime | str | None, table: str | None, seats: Sequence[tuple[str, int]]
) -> tuple[object, ...]:
    """What makes two recorded games the same game: when, at which table, who sat where with what."""
    moment = datetime.fromisoformat(played_at) if isinstance(played_at, str) else played_at
    return (moment, (table or "").strip().casefold(), tuple(seats))
