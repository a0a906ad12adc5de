"""What each page shows, as plain JSON-able data, read through the service layer.

Every page's template draws one of these dicts and ``.json`` serves the same dict, so the page and
its JSON never disagree.  Nothing here reads a running game: the ended games' service leaves running
ones out and refuses them by id (their walls and hands are secret until they end).  Standings come
from :class:`~bot.service.league.kept_standings.LeagueBrowsing`, which keeps a settled season while
its games stay the same, so the standings page answers at once however long the season.
"""

from __future__ import annotations

import asyncio
import re
from collections import OrderedDict
from collections.abc import Hashable, Mapping, Sequence
from decimal import Decimal
from typing import Any

from bot.league.season import LeagueGameRecord
from bot.league.standings import SeatResult, Standing
from bot.present import rules_title
from bot.render.engine_view import round_label
from bot.service.ended_games import EndedGame, ended_game, recent_ended_games, require_ended
from bot.service.league.kept_standings import LeagueBrowsing
from bot.service.replay import HandReplay, stored_hand
from bot.store import League, Season, Store
from bot.web.scene import scenes

#: How many games the recent games page and a season's page list.
RECENT_GAMES = 30
SEASON_GAMES_SHOWN = 20
#: Finished hands kept ready for the replay viewer (a finished hand never changes).
REPLAYS_KEPT = 64
_ROUND_LABEL = re.compile(r"([ESWND])(\d+)-(\d+)")  # D: a decider hand


def _number(value: Decimal | float | None, places: int = 1) -> str | None:
    return None if value is None else f"{value:.{places}f}"


def _percent(value: Decimal | None) -> str | None:
    return None if value is None else _number(value * 100)


class WebReading:
    """The read side of the web page, over one store (refusals name what is missing or hidden)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.leagues = LeagueBrowsing(store)
        self._replays: OrderedDict[tuple[int, int, str], HandReplay] = OrderedDict()
        self._replay_json: OrderedDict[tuple[int, int, str], dict[str, Any]] = OrderedDict()

    # ---------------------------------------------------------------- the index and games
    async def index(self, language: str) -> dict[str, Any]:
        leagues = [
            {**_league(league, language), "seasons": [_season(s) for s in seasons]}
            for league, seasons in await self.leagues.leagues()
        ]
        return {"leagues": leagues, "recent": (await self.recent_games(language))["games"]}

    async def recent_games(self, language: str, limit: int = RECENT_GAMES) -> dict[str, Any]:
        """The newest ended games (finished or stopped); running games are not listed."""
        return {"games": [_game_summary(g, language) for g in await recent_ended_games(self.store, limit)]}

    async def game(self, game_id: int, language: str) -> dict[str, Any]:
        """One ended game: its players' final places and its hands, each with a replay."""
        ended, record = await ended_game(self.store, game_id)
        names = [p.display_name for p in ended.players]
        return {
            **_game_summary(ended, language),
            "hands": [
                {
                    "number": index + 1,
                    "round": hand.round_label,
                    "round_name": _round_name(hand.round_label, ended.game.rule_set, index, language),
                    "winners": [names[s] for s in hand.winners if s < len(names)],
                    "score_changes": list(hand.score_changes),
                }
                for index, hand in enumerate(record.hands)
            ],
        }

    async def replay(self, game_id: int, hand: int, language: str) -> HandReplay:
        """Hand ``hand`` of an ended game, step by step with every hand open (refused while it runs)."""
        key = (game_id, hand, language)
        kept = self._replays.get(key)
        if kept is not None:
            self._replays.move_to_end(key)
            return kept
        await require_ended(self.store, game_id)
        replay = await stored_hand(self.store, game_id, hand, language=language)
        self._replays[key] = replay
        while len(self._replays) > REPLAYS_KEPT:
            self._replays.popitem(last=False)
        return replay

    async def replay_json(self, game_id: int, hand: int, language: str) -> dict[str, Any]:
        """The hand as JSON with the scene of every step (what the viewer's script draws), built off
        the event loop once and kept (a long hand's scenes take tens of milliseconds)."""
        key = (game_id, hand, language)
        kept = self._replay_json.get(key)
        if kept is None:
            replay = await self.replay(game_id, hand, language)
            kept = await asyncio.to_thread(_replay_data, replay, language)
            self._replay_json[key] = kept
            while len(self._replay_json) > REPLAYS_KEPT:
                self._replay_json.popitem(last=False)
        else:
            self._replay_json.move_to_end(key)
        return kept

    # ---------------------------------------------------------------- leagues
    async def season(self, league_id: int, number: int | None, language: str) -> dict[str, Any]:
        """A season's standings and its latest games (the open season, else the latest, by default)."""
        league = await self.leagues.league(league_id)
        view = await self.leagues.season_view(league, number)
        latest = view.settled[::-1][:SEASON_GAMES_SHOWN]
        return {
            "league": _league(league, language),
            "season": _season(view.season),
            "seasons": [_season(s) for s in await self.leagues.seasons(league)],
            "standings": [_standing(s, view.names) for s in view.standings],
            "games_total": len(view.settled),
            "games": [_league_game(s.game, s.results, view.names) for s in latest],
        }

    async def season_games(self, league_id: int, number: int, language: str) -> dict[str, Any]:
        """Every counted game of a season, newest first."""
        league = await self.leagues.league(league_id)
        view = await self.leagues.season_view(league, number)
        return {
            "league": _league(league, language),
            "season": _season(view.season),
            "games": [_league_game(s.game, s.results, view.names) for s in reversed(view.settled)],
        }

    async def player(
        self, league_id: int, player_id: int, number: int | None, language: str
    ) -> dict[str, Any]:
        """A player's line in a season, their latest games and their line in every season."""
        league = await self.leagues.league(league_id)
        player = await self.leagues.player_by_id(player_id)
        page = await self.leagues.player_page(league, player, number)
        season = await self.leagues.season_view(league, page.season.number)  # kept: no settling again
        played = {s.game.id: getattr(s.game, "game_id", None) for s in season.settled}
        standing = page.standing
        return {
            "league": _league(league, language),
            "season": _season(page.season),
            "player": {"id": player.id, "name": player.display_name},
            "standing": None if standing is None else _standing(standing, {player.id: player.display_name}),
            "rating": None if page.tenhou is None else _number(Decimal(str(page.tenhou.rate)), 0),
            "recent": [
                {
                    "league_game": gid,
                    "game_id": played.get(gid),  # the bot-played game (with replays); None: typed in
                    "points": points,
                    "rank": rank,
                    "league_points": _number(lp),
                }
                for gid, points, rank, lp in reversed(page.recent)
            ],
            "seasons": [
                {
                    "number": season.number,
                    "position": line.position,
                    "games": line.games,
                    "total": _number(line.total),
                }
                for season, line in page.seasons
            ],
        }


