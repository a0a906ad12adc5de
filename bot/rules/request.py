"""What every rule set's ``score_request`` shares: an argparse that raises instead of exiting, and the
parsing of the common flags (winds, ``--win``, indicator lists) and the JSON shape of payments."""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Sequence
from typing import Any, NoReturn

from bot.hand.notation import NotationError, parse_kinds
from bot.hand.tiles import NUM_KINDS


class RequestError(ValueError):
    """Bad input to a scoring request, or a hand that is not a (scoring) win; message is for users."""


class RequestParser(argparse.ArgumentParser):
    """An ArgumentParser for the words after ``score``; every error raises :class:`RequestError`."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(add_help=False, exit_on_error=False, **kwargs)

    def error(self, message: str) -> NoReturn:
        raise RequestError(message)

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        # With exit_on_error=False argparse raises ArgumentError for bad values instead of calling error().
        try:
            return super().parse_known_args(args, namespace)
        except argparse.ArgumentError as exc:
            raise RequestError(str(exc)) from None


# --- the flags every table rule set's request shares -------------------------------------------------

WIND_LETTERS = "ESWN"  # seat and round winds as 0-3, East first
_WIND_WORDS = {
    word: index
    for index, letter in enumerate(WIND_LETTERS)
    for word in (letter.lower(), ("east", "south", "west", "north")[index], f"{index + 1}z")
}


def wind_index(text: str) -> int | None:
    """A wind written as a letter (E S W N), a word (east ...) or a tile (1z-4z) -> 0-3; None if not."""
    return _WIND_WORDS.get(text.strip().lower())


def parse_wind(text: str, flag: str) -> int:
    """A seat or round wind 0-3 (East 0); the error names ``flag`` and the bad word."""
    found = wind_index(text)
    if found is None:
        raise RequestError(f"{flag} {text!r}: use E, S, W or N")
    return found


def wind_arg(text: str) -> int:
    """``parse_wind`` as an argparse ``type`` (argparse puts the flag in front of the message)."""
    found = wind_index(text)
    if found is None:
        raise argparse.ArgumentTypeError(f"a seat is one of E, S, W, N, not {text!r}")
    return found


def parse_win_tile(text: str | None, flag: str = "--win") -> int | None:
    """The kind named by ``--win`` (one tile), or None when the flag is absent."""
    if text is None:
        return None
    try:
        kinds = parse_kinds(text)
    except NotationError as exc:
        raise RequestError(f"{flag}: {exc}") from None
    if len(kinds) != 1:
        raise RequestError(f"{flag} takes one tile, e.g. 5m, not {text!r}")
    return kinds[0]


def win_tile_last(concealed: list[int], win: int | None, text: str | None) -> list[int]:
    """The concealed kinds with the named winning tile moved to the end, where the scorers read it."""
    if win is not None:
        if win not in concealed:
            raise RequestError(f"--win {text}: that tile is not among the concealed tiles")
        concealed.remove(win)
        concealed.append(win)
    return concealed


def parse_indicators(text: str, flag: str, rules: str) -> tuple[int, ...]:
    """Dora-style indicator kinds (``--dora 2s9p``); flowers are refused."""
    try:
        kinds = tuple(parse_kinds(text))
    except NotationError as exc:
        raise RequestError(f"{flag}: {exc}") from None
    if any(k >= NUM_KINDS for k in kinds):
        raise RequestError(f"{flag}: {rules} has no flowers")
    return kinds


def payments_json(
    payers: Iterable[tuple[int, int]], discarder: int | None = None, east: int = 0, liable: int | None = None
) -> dict[str, int]:
    """The ``payments`` of a score answer from (seat, amount paid): the discarder as "discarder", a
    liable player as "liable", every other payer by seat wind counted from ``east`` (the dealer)."""
    out: dict[str, int] = {}
    for seat, amount in payers:
        if seat == liable:
            out["liable"] = amount
        elif seat == discarder:
            out["discarder"] = amount
        else:
            out[WIND_LETTERS[(seat - east) % len(WIND_LETTERS)]] = amount
    return out
