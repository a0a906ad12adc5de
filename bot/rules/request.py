"""What every rule set's ``score_request`` shares: an argparse that raises instead of exiting, and the
parsing of the common flags (winds, ``--win``, indicator lists) and the JSON shape of payments."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.hand.notation import NotationError, parse_kinds
from bot.hand.refusal import Refusal
from bot.hand.tiles import NUM_KINDS


class RequestError(Refusal):
    """Bad input to a scoring request, or a hand that is not a (scoring) win; message is for users."""


#: The longest request line (``score --batch``, ``/score ... extra:``) read: far more than any real hand
#: with every flag, and short enough that a hostile line cannot tie the process up.
MAX_REQUEST_CHARS = 2000
#: The largest stake (base points, value of a tai) a request may name: a table's option allows as much.
MAX_STAKE = 10**6


@dataclass(frozen=True)
class Flag:
    """One flag of a request: its names, where its value goes, how it is read and checked."""

    names: tuple[str, ...]
    dest: str
    switch: bool
    convert: Callable[[str], Any] | None
    default: Any
    choices: tuple[Any, ...] | None
    low: int | None
    high: int | None

    @property
    def name(self) -> str:
        return self.names[0]

    def accept(self, value: Any) -> Any:
        """A typed value for this flag: text goes through the flag's type; numbers are range-checked."""
        if self.switch:
            return bool(value)
        if isinstance(value, str) and self.convert is not None:
            try:
                value = self.convert(value)
            except ValueError as exc:
                if isinstance(exc, Refusal):
                    raise
                if self.convert is int:
                    raise RequestError(
                        f"{self.name} takes a whole number, not {value!r}",
                        "request.not_a_number",
                        flag=self.name,
                        value=value,
                    ) from None
                raise RequestError(
                    f"{self.name} {value!r}: {exc}", "request.bad_value", flag=self.name, value=value
                ) from None
        if self.choices is not None and value not in self.choices:
            shown = ", ".join(str(c) for c in self.choices)
            raise RequestError(
                f"{self.name} {value!r}: invalid choice (choose one of {shown})",
                "request.bad_choice",
                flag=self.name,
                value=value,
                choices=shown,
            )
        if (
            isinstance(value, int)
            and not isinstance(value, bool)
            and (self.low is not None or self.high is not None)
        ):
            low = self.low if self.low is not None else value
            high = self.high if self.high is not None else value
            if not low <= value <= high:
                raise RequestError(
                    f"{self.name} {value}: the game allows {self.low} to {self.high}",
                    "request.out_of_range",
                    flag=self.name,
                    value=value,
                    low=self.low,
                    high=self.high,
                )
        return value


_UNSEEN = object()
_MAX_ACCEPTED = 4096  # distinct values remembered per flag: far more than real batches use

#: How :func:`read_flag_words` reads a flag word: where its value goes (a dest, a slot), its values read
#: so far (text -> value; None for a switch: it puts True) and how it reads a value not read yet (a
#: refusal raises a ValueError).  The readers are pure: the same few values (``--seat E``,
#: ``--honba 1``) come back line after line and are read once; a refusal is not kept.
FlagEntry = tuple[Any, dict[str, Any] | None, Callable[[str], Any]]


def read_flag_words(
    words: Sequence[str], entries: dict[str, FlagEntry], into: dict[str, Any] | list[Any]
) -> list[str] | None:
    """The hand's words of a request written the common way, each flag word's value put in ``into`` (a
    dict by dest, a list by slot): whole flag words (a switch, or a flag then a value it accepts) among
    the hand's words.  None for any other request (``--flag=VALUE``, a prefix, a flag not in
    ``entries``, a value refused, no hand): the general reading's, which reads it or refuses it."""
    hand: list[str] = []
    rest = iter(words)
    for word in rest:
        entry = entries.get(word)
        if entry is None:
            if word[:1] != "-" or len(word) < 2:
                hand.append(word)
                continue
            return None
        key, values, read = entry
        if values is None:
            into[key] = True
            continue
        text = next(rest, None)
        if text is None:
            return None
        value = values.get(text, _UNSEEN)
        if value is _UNSEEN:
            try:
                value = remembered(values, text, read(text))
            except ValueError:
                return None
        into[key] = value
    return hand or None


