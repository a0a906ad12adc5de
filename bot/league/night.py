"""A league night's draw: who sits at which table and wind, round after round (pure: no I/O, no clock).

The draw is good, not random, and the same for the same inputs and seed:

* **Tables.** Every round seats everyone present at tables of the league's size (4, or 3 for sanma),
  the rest sitting out (a bye); a riichi night may instead seat the rest at sanma tables
  (``sanma_tables``), as few as leave the fewest byes.
* **Byes** go to the players with the fewest byes so far (ties in a seeded order, the most recent bye
  last), so nobody sits out twice before everyone has sat out once; the search below may trade a bye
  between two players only where that rule still holds.
* **Who meets whom.** When the players number q**d for a table size q (16 or 64 at four, 9 or 27 at
  three) and nobody sits out, the rounds are parallel classes of the affine space AG(d, q): every pair
  of players shares a table at most once, over (q**d - 1) / (q - 1) rounds exactly once (16 players
  over 5 rounds: the affine plane of order 4).  Otherwise a seeded local search swaps players between
  tables of a round (or with one sitting out) to minimise the repeated meetings, counted as sum over
  pairs of C(times met, 2) (so a third meeting costs more than a second), the rounds played fixed.
* **Winds.** Each player's count of each wind is kept within one of their other winds: an equitable
  edge colouring of the (player, table) graph, reached by reversing alternating paths (for winds a
  and b, a table is an arc from its a-seat to its b-seat; a player with two more a's than b's has a
  path to one with more b's than a's, and turning the path around evens both; only the path's two
  ends change counts, and the sum of squared counts falls every time, so it stops).  It is done after
  each round over the rounds so far, so a night that stops early is mostly even too.  Rounds drawn
  again after a player left start from the winds played, which may not allow it everywhere.

``draw_night`` draws the rounds still to play after the ``played`` ones (a player who left is simply
absent from ``players``: only later rounds are redrawn).  The analysis helpers (``pair_counts``,
``repeated_meetings``, ``wind_counts``, ``bye_counts``) are what the tests and the benchmark measure.
"""

from __future__ import annotations

import random
from collections import Counter, deque
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import combinations, permutations
from typing import Generic, TypeVar

P = TypeVar("P", bound=Hashable)

#: Table sizes a night can be drawn for (riichi and the other four-player games; sanma).
TABLE_SIZES = (3, 4)
#: Bounds of a night: a club's evening, and what one Discord message list stays readable with.
MAX_PLAYERS = 256
MAX_ROUNDS = 30
#: The local search: restarts from fresh deals (the best kept); sweeps without a better draw before a
#: restart gives up; how often a worse swap is taken; and how many swaps one draw may weigh (a draw that
#: cannot avoid repeats, 20 players over 10 rounds, stops there, near a second).  It stops early at no
#: repeated meeting, which is optimal.
RESTARTS = 2
PATIENCE = 100
NOISE = 0.03
WORK = 300_000


class DrawError(ValueError):
    """A night that cannot be drawn: ``key`` names the message (``league.night.error.*``), ``values``
    fill it."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(key)
        self.key = key
        self.values = values


@dataclass(frozen=True)
class Round(Generic[P]):
    """One round: each table's players in seat order (East first), and who sits out."""

    tables: tuple[tuple[P, ...], ...]
    byes: tuple[P, ...] = ()

    @property
    def seated(self) -> tuple[P, ...]:
        return tuple(p for table in self.tables for p in table)


def table_label(round_number: int, table_index: int) -> str:
    """``1A``, ``1B``, ... ``2A``: short to type in ``/league record table:``; unique within a night."""
    letters = ""
    index = table_index
    while True:
        letters = chr(ord("A") + index % 26) + letters
        index = index // 26 - 1
        if index < 0:
            return f"{round_number}{letters}"


