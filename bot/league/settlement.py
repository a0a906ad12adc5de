"""Final points -> rank and league points, per the league settings of each rule set (its descriptor's
``league``, bot/rules/<id>/descriptor.py, under a league's own).

Arithmetic is exact (``fractions.Fraction``) until the very end; results are ``Decimal`` values in
tenths of a league point.  Two rounding modes:

* ``"tenhou"`` (Tenhou's games): each player's points are first rounded to a whole thousand, half away
  from zero (Tenhou's owari figures: 38500 -> 39, 19500 -> 20, 25500 -> 26, -7500 -> -8, -5500 -> -6),
  the return points are subtracted and uma/oka added; then first place takes the rest, so the table sums
  to exactly zero (every Tenhou result the oracle tests of tests/league read agrees).  Players
  sharing first place under the "shared" tie rule split that rest equally.
* ``"exact"`` (the other games): (points - return) / divisor + uma (+ oka) kept exactly and
  finally rounded to a tenth, half away from zero (only a shared uma split three ways can need that).

Two scoring modes (``scoring``):

* ``"placement"`` (the games played for uma): (points - return) / divisor + uma by position + oka to first.
* ``"points"`` (the chip and money games, any game on request): net points, (points - start) / divisor,
  no uma and no oka: what the chip and money games settle at the table.  Ranks still follow the tie rule
  (for the average placement and the ratings).

Either way the result is multiplied by ``multiplier`` (default 1; e.g. 0.1 to count a game's money in
tenths), and chombo penalties are taken after that.

Ties in points: ``tie_rule="seat"`` ranks the tied players by priority (seat order East-1 first, i.e. kept
by the earlier seat in the starting order, or the ``tie_order`` given by the engine, which knows e.g. the
current dealer); ``tie_rule="final_east"`` ranks them by their seat in the *last* hand: the final East
first, then the final South, West, North (the caller passes the final dealer's seat as ``final_dealer``;
unknown, it falls back to the starting order); ``tie_rule="turn_after_first"``
ranks a tie for first by seat order and ties below first by turn order after the first-place
seat ("nearer to first place"); ``tie_rule="shared"`` gives them the same (best) rank and splits the
uma and oka of the positions they occupy equally, and likewise the deposits left on the table when those
go to first.

Deposits left on the table at the end (``leftover_sticks`` x ``deposit_value`` points) go to first place
when ``leftover_to_first``; otherwise they are lost.  Tenhou's owari points already include them, so pass
0 for those.  Each chombo costs ``chombo_penalty`` league points, taken after everything else.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any, NamedTuple

from bot.engine.registry import RULE_SETS
from bot.hand.refusal import Refusal

TIE_RULES = ("seat", "final_east", "shared", "turn_after_first")
SCORINGS = ("placement", "points")
ROUNDINGS = ("tenhou", "exact")
TENTH = Decimal("0.1")
MAX_REMINDER_HOURS = 24 * 30
#: League point settings (uma, oka, chombo penalty, multiplier) lie within +-this, with at most
#: ``SETTING_PLACES`` decimals: what /league settings offers, and what exact arithmetic handles quickly
#: (an uma of 1e999 broke every standings page; 1e999999999 would take the settling thread for minutes).
SETTING_LIMIT = Decimal(1000)
SETTING_PLACES = 6


class SettingError(Refusal):
    """A league setting that cannot be used: the English message, and its message id and values so a
    front end says it in the reader's language (bot/i18n/refusal_messages.toml)."""


class Placement(NamedTuple):
    rank: int  # 1 = first; equal ranks only with tie_rule "shared"
    league_points: Decimal  # in tenths


