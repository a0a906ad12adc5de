"""Reading a game typed on one line: ``@alice 32000 @bob 28000 carol 24000 "dave" 16000`` (pure).

A seat is a player followed by their final points, in seat order (East first).  A player is a Discord
mention (``<@123>``, what Discord puts in the text when someone picks a user while typing ``@``) or a
typed name: the words before the points (a leading ``@`` is dropped, so ``@alice`` typed without picking
works too).  Points are whole numbers with an optional sign, ``32000``, ``-3200``, ``+48``, ``32,000`` or
``32_000``; a word starting with a digit is read as points (so ``28k`` is refused, not taken for a
name).  Commas or semicolons may separate the seats.

Chombo lists (``bob, carol 2`` or ``<@1> x2``) name players, each with an optional count (default 1).
Dates are ``YYYY-MM-DD`` (also ``/`` or ``.``), optionally with ``HH:MM``, or ISO 8601; without a zone
they are taken as UTC.

Problems raise :class:`EntryError` with an i18n key (bot/i18n league messages) and its values.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from bot.text import JOINERS, escaped_controls, without_invisible

MENTION = re.compile(r"<@!?(\d{1,21})>")
_POINTS = re.compile(r"^[+-]?(\d{1,3}(,\d{3})+|\d+(_\d+)*)$")
_COUNT = re.compile(r"^[x×*]?(\d{1,9})$", re.IGNORECASE)  # any count is read; the service bounds it
_DATE = re.compile(r"^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$")
MAX_POINTS = 10**9  # far beyond any real score: refuses typos like 320000000000 by name
MAX_CHOMBO = 20  # chombo of one player in one game, however it comes in (typed, imported, set after)


class EntryError(ValueError):
    """Text that does not read as a game: ``key`` names the message, ``values`` fill it."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(key)
        self.key = key
        self.values = values


@dataclass(frozen=True)
class NameRef:
    """Who a piece of text means: a mention (``discord_id``) or a typed name (``text``)."""

    text: str
    discord_id: int | None = None

    @property
    def key(self) -> str:
        """The name as compared with members' and guests' names (both sides): :func:`name_key`."""
        return name_key(self.text)


def _without_at(text: str) -> str:
    return text[1:].strip() if text.startswith("@") else text


def shown_name(text: str) -> str:
    """A name as people see it: characters that draw nothing dropped (``alice\\u200b`` is alice),
    spaces collapsed, a leading ``@`` dropped (typed ``@alice`` without picking a user means alice)."""
    return _without_at(" ".join(without_invisible(text).split()))


def name_key(text: str) -> str:
    """What two names are compared by, wherever a typed or recorded name meets a member's or a guest's:
    as :func:`shown_name`, case and joiners ignored (a name stored before joiners were kept, or typed
    without them, is the same name) and compatibility forms folded (NFKC: full-width ＡＬＩＣＥ is alice,
    half-width ｱﾘｽ is アリス, as a Japanese keyboard may type them)."""
    bare = "".join(ch for ch in shown_name(text) if ch not in JOINERS)
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", bare).casefold())


#: Letters that draw nothing, beyond format characters and the Hangul fillers that shown_name drops:
#: the Braille blank and the Mongolian vowel separator stand alone as a "name" nobody can see.
_BLANK_LETTERS = frozenset("\u2800\u180e")
#: Control characters that are only spacing where a name is typed or pasted (collapsed by shown_name).
_SPACING = frozenset("\t\n\r")
#: Categories of characters that draw nothing by themselves (spaces, controls, format, combining marks).
_UNSEEN = frozenset({"Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Mn", "Me"})


def check_name(text: str) -> None:
    """Refuse a name nobody can read as one: a control character (NUL, ESC, BEL, DEL, C1: a terminal
    acts on them; spaces, tabs and line breaks are only spacing), a lone surrogate (no text encoding
    holds it: the store's driver raised UnicodeEncodeError) or nothing that draws (U+2800 alone)."""
    bad = next(
        (ch for ch in text if unicodedata.category(ch) in ("Cc", "Cs") and ch not in _SPACING),
        None,
    )
    if bad is not None:
        raise EntryError("league.entry.name_control", name=escaped_controls(text), char=f"U+{ord(bad):04X}")
    shown = shown_name(text)
    if shown and not any(_draws(ch) for ch in shown):
        raise EntryError("league.entry.name_invisible", name=escaped_controls(text))


def _draws(ch: str) -> bool:
    return unicodedata.category(ch) not in _UNSEEN and ch not in _BLANK_LETTERS