def layout(players: int, table_size: int, sanma_tables: bool = False) -> tuple[list[int], int]:
    """The sizes of a round's tables and the number of byes for ``players`` present.

    ``sanma_tables`` (four-player nights): seat the rest at three-player tables instead of byes, as
    many as leave the fewest byes (13 players: one table of four and three of three)."""
    if table_size not in TABLE_SIZES:
        raise DrawError("league.night.error.table_size", size=table_size)
    if players < table_size and not (sanma_tables and players >= 3):
        raise DrawError("league.night.error.too_few", count=players, size=table_size)
    best: tuple[int, int, list[int]] | None = None
    for threes in range(4 if sanma_tables and table_size == 4 else 1):
        rest = players - 3 * threes
        if rest < 0:
            break
        fours, byes = divmod(rest, table_size)
        sizes = [table_size] * fours + [3] * threes
        if not sizes:
            continue
        if best is None or (byes, threes) < best[:2]:
            best = (byes, threes, sizes)
    assert best is not None
    return best[2], best[0]


def draw_night(
    players: Sequence[P],
    rounds: int,
    *,
    table_size: int = 4,
    seed: str | int = 0,
    sanma_tables: bool = False,
    played: Sequence[Round[P]] = (),
) -> list[Round[P]]:
    """The next ``rounds`` rounds for ``players`` after the ``played`` ones (which count: who met whom,
    byes, winds).  Deterministic for the same arguments."""
    if len(set(players)) != len(players):
        raise DrawError("league.night.error.same_player")
    if not 1 <= rounds <= MAX_ROUNDS:
        raise DrawError("league.night.error.rounds", low=1, high=MAX_ROUNDS, value=rounds)
    if len(players) > MAX_PLAYERS:
        raise DrawError("league.night.error.too_many", count=len(players), limit=MAX_PLAYERS)
    sizes, bye_count = layout(len(players), table_size, sanma_tables)
    rng = random.Random(f"mahjong-night:{seed}:{len(played)}")
    everyone = list(dict.fromkeys([*players, *(p for r in played for p in (*r.seated, *r.byes))]))
    index = {p: i for i, p in enumerate(everyone)}
    present = [index[p] for p in players]
    history = [([[index[p] for p in t] for t in r.tables], [index[p] for p in r.byes]) for r in played]

    byes = _bye_schedule(present, rounds, bye_count, history, rng, len(everyone))
    grid = _Grid(len(everyone), [tables for tables, _ in history], rng)
    construction = _affine_classes(len(present), table_size) if not history and bye_count == 0 else None
    if construction is not None and sizes == [table_size] * len(sizes):
        order = present[:]
        rng.shuffle(order)
        classes = construction[:]
        rng.shuffle(classes)
        fixed = [[[order[p] for p in line] for line in cls] for cls in classes[:rounds]]
        for tables in fixed:
            grid.add_round(tables)
        drawn = fixed
    else:
        drawn, byes = grid.search(
            lambda: [_deal(present, bye, sizes, rng) for bye in byes], byes, _ByeRule(present, history)
        )
    if len(drawn) < rounds:  # more rounds than the construction has: the rest drawn after them
        more, rest = grid.search(
            lambda: [_deal(present, bye, sizes, rng) for bye in byes[len(drawn) :]],
            byes[len(drawn) :],
            _ByeRule(present, history),
        )
        drawn, byes = drawn + more, byes[: len(drawn)] + rest
    seated = _seat_winds(drawn, [tables for tables, _ in history], len(everyone), rng)
    return [
        Round(tuple(tuple(everyone[p] for p in t) for t in tables), tuple(everyone[p] for p in bye))
        for tables, bye in zip(seated, byes, strict=True)
    ]


@dataclass(frozen=True)
class NightPlan(Generic[P]):
    """What a night's draw is made from, as a league keeps it: the players in the order given, the
    rounds, the table size, whether the rest may sit at sanma tables, the seed, and who left after which
    round, in the order they left.  :func:`draw_plan` makes the same draw again from it."""

    players: tuple[P, ...]
    rounds: int
    table_size: int = 4
    seed: str = "0"
    sanma_tables: bool = False
    left: tuple[tuple[P, int], ...] = ()

    def leaving(self, player: P, after_round: int) -> NightPlan[P]:
        return replace(self, left=(*self.left, (player, after_round)))

    @property
    def present(self) -> list[P]:
        gone = {p for p, _ in self.left}
        return [p for p in self.players if p not in gone]


