"""Defence: who is dangerous, and how dangerous each discard is against them.

Only public facts are used: a declared hand (riichi, a taiwan ready declaration), open melds that show
speed or value, how far an undeclared hand has come (:class:`TenpaiCurve`: in the rule sets without
riichi nobody announces a ready hand, so every seat still playing is a threat that grows with its
discards and calls), the threat's river (genbutsu: in the riichi family a kind in a seat's own river can
never ron it, furiten; elsewhere only a passed win bars a ron, so an own-river kind is only less likely),
tiles others dropped after a riichi that the riichi player let pass, suji, walls of visible copies
(kabe) and how many copies are still unseen.  The result is a rough deal-in weight per kind: 0 is
certainly safe, 10 an ordinary middle tile against a ready hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.ai.seatview import OtherSeat, SeatView
from bot.hand.tiles import DRAGONS, NUM_KINDS


@dataclass(frozen=True, slots=True)
class Threat:
    seat: int
    weight: float  # 1.0 a declared ready hand; less for hands that may be ready
    safe: frozenset[int]  # kinds that cannot ron this seat (genbutsu and late passes)
    likely_safe: frozenset[int] = frozenset()  # kinds in its river where that is no furiten
    declared: bool = False
    # kinds known not to be among its waits, whose suji make a two-sided wait impossible (None: ``safe``,
    # as in riichi, where a wait in the own river bars every ron)
    not_waits: frozenset[int] | None = None
    # kinds in its river that are not in ``not_waits``, and the share of a two-sided wait their suji
    # still close (a seat that threw 4p early holds 56p less often, even where 7p would not be furiten)
    river: frozenset[int] = frozenset()
    river_share: float = 0.0


@dataclass(frozen=True, slots=True)
class TenpaiCurve:
    """How likely an undeclared hand is ready, by its discards and open melds: a straight line fitted to
    self-play (the share of seats ready at each discard count and meld count, read offline from the true
    hands; per rule set in its strategy: pihu's from normal's games, the strong riichi family's from
    strong's by tests/bench/fit_tenpai_curve.py)."""

    start: float  # discards before which a closed hand is hardly ever ready
    slope: float  # per discard after that
    per_meld: float  # per open meld
    cap: float
    meld_slope: float = 0.0  # per discard after ``start`` and open meld (open hands get ready faster)

    def estimate(self, discards: int, open_melds: int) -> float:
        later = discards - self.start
        line = self.slope * later + self.per_meld * open_melds + self.meld_slope * later * open_melds
        return min(self.cap, max(0.0, line))


def open_threat_weight(other: OtherSeat, value_kinds: frozenset[int], live_left: int) -> float:
    """How likely an undeclared open hand is ready and worth fearing."""
    open_melds = [m for m in other.melds if m.is_open]
    if len(open_melds) >= 3:
        return 0.7
    if len(open_melds) == 2:
        valuable = any(not m.is_sequence and m.kinds[0] in value_kinds for m in open_melds)
        suits = {m.kinds[0] // 9 for m in open_melds}
        flush = len(suits) == 1 and min(suits) < 3
        if valuable or flush or live_left < 24:
            return 0.45
    return 0.0


def threats(
    sv: SeatView,
    value_kinds: frozenset[int],
    open_factor: float = 1.0,
    curve: TenpaiCurve | None = None,
    river_furiten: bool = True,
    suji_from_river: bool = True,
    river_share: float = 0.0,
    dealer_weight: float = 1.2,
    go_around: bool = False,
) -> list[Threat]:
    """The seats worth defending against, with the kinds safe against each.  With a ``curve``, every
    undeclared seat still playing is weighed by how likely its hand is ready.  Without
    ``suji_from_river`` (a river kind bars only itself, as in mingjiang) suji count only from the kinds
    a declared hand let pass, which are not among its waits, and those from the rest of its river close
    ``river_share`` of a side.  A dealer's threat weighs ``dealer_weight`` times as much (where its win
    costs more).  With ``go_around``, what a seat let pass since it last drew is safe against it for now
    (it is furiten on those kinds, or they are not among its waits), though not known not to be a wait."""
    found = []
    for seat, other in sv.others.items():
        if other.out:
            continue
        if other.declared:
            weight = 1.0
        else:
            weight = open_threat_weight(other, value_kinds, sv.live_left) * open_factor
            if curve is not None:
                opened = sum(1 for m in other.melds if m.is_open)
                weight = max(weight, curve.estimate(len(other.discards), opened))
        if weight <= 0:
            continue
        if seat == sv.dealer:
            weight *= dealer_weight
        safe = safe_kinds(sv, seat, other, river_furiten)
        likely = frozenset() if river_furiten else frozenset(other.discards) - safe
        if suji_from_river:
            not_waits = None
        else:  # what a declared hand let pass; the same set as ``safe`` where the river is no furiten
            not_waits = safe if not river_furiten else safe_kinds(sv, seat, other, river_furiten=False)
        river = (
            frozenset(other.discards) - not_waits if not_waits is not None and river_share else frozenset()
        )
        if go_around:
            safe |= other.passed
        found.append(Threat(seat, weight, safe, likely, other.declared, not_waits, river, river_share))
    return found


def safe_kinds(sv: SeatView, seat: int, other: OtherSeat, river_furiten: bool = True) -> frozenset[int]:
    """Genbutsu (where the river makes furiten), plus kinds others discarded well after ``seat``'s
    declaration (it let them pass: a declared hand may not pass a win in any rule set), plus a void suit.

    Discard indices are compared across seats without a global clock, so only discards at least two
    places after the declaration index count; calls can shift turns by one, never by two.
    """
    safe = set(other.discards) if river_furiten else set()
    if other.riichi_at is not None and not river_furiten:
        safe.update(other.discards[other.riichi_at + 1 :])  # a locked hand lets go only what cannot win
    if other.riichi_at is not None:
        for index, o in sv.others.items():
            if index != seat:
                safe.update(o.discards[other.riichi_at + 2 :])
        mine = sv.raw["seats"][sv.seat].get("discards", ())
        safe.update(int(d[0]) >> 2 for d in mine[other.riichi_at + 2 :] if int(d[0]) < 136)
    if other.void_suit is not None:
        safe.update(range(9 * other.void_suit, 9 * other.void_suit + 9))
    return frozenset(safe)


def kind_danger(
    sv: SeatView, kind: int, threat: Threat, dora: frozenset[int], one_chance: bool = False
) -> float:
    """Deal-in weight of discarding ``kind`` against one threat (0 = safe); with ``one_chance``, a
    two-sided wait that needs a tile of which one copy is left counts half."""
    if kind in threat.safe:
        return 0.0
    danger = _open_danger(sv, kind, threat, one_chance)
    if kind in threat.likely_safe:
        danger *= 0.5  # it let this kind go once: less likely, not impossible, to wait on it now
    return danger * (1.3 if kind in dora else 1.0)


def _open_danger(sv: SeatView, kind: int, threat: Threat, one_chance: bool = False) -> float:
    left = sv.unseen(kind)  # copies the threat could still hold
    if kind >= 27:
        # Honours: only a pair wait (shanpon) or a single wait; both need unseen copies.
        danger = {0: 0.0, 1: 1.5, 2: 3.5, 3: 5.5}.get(left, 6.0)
        if kind in DRAGONS:
            danger *= 1.2
    else:
        danger = _number_danger(sv, kind, threat, one_chance)
        if left == 0:
            danger *= 0.4  # no shanpon or single wait left on it, only sequences
    return danger


_BASE_BY_NUMBER = (5.0, 8.0, 9.0, 11.0, 11.0, 11.0, 9.0, 8.0, 5.0)


def _number_danger(sv: SeatView, kind: int, threat: Threat, one_chance: bool = False) -> float:
    """A number tile: open sides (two-sided waits) left after suji and kabe, plus single/pair waits;
    with ``one_chance`` a side that needs a kind with one unseen copy counts half (one combination
    of the two tiles is left instead of up to sixteen), and a suji from the threat's river where that
    is no furiten closes :attr:`Threat.river_share` of a side."""
    not_waits = threat.safe if threat.not_waits is None else threat.not_waits
    n = kind % 9
    base = kind - n
    sides = 0
    open_sides = 0.0
    # A two-sided wait on n is held as (n+1, n+2) [also waiting on n+3] or (n-2, n-1) [also on n-3].
    for step in (1, -1):
        a, b = n + step, n + 2 * step
        if not 0 <= b <= 8:
            continue
        sides += 1
        other_end = n + 3 * step
        suji_safe = 0 <= other_end <= 8 and base + other_end in not_waits
        kabe = sv.unseen(base + a) == 0 or sv.unseen(base + b) == 0
        if not suji_safe and not kabe:
            thin = one_chance and (sv.unseen(base + a) == 1 or sv.unseen(base + b) == 1)
            river_suji = 0 <= other_end <= 8 and base + other_end in threat.river
            open_sides += (0.5 if thin else 1.0) * (1.0 - threat.river_share if river_suji else 1.0)
    share = open_sides / sides if sides else 0.0
    # Closed and edge waits and pair/single waits keep some danger even with every side covered.
    return _BASE_BY_NUMBER[n] * (0.3 + 0.7 * share)


def danger_table(
    sv: SeatView, found: list[Threat], dora: frozenset[int], one_chance: bool = False
) -> list[float]:
    """Danger per kind summed over the threats, weighted."""
    table = [0.0] * NUM_KINDS
    for threat in found:
        for kind in range(NUM_KINDS):
            if sv.counts[kind]:
                table[kind] += threat.weight * kind_danger(sv, kind, threat, dora, one_chance)
    return table
