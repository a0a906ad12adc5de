"""Shanten: how many tile exchanges a hand is from ready (0); -1 means the hand is complete.

Definition (the usual one, as in Tenhou's 牌理 and kobalab/majiang-core): the shanten of a hand is
one less than the fewest tiles that must be drawn (each replacing a discard) to reach a winning shape.
Tiles are assumed drawable even when the hand already holds all four copies, so ``123m456p789s1111z``
is ready on a fifth 1z; :mod:`bot.hand.analysis` reports such waits with ``drawable == 0``.

Regular shape, the fast part. A *distance table* of one suit says, for k sets with or without the
pair, the fewest tiles to add to that suit's tiles so that they contain those blocks (``table[2*k+p]``).
The distance of the whole hand is the min-plus combination of the four suits' tables (man, pin, sou,
honours).  Both steps are memoised:

* suit tables by the suit's packed counts (``bytes`` of 9 or 7 counts), filled lazily by a small
  recursion (:func:`_compute_table`);
* distinct tables are few (a few hundred after 20,000 random hands), so each table gets a small
  integer id and the combinations are memoised by pairs of ids (the table arithmetic itself is
  generated straight-line code, :mod:`bot.hand.table_code`).  A warm shanten is then about seven
  dict look-ups; a cold one fills the missing entries once.

Seven pairs, thirteen orphans and knitted are in :mod:`bot.hand.special_shapes`.  Everything works on
*counts* (34 integers); open melds are not in the counts, the caller says how many sets the concealed
tiles must still form.

API: :func:`shanten` (checked, least over the allowed :class:`Shapes`), :func:`shanten_by_shape`,
:func:`shanten_regular`, :func:`shanten_seven_pairs`, :func:`shanten_thirteen_orphans`,
:func:`shanten_knitted`, :func:`is_complete`; unchecked fast paths on ``bytes`` counts for hot loops:
:func:`least_shanten`, :func:`shapes_shanten`, :func:`draw_shanten` (every draw at once).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

from bot.hand.special_shapes import (
    extra_sets,
    knitted_shanten,
    orphans_shanten,
    seven_pairs_distance,
    seven_pairs_shanten,
    special_after_draws,
)
from bot.hand.table_code import MAX_SETS, combine_tables, pair_entry, with_a_set, with_the_pair
from bot.hand.tiles import NUM_KINDS

_ID_BITS: Final = 20  # combination keys pack two table ids: id_a * _ID_SPAN + id_b
# Keys are built by * and + rather than << and |: Python 3.11 specialises int + and * (not << or |),
# so the warm look-ups skip two generic calls per key.
_ID_SPAN: Final = 1 << _ID_BITS

# The table of a suit with no tiles: every set costs three tiles, the pair two.
_EMPTY_TABLE: Final = tuple(3 * k + 2 * p for k in range(MAX_SETS + 1) for p in (0, 1))


@dataclass(frozen=True)
class Shapes:
    """Which winning shapes a rule set allows (special shapes need a closed hand)."""

    regular: bool = True
    seven_pairs: bool = True
    four_as_two_pairs: bool = False  # a four of a kind may stand for two of the seven pairs
    thirteen_orphans: bool = True
    knitted: bool = False  # 十四不搭: fourteen different tiles of one knitted set
    three_player: bool = False  # 2m-8m do not exist: no man sequences

    def special(self) -> bool:
        return self.seven_pairs or self.thirteen_orphans or self.knitted


RIICHI_SHAPES: Final = Shapes()
REGULAR_ONLY: Final = Shapes(seven_pairs=False, thirteen_orphans=False)


# --- per-suit distance tables -------------------------------------------------------------------

# The memo tables are Final (filled and cleared, never rebound): the compiled build then holds them in
# C variables instead of looking each up by name in the module's dict.
_tables: Final[list[tuple[int, ...]]] = []  # id -> table
_table_ids: Final[dict[tuple[int, ...], int]] = {}  # table -> id
_suit_ids: Final[dict[bytes, int]] = {}  # packed counts of a numbered suit -> table id
_honor_ids: Final[dict[bytes, int]] = {}  # packed counts of honours (or sanma's man suit) -> table id
_combined: Final[dict[int, int]] = {}  # id_a * _ID_SPAN + id_b -> id of the combined table
# The hand is combined as (man + pin) + (sou + honours): over 20,000 random hands with 0-3 melds that
# pairing meets 730 distinct combinations, ((man + pin) + sou) + honours 1,831 (each costs a combiner
# call cold; the extra whole-hand entries it meets instead cost a fifth as much).
_final: Final[dict[int, tuple[int, ...]]] = {}  # id_mp * _ID_SPAN + id_sh -> whole-hand table
# (id_mp * _ID_SPAN + id_sh) * 8 + sets -> that table's entry for the sets and a pair, minus 1:
# least_shanten reads one entry, so on a miss it works out that entry alone, not the whole table.
_final_shanten: Final[dict[int, int]] = {}
# The front of it all: a group of kinds (a suit's 9, the honours' 7) -> its *info*, one int holding the
# group's table id and the counts the special shapes and the tile-count check need (_INFO_* below), so
# a warm shanten reads each group once.  Keyed by the group's bytes, or (compiled build, counts given as
# a list) by its counts read as a base-8 number: no bytes object is built at all.
_suit_infos: Final[dict[bytes, int]] = {}
_honor_infos: Final[dict[bytes, int]] = {}
_sanma_man_infos: Final[dict[bytes, int]] = {}  # sanma's man suit: no sequences, terminals at its ends
_suit_infos_by_number: Final[dict[int, int]] = {}
_honor_infos_by_number: Final[dict[int, int]] = {}
_sanma_man_infos_by_number: Final[dict[int, int]] = {}
_suit_draws: Final[dict[bytes, tuple[int, ...]]] = {}  # packed counts -> ids after drawing each kind
_honor_draws: Final[dict[bytes, tuple[int, ...]]] = {}
_intern_lock: Final = threading.Lock()


def clear_caches() -> None:
    """Forget every memoised table (for honest cold-start measurements)."""
    for cache in (
        _tables,
        _table_ids,
        _suit_ids,
        _honor_ids,
        _suit_infos,
        _honor_infos,
        _sanma_man_infos,
        _suit_infos_by_number,
        _honor_infos_by_number,
        _sanma_man_infos_by_number,
        _combined,
        _final,
        _final_shanten,
        _suit_draws,
        _honor_draws,
    ):
        cache.clear()


def cache_sizes() -> dict[str, int]:
    return {
        "tables": len(_tables),
        "suit_keys": len(_suit_ids),
        "honor_keys": len(_honor_ids),
        "combined": len(_combined),
        "final": len(_final),
        "final_shanten": len(_final_shanten),
    }


def _intern(table: tuple[int, ...]) -> int:
    found = _table_ids.get(table)
    if found is None:
        # Only new tables take the lock (warm look-ups never get here): two threads filling the memo
        # at once must not hand out the same id for different tables.
        with _intern_lock:
            found = _table_ids.get(table)
            if found is None:
                found = len(_tables)
                if found >> _ID_BITS:
                    raise RuntimeError("shanten table ids overflow the combination keys")
                _tables.append(table)
                _table_ids[table] = found
    return found


def _table_id(key: bytes, sequences: bool) -> int:
    memo = _suit_ids if sequences else _honor_ids
    found = memo.get(key)
    if found is None:
        # Honours (no sequences) only depend on how many kinds hold 1, 2, 3 or 4 copies.
        canonical = _canonical_suit(key) if sequences else bytes(sorted(key, reverse=True))
        found = memo.get(canonical)
        if found is None:
            found = memo[canonical] = _intern(_compute_table(canonical, sequences))
        memo[key] = found
    return found


def suit_table(counts: Sequence[int], sequences: bool = True) -> tuple[int, ...]:
    """The distance table of one suit (9 counts, or 7 honours with ``sequences=False``):
    ``table[2*k + p]`` = fewest tiles to add so the suit holds k sets and (p = 1) a pair."""
    return _tables[_table_id(bytes(counts), sequences)]


def _canonical_suit(key: bytes) -> bytes:
    """A key with the same table, shared by many suits: cuts the cold work about in four.

    Distances only count drawn tiles, so they do not change when the suit's tiles move together
    (a block sticking out past 1 or 9 can slide back in at the same cost), when a gap of two or more
    empty kinds shrinks to two (no block spans it), or when the suit is read from 9 down to 1.  The
    canonical key is the tiles with such gaps shrunk, the smaller reading of the two directions, and
    two empty kinds on each side so that every sequence through an end tile still fits.
    """
    core = key.strip(b"\0")
    # Written without `in` and min(): ``bytes in bytes`` first tries the needle as an int and builds
    # a TypeError on the way (about 2,000 instructions), and each raw key of a cold pass gets here.
    shorter = core.replace(b"\0\0\0", b"\0\0")
    while len(shorter) < len(core):
        core = shorter
        shorter = core.replace(b"\0\0\0", b"\0\0")
    backwards = core[::-1]
    return b"\0\0" + (backwards if backwards < core else core) + b"\0\0"


def _compute_table(key: bytes, sequences: bool) -> tuple[int, ...]:
    """Distance table of one suit, by cases on the lowest kind still holding tiles.

    Either those tiles are all left out of the target (discarded), or one block of the target uses
    one of them: a pair or a triplet of that kind, or a sequence through it (starting up to two kinds
    lower, where the suit holds nothing, so those tiles are drawn).  A block takes every tile it can
    from the suit and costs the tiles it lacks; blocks that use no tile at all cost 3 (pair 2), as in
    the empty table.  The cost of a target only depends on its blocks, not on which copy goes where,
    so this covers every target.
    """
    n = len(key)
    low = n - len(key.lstrip(b"\0"))  # the lowest kind holding tiles
    if low == n:
        return _EMPTY_TABLE
    counts = bytearray(key)
    held = counts[low]
    table = _tables[_table_id(_fewer(counts, low, held), sequences)]  # leave the tiles of `low` out
    used = held if held < 2 else 2  # (comparisons, not min(): see _least_lines)
    table = with_the_pair(table, 2 - used, _tables[_table_id(_fewer(counts, low, used), sequences)])
    used = held if held < 3 else 3
    table = with_a_set(table, 3 - used, _tables[_table_id(_fewer(counts, low, used), sequences)])
    if sequences:
        for first in (low - 2, low - 1, low):
            if first < 0 or first + 2 >= n:
                continue
            rest = counts.copy()
            drawn = 0
            for kind in (first, first + 1, first + 2):
                if rest[kind]:
                    rest[kind] -= 1
                else:
                    drawn += 1
            table = with_a_set(table, drawn, _tables[_table_id(bytes(rest), sequences)])
    return table


def _fewer(counts: bytearray, kind: int, used: int) -> bytes:
    """The counts with ``used`` tiles of ``kind`` taken out (``counts`` is left as it was)."""
    counts[kind] -= used
    rest = bytes(counts)
    counts[kind] += used
    return rest


def _combined_id(a: int, b: int) -> int:
    key = a * _ID_SPAN + b
    found = _combined.get(key)
    if found is None:
        found = _intern(combine_tables(_tables[a], _tables[b]))
        # Combining is symmetric: the swapped pair, met later, needs no work either.
        _combined[key] = _combined[b * _ID_SPAN + a] = found
    return found


# --- group infos: what a warm shanten reads ------------------------------------------------------

# An info packs, from the low bits up: the group's tiles, its kinds held once, its kinds held twice or
# more, its terminals and honours held, those held twice or more (8 bits each), and its table id.  The
# four groups' infos added up (below the id) give the hand's totals of each: no field overflows into
# the next (at most 136 tiles, 34 kinds).
_INFO_ID: Final = 40
_INFO_STATS: Final = (1 << _INFO_ID) - 1
_BYTE: Final = 0xFF
_SUIT: Final = 0  # the kinds of a group: a numbered suit,
_HONORS: Final = 1  # the honours (no sequences, every kind a terminal or honour),
_SANMA_MAN: Final = 2  # sanma's man suit (1m and 9m only: no sequences, its ends are terminals)
_BAD_COUNTS: Final = "tile counts must be 34 integers from 0 to 4"


def _new_info(group: bytes, kind: int) -> int:
    table = _table_id(group, kind == _SUIT)
    singles = group.count(1)
    twice = len(group) - group.count(0) - singles
    if kind == _HONORS:
        orphans = singles + twice
        orphan_pairs = twice
    else:
        low = group[0]
        high = group[-1]
        orphans = (1 if low else 0) + (1 if high else 0)
        orphan_pairs = (1 if low > 1 else 0) + (1 if high > 1 else 0)
    return table << _INFO_ID | orphan_pairs << 32 | orphans << 24 | twice << 16 | singles << 8 | sum(group)


def _info(group: bytes, kind: int) -> int:
    """The info of a group of counts (memoised by its bytes)."""
    memo = _suit_infos if kind == _SUIT else _honor_infos if kind == _HONORS else _sanma_man_infos
    found = memo.get(group)
    if found is None:
        found = memo[group] = _new_info(group, kind)
    return found


def _group_infos(packed: bytes, three_player: bool) -> tuple[int, int, int, int]:
    """The infos of man, pin, sou and the honours."""
    # Slices written out: mypyc (the compiled build) cannot index bytes by a slice held in a variable.
    man = packed[0:9]
    if three_player:
        m = _sanma_man_infos.get(man)
        if m is None:
            m = _info(man, _SANMA_MAN)
    else:
        m = _suit_infos.get(man)
        if m is None:
            m = _info(man, _SUIT)
    pin = packed[9:18]
    p = _suit_infos.get(pin)
    if p is None:
        p = _info(pin, _SUIT)
    sou = packed[18:27]
    s = _suit_infos.get(sou)
    if s is None:
        s = _info(sou, _SUIT)
    honors = packed[27:34]
    h = _honor_infos.get(honors)
    if h is None:
        h = _info(honors, _HONORS)
    return m, p, s, h


def _number_info(counts: list[int], start: int, end: int, kind: int) -> int:
    """The info of the group ``counts[start:end]``, memoised by its counts read as a base-8 number.

    The compiled build's reading of a list: each item is a machine word there, so the number costs a
    few instructions a count and no object is built; pure Python reads a list faster through bytes().
    """
    number = 0
    for i in range(start, end):
        count = counts[i]
        if count < 0 or count > 4:
            raise ValueError(_BAD_COUNTS)
        number = number * 8 + count
    memo = (
        _suit_infos_by_number
        if kind == _SUIT
        else _honor_infos_by_number
        if kind == _HONORS
        else _sanma_man_infos_by_number
    )
    found = memo.get(number)
    if found is None:
        found = memo[number] = _info(bytes(counts[start:end]), kind)
    return found


def _halves(m: int, p: int, s: int, h: int) -> tuple[int, int]:
    """The ids of the hand's two halves' tables, (man + pin) and (sou + honours), from the groups'
    infos.  Combining the suits in that order meets far fewer distinct pairs than
    (man + pin + sou) + honours (module notes)."""
    m >>= _INFO_ID
    p >>= _INFO_ID
    s >>= _INFO_ID
    h >>= _INFO_ID
    combined = _combined
    mp = combined.get(m * _ID_SPAN + p)
    if mp is None:
        mp = _combined_id(m, p)
    sh = combined.get(s * _ID_SPAN + h)
    if sh is None:
        sh = _combined_id(s, h)
    return mp, sh


def _hand_table(counts: bytes, three_player: bool = False) -> tuple[int, ...]:
    """Distance table of the whole hand (index 2*k + p, k sets, p pair)."""
    mp, sh = _halves(*_group_infos(counts, three_player))
    key = mp * _ID_SPAN + sh
    table = _final.get(key)
    if table is None:
        table = _final[key] = combine_tables(_tables[mp], _tables[sh])
    return table


# --- validation ----------------------------------------------------------------------------------


_VALID_COUNTS: Final = bytes(range(5))
_BYTE_TOPS: Final = int.from_bytes(b"\x80" * NUM_KINDS, "little")
# Below 128, a count plus 123 reaches 128 (its byte's top bit), without a carry, exactly when above 4.
_ABOVE_FOUR: Final = int.from_bytes(bytes([128 - 5]) * NUM_KINDS, "little")


def pack_counts(counts: Sequence[int] | bytes) -> bytes:
    """The counts as 34 bytes; raises ValueError naming the problem."""
    try:
        packed = counts if isinstance(counts, bytes) else bytes(counts)
    except (ValueError, TypeError):
        raise ValueError(_BAD_COUNTS) from None
    if len(packed) != NUM_KINDS or packed.strip(_VALID_COUNTS):
        raise ValueError(_BAD_COUNTS)
    return packed


def sets_needed(tile_count: int, melds: int = 0, sets: int = 4) -> int:
    """Sets the concealed tiles must still form; checks the tile count fits (3k+1 or 3k+2)."""
    needed = sets - melds
    if not 0 <= needed <= MAX_SETS:
        raise ValueError(f"{melds} melds do not fit a hand of {sets} sets")
    if tile_count not in (3 * needed + 1, 3 * needed + 2):
        raise ValueError(
            f"{tile_count} concealed tiles do not fit {sets} sets with {melds} melds "
            f"(expected {3 * needed + 1} or {3 * needed + 2})"
        )
    return needed


# --- the shapes ----------------------------------------------------------------------------------


def shanten_regular(
    counts: Sequence[int] | bytes, melds: int = 0, sets: int = 4, three_player: bool = False
) -> int:
    """Shanten for ``sets`` sets and a pair, ``melds`` of them already open or declared."""
    packed = pack_counts(counts)
    needed = sets_needed(sum(packed), melds, sets)
    return _hand_table(packed, three_player)[2 * needed + 1] - 1


def shanten_seven_pairs(counts: Sequence[int] | bytes, four_as_two_pairs: bool = False) -> int:
    """Seven different pairs (or, if allowed, a four of a kind as two pairs), closed 13/14 tiles.

    With 16/17 tiles: 嚦咕嚦咕, seven pairs and a triplet of another kind.
    """
    packed = pack_counts(counts)
    return seven_pairs_shanten(packed, four_as_two_pairs, extra_sets(packed))


def shanten_thirteen_orphans(counts: Sequence[int] | bytes) -> int:
    """One of each terminal and honour plus a second of one of them, closed 13/14 tiles.

    With 16/17 tiles: the same plus any set (the Taiwanese 13麼).
    """
    packed = pack_counts(counts)
    return orphans_shanten(packed, extra_sets(packed))


def shanten_knitted(counts: Sequence[int] | bytes) -> int:
    """十四不搭: fourteen different tiles of one knitted set (147/258/369 in some suit order + honours)."""
    packed = pack_counts(counts)
    if sum(packed) not in (13, 14):
        raise ValueError(f"knitted needs a closed hand of 13/14 tiles, not {sum(packed)}")
    return knitted_shanten(packed)


def shanten_by_shape(
    counts: Sequence[int] | bytes, melds: int = 0, sets: int = 4, shapes: Shapes = RIICHI_SHAPES
) -> dict[str, int]:
    """Shanten of every allowed shape (special shapes only for a closed hand of 4 or 5 sets)."""
    packed = pack_counts(counts)
    return shapes_shanten(packed, sets_needed(sum(packed), melds, sets), melds == 0, shapes)


def shapes_shanten(
    packed: bytes, needed: int, closed: bool, shapes: Shapes = RIICHI_SHAPES
) -> dict[str, int]:
    """:func:`shanten_by_shape` without the checks (counts of 5 allowed, as in :func:`least_shanten`)."""
    out: dict[str, int] = {}
    if shapes.regular:
        out["regular"] = _hand_table(packed, shapes.three_player)[2 * needed + 1] - 1
    if closed and needed in (4, 5):
        extra = needed - 4
        if shapes.seven_pairs:
            out["seven_pairs"] = seven_pairs_shanten(packed, shapes.four_as_two_pairs, extra)
        if shapes.thirteen_orphans:
            out["thirteen_orphans"] = orphans_shanten(packed, extra)
        if shapes.knitted and needed == 4:
            out["knitted"] = knitted_shanten(packed)
    return out


def shanten(
    counts: Sequence[int] | bytes, melds: int = 0, sets: int = 4, shapes: Shapes = RIICHI_SHAPES
) -> int:
    """The least shanten over the allowed shapes.

    ``counts``: 34 concealed counts; ``melds``: open or declared sets (kans count as one);
    ``sets``: sets of a complete hand (4, or 5 in the 16-tile game).  This is the hot path of the AI
    and of the discard tables.
    """
    if _READ_ITEMS and isinstance(counts, list):
        return _shanten_of_list(counts, melds, sets, shapes)
    try:
        packed = bytes(counts)
    except (ValueError, TypeError):
        packed = b""
    # strip() leaves nothing exactly when every count is 0-4; the groups' infos give the tile count.
    if len(packed) != NUM_KINDS or packed.strip(_VALID_COUNTS):
        raise ValueError(_BAD_COUNTS)
    m, p, s, h = _group_infos(packed, shapes.three_player)
    tiles = (m + p + s + h) & _BYTE
    needed = sets - melds
    if tiles != 3 * needed + 2 and tiles != 3 * needed + 1 or needed > MAX_SETS:
        sets_needed(tiles, melds, sets)  # raises with the reason
    return _least_of_infos(m, p, s, h, needed, melds == 0, shapes, packed)


def _shanten_of_list(counts: list[int], melds: int, sets: int, shapes: Shapes) -> int:
    """:func:`shanten` of a list, read item by item (:func:`_number_info`): the compiled build's way."""
    if len(counts) != NUM_KINDS:
        raise ValueError(_BAD_COUNTS)
    try:
        m = _number_info(counts, 0, 9, _SANMA_MAN if shapes.three_player else _SUIT)
        p = _number_info(counts, 9, 18, _SUIT)
        s = _number_info(counts, 18, 27, _SUIT)
        h = _number_info(counts, 27, 34, _HONORS)
    except TypeError:  # an item that is not an int
        raise ValueError(_BAD_COUNTS) from None
    tiles = (m + p + s + h) & _BYTE
    needed = sets - melds
    if tiles != 3 * needed + 2 and tiles != 3 * needed + 1 or needed > MAX_SETS:
        sets_needed(tiles, melds, sets)  # raises with the reason
    return _least_of_infos(m, p, s, h, needed, melds == 0, shapes, counts)


