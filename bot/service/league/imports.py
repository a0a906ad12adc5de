"""Online games imported from a Tenhou record, their seats matched to league members."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.league.entry import name_key
from bot.logs.record import RecordError
from bot.service.league.errors import ImportNeedsMapping
from bot.service.league.games import LeagueGames
from bot.service.league.model import Actor
from bot.service.league.names import online_names
from bot.service.league.online_records import OnlineGame, read_online_game_off_loop
from bot.service.refusal import Refusal
from bot.store import League, LeagueGame, Player


class LeagueImports(LeagueGames):
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
        display names (compared as typed names are: :func:`~bot.league.entry.name_key`); when a name
        matches nobody or several, :class:`ImportNeedsMapping` says which seats need a player.
        """
        try:
            online = await read_online_game_off_loop(data, filename)
        except RecordError as exc:
            raise Refusal("league.import.unreadable", reason=exc) from None  # in the reader's language
        if online.rule_set != league.rule_set:
            raise Refusal("league.import.wrong_rules", record=online.rule_set, league=league.rule_set)
        members = await self.store.league_members(league.id)
        known = online_names(league)
        seats = match_names(online.names, members, mapping or {}, known)
        unmatched = [s for s, pid in enumerate(seats) if pid is None]
        if unmatched:
            raise ImportNeedsMapping(online.names, unmatched)
        results = [(pid, pts) for pid, pts in zip(seats, online.final_points, strict=True) if pid is not None]
        game = await self.record_game(actor, league, results, source="import")
        learned = {name_key(online.names[s]): pid for s, pid in (mapping or {}).items()}
        if any(known.get(name) != pid for name, pid in learned.items()):
            reason = f"online names of imported game {game.id}"
            await self.save_online_names(actor, league, {**known, **learned}, reason)
        return game, online


def match_names(
    names: Sequence[str],
    members: Sequence[Player],
    mapping: Mapping[int, int],
    known: Mapping[str, int] | None = None,
) -> list[int | None]:
    """Player id per seat: the mapping first, then a remembered online name of a member, then a unique
    member with the same display name (compared by :func:`~bot.league.entry.name_key`)."""
    member_ids = {m.id for m in members}
    by_name: dict[str, list[int]] = {}
    for member in members:
        by_name.setdefault(name_key(member.display_name), []).append(member.id)
    taken = set(mapping.values())
    seats: list[int | None] = []
    for seat, name in enumerate(names):
        key = name_key(name)
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