# ------------------------------------------------------------------------------------- as data
def _replay_data(replay: HandReplay, language: str) -> dict[str, Any]:
    return {"replay": replay.to_json(), "scenes": scenes(replay, language)}


def _league(league: League, language: str) -> dict[str, Any]:
    return {
        "id": league.id,
        "name": league.name,
        "rules": league.rule_set,
        "rules_title": rules_title(league.rule_set, language),
    }


def _season(season: Season) -> dict[str, Any]:
    return {"number": season.number, "started_at": season.started_at, "ended_at": season.ended_at}


def _standing(standing: Standing, names: Mapping[Hashable, str]) -> dict[str, Any]:
    return {
        "position": standing.position,
        "player_id": standing.player,
        "name": names.get(standing.player, str(standing.player)),
        "games": standing.games,
        "total": _number(standing.total),
        "average": _number(standing.average),
        "average_rank": _number(standing.average_rank, 2),
        "first_rate": _percent(standing.first_rate),
        "last_rate": _percent(standing.last_rate),
        "win_rate": _percent(standing.win_rate),
        "deal_in_rate": _percent(standing.deal_in_rate),
    }


def _league_game(
    game: LeagueGameRecord, results: Sequence[SeatResult], names: Mapping[Hashable, str]
) -> dict[str, Any]:
    seats = sorted(game.players, key=lambda p: p.seat)
    return {
        "id": game.id,
        "game_id": getattr(game, "game_id", None),  # the bot-played game (with replays); None: typed in
        "source": game.source,
        "played_at": getattr(game, "played_at", ""),
        "players": [
            {
                "player_id": row.player_id,
                "name": names.get(row.player_id, str(row.player_id)),
                "points": row.final_points,
                "rank": result.rank,
                "league_points": _number(result.league_points),
            }
            for row, result in zip(seats, results, strict=True)
        ],
    }


def _round_name(label: str, rules: str, index: int, language: str) -> str:
    """A stored round label (``E1-0``: round wind, dealer, honba; ``D1-0`` a decider hand;
    bot/store/gamekeys.py) as the pictures name the round in ``language`` (East 1, 東1局 1本場, 決勝局...);
    a label of another shape as stored."""
    found = _ROUND_LABEL.fullmatch(label)
    if found is None:
        return label
    wind, dealer, honba = found.groups()
    view: Any = {
        "rules": rules,
        "round_wind": 0 if wind == "D" else "ESWN".index(wind),  # a decider hand has none
        "decider": wind == "D",
        "dealer": int(dealer) - 1,
        "honba": int(honba),
        "hand_index": index,
    }
    return round_label(view, language)


def _game_summary(ended: EndedGame, language: str) -> dict[str, Any]:
    game = ended.game
    return {
        "id": game.id,
        "rules": game.rule_set,
        "rules_title": rules_title(game.rule_set, language),
        "status": game.status,
        "started_at": game.created_at,
        "ended_at": game.ended_at,
        "players": [
            {
                "seat": seat,
                "player_id": player.id,
                "name": player.display_name,
                "points": ended.finals[seat].points if seat in ended.finals else None,
                "rank": ended.finals[seat].rank if seat in ended.finals else None,
            }
            for seat, player in enumerate(ended.players)
        ],
    }