# Whether shanten() reads a list item by item: in the compiled build (a module there is not a .py
# file), where that is about twice as fast as going through bytes(); pure Python is faster with bytes().
_READ_ITEMS: Final = not __file__.endswith(".py")


def least_shanten(packed: bytes, needed: int, closed: bool, shapes: Shapes = RIICHI_SHAPES) -> int:
    """:func:`shanten` without the checks, for callers that built valid ``bytes`` counts themselves.

    A count may be 5 here: that is how a wait on a fifth copy is recognised (see the module notes).
    """
    m, p, s, h = _group_infos(packed, shapes.three_player)
    return _least_of_infos(m, p, s, h, needed, closed, shapes, packed)


def _least_of_infos(
    m: int, p: int, s: int, h: int, needed: int, closed: bool, shapes: Shapes, counts: Sequence[int] | bytes
) -> int:
    """The least shanten from the groups' infos; ``counts`` (the hand) only serves the rarely used
    shapes the infos do not cover (a four as two pairs, knitted, 16-tile special shapes)."""
    if shapes.regular:
        # _halves written out (a call fewer on the hot path of pure Python).
        combined = _combined
        a = m >> _INFO_ID
        b = p >> _INFO_ID
        mp = combined.get(a * _ID_SPAN + b)
        if mp is None:
            mp = _combined_id(a, b)
        a = s >> _INFO_ID
        b = h >> _INFO_ID
        sh = combined.get(a * _ID_SPAN + b)
        if sh is None:
            sh = _combined_id(a, b)
        key = (mp * _ID_SPAN + sh) * 8 + needed
        found = _final_shanten.get(key)
        if found is None:
            found = _final_shanten[key] = pair_entry[needed](_tables[mp], _tables[sh]) - 1
        best = found
    else:
        best = 99
    if not closed or best < 0:
        return best
    if needed == 4:
        totals = (m + p + s + h) & _INFO_STATS
        if shapes.seven_pairs:
            if shapes.four_as_two_pairs:
                pairs = seven_pairs_distance(bytes(counts), True) - 1
            else:
                # As seven_pairs_distance, with comparisons for min() and max() (in 3.11 each call
                # parses its keywords: about as long as the rest of these lines).
                singles = totals >> 8 & _BYTE
                twice = totals >> 16 & _BYTE  # kinds held at least twice
                missing = 7 - twice if twice < 7 else 0
                pairs = missing - 1 + (missing - singles if missing > singles else 0)
            if pairs < best:
                best = pairs
        if shapes.thirteen_orphans:
            orphans = 12 - (totals >> 24 & _BYTE) + (0 if totals >> 32 else 1)
            if orphans < best:
                best = orphans
        if shapes.knitted:
            best = min(best, knitted_shanten(bytes(counts)))
    elif needed == 5 and shapes.special():
        best = min(shapes_shanten(bytes(counts), needed, True, shapes).values())
    return best