def draw_plan(plan: NightPlan[P]) -> list[Round[P]]:
    """The night's rounds: drawn for everyone, then again after each player who left (in order)."""
    night = draw_night(
        plan.players, plan.rounds, seed=plan.seed, table_size=plan.table_size, sanma_tables=plan.sanma_tables
    )
    for count in range(1, len(plan.left) + 1):
        night = redraw_after_leaving(replace(plan, left=plan.left[:count]), night)
    return night


def redraw_after_leaving(plan: NightPlan[P], night: Sequence[Round[P]]) -> list[Round[P]]:
    """``night`` as drawn before the last player of ``plan.left`` left after round k: rounds up to k kept as
    played, the later ones drawn again for the players still present (the seed told apart per leaving)."""
    _, after = plan.left[-1]
    if after >= plan.rounds:
        return list(night)
    played = list(night[:after])
    later = draw_night(
        plan.present,
        plan.rounds - after,
        seed=f"{plan.seed}/left {len(plan.left)}",
        table_size=plan.table_size,
        sanma_tables=plan.sanma_tables,
        played=played,
    )
    return [*played, *later]


# ------------------------------------------------------------------------------------------- byes
def _bye_schedule(
    present: list[int],
    rounds: int,
    per_round: int,
    history: list[tuple[list[list[int]], list[int]]],
    rng: random.Random,
    size: int,
) -> list[list[int]]:
    """Who sits out in each new round: fewest byes so far first, then the longest ago, then a seeded
    order; so nobody has a second bye before everyone present had one."""
    count = [0] * size
    last = [-1] * size
    for number, (_, byes) in enumerate(history):
        for p in byes:
            count[p] += 1
            last[p] = number
    tiebreak = present[:]
    rng.shuffle(tiebreak)
    rank = {p: i for i, p in enumerate(tiebreak)}
    schedule = []
    for number in range(len(history), len(history) + rounds):
        chosen = sorted(present, key=lambda p: (count[p], last[p], rank[p]))[:per_round]
        for p in chosen:
            count[p] += 1
            last[p] = number
        schedule.append(sorted(chosen, key=rank.__getitem__))
    return schedule


class _ByeRule:
    """Whoever sits out had no more byes before that round than anyone present who plays."""

    def __init__(self, present: list[int], history: list[tuple[list[list[int]], list[int]]]) -> None:
        self.present = present
        self.base = Counter(p for _, byes in history for p in byes)

    def allows(self, schedule: list[list[int]], r: int, p: int, q: int) -> bool:
        """Whether ``p`` (playing) may sit out round ``r`` of the new rounds' byes instead of ``q``."""
        before = self.base[p] - self.base[q] + sum((p in b) - (q in b) for b in schedule[:r])
        if before != 0:  # a fair round r already had q's byes <= p's: only equals may trade
            return False
        sitting = schedule[r]
        i = sitting.index(q)
        sitting[i] = p
        try:
            return self.fair(schedule)
        finally:
            sitting[i] = q

    def fair(self, schedule: list[list[int]]) -> bool:
        count = self.base.copy()
        for byes in schedule:
            if byes:
                most = max(count[p] for p in byes)
                out = set(byes)
                if any(count[p] < most for p in self.present if p not in out):
                    return False
                count.update(byes)
        return True


def _deal(present: list[int], byes: list[int], sizes: list[int], rng: random.Random) -> list[list[int]]:
    out = set(byes)
    playing = [p for p in present if p not in out]
    rng.shuffle(playing)
    tables, start = [], 0
    for size in sizes:
        tables.append(playing[start : start + size])
        start += size
    return tables


