"""mpsz notation: parse and format tiles, hands and meld tokens.

Tiles: digits followed by a suit letter, ``123m0p55z``; ``0`` is a red five, ``1z``-``7z`` are
East South West North White Green Red, ``1f``-``8f`` the flowers.  Whitespace between groups is
allowed.

Melds: ``TYPE:TILES`` with TYPE one of ``chi pon kan ankan kakan`` (``kan`` is an open kan called
from a discard, ``kakan`` a kan added to a pon).  A mark right after one digit says that tile was
called and from whom: ``-`` the previous player (上家), ``=`` the player opposite, ``+`` the next
player (下家); for example ``chi:3-45m`` or ``pon:77=7z``.  Without a mark a chi is taken from the
previous player (its first tile) and a pon or kan from an unknown seat.

A hand: concealed tiles first, then meld tokens, separated by spaces:
``"234m0p44s66z pon:777z chi:123s"``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any, NamedTuple

from bot.hand.meld import NEXT_PLAYER, OPPOSITE, PREVIOUS_PLAYER, Meld, MeldType
from bot.hand.refusal import Refusal
from bot.hand.tiles import (
    FIRST_FLOWER,
    FIRST_FLOWER_ID,
    NUM_KINDS,
    NUM_KINDS_WITH_FLOWERS,
    RED_FIVE_IDS,
    SUIT_LETTERS,
    ids_of_kind,
    kind_of,
)

MARKS = {"-": PREVIOUS_PLAYER, "=": OPPOSITE, "+": NEXT_PLAYER}
MARK_OF_SOURCE = {v: k for k, v in MARKS.items()}


class NotationError(Refusal):
    """A hand or tile string that cannot be read; the message names the bad token."""


#: Every tile set's table of suit groups (:attr:`TileSet.group_first_ids`), for :func:`clear_caches`.
_GROUP_TABLES: list[dict[str, Any]] = []
_MAX_GROUPS = 1 << 14  # distinct suit groups kept per tile set (a few hundred KiB at most)


@dataclass(frozen=True)
class TileSet:
    """Which tiles exist in a rule set: used to refuse tiles that cannot appear."""

    name: str
    kinds: frozenset[int]  # playing kinds in use (flowers excluded)
    flowers: bool = False
    red_ids: frozenset[int] = frozenset()

    @property
    def total_tiles(self) -> int:
        return 4 * len(self.kinds) + (8 if self.flowers else 0)

    def describe_missing(self, kind: int) -> str:
        return f"{kind_name(kind)} is not used in {self.name}"

    @cached_property
    def plain_ids(self) -> tuple[tuple[int, ...], ...]:
        """Per kind (flowers included): the ids a tile written without ``0`` takes, in the order they
        are given out; empty for a kind this set does not use (the allocator's fast path)."""
        return tuple(
            tuple(i for i in ids_of_kind(kind) if i not in self.red_ids)
            if (kind in self.kinds if kind < FIRST_FLOWER else self.flowers)
            else ()
            for kind in range(NUM_KINDS_WITH_FLOWERS)
        )

    @cached_property
    def group_first_ids(self) -> dict[str, tuple[int, ...]]:
        """Suit group (``234m``) -> the ids it takes in a hand holding nothing yet, () if it would be
        refused there (five copies, a kind the set lacks): filled by :meth:`first_ids_of`.  Groups come
        back from hand to hand; see :func:`clear_caches`."""
        table: dict[str, tuple[int, ...]] = {}
        _GROUP_TABLES.append(table)
        return table

    def first_ids_of(self, group: str) -> tuple[int, ...]:
        """The ids a suit group takes in a hand holding nothing yet (kept in :attr:`group_first_ids`)."""
        try:
            fresh = tuple(TileAllocator(self)._take_digits(group))
        except NotationError:
            fresh = ()
        table = self.group_first_ids
        if len(table) >= _MAX_GROUPS:
            table.clear()
        table[group] = fresh
        return fresh


ALL_KINDS = frozenset(range(NUM_KINDS))
FULL_TILESET = TileSet("a full set", ALL_KINDS, flowers=True, red_ids=RED_FIVE_IDS)


def kind_name(kind: int) -> str:
    """``5m``, ``7z``, ``3f``."""
    if 0 <= kind < NUM_KINDS_WITH_FLOWERS:
        return _KIND_NAMES[kind]  # analyze answers name a few hundred kinds per hand
    return _spelled(kind)


def _spelled(kind: int) -> str:
    if kind >= FIRST_FLOWER:
        return f"{kind - FIRST_FLOWER + 1}f"
    return f"{kind % 9 + 1}{SUIT_LETTERS[kind // 9]}"


_KIND_NAMES = tuple(_spelled(kind) for kind in range(NUM_KINDS_WITH_FLOWERS))


def tile_name(tile_id: int, red_ids: frozenset[int] = RED_FIVE_IDS) -> str:
    """Like :func:`kind_name` but red fives print as ``0``."""
    if tile_id in red_ids:
        return f"0{SUIT_LETTERS[kind_of(tile_id) // 9]}"
    return kind_name(kind_of(tile_id))


def _kind_from(digit: str, suit: str, token: str) -> tuple[int, bool]:
    """Kind and redness of one digit/suit pair; raises with the token named."""
    if suit not in SUIT_LETTERS:
        raise NotationError(
            f"unknown suit letter {suit!r} in {token!r} (use m, p, s, z or f)",
            "notation.unknown_suit",
            suit=suit,
            token=token,
        )
    n = int(digit)
    if suit == "z":
        if not 1 <= n <= 7:
            raise NotationError(
                f"honour tiles are 1z-7z, {digit}z in {token!r} does not exist",
                "notation.no_such_honour",
                tile=f"{digit}z",
                token=token,
            )
        return 27 + n - 1, False
    if suit == "f":
        if not 1 <= n <= 8:
            raise NotationError(
                f"flowers are 1f-8f, {digit}f in {token!r} does not exist",
                "notation.no_such_flower",
                tile=f"{digit}f",
                token=token,
            )
        return FIRST_FLOWER + n - 1, False
    base = SUIT_LETTERS.index(suit) * 9
    if n == 0:
        return base + 4, True
    return base + n - 1, False


@dataclass
class TileAllocator:
    """Gives each written tile a distinct physical id, so a fifth copy is caught."""

    tileset: TileSet = FULL_TILESET
    used: set[int] = field(default_factory=set)

    def take(self, kind: int, red: bool, token: str) -> int:
        """An id for one written tile: a plain tile takes the first free copy of its kind; a red five,
        a kind the set lacks or a fifth copy goes the checked way."""
        if not red:
            used = self.used
            for tile_id in self.tileset.plain_ids[kind]:
                if tile_id not in used:
                    used.add(tile_id)
                    return tile_id
        return self._take_or_refuse(kind, red, token)

    def take_each(self, written: Iterable[tuple[int, bool, str]]) -> list[int]:
        """An id for each (kind, red, token written) in turn (as :meth:`take` gives them)."""
        used = self.used
        plain = self.tileset.plain_ids
        ids = []
        for kind, red, token in written:
            if not red:
                for tile_id in plain[kind]:
                    if tile_id not in used:
                        used.add(tile_id)
                        ids.append(tile_id)
                        break
                else:
                    ids.append(self._take_or_refuse(kind, red, token))
                continue
            ids.append(self._take_or_refuse(kind, red, token))
        return ids

    def take_groups(self, groups: Iterable[str]) -> list[int]:
        """:meth:`take_each` for tiles written as suit groups (``234m``, ``0p``), every digit one that
        exists in its suit: each tile names itself (``0p``) in a refusal.  A group whose ids as given
        to an empty hand are all still free takes them at once (they are what the tile-by-tile way
        would give: the first free copies of each kind); the others go tile by tile."""
        used = self.used
        first_ids = self.tileset.group_first_ids
        ids: list[int] = []
        for group in groups:
            fresh = first_ids.get(group)
            if fresh is None:
                fresh = self.tileset.first_ids_of(group)
            if fresh and used.isdisjoint(fresh):
                used.update(fresh)
                ids += fresh
            else:
                ids += self._take_digits(group)
        return ids

    def _take_digits(self, group: str) -> list[int]:
        """One suit group, tile by tile (``0`` a red five)."""
        suit = group[-1]
        kinds = _KIND_OF_DIGIT[suit]
        return self.take_each([(kinds[digit], digit == "0", digit + suit) for digit in group[:-1]])

    def _take_or_refuse(self, kind: int, red: bool, token: str) -> int:
        ts = self.tileset
        if kind >= FIRST_FLOWER:
            if not ts.flowers:
                raise NotationError(
                    f"flower {kind_name(kind)} in {token!r}: {ts.name} has no flowers",
                    "notation.no_flowers",
                    tile=kind_name(kind),
                    token=token,
                    rules=ts.name,
                )
        elif kind not in ts.kinds:
            raise NotationError(
                f"{kind_name(kind)} in {token!r}: {ts.describe_missing(kind)}",
                "notation.not_in_set",
                tile=kind_name(kind),
                token=token,
                rules=ts.name,
            )
        ids = ids_of_kind(kind)
        if red:
            red_id = next((i for i in ids if i in ts.red_ids), None)
            if red_id is None:
                raise NotationError(
                    f"red five {token!r}: {ts.name} has no red {kind_name(kind)}",
                    "notation.no_red",
                    tile=kind_name(kind),
                    token=token,
                    rules=ts.name,
                )
            if red_id in self.used:
                raise NotationError(
                    f"{token!r}: there is only one red {kind_name(kind)}",
                    "notation.one_red",
                    tile=kind_name(kind),
                    token=token,
                )
            self.used.add(red_id)
            return red_id
        for tile_id in ids:
            if tile_id not in self.used and tile_id not in ts.red_ids:
                self.used.add(tile_id)
                return tile_id
        if any(i in ts.red_ids for i in ids):
            raise NotationError(
                f"{token!r}: too many {kind_name(kind)} (one of the four is the red five, write it 0)",
                "notation.too_many_with_red",
                tile=kind_name(kind),
                token=token,
            )
        copies = "copy" if len(ids) == 1 else f"{len(ids)} copies"
        raise NotationError(
            f"{token!r}: more than {copies} of {kind_name(kind)}",
            "notation.too_many",
            tile=kind_name(kind),
            token=token,
            copies=len(ids),
        )


def _scan(text: str) -> list[tuple[str, str, str]]:
    """Split ``12-3m`` style text into (digit, suit, mark) triples; raise on junk."""
    out: list[tuple[str, str, str]] = []
    pending: list[tuple[str, str]] = []  # (digit, mark)
    for ch in text:
        if ch.isascii() and ch.isdigit():  # "²" is a digit to str.isdigit, not a tile number
            pending.append((ch, ""))
        elif ch in MARKS:
            if not pending or pending[-1][1]:
                raise NotationError(
                    f"misplaced call mark {ch!r} in {text!r}", "notation.misplaced_mark", mark=ch, token=text
                )
            pending[-1] = (pending[-1][0], ch)
        elif ch.isalpha():
            if not pending:
                raise NotationError(
                    f"suit letter {ch!r} without digits in {text!r}",
                    "notation.suit_without_digits",
                    suit=ch,
                    token=text,
                )
            for digit, mark in pending:
                out.append((digit, ch.lower() if ch.lower() in SUIT_LETTERS else ch, mark))
            pending = []
        elif ch.isspace():
            continue
        else:
            raise NotationError(
                f"unexpected character {ch!r} in {text!r}",
                "notation.unexpected_character",
                character=ch,
                token=text,
            )
    if pending:
        raise NotationError(
            f"digits without a suit letter at the end of {text!r}", "notation.digits_without_suit", token=text
        )
    return out


#: A digit run closed by a suit letter, every tile one that exists (no ``8z``): text that is only such
#: groups (no marks, no spaces) is read by this regex, the ids given out group by group.
_PLAIN_GROUP = re.compile(r"[0-9]+[mps]|[1-7]+z|[1-8]+f")
#: suit letter -> digit -> kind, for every tile that exists (``0`` is the five's kind).
_KIND_OF_DIGIT = {
    suit: {digit: _kind_from(digit, suit, "")[0] for digit in digits}
    for suit, digits in (("m", "0123456789"), ("p", "0123456789"), ("s", "0123456789"), ("z", "1234567"))
    + (("f", "12345678"),)
}


def parse_tiles(
    text: str, tileset: TileSet = FULL_TILESET, allocator: TileAllocator | None = None
) -> list[int]:
    """Tile ids in the order written.  Raises :class:`NotationError` naming the bad token."""
    if not text:
        return []
    alloc = allocator or TileAllocator(tileset)
    ids = []
    groups = _PLAIN_GROUP.findall(text)
    if len("".join(groups)) == len(text):  # the common case: every tile exists, only the copies to check
        return alloc.take_groups(groups)
    for digit, suit, mark in _scan(text):
        if mark:
            raise NotationError(
                f"call mark {mark!r} is only allowed inside a meld token, not in {text!r}",
                "notation.mark_outside_meld",
                mark=mark,
                token=text,
            )
        kind, red = _kind_from(digit, suit, text)
        ids.append(alloc.take(kind, red, f"{digit}{suit}"))
    return ids


@lru_cache(maxsize=4096)
def plain_written(text: str) -> tuple[tuple[int, bool, str], ...] | None:
    """The tiles of plain tile text (``3m7z``: suit groups of tiles that exist, nothing else) as
    :meth:`TileAllocator.take_each` reads them, each named as written (``3m``); None for other text.
    For short texts that come back line after line (indicators): read once."""
    groups = _PLAIN_GROUP.findall(text)
    if len("".join(groups)) != len(text):
        return None
    return tuple((_KIND_OF_DIGIT[g[-1]][d], d == "0", d + g[-1]) for g in groups for d in g[:-1])


def written_of(text: str) -> tuple[tuple[int, bool, str], ...] | None:
    """The tiles of a meld token or of plain tile text as :meth:`TileAllocator.take_each` reads them
    (see :func:`plain_written`); None if it is neither (or a refused meld token)."""
    if ":" not in text:
        return plain_written(text)
    try:
        return _meld_shape(text).written
    except NotationError:
        return None


def keep_table(table: dict[str, Any]) -> None:
    """A table of texts read (kept by a reader of this notation) that :func:`clear_caches` empties."""
    _GROUP_TABLES.append(table)


def meld_of(token: str, ids: tuple[int, ...]) -> Meld | None:
    """The meld of a token whose tiles took ``ids`` (in the order written); None if the token is refused
    once its tiles are taken (two marks, a marked closed kan, a chi not from the previous player)."""
    shape = _meld_shape(token)
    if shape.late_refusal is not None:
        return None
    meld = shape.built.get(ids)  # melds are frozen: one per token and ids given out serves every hand
    if meld is None:
        meld = shape.built[ids] = _build_meld(shape, ids)
    return meld


def parse_kinds(text: str) -> list[int]:
    """Kinds in the order written, without copy checks (red fives read as fives)."""
    return [_kind_from(d, s, text)[0] for d, s, _mark in _scan(text)]


MELD_SIZES = {MeldType.CHI: 3, MeldType.PON: 3, MeldType.KAN: 4, MeldType.ANKAN: 4, MeldType.KAKAN: 4}


def parse_meld(token: str, tileset: TileSet = FULL_TILESET, allocator: TileAllocator | None = None) -> Meld:
    alloc = allocator or TileAllocator(tileset)
    shape = _meld_shape(token)
    ids = tuple(alloc.take_each(shape.written))
    meld = meld_of(token, ids)
    if meld is None:  # refused after the copies are checked, as it always was
        raise NotationError(*shape.late_refusal, token=token)  # type: ignore[misc]
    return meld


def _build_meld(shape: _MeldShape, ids: tuple[int, ...]) -> Meld:
    if shape.type is MeldType.ANKAN:
        return Meld(shape.type, tuple(sorted(ids)))
    called = ids[shape.called_index]
    added = None
    if shape.type is MeldType.KAKAN:
        added = next(i for i in reversed(ids) if i != called)
    return Meld(shape.type, tuple(sorted(ids)), called=called, source=shape.source, added=added)


@dataclass(frozen=True, slots=True)
class _MeldShape:
    """What a meld token says before any tile is given an id (the same for every hand it is in)."""

    type: MeldType
    written: tuple[tuple[int, bool, str], ...]  # (kind, red, the token) per tile, as take_each reads
    called_index: int
    source: int
    late_refusal: tuple[str, str] | None  # (message, message id): raised once the copies are checked
    #: ids given out (in the order written) -> the meld: a handful per token (which copies were free)
    built: dict[tuple[int, ...], Meld] = field(default_factory=dict)


@lru_cache(maxsize=4096)
def _meld_shape(token: str) -> _MeldShape:
    """The meld token read and checked (raises :class:`NotationError`); tokens repeat from hand to hand,
    so they are read once."""
    head, sep, body = token.partition(":")
    if not sep:
        raise NotationError(
            f"meld token {token!r} needs TYPE:TILES, e.g. pon:777z", "notation.meld_needs_type", token=token
        )
    try:
        meld_type = MeldType(head.lower())
    except ValueError:
        raise NotationError(
            f"unknown meld type {head!r} in {token!r} (use chi, pon, kan, ankan or kakan)",
            "notation.unknown_meld_type",
            kind=head,
            token=token,
        ) from None
    scanned = _scan(body)
    size = MELD_SIZES[meld_type]
    if len(scanned) != size:
        raise NotationError(
            f"{token!r}: a {meld_type.value} has {size} tiles, not {len(scanned)}",
            "notation.meld_size",
            token=token,
            meld=meld_type.value,
            size=size,
            count=len(scanned),
        )
    kinds_red = tuple(_kind_from(d, s, token) for d, s, _ in scanned)
    kinds = [k for k, _ in kinds_red]
    if any(k >= FIRST_FLOWER for k in kinds):
        raise NotationError(f"{token!r}: flowers cannot form a meld", "notation.flower_meld", token=token)
    if meld_type is MeldType.CHI:
        ordered = sorted(kinds)
        if (
            ordered[0] >= 27
            or ordered[0] // 9 != ordered[2] // 9
            or ordered != [ordered[0], ordered[0] + 1, ordered[0] + 2]
        ):
            raise NotationError(
                f"{token!r}: a chi must be three consecutive tiles of one suit",
                "notation.chi_shape",
                token=token,
            )
    elif len(set(kinds)) != 1:
        raise NotationError(
            f"{token!r}: a {meld_type.value} must be {size} identical tiles",
            "notation.meld_identical",
            token=token,
            meld=meld_type.value,
            size=size,
        )
    marked = [i for i, (_, _, mark) in enumerate(scanned) if mark]
    called_index, source = 0, PREVIOUS_PLAYER if meld_type is MeldType.CHI else 0
    if marked:
        called_index, source = marked[0], MARKS[scanned[marked[0]][2]]
    late: tuple[str, str] | None = None
    if len(marked) > 1:
        late = (f"{token!r}: only one tile of a meld can be marked as called", "notation.one_mark")
    elif meld_type is MeldType.ANKAN and marked:
        late = (f"{token!r}: a closed kan has no called tile", "notation.ankan_mark")
    elif meld_type is MeldType.CHI and source != PREVIOUS_PLAYER:
        late = (f"{token!r}: a chi can only be called from the previous player (-)", "notation.chi_source")
    written = tuple((kind, red, token) for kind, red in kinds_red)
    return _MeldShape(meld_type, written, called_index, source, late)


def clear_caches() -> None:
    """Forget the suit groups and meld tokens read so far (benchmarks time a cold start with it)."""
    for table in _GROUP_TABLES:
        table.clear()
    _meld_shape.cache_clear()
    plain_written.cache_clear()


class ParsedHand(NamedTuple):
    """A read hand (a named tuple: a batch reads one per line, and a frozen dataclass costs four times
    as much to build)."""

    concealed: list[int]  # tile ids in the order written (flowers excluded)
    melds: list[Meld]
    flowers: list[int]  # flower ids written among the concealed tiles


def parse_hand(
    text: str, tileset: TileSet = FULL_TILESET, allocator: TileAllocator | None = None
) -> ParsedHand:
    """Concealed tiles (and flowers written among them), then meld tokens.  ``allocator`` (a new one by
    default) keeps the ids given out, for tiles read after the hand (indicators) to be checked against."""
    alloc = allocator or TileAllocator(tileset)
    concealed: list[int] = []
    flowers: list[int] = []
    melds: list[Meld] = []
    tokens = text.split()
    if not tokens:
        raise NotationError("empty hand: write tiles like 123m456p789s11z", "notation.empty")
    for token in tokens:
        if ":" in token:
            melds.append(parse_meld(token, tileset, alloc))
        else:
            if melds:
                raise NotationError(
                    f"concealed tiles {token!r} must come before the meld tokens",
                    "notation.concealed_after_melds",
                    token=token,
                )
            ids = parse_tiles(token, tileset, alloc)
            if ids and max(ids) < FIRST_FLOWER_ID:
                concealed += ids
                continue
            for tile_id in ids:
                (flowers if tile_id >= FIRST_FLOWER_ID else concealed).append(tile_id)
    return ParsedHand(concealed, melds, flowers)


def format_tiles(
    tile_ids: list[int] | tuple[int, ...], red_ids: frozenset[int] = RED_FIVE_IDS, sort: bool = True
) -> str:
    """Compact mpsz, suits in m p s z f order: ``123m0p55z``."""
    names = [tile_name(t, red_ids) for t in (sorted(tile_ids, key=_sort_key) if sort else tile_ids)]
    return _group(names)


def format_kinds(kinds: list[int] | tuple[int, ...], sort: bool = True) -> str:
    return _group([kind_name(k) for k in (sorted(kinds) if sort else kinds)])


def _sort_key(tile_id: int) -> tuple[int, int]:
    return (kind_of(tile_id), tile_id)


def _group(names: list[str]) -> str:
    out = []
    digits = ""
    suit = ""
    for name in names:
        if name[1] != suit and digits:
            out.append(digits + suit)
            digits = ""
        digits += name[0]
        suit = name[1]
    if digits:
        out.append(digits + suit)
    return "".join(out)


def format_meld(meld: Meld, red_ids: frozenset[int] = RED_FIVE_IDS) -> str:
    """Inverse of :func:`parse_meld`."""
    parts = []
    for tile_id in meld.tiles:
        name = tile_name(tile_id, red_ids)
        mark = MARK_OF_SOURCE.get(meld.source, "") if tile_id == meld.called else ""
        parts.append(name[0] + mark)
    suit = tile_name(meld.tiles[0], red_ids)[1]
    return f"{meld.type.value}:{''.join(parts)}{suit}"


def format_hand(hand: ParsedHand, red_ids: frozenset[int] = RED_FIVE_IDS) -> str:
    parts = [format_tiles(hand.concealed + hand.flowers, red_ids)] if hand.concealed or hand.flowers else []
    parts += [format_meld(m, red_ids) for m in hand.melds]
    return " ".join(parts)