# The four groups of kinds (man, pin, sou, honours) as (first kind, end).
_GROUPS: Final = ((0, 9), (9, 18), (18, 27), (27, 34))


def _draw_ids(key: bytes, sequences: bool) -> tuple[int, ...]:
    """Table ids of a group after one more tile of each of its kinds (memoised by the group)."""
    memo = _suit_draws if sequences else _honor_draws
    found = memo.get(key)
    if found is None:
        work = bytearray(key)
        ids = []
        for position in range(len(key)):
            work[position] += 1
            ids.append(_table_id(bytes(work), sequences))
            work[position] -= 1
        found = memo[key] = tuple(ids)
    return found


def draw_shanten(packed: bytes, needed: int, closed: bool, shapes: Shapes = RIICHI_SHAPES) -> list[int]:
    """The least shanten after drawing each kind: ``out[k]`` for ``packed`` plus one ``k``.

    For discard tables and accepted tiles: a draw changes one group's table only, so the other three
    groups are combined once, the group's tables after each draw are memoised together, and each
    draw costs one combination look-up.
    Counts of 5 are allowed (a draw of a kind held four times: the fifth-copy waits).
    """
    out = [99] * NUM_KINDS
    work = bytearray(packed)
    if shapes.regular:
        index = 2 * needed + 1
        groups = []
        for number, (start, end) in enumerate(_GROUPS):
            sequences = number < 3 and not (number == 0 and shapes.three_player)
            groups.append((packed[start:end], start, sequences, _table_id(packed[start:end], sequences)))
        for number, (key, start, sequences, _) in enumerate(groups):
            a, b, c = (group[3] for i, group in enumerate(groups) if i != number)
            rest = _combined_id(_combined_id(a, b), c)
            for kind, drawn in enumerate(_draw_ids(key, sequences), start):
                both = _combined.get(drawn * _ID_SPAN + rest)
                if both is None:
                    both = _combined_id(drawn, rest)
                out[kind] = _tables[both][index] - 1
    if closed and needed == 4 and shapes.special():
        specials = special_after_draws(
            packed, shapes.seven_pairs, shapes.four_as_two_pairs, shapes.thirteen_orphans, shapes.knitted
        )
        out = list(map(min, out, specials))
    elif closed and needed == 5 and shapes.special():
        special_only = replace(shapes, regular=False)
        for kind in range(NUM_KINDS):
            if out[kind] < 0:
                continue
            work[kind] += 1
            special = shapes_shanten(bytes(work), needed, True, special_only)
            work[kind] -= 1
            out[kind] = min(out[kind], *special.values())
    return out