def remembered(values: dict[str, Any], text: str, value: Any) -> Any:
    """``value`` kept as what ``text`` reads (a bounded table: emptied when full)."""
    if len(values) >= _MAX_ACCEPTED:
        values.clear()
    values[text] = value
    return value


class RequestParser:
    """The words after ``score --rules R``: the hand, then flags (``--flag``, ``--flag VALUE`` or
    ``--flag=VALUE``; a unique prefix of a flag is accepted).  Declared with argparse's
    ``add_argument`` vocabulary, parsed without argparse: every error is a :class:`RequestError` with a
    message id, and integers may carry the range the game allows (``low``/``high``)."""

    def __init__(self, prog: str = "score") -> None:
        self.prog = prog
        self._flags: dict[str, Flag] = {}
        self._hand_dest = "hand"
        self._hand_required = False
        self._defaults: dict[str, Any] | None = None  # dest -> default, built on first parse
        self._entries: dict[str, FlagEntry] | None = None  # flag name -> its entry, built on first parse

    def add_argument(
        self,
        *names: str,
        action: str | None = None,
        type: Callable[[str], Any] | None = None,  # noqa: A002 - argparse's word
        default: Any = None,
        choices: Iterable[Any] | None = None,
        dest: str | None = None,
        nargs: str | None = None,
        low: int | None = None,
        high: int | None = None,
    ) -> None:
        if not names[0].startswith("-"):
            self._hand_dest = names[0]  # the positional HAND words (nargs="+")
            self._hand_required = True
            return
        switch = action == "store_true"
        flag = Flag(
            names=names,
            dest=dest or names[0].lstrip("-").replace("-", "_"),
            switch=switch,
            convert=None if switch else (type or str),
            default=False if switch else default,
            choices=tuple(choices) if choices is not None else None,
            low=low,
            high=high,
        )
        for name in names:
            self._flags[name] = flag
        self._defaults = None
        self._entries = None

    def flags(self) -> list[Flag]:
        """Each flag once, in the order declared."""
        return list({id(f): f for f in self._flags.values()}.values())

    def flag(self, name: str) -> Flag:
        return self._flags[name]

    def defaults(self) -> argparse.Namespace:
        if self._defaults is None:
            self._defaults = {f.dest: f.default for f in self.flags()}
        ns = argparse.Namespace()
        ns.__dict__.update(self._defaults)  # one parser serves every line: no argparse round per line
        setattr(ns, self._hand_dest, [])
        return ns

    def _find(self, name: str) -> Flag:
        found = self._flags.get(name)
        if found is not None:
            return found
        matches = {id(f): f for n, f in self._flags.items() if n.startswith(name)}
        if len(matches) == 1:
            return next(iter(matches.values()))
        raise RequestError(f"unrecognized flag {name}", "request.unknown_flag", flag=name)

    def parse_args(self, words: Sequence[str]) -> argparse.Namespace:
        ns = self.defaults()
        common = self.common_values(words)
        if common is not None:
            ns.__dict__.update(common[0])
            setattr(ns, self._hand_dest, common[1])
            return ns
        self._parse_into(ns, words)
        if self._hand_required and not getattr(ns, self._hand_dest):
            raise RequestError("write the hand first, e.g. 234m456m567p33s678s", "request.no_hand")
        return ns

    def parse_typed(
        self, hand: Sequence[str], values: Mapping[str, Any], extra: Sequence[str] = ()
    ) -> argparse.Namespace:
        """A request from typed values (``/score``'s options: flag name -> value), checked as the same
        flags written as words are, then the ``extra`` flag words.  No argv round trip for the options."""
        ns = self.parse_args(hand)
        for name, value in values.items():
            flag = self._find(name)
            setattr(ns, flag.dest, flag.accept(value))
        self._parse_into(ns, extra)
        return ns

    def flag_entries(self) -> dict[str, FlagEntry]:
        """Each flag name's entry for :func:`read_flag_words` (its dest, its values read so far)."""
        if self._entries is None:
            self._entries = {}
            for flag in self.flags():
                entry: FlagEntry = (flag.dest, None if flag.switch else {}, flag.accept)
                for name in flag.names:
                    self._entries[name] = entry
        return self._entries

    def _accept_text(self, flag: Flag, text: str) -> Any:
        """``flag.accept(text)``, remembered for the next line that writes the same value."""
        values = self.flag_entries()[flag.name][1]
        assert values is not None  # noqa: S101 - only flags that take a value are given text
        found = values.get(text, _UNSEEN)
        if found is _UNSEEN:  # a refusal raises here and is not remembered
            found = remembered(values, text, flag.accept(text))
        return found

    def common_values(self, words: Sequence[str]) -> tuple[dict[str, Any], list[str]] | None:
        """The flags' typed values by dest (defaults included) and the hand's words, for the common
        request: whole flag words (a switch, or a flag then a value it accepts) among the hand's words.
        None for any other request (``--flag=VALUE``, a prefix, a refusal, no hand): ``parse_args``
        reads it, or refuses it, in its order.  One dict per request, no namespace (``score --batch``)."""
        if self._defaults is None:
            self.defaults()
        values = dict(self._defaults)  # type: ignore[arg-type]
        hand = read_flag_words(words, self._entries or self.flag_entries(), values)
        return (values, hand) if hand is not None else None

    def _parse_into(self, ns: argparse.Namespace, words: Sequence[str]) -> None:
        """Every way a request may be written (the common one: :meth:`common_values`)."""
        hand: list[str] = getattr(ns, self._hand_dest)
        values = ns.__dict__
        rest = iter(words)
        for word in rest:
            if word[:1] != "-" or len(word) < 2:
                hand.append(word)
                continue
            name, eq, value = word.partition("=")
            flag = self._find(name)
            if flag.switch:
                if eq:
                    raise RequestError(f"{flag.name} takes no value", "request.no_value", flag=flag.name)
                values[flag.dest] = True
                continue
            if not eq:
                following = next(rest, None)
                if following is None:
                    raise RequestError(f"{flag.name} needs a value", "request.needs_value", flag=flag.name)
                value = following
            values[flag.dest] = self._accept_text(flag, value)


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
        raise RequestError(f"{flag} {text!r}: use E, S, W or N", "request.bad_wind", flag=flag, value=text)
    return found