# ------------------------------------------------------------------------------------------- meetings
class _Grid:
    """How often each pair met (the played rounds and the rounds drawn so far), and the search."""

    def __init__(self, size: int, played: Iterable[list[list[int]]], rng: random.Random) -> None:
        self.size = size
        self.rng = rng
        self.met = [[0] * size for _ in range(size)]
        for tables in played:
            self.add_round(tables)

    def add_round(self, tables: list[list[int]], step: int = 1) -> None:
        for table in tables:
            for a, b in combinations(table, 2):
                self.met[a][b] += step
                self.met[b][a] += step

    def search(
        self, deal: Callable[[], list[list[list[int]]]], byes: list[list[int]], rule: _ByeRule
    ) -> tuple[list[list[list[int]]], list[list[int]]]:
        """The best of ``RESTARTS`` local searches from fresh deals (fewer when one meets nobody again):
        each round's tables and byes, the byes still ``fair``."""
        best: tuple[int, list[list[list[int]]], list[list[int]]] | None = None
        for _ in range(RESTARTS):
            rounds = deal()
            if not rounds:
                return [], []
            found = self._improve(rounds, [b[:] for b in byes], rule, WORK // RESTARTS)
            for tables in found[1]:
                self.add_round(tables, -1)
            if best is None or found[0] < best[0]:
                best = found
            if best[0] == 0:
                break
        assert best is not None
        for tables in best[1]:
            self.add_round(tables)
        return best[1], best[2]

    def _improve(
        self, rounds: list[list[list[int]]], byes: list[list[int]], rule: _ByeRule, work: int
    ) -> tuple[int, list[list[list[int]]], list[list[int]]]:
        """Sweeps over the players who meet someone again at their table, in a random order: each takes
        the swap with a player of another table of that round, or with one sitting out (when the byes
        stay fair), that lowers sum C(met, 2) most (a tie too, to cross a plateau, and now and then a
        worse one, to leave a dip), until ``PATIENCE`` sweeps without a better draw, or ``work`` swaps
        weighed.  The best draw seen is kept: (its cost, its rounds, its byes), counted in ``met``."""
        for tables in rounds:
            self.add_round(tables)
        met, rng = self.met, self.rng
        current = best = self._cost(rounds)
        kept = ([[t[:] for t in tables] for tables in rounds], [b[:] for b in byes])
        stale = 0
        while current > 0 and stale < PATIENCE and work > 0:
            troubled = [
                (r, table, p)
                for r, tables in enumerate(rounds)
                for table in tables
                for p in table
                if any(met[p][q] > 1 for q in table if q != p)
            ]
            if not troubled:  # what repeats is in the rounds played: nothing here to improve
                break
            rng.shuffle(troubled)
            stale += 1
            for r, home, p in troubled:
                if p not in home:
                    continue  # moved earlier in this sweep
                work -= len(rounds[r]) * len(home) + len(byes[r])
                move = self._best_swap(rounds[r], byes, r, home, p, rule)
                if move is None or (move[0] > 0 and rng.random() > NOISE):
                    continue
                low, other, q = move
                self._swap(p, q, home, other, seated=other is not byes[r])
                current += low
                if current < best:
                    best, stale = current, 0
                    kept = ([[t[:] for t in tables] for tables in rounds], [b[:] for b in byes])
        for tables in rounds:  # the draw now may differ from the best even at the same cost
            self.add_round(tables, -1)
        for tables in kept[0]:
            self.add_round(tables)
        return best, kept[0], kept[1]

    def _best_swap(
        self,
        tables: list[list[int]],
        byes: list[list[int]],
        r: int,
        home: list[int],
        p: int,
        rule: _ByeRule,
    ) -> tuple[int, list[int], int] | None:
        """The swap of ``p`` (who meets someone again at ``home``) with a player of another table or one
        sitting out in round ``r`` that lowers the cost most, ties broken at random: (change, their
        table or the byes, them); None when there is none."""
        met = self.met
        leaving = sum(1 - met[p][x] for x in home if x != p)
        low, moves = 0, list[tuple[list[int], int]]()
        for other in tables:
            if other is home:
                continue
            for q in other:
                delta = (
                    leaving
                    + sum(met[q][x] for x in home if x != p)
                    + sum(met[p][y] - met[q][y] + 1 for y in other if y != q)
                )
                if not moves or delta < low:
                    low, moves = delta, [(other, q)]
                elif delta == low:
                    moves.append((other, q))
        sitting = byes[r]
        for q in sitting:
            delta = leaving + sum(met[q][x] for x in home if x != p)
            if moves and delta > low:
                continue
            if not rule.allows(byes, r, p, q):
                continue
            if not moves or delta < low:
                low, moves = delta, [(sitting, q)]
            else:
                moves.append((sitting, q))
        if not moves:
            return None
        other, q = moves[self.rng.randrange(len(moves))]
        return low, other, q

    def _cost(self, rounds: list[list[list[int]]]) -> int:
        """sum C(met, 2) over the pairs that share a table in ``rounds`` (the others cannot change)."""
        met = self.met
        pairs = {
            (a, b) if a < b else (b, a) for tables in rounds for t in tables for a, b in combinations(t, 2)
        }
        return sum(met[a][b] * (met[a][b] - 1) // 2 for a, b in pairs)

    def _swap(self, p: int, q: int, home: list[int], other: list[int], seated: bool = True) -> None:
        """``p`` and ``q`` trade places between table ``home`` and table ``other`` (or the byes, not
        ``seated``), counted in ``met``."""
        met = self.met
        for x in home:
            if x != p:
                met[p][x] -= 1
                met[x][p] -= 1
                met[q][x] += 1
                met[x][q] += 1
        for y in other if seated else ():
            if y != q:
                met[q][y] -= 1
                met[y][q] -= 1
                met[p][y] += 1
                met[y][p] += 1
        home[home.index(p)] = q
        other[other.index(q)] = p


# ------------------------------------------------------------------------------------------- AG(d, q)
_GF4_MUL = ((0, 0, 0, 0), (0, 1, 2, 3), (0, 2, 3, 1), (0, 3, 1, 2))  # GF(4) = {0, 1, a, a+1}, a^2 = a+1


def _gf_add(q: int, x: int, y: int) -> int:
    return x ^ y if q == 4 else (x + y) % q


def _gf_mul(q: int, x: int, y: int) -> int:
    return _GF4_MUL[x][y] if q == 4 else (x * y) % q


def _affine_classes(players: int, q: int) -> list[list[list[int]]] | None:
    """The parallel classes of AG(d, q) when ``players`` is q**d (d >= 2, q = 3 or 4): each class splits
    the points into lines of q, and two points share exactly one line.  None for other counts."""
    d, power = 0, 1
    while power < players:
        power *= q
        d += 1
    if power != players or d < 2:
        return None

    def digits(n: int) -> list[int]:
        return [(n // q**i) % q for i in range(d)]

    def number(v: list[int]) -> int:
        return sum(x * q**i for i, x in enumerate(v))

    points = [digits(n) for n in range(players)]
    directions = [v for v in points if any(v) and next(x for x in reversed(v) if x) == 1]
    classes = []
    for v in directions:
        seen: set[int] = set()
        lines = []
        for point in points:
            if number(point) in seen:
                continue
            line = [
                number([_gf_add(q, x, _gf_mul(q, s, y)) for x, y in zip(point, v, strict=True)])
                for s in range(q)
            ]
            seen.update(line)
            lines.append(line)
        classes.append(lines)
    return classes


# ------------------------------------------------------------------------------------------- winds
def _seat_winds(
    rounds: list[list[list[int]]], played: list[list[list[int]]], size: int, rng: random.Random
) -> list[list[list[int]]]:
    """Each new table in seat order (East first), every player's winds as even as the rounds allow."""
    winds = max((len(t) for tables in (*played, *rounds) for t in tables), default=4)
    count = [[0] * winds for _ in range(size)]
    for tables in played:
        for table in tables:
            for seat, p in enumerate(table):
                count[p][seat] += 1
    seated = []
    for tables in rounds:  # round by round, so the winds are mostly even after each round (a night may stop)
        placed = []
        for table in tables:
            # Each player at the wind they have had least (over the seatings of this table, ties at random).
            orders = list(permutations(table))
            rng.shuffle(orders)
            order = list(min(orders, key=lambda o: sum(count[p][seat] for seat, p in enumerate(o))))
            for seat, p in enumerate(order):
                count[p][seat] += 1
            placed.append(order)
        seated.append(placed)
        _even([t for tables in seated for t in tables], count, winds)  # within one over the rounds so far
    return seated


def _even(tables: list[list[int]], count: list[list[int]], winds: int) -> None:
    changed = True
    while changed:
        changed = False
        for a in range(winds):
            for b in range(winds):
                if a != b:
                    changed |= _even_pair(tables, count, a, b)


def _even_pair(tables: list[list[int]], count: list[list[int]], a: int, b: int) -> bool:
    """Even out winds ``a`` and ``b``: while someone has two more a's than b's, turn around a path of
    tables (a-seat -> b-seat) from them to someone with more b's than a's.  True when anything moved."""
    arcs = [t for t in tables if len(t) > max(a, b)]
    moved = False
    for p in range(len(count)):
        while count[p][a] - count[p][b] >= 2:
            path = _path(arcs, count, p, a, b)
            if path is None:
                break
            for table in path:
                table[a], table[b] = table[b], table[a]
            end = path[-1][a]  # after the swap the path's last b-seat player sits at a
            count[p][a] -= 1
            count[p][b] += 1
            count[end][b] -= 1
            count[end][a] += 1
            moved = True
    return moved


def _path(
    arcs: list[list[int]], count: list[list[int]], start: int, a: int, b: int
) -> list[list[int]] | None:
    """Tables forming a path start -(a->b)-> ... -> q with q holding more b's than a's (breadth first)."""
    out: dict[int, list[list[int]]] = {}
    for table in arcs:
        out.setdefault(table[a], []).append(table)
    came: dict[int, list[int] | None] = {start: None}
    queue = deque([start])
    while queue:
        p = queue.popleft()
        if p != start and count[p][b] - count[p][a] >= 1:
            path: list[list[int]] = []
            while (arc := came[p]) is not None:
                path.append(arc)
                p = arc[a]
            return path[::-1]
        for table in out.get(p, ()):
            q = table[b]
            if q not in came:
                came[q] = table
                queue.append(q)
    return None


# ------------------------------------------------------------------------------------------- analysis
def pair_counts(rounds: Iterable[Round[P]]) -> Counter[frozenset[P]]:
    """How often each pair of players shared a table."""
    met: Counter[frozenset[P]] = Counter()
    for r in rounds:
        for table in r.tables:
            met.update(frozenset(pair) for pair in combinations(table, 2))
    return met


def repeated_meetings(rounds: Iterable[Round[P]]) -> int:
    """Each two rounds in which the same two players shared a table: sum over pairs of C(times met, 2),
    what the draw minimises (a pair meeting three times counts three: it is worse than two pairs
    meeting twice)."""
    return sum(c * (c - 1) // 2 for c in pair_counts(rounds).values())


def wind_counts(rounds: Iterable[Round[P]]) -> dict[P, list[int]]:
    """Per player, how often they sat East, South, West (and North)."""
    counts: dict[P, list[int]] = {}
    for r in rounds:
        for table in r.tables:
            for seat, p in enumerate(table):
                counts.setdefault(p, [0] * 4)[seat] += 1
    return counts


def bye_counts(rounds: Iterable[Round[P]]) -> Counter[P]:
    return Counter(p for r in rounds for p in r.byes)