def is_complete(counts: Sequence[int] | bytes, sets: int = 4, three_player: bool = False) -> bool:
    """Whether the concealed counts split exactly into ``sets`` sets and one pair (regular shape)."""
    packed = pack_counts(counts)
    if not 0 <= sets <= MAX_SETS:
        raise ValueError(f"a hand has at most {MAX_SETS} sets, not {sets}")
    return sum(packed) == 3 * sets + 2 and is_regular_complete(packed, three_player)


def is_regular_complete(counts: Sequence[int] | bytes, three_player: bool = False) -> bool:
    """Sets and exactly one pair, any number of sets: the referee's and the scorers' win check.

    Unchecked fast path: a kind may hold more than four tiles (the tables are exact for any counts).
    Each suit's own tile count fixes how many sets it holds and whether it holds the pair, so only
    one entry of each suit's table is read.
    """
    packed = counts if isinstance(counts, bytes) else bytes(counts)
    pairs = 0
    for start, end, sequences in ((0, 9, not three_player), (9, 18, True), (18, 27, True), (27, 34, False)):
        part = packed[start:end]
        n = sum(part)
        if not n:
            continue
        if n % 3 == 1 or n > 3 * MAX_SETS + 2:
            return False  # more than 17 tiles in one group: no hand of this game has that many
        has_pair = n % 3 == 2
        pairs += has_pair
        if pairs > 1:
            return False
        found = (_suit_ids if sequences else _honor_ids).get(part)
        if found is None:
            found = _table_id(part, sequences)
        if _tables[found][2 * (n // 3) + has_pair]:
            return False
    return pairs == 1
