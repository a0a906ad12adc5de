"""A game's decisions, kept compactly: eight bytes each instead of an Action object each.

A live table keeps every decision of its game (the game is rebuilt from them, and exported from them),
so a long game's list grew by about 100 bytes an action; packed into one 64-bit integer per decision
(kind, seat, tile and up to four tiles used) a 1,000-action game's log holds 8 KB.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator, Sequence
from typing import overload

from bot.engine.actions import ALL_KINDS, Action

_KIND_INDEX = {kind: i for i, kind in enumerate(ALL_KINDS)}
_NO_TILE = 255


def _pack(action: Action) -> int:
    tile = _NO_TILE if action.tile is None else action.tile
    value = _KIND_INDEX[action.kind] | action.seat << 4 | tile << 7 | len(action.using) << 15
    for i, used in enumerate(action.using):
        value |= used << (18 + 8 * i)
    return value


def _unpack(value: int) -> Action:
    tile = value >> 7 & 0xFF
    count = value >> 15 & 0x7
    using = tuple(value >> (18 + 8 * i) & 0xFF for i in range(count))
    return Action(ALL_KINDS[value & 0xF], value >> 4 & 0x7, None if tile == _NO_TILE else tile, using)


class DecisionLog(Sequence[Action]):
    """The decisions in order (a Sequence of Actions: index, iterate, compare; ``append`` to add)."""

    __slots__ = ("_packed",)

    def __init__(self, actions: Iterable[Action] = ()) -> None:
        self._packed = array("q", (_pack(a) for a in actions))

    def append(self, action: Action) -> None:
        self._packed.append(_pack(action))

    def __len__(self) -> int:
        return len(self._packed)

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        if isinstance(index, slice):
            return [_unpack(v) for v in self._packed[index]]
        return _unpack(self._packed[index])

    def __iter__(self) -> Iterator[Action]:
        return (_unpack(v) for v in self._packed)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, DecisionLog):
            return self._packed == other._packed
        if isinstance(other, Sequence):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable, like a list

    def __repr__(self) -> str:
        return f"DecisionLog({list(self)!r})"
