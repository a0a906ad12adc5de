"""Operations on distance tables (see :mod:`bot.hand.shanten`), generated as straight-line code.

A table holds, for k = 0..MAX_SETS sets without (p = 0) or with (p = 1) the pair, the fewest tiles to
add: ``table[2*k + p]``.  The operations below run for every table or combination not seen before
(the cold path of shanten), and written out entry by entry they run several times faster than loops:

* :data:`combine_tables`: the min-plus combination of two parts' tables (the pair in one of them);
* :data:`pair_entry`: one entry of that combination, ``combine_tables(a, b)[2 * sets + 1]``;
* :data:`with_a_set`, :data:`with_the_pair`: a table improved by one more block on top of another.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

MAX_SETS: Final = 5  # the 16-tile game's five sets; tables hold k = 0..MAX_SETS
TABLE_LEN: Final = 2 * (MAX_SETS + 1)


def _relax_source(name: str, entries: range, back: int) -> str:
    """Source of ``best`` improved by a block of ``cost`` tiles on top of the table ``after``, unrolled
    (straight-line code runs several times faster than the loop): each of ``entries`` becomes
    ``min(best[i], cost + after[i - back])``."""
    names = range(TABLE_LEN)
    lines = [
        f"def {name}(best, cost, after):",
        f"    {', '.join(f'b{i}' for i in names)} = best",
        f"    {', '.join(f'a{i}' for i in names)} = after",
    ]
    for i in entries:
        lines += [f"    t = cost + a{i - back}", f"    if t < b{i}:", f"        b{i} = t"]
    lines.append(f"    return ({', '.join(f'b{i}' for i in names)})")
    return "\n".join(lines)


def _split_terms(k: int, pair: bool) -> list[str]:
    """The sums ``a[2*i + pa] + b[2*(k-i) + pb]`` over every split of k sets between two tables, the
    pair (``pair``) in exactly one of them: their least is entry ``2*k + pair`` of the combination."""
    if not pair:
        return [f"a{2 * i} + b{2 * (k - i)}" for i in range(k + 1)]
    return [f"a{2 * i + 1} + b{2 * (k - i)}" for i in range(k + 1)] + [
        f"a{2 * i} + b{2 * (k - i) + 1}" for i in range(k + 1)
    ]


def _least_lines(target: str, terms: list[str]) -> list[str]:
    """Lines setting ``target`` to the least of ``terms``, as compare-and-keep statements: in 3.11 a
    call to min() parses its (absent) keywords each time and costs about twice as much."""
    lines = [f"    {target} = {terms[0]}"]
    for term in terms[1:]:
        lines += [f"    t = {term}", f"    if t < {target}:", f"        {target} = t"]
    return lines


def _unpack_lines() -> list[str]:
    names = range(TABLE_LEN)
    return [f"    {', '.join(f'a{i}' for i in names)} = a", f"    {', '.join(f'b{i}' for i in names)} = b"]


def _combiner_source() -> str:
    """Source of the min-plus combination of two tables, unrolled.

    ``table[2*k + p]`` of the result is the least ``a[2*i + pa] + b[2*(k-i) + pb]`` over splits of
    the k sets between the two parts, with the pair (p = 1) in exactly one of them.  Written out
    as straight-line code it runs several times faster than the loop, and it runs for every
    combination not seen before.
    """
    lines = ["def combine(a, b):", *_unpack_lines()]
    for entry in range(TABLE_LEN):
        lines += _least_lines(f"c{entry}", _split_terms(entry // 2, bool(entry % 2)))
    lines.append(f"    return ({', '.join(f'c{entry}' for entry in range(TABLE_LEN))})")
    return "\n".join(lines)


def _pair_entry_source(sets: int) -> str:
    """Source of ``combine(a, b)[2 * sets + 1]`` alone (the pair in one part, the sets split between
    them), unrolled like the combiner: a cold whole-hand entry needs that one entry only."""
    lines = ["def pair_entry(a, b):", *_unpack_lines(), *_least_lines("c", _split_terms(sets, True))]
    return "\n".join([*lines, "    return c"])


def _compiled(source: str, name: str) -> Any:
    namespace: dict[str, Any] = {}
    exec(source, namespace)  # our own generated source, no outside input
    return namespace[name]


def _make_combiner() -> Callable[[tuple[int, ...], tuple[int, ...]], tuple[int, ...]]:
    combine: Callable[[tuple[int, ...], tuple[int, ...]], tuple[int, ...]] = _compiled(
        _combiner_source(), "combine"
    )
    return combine


combine_tables = _make_combiner()
_Relax = Callable[[tuple[int, ...], int, tuple[int, ...]], tuple[int, ...]]
#: A set more (k >= 1 sets: entry 2k + p from 2(k - 1) + p), and the pair (entry 2k + 1 from 2k).
with_a_set: _Relax = _compiled(_relax_source("with_a_set", range(2, TABLE_LEN), 2), "with_a_set")
with_the_pair: _Relax = _compiled(_relax_source("with_the_pair", range(1, TABLE_LEN, 2), 1), "with_the_pair")


#: ``pair_entry[sets](a, b)`` = ``combine_tables(a, b)[2 * sets + 1]``.
pair_entry: Final[tuple[Callable[[tuple[int, ...], tuple[int, ...]], int], ...]] = tuple(
    _compiled(_pair_entry_source(sets), "pair_entry") for sets in range(MAX_SETS + 1)
)