def wind_arg(text: str) -> int:
    """``parse_wind`` as a flag's ``type`` (the parser puts the flag in front of the message)."""
    found = wind_index(text)
    if found is None:
        raise ValueError(f"a seat is one of E, S, W, N, not {text!r}")
    return found


def parse_win_tile(text: str | None, flag: str = "--win") -> int | None:
    """The kind named by ``--win`` (one tile), or None when the flag is absent."""
    if text is None:
        return None
    try:
        kinds = parse_kinds(text)
    except NotationError as exc:
        raise RequestError.wrap(exc, flag) from None
    if len(kinds) != 1:
        raise RequestError(
            f"{flag} takes one tile, e.g. 5m, not {text!r}", "request.one_tile", flag=flag, value=text
        )
    return kinds[0]


def win_tile_last(concealed: list[int], win: int | None, text: str | None) -> list[int]:
    """The concealed kinds with the named winning tile moved to the end, where the scorers read it."""
    if win is not None:
        if win not in concealed:
            raise RequestError(
                f"--win {text}: that tile is not among the concealed tiles",
                "request.win_not_held",
                value=text,
            )
        concealed.remove(win)
        concealed.append(win)
    return concealed


def parse_indicators(text: str, flag: str, rules: str) -> tuple[int, ...]:
    """Dora-style indicator kinds (``--dora 2s9p``); flowers are refused."""
    try:
        kinds = tuple(parse_kinds(text))
    except NotationError as exc:
        raise RequestError.wrap(exc, flag) from None
    if any(k >= NUM_KINDS for k in kinds):
        raise RequestError(
            f"{flag}: {rules} has no flowers", "request.indicator_flower", flag=flag, rules=rules
        )
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


def cli_answer(answer: dict[str, Any]) -> dict[str, Any]:
    """The JSON of ``mahjong-bot score`` (names under ``yaku``) from a scorer's answer, which also
    carries the line ids under ``lines`` for the front ends that name lines in their reader's language."""
    answer.pop("lines", None)
    return answer
