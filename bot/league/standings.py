"""Season standings from settled games.

Per player: games, total and average league points, average placement, first-place and last-place
rates (last = 4th at four players, 3rd at three), and, when per-hand data is given (bot-played games),
win and deal-in rates per hand played.  Players with fewer than ``min_games`` games are listed after the
ranked players with no position ("unranked").

Order (ranked block, then unranked block, each sorted the same way): total league points, higher first;
then average placement, lower first; then more games; then more first places; then the player key as
text, so the order never depends on input order.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from bot.league.settlement import LeagueSettings, settle_game

PlayerKey = Hashable
_PLACES = Decimal("0.001")


@dataclass(frozen=True)
class SeatResult:
    """One player's line in one settled game."""

    player: PlayerKey
    rank: int
    league_points: Decimal
    hands: int | None = None  # hands played, when the bot refereed the game
    wins: int | None = None
    deal_ins: int | None = None


@dataclass(frozen=True)
class Standing:
    player: PlayerKey
    position: int | None  # None = unranked (too few games)
    games: int
    total: Decimal
    average: Decimal  # league points per game, 3 decimals
    average_rank: Decimal  # 3 decimals
    first_rate: Decimal  # share of games, 3 decimals
    last_rate: Decimal
    win_rate: Decimal | None  # per hand played, None without hand data
    deal_in_rate: Decimal | None

    @property
    def ranked(self) -> bool:
        return self.position is not None


def settle_rows(
    rows: Sequence[tuple[PlayerKey, int]],
    settings: LeagueSettings,
    leftover_sticks: int = 0,
    chombos: Sequence[int] | None = None,
) -> list[SeatResult]:
    """(player, final points) per seat -> SeatResults through :func:`settle_game`."""
    placements = settle_game([p for _, p in rows], settings, leftover_sticks, chombos=chombos)
    return [
        SeatResult(player, pl.rank, pl.league_points)
        for (player, _), pl in zip(rows, placements, strict=True)
    ]


def _ratio(part: int | Decimal, whole: int | Decimal) -> Decimal:
    return (Decimal(part) / Decimal(whole)).quantize(_PLACES, rounding=ROUND_HALF_UP)


@dataclass
class _Tally:
    games: int = 0
    total: Decimal = Decimal(0)
    rank_sum: int = 0
    firsts: int = 0
    lasts: int = 0
    hands: int = 0
    wins: int = 0
    deal_ins: int = 0
    has_hands: bool = False


def standings(games: Iterable[Sequence[SeatResult]], *, min_games: int = 0) -> list[Standing]:
    """Standings over settled games (each a list of SeatResult, one per seat)."""
    tallies: dict[PlayerKey, _Tally] = {}
    for game in games:
        size = len(game)
        for line in game:
            t = tallies.setdefault(line.player, _Tally())
            t.games += 1
            t.total += line.league_points
            t.rank_sum += line.rank
            t.firsts += line.rank == 1
            t.lasts += line.rank == size
            if line.hands is not None:
                t.has_hands = True
                t.hands += line.hands
                t.wins += line.wins or 0
                t.deal_ins += line.deal_ins or 0

    def key(item: tuple[PlayerKey, _Tally]) -> tuple[Decimal, Decimal, int, int, str]:
        player, t = item
        return (-t.total, Decimal(t.rank_sum) / t.games, -t.games, -t.firsts, str(player))

    ordered = sorted(tallies.items(), key=key)
    ranked = [item for item in ordered if item[1].games >= min_games]
    unranked = [item for item in ordered if item[1].games < min_games]
    result = []
    for index, (player, t) in enumerate(ranked + unranked):
        with_hands = t.has_hands and t.hands > 0
        result.append(
            Standing(
                player=player,
                position=index + 1 if index < len(ranked) else None,
                games=t.games,
                total=t.total,
                average=_ratio(t.total, t.games),
                average_rank=_ratio(t.rank_sum, t.games),
                first_rate=_ratio(t.firsts, t.games),
                last_rate=_ratio(t.lasts, t.games),
                win_rate=_ratio(t.wins, t.hands) if with_hands else None,
                deal_in_rate=_ratio(t.deal_ins, t.hands) if with_hands else None,
            )
        )
    return result
