"""Ratings over a season's games, updated game by game in the order given.

Two systems:

* OpenSkill (Weng-Lin Bayesian rating, Plackett-Luce model, ``openskill`` package): every player starts at
  mu 25, sigma 25/3; the shown rating is the *ordinal* mu - 3 sigma (a conservative estimate).  Ties in
  rank are passed to the model as ties.
* Tenhou-style R.  Everyone starts at 1500; after each game
      change = correction x (rank base + (table average R - own R) / 40)
      correction = 1 - games x 0.002 for fewer than 400 games played before this one, else 0.2
      rank base = +30/+10/-10/-30 (four players), +30/0/-30 (three players)
  where the table average includes the player's own R.  Sources: tenhou.net/man/#Rating ("試合数補正:
  400試合未満 1-試合数×0.002 | 400試合以上 0.2; 順位基準点 1位+30 2位+10 3位-10 4位-30; 3人打ち
  +30 0 -30; 補正値: (卓の平均Rate-自分のRate)/40"), and the riichi.wiki page "Tenhou.net ranking"
  (Rating_change = Adjustment*(Placement_base+(Average_table_rate - Own_rate)/40)).  Worked example
  (own R 2000, others 1500/1500/1400, so the table average is 1600; 400+ games; 4th place):
  0.2 x (-30 + (1600 - 2000)/40) = 0.2 x -40 = -8.  Players sharing a rank share the bases of their
  positions equally.  All changes of one game are computed from the R values before that game.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

PlayerKey = Hashable
R_START = 1500.0
R_BASES = {4: (30.0, 10.0, -10.0, -30.0), 3: (30.0, 0.0, -30.0)}

# One game for the ratings: (player, rank) per seat; rank 1 is first, equal ranks are ties.
RatedGame = Sequence[tuple[PlayerKey, int]]


@dataclass(frozen=True)
class SkillRating:
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class TenhouRating:
    rate: float
    games: int


def _check(game: RatedGame) -> None:
    players = [p for p, _ in game]
    if len(set(players)) != len(players):
        raise ValueError("a player appears twice in one game")
    if len(players) < 2:
        raise ValueError("a rated game needs at least 2 players")
    if any(r < 1 or r > len(players) for _, r in game):
        raise ValueError(f"ranks must lie between 1 and {len(players)}")


def _rate_openskill(model: Any, current: dict[PlayerKey, Any], game: RatedGame) -> None:
    """One game's OpenSkill update of ``current`` (player -> the model's rating; a newcomer starts at the
    model's default), every seat rated from the ratings before the game."""
    teams = [[current.get(p) or model.rating(name=str(p))] for p, _ in game]
    rated = model.rate(teams, ranks=[float(r) for _, r in game])
    for (player, _), team in zip(game, rated, strict=True):
        current[player] = team[0]


def _rate_tenhou(current: dict[PlayerKey, TenhouRating], game: RatedGame) -> None:
    """One game's Tenhou R update of ``current`` (a newcomer starts at 1500 after 0 games)."""
    before = [current.get(p, TenhouRating(R_START, 0)) for p, _ in game]
    changes = tenhou_r_changes([b.rate for b in before], [b.games for b in before], [r for _, r in game])
    for (player, _), old, delta in zip(game, before, changes, strict=True):
        current[player] = TenhouRating(old.rate + delta, old.games + 1)


def openskill_ratings(games: Iterable[RatedGame], model: Any = None) -> dict[PlayerKey, SkillRating]:
    """OpenSkill (Plackett-Luce) ratings after the games, applied in order."""
    model = model or PlackettLuce()
    current: dict[PlayerKey, Any] = {}
    counts: dict[PlayerKey, int] = {}
    for game in games:
        _check(game)
        _rate_openskill(model, current, game)
        for player, _ in game:
            counts[player] = counts.get(player, 0) + 1
    return {p: SkillRating(float(r.mu), float(r.sigma), counts[p]) for p, r in current.items()}


def games_correction(games_played: int) -> float:
    """Tenhou's games-played correction: 1 - 0.002 x games under 400 games, 0.2 from then on."""
    return 1 - games_played * 0.002 if games_played < 400 else 0.2


def rank_bases(ranks: Sequence[int]) -> list[float]:
    """Each seat's rank base; tied players share the bases of the positions they occupy."""
    n = len(ranks)
    if n not in R_BASES:
        raise ValueError(f"Tenhou R is defined for 3 or 4 players, not {n}")
    table = R_BASES[n]
    result = []
    for rank in ranks:
        tied = sum(1 for r in ranks if r == rank)
        result.append(sum(table[rank - 1 : rank - 1 + tied]) / tied)
    return result


def tenhou_r_changes(
    rates: Sequence[float], games_played: Sequence[int], ranks: Sequence[int]
) -> list[float]:
    """R change per seat for one game, from the R and games played before it."""
    average = sum(rates) / len(rates)
    bases = rank_bases(ranks)
    return [
        games_correction(g) * (base + (average - own) / 40)
        for own, g, base in zip(rates, games_played, bases, strict=True)
    ]


def tenhou_ratings(games: Iterable[RatedGame]) -> dict[PlayerKey, TenhouRating]:
    """Tenhou-style R after the games, applied in order (everyone starts at 1500, 0 games)."""
    state: dict[PlayerKey, TenhouRating] = {}
    for game in games:
        _check(game)
        _rate_tenhou(state, game)
    return state


@dataclass(frozen=True)
class RatingHistory:
    """One player's ratings before their first game and after each of their games, in order."""

    tenhou: list[float]  # Tenhou R, starting at R_START
    skill: list[float]  # OpenSkill ordinal (mu - 3 sigma), starting at the model's default (0)


def rating_history(games: Iterable[RatedGame], player: PlayerKey, model: Any = None) -> RatingHistory:
    """Both ratings of ``player`` through the games (the same updates as :func:`openskill_ratings` and
    :func:`tenhou_ratings`, applied in order); games of 5+ players get no Tenhou R step."""
    model = model or PlackettLuce()
    start = model.rating(name=str(player))
    skill_now: dict[PlayerKey, Any] = {}
    tenhou_now: dict[PlayerKey, TenhouRating] = {}
    history = RatingHistory([R_START], [float(start.mu - 3 * start.sigma)])
    for game in games:
        _check(game)
        _rate_openskill(model, skill_now, game)
        if len(game) in R_BASES:
            _rate_tenhou(tenhou_now, game)
        if any(key == player for key, _ in game):
            rating = skill_now[player]
            history.skill.append(float(rating.mu - 3 * rating.sigma))
            history.tenhou.append(tenhou_now[player].rate if player in tenhou_now else history.tenhou[-1])
    return history