@dataclass(frozen=True)
class LeagueSettings:
    """How a league turns final points into league points.  All point values are game points."""

    players: int
    start_points: int
    return_points: int
    divisor: int  # game points per league point (e.g. 1000 for 1000-point sticks, 1 for chips)
    uma: tuple[Decimal, ...]  # league points by position, first place first
    oka: Decimal = Decimal(0)  # league points to first place
    tie_rule: str = "seat"
    leftover_to_first: bool = True
    deposit_value: int = 0  # game points per deposit stick
    chombo_penalty: Decimal = Decimal(0)  # league points per chombo
    rounding: str = "exact"
    min_games: int = 0  # games needed to be ranked in the standings
    extra: Mapping[str, Any] = field(default_factory=dict)
    scoring: str = "placement"  # or "points": net points, no uma/oka
    multiplier: Decimal = Decimal(1)  # league points x this (before chombo penalties)
    reminder_hours: int = 0  # remind players of unconfirmed games after this long; 0 = never (not settlement)

    def __post_init__(self) -> None:
        if self.players < 2:
            raise ValueError("a league game needs at least 2 players")
        if len(self.uma) != self.players:
            raise SettingError(
                f"uma needs {self.players} values (one per position), got {len(self.uma)}",
                "setting.count",
                key="uma",
                count=self.players,
                given=len(self.uma),
            )
        if self.divisor <= 0:
            raise SettingError(
                "divisor must be a positive number of points", "setting.positive", key="divisor"
            )
        if self.tie_rule not in TIE_RULES:
            raise _not_a_choice("tie_rule", self.tie_rule, TIE_RULES)
        if self.rounding not in ROUNDINGS:
            raise _not_a_choice("rounding", self.rounding, ROUNDINGS)
        for key, count in (("deposit_value", self.deposit_value), ("min_games", self.min_games)):
            if count < 0:
                raise SettingError(
                    f"{key} cannot be negative, not {count}", "option.at_least", key=key, low=0, value=count
                )
        if self.scoring not in SCORINGS:
            raise _not_a_choice("scoring", self.scoring, SCORINGS)
        if self.multiplier <= 0:
            raise SettingError("multiplier must be a positive number", "setting.positive", key="multiplier")
        if not 0 <= self.reminder_hours <= MAX_REMINDER_HOURS:
            raise SettingError(
                f"reminder_hours must lie between 0 (off) and {MAX_REMINDER_HOURS}",
                "option.range",
                key="reminder_hours",
                low=0,
                high=MAX_REMINDER_HOURS,
                value=self.reminder_hours,
            )

    @property
    def expected_total(self) -> int:
        """What a table's final points add up to when no deposit is left over."""
        return self.start_points * self.players

    def table_total(self, leftover_sticks: int = 0) -> int:
        """What final points entered by hand must add up to, with ``leftover_sticks`` still on the table."""
        return self.start_points * self.players - leftover_sticks * self.deposit_value

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (Decimals as strings) that :func:`settings_from_json` reads back."""
        data = asdict(self)
        data["uma"] = [str(u) for u in self.uma]
        data["oka"] = str(self.oka)
        data["chombo_penalty"] = str(self.chombo_penalty)
        data["multiplier"] = str(self.multiplier)
        data["extra"] = dict(self.extra)
        return data


def _not_a_choice(key: str, value: str, choices: Sequence[str]) -> SettingError:
    known = ", ".join(choices)
    return SettingError(
        f"{key} must be one of {known}, not {value!r}", "option.choice", key=key, choices=known, value=value
    )


def _dec(value: Any, name: str) -> Decimal:
    """A league point setting: a number within +-SETTING_LIMIT with at most SETTING_PLACES decimals."""
    try:
        result = Decimal(str(value))
    except ArithmeticError:
        result = Decimal("NaN")
    if (
        not result.is_finite()
        or abs(result) > SETTING_LIMIT
        or int(result.normalize().as_tuple().exponent) < -SETTING_PLACES
    ):
        raise SettingError(
            f"{name} must be a number between -{SETTING_LIMIT} and {SETTING_LIMIT} with at most "
            f"{SETTING_PLACES} decimals, not {value!r}",
            "setting.number",
            key=name,
            low=-SETTING_LIMIT,
            high=SETTING_LIMIT,
            places=SETTING_PLACES,
            value=str(value),
        )
    return result


#: Common uma tables by player count (first place first), offered while typing the league's uma.
UMA_PRESETS: dict[int, tuple[tuple[int, ...], ...]] = {
    4: ((20, 10, -10, -20), (30, 10, -10, -30), (10, 5, -5, -10), (15, 5, -5, -15), (0, 0, 0, 0)),
    3: ((20, 0, -20), (15, 0, -15), (30, 0, -30), (10, 0, -10), (0, 0, 0)),
}

_OVERRIDABLE = {
    "start_points",
    "return_points",
    "divisor",
    "uma",
    "oka",
    "tie_rule",
    "leftover_to_first",
    "deposit_value",
    "chombo_penalty",
    "rounding",
    "min_games",
    "extra",
    "scoring",
    "multiplier",
    "reminder_hours",
}


def default_settings(rule_set: str) -> LeagueSettings:
    """The rule set's league settings before a league's own: its descriptor's ``league`` (written as
    /league settings stores them) over net points, (points - 0) / 1 with no uma and no oka."""
    info = RULE_SETS.get(rule_set)
    if info is None:
        known = ", ".join(RULE_SETS)
        raise ValueError(f"unknown rule set {rule_set!r}; expected one of {known}")
    net_points = LeagueSettings(info.players, 0, 0, 1, (Decimal(0),) * info.players, scoring="points")
    return _overridden(net_points, info.league, rule_set)


def settings_for(rule_set: str, overrides: Mapping[str, Any] | None = None) -> LeagueSettings:
    """The rule set's defaults with a league's overrides (as stored in JSON); bad values raise ValueError."""
    return _overridden(default_settings(rule_set), overrides, rule_set)


def _overridden(base: LeagueSettings, overrides: Mapping[str, Any] | None, rule_set: str) -> LeagueSettings:
    """``base`` with ``overrides`` (as stored in JSON), each checked; bad values raise ValueError."""
    if not overrides:
        return base
    unknown = sorted(set(overrides) - _OVERRIDABLE - {"players"})
    if unknown:
        known = ", ".join(sorted(_OVERRIDABLE))
        raise SettingError(
            f"unknown league setting {unknown[0]!r}", "option.unknown", key=unknown[0], known=known
        )
    if "players" in overrides and overrides["players"] != base.players:
        raise SettingError(
            f"{rule_set} is played by {base.players} players",
            "setting.players",
            rules=rule_set,
            count=base.players,
        )
    changes: dict[str, Any] = {}
    for key, value in overrides.items():
        if key in (
            "start_points",
            "return_points",
            "divisor",
            "deposit_value",
            "min_games",
            "reminder_hours",
        ):
            if not isinstance(value, int) or isinstance(value, bool):
                raise SettingError(
                    f"{key} must be a whole number, not {value!r}", "option.number", key=key, value=str(value)
                )
            changes[key] = value
        elif key == "uma":
            if not isinstance(value, list | tuple):
                raise SettingError(
                    "uma must be a list of numbers, first place first", "setting.list", key="uma"
                )
            changes[key] = tuple(_dec(u, "uma") for u in value)
        elif key in ("oka", "chombo_penalty", "multiplier"):
            changes[key] = _dec(value, key)
        elif key == "leftover_to_first":
            if not isinstance(value, bool):
                raise SettingError(
                    "leftover_to_first must be true or false",
                    "option.switch",
                    key="leftover_to_first",
                    value=str(value),
                )
            changes[key] = value
        elif key in ("tie_rule", "rounding", "scoring"):
            changes[key] = str(value)
        elif key == "extra":
            changes[key] = dict(value)
    return replace(base, **changes)


def settings_from_json(rule_set: str, data: Mapping[str, Any] | None) -> LeagueSettings:
    """Inverse of :meth:`LeagueSettings.to_json` (also accepts partial overrides)."""
    return settings_for(rule_set, {k: v for k, v in (data or {}).items() if k != "players"})


def _round_half_away(value: Fraction) -> int:
    """Nearest integer, halves away from zero (2.5 -> 3, -2.5 -> -3)."""
    magnitude = (abs(value.numerator) * 2 + value.denominator) // (2 * value.denominator)
    return magnitude if value >= 0 else -magnitude


def _to_tenths(value: Fraction) -> Decimal:
    return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(TENTH, rounding=ROUND_HALF_UP)


def final_east_order(final_dealer: int, players: int) -> list[int]:
    """Seats by their wind in the last hand: the final East (dealer) first, then in turn order."""
    if not 0 <= final_dealer < players:
        raise ValueError(f"the final dealer must be one of the seats 0-{players - 1}")
    return [(final_dealer + k) % players for k in range(players)]


def _order(points: Sequence[int], tie_order: Sequence[int] | None, tie_rule: str) -> list[int]:
    n = len(points)
    priority = list(tie_order) if tie_order is not None else list(range(n))
    if sorted(priority) != list(range(n)):
        raise ValueError(f"tie_order must list each seat 0-{n - 1} once")
    rank_of = {seat: i for i, seat in enumerate(priority)}
    order = sorted(range(n), key=lambda seat: (-points[seat], rank_of[seat]))
    if tie_rule == "turn_after_first" and tie_order is None:
        # ties below first go to the player nearer to first place in turn order
        first = order[0]
        order = [first, *sorted(order[1:], key=lambda seat: (-points[seat], (seat - first) % n))]
    return order


def settle_game(
    final_points: Sequence[int],
    settings: LeagueSettings,
    leftover_sticks: int = 0,
    *,
    chombos: Sequence[int] | None = None,
    tie_order: Sequence[int] | None = None,
    final_dealer: int | None = None,
) -> list[Placement]:
    """(rank, league points) per seat, in seat order (seat 0 = East in the first hand).

    ``final_dealer``: the seat that dealt the last hand, for ``tie_rule="final_east"``.
    """
    n = settings.players
    if len(final_points) != n:
        raise ValueError(f"{n} final scores are needed (one per seat), got {len(final_points)}")
    if leftover_sticks < 0:
        raise ValueError("leftover_sticks cannot be negative")
    chombo_counts = list(chombos) if chombos is not None else [0] * n
    if len(chombo_counts) != n or any(c < 0 for c in chombo_counts):
        raise ValueError("chombos must be one non-negative count per seat")

    if settings.tie_rule == "final_east" and final_dealer is not None and tie_order is None:
        tie_order = final_east_order(final_dealer, n)
    order = _order(final_points, tie_order, settings.tie_rule)  # seats from first to last position
    # Groups of positions that share a rank: every tied block under "shared", single positions under "seat".
    groups: list[list[int]] = []
    for seat in order:
        if groups and settings.tie_rule == "shared" and final_points[groups[-1][0]] == final_points[seat]:
            groups[-1].append(seat)
        else:
            groups.append([seat])

    if settings.scoring == "points":
        position_bonus = [Fraction(0)] * n
    else:
        position_bonus = [Fraction(u) for u in settings.uma]
        position_bonus[0] += Fraction(settings.oka)
    leftover = leftover_sticks * settings.deposit_value if settings.leftover_to_first else 0

    ranks = [0] * n
    bonus = [Fraction(0)] * n  # uma + oka, in league points
    points = [Fraction(p) for p in final_points]  # game points after the leftover deposits
    position = 0
    for group in groups:
        share = sum(position_bonus[position : position + len(group)], Fraction(0)) / len(group)
        for seat in group:
            ranks[seat] = position + 1
            bonus[seat] = share
            if position == 0:
                points[seat] += Fraction(leftover, len(group))
        position += len(group)

    values: list[Fraction]
    if settings.scoring == "points":
        values = [(points[s] - settings.start_points) / settings.divisor for s in range(n)]
    elif settings.rounding == "tenhou":
        rounded = [
            Fraction(_round_half_away(p / settings.divisor))
            - Fraction(settings.return_points, settings.divisor)
            for p in points
        ]
        values = [rounded[s] + bonus[s] for s in range(n)]
        exact_total = sum(
            ((p - settings.return_points) / settings.divisor + b for p, b in zip(points, bonus, strict=True)),
            Fraction(0),
        )
        top = groups[0]  # first place (several players when they share it) takes what rounding moved
        others = sum((values[s] for s in range(n) if s not in top), Fraction(0))
        for seat in top:
            values[seat] = (exact_total - others) / len(top)
    else:
        values = [(points[s] - settings.return_points) / settings.divisor + bonus[s] for s in range(n)]

    penalty = Fraction(settings.chombo_penalty)
    scale = Fraction(settings.multiplier)
    return [Placement(ranks[s], _to_tenths(values[s] * scale - chombo_counts[s] * penalty)) for s in range(n)]