def name_skeletons(text: str) -> frozenset[str]:
    """What a name looks like (Unicode TR39 confusable skeletons, ICU's): ``аlice`` with a Cyrillic а and
    ``alice`` share one, so do ``bοb`` (Greek ο) and ``bob``.  Names compare without case (ALICE is
    alice) but skeletons keep it (``I`` looks like ``l``, ``i`` does not): the skeletons of the name as
    typed, in small letters and in capitals, so ``ALlCE`` looks like ALICE, that is alice.  Two names
    look alike when their sets meet.  For comparing only: never shown."""
    shown = unicodedata.normalize("NFKC", shown_name(text))
    checker = _spoof_checker()
    return frozenset(str(checker.getSkeleton(0, form)) for form in (shown, shown.casefold(), shown.upper()))


@functools.cache
def _spoof_checker() -> Any:
    """ICU's (pyicu-wheels, with its own current ICU data), imported when a name is first compared: start-up
    does not pay for it."""
    from icu import SpoofChecker

    return SpoofChecker()


@dataclass(frozen=True)
class SeatScore:
    who: NameRef
    points: int


def _tokens(text: str) -> list[str]:
    """Words and mentions; a comma or semicolon ends a word (so it also ends a name)."""
    spaced = MENTION.sub(lambda m: f" {m.group(0)} ", text)
    words: list[str] = []
    for word in spaced.split():
        bare = word.rstrip(",;")
        if _POINTS.match(bare):  # "32,000" keeps its comma
            words.append(bare)
            words.extend(word[len(bare) :][:1])
            continue
        for part in re.split(r"([,;])", word):
            if part:
                words.append(part)
    return words


def _name(words: list[str]) -> NameRef:
    if len(words) == 1 and (mention := MENTION.fullmatch(words[0])):
        return NameRef(words[0], int(mention.group(1)))
    return NameRef(_without_at(" ".join(words).strip()))


def parse_name(text: str) -> NameRef:
    """One player written alone (a CSV cell, an option): a mention, or a name (a leading ``@`` dropped)."""
    return _name([text.strip()])


def parse_points(word: str) -> int:
    if not _POINTS.match(word):
        raise EntryError("league.entry.bad_points", text=word)
    value = int(word.replace(",", "").replace("_", ""))
    if abs(value) > MAX_POINTS:
        raise EntryError("league.entry.bad_points", text=word)
    return value


def parse_scores(text: str) -> list[SeatScore]:
    """Seats in the order typed; a name without points, or points without a name, is refused by name."""
    seats: list[SeatScore] = []
    name: list[str] = []
    for word in _tokens(text):
        if word in (",", ";"):
            if name:
                raise EntryError("league.entry.no_points", name=_name(name).text)
            continue
        if _POINTS.match(word):
            if not name:
                raise EntryError("league.entry.points_without_name", points=word)
            seats.append(SeatScore(_name(name), parse_points(word)))
            name = []
        elif MENTION.fullmatch(word) and name:
            raise EntryError("league.entry.no_points", name=_name(name).text)
        else:
            if re.match(r"[+-]?\d", word):  # meant as points ("28k", "32.5"): a name never starts so
                raise EntryError("league.entry.bad_points", text=word)
            name.append(word)
    if name:
        raise EntryError("league.entry.no_points", name=_name(name).text)
    if not seats:
        raise EntryError("league.entry.empty")
    return seats


def parse_chombo(text: str) -> list[tuple[NameRef, int]]:
    """Players with chombo and their counts: ``bob, carol 2``, ``<@1> x2``; a player named twice adds up."""
    found: list[tuple[NameRef, int]] = []
    name: list[str] = []

    def close(count: int) -> None:
        if not name:
            return
        found.append((_name(name), count))
        name.clear()

    for word in _tokens(text):
        count = _COUNT.match(word)
        if word in (",", ";"):
            close(1)
        elif count and name:
            close(int(count.group(1)))
        else:
            if MENTION.fullmatch(word) or (len(name) == 1 and MENTION.fullmatch(name[0])):
                close(1)  # a mention is a whole name: what follows is someone else
            name.append(word)
    close(1)
    return found


def parse_played_at(text: str) -> datetime:
    """A game's date (and time): aware, in UTC."""
    cleaned = text.strip()
    match = _DATE.match(cleaned)
    try:
        if match:
            year, month, day, hour, minute, second = (int(g) if g else 0 for g in match.groups())
            return datetime(year, month, day, hour, minute, second, tzinfo=UTC)
        moment = datetime.fromisoformat(cleaned)
    except ValueError:
        raise EntryError("league.entry.bad_date", text=cleaned) from None
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
