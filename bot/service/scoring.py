"""``/score`` without Discord: options -> a typed request for the rule set's scorer -> a localized reply.

The cog (cogs/scoring.py) and any other front end call :func:`score_hand` with a :class:`ScoreInput`
and a language, and get either a :class:`ScoreReply` (yaku lines, total, points, payments: every string
already in that language) or a :class:`ScoreFailure` (a message naming the bad token, with an example
hand of that rule set).  :func:`quick_reference` builds the ``/score table`` sheets from the scorers'
own point functions.

The scorers answer with line ids (``lines``: [[id, value], ...]; the JSON of ``mahjong-bot score`` also
names them in English under ``yaku``); the reply names them in the reader's language.  Refusals carry
message ids and reach the reader in their language too.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from bot.engine.descriptor import DEALER_IS_EAST
from bot.engine.registry import RULE_SETS
from bot.hand.notation import FULL_TILESET, NotationError, parse_hand, parse_tiles
from bot.hand.tiles import kind_of
from bot.i18n import t
from bot.present import rules_title
from bot.present.glossary import TERMS as GLOSSARY_TERMS
from bot.present.glossary import say
from bot.render.scene import HandScene
from bot.rules.names import line_name
from bot.rules.names import names_table as rule_names_table
from bot.rules.request import MAX_REQUEST_CHARS
from bot.service.refusal import localized_reason
from bot.service.score_sheets import (
    InputError,
    QuickReference,
    TableSection,
    limit_label,
    quick_reference,
)
from bot.text import clip

__all__ = ["InputError", "QuickReference", "TableSection", "quick_reference"]  # re-exported for the cog

# ---------------------------------------------------------------------------------------- options

#: Options of ``/score hand`` besides ``rules``, ``hand`` and ``extra``, in the order they are shown.
OPTION_NAMES: tuple[str, ...] = (
    "win",
    "tsumo",
    "riichi",
    "seat",
    "round",
    "dora",
    "ura",
    "void",
    "flowers",
    "dealer",
    "streak",
    "honba",
    "sticks",
)


def flag_of(rules: str, option: str) -> str | None:
    """The rule set's flag for a ``/score hand`` option (its descriptor's ``score.flags``); None where
    the rule set does not use the option (:data:`DEALER_IS_EAST`: ``dealer`` said as the East seat)."""
    info = RULE_SETS.get(rules)
    return info.score.flags.get(option) if info is not None else None


#: A winning hand per built-in rule set, shown with every error (the descriptors' ``example_hand``).
EXAMPLES: Mapping[str, str] = {rules: RULE_SETS[rules].example_hand for rules in RULE_SETS}

SEAT_LETTERS = "ESWN"


@dataclass(frozen=True)
class ScoreInput:
    """What a user typed: the options of ``/score hand``.  None / False: not given."""

    rules: str
    hand: str
    win: str | None = None
    tsumo: bool = False
    riichi: bool = False
    seat: str | None = None
    round: str | None = None
    dora: str | None = None
    ura: str | None = None
    void: str | None = None
    flowers: str | None = None
    dealer: bool = False
    streak: int | None = None
    honba: int | None = None
    sticks: int | None = None
    extra: str | None = None

    def given(self) -> dict[str, str | int | bool]:
        """The options the user set, by name."""
        out: dict[str, str | int | bool] = {}
        for name in OPTION_NAMES:
            value = getattr(self, name)
            if value is None or value is False or value == "":
                continue
            out[name] = value.strip() if isinstance(value, str) else value
        return out


def options_used_by(rules: str) -> tuple[str, ...]:
    """The ``/score hand`` options that mean something in ``rules``."""
    return tuple(name for name in OPTION_NAMES if flag_of(rules, name) is not None)


def typed_request(
    request: ScoreInput, language: str = "en"
) -> tuple[list[str], dict[str, str | int | bool], list[str]]:
    """The request as the rule set's parser takes it: the hand's words, flag -> typed value for each
    option given, and the ``extra`` option's flag words; raises :class:`InputError`."""
    rules = request.rules
    if rules not in RULE_SETS:
        raise InputError(t("score.unknown_rules", language, rules=rules))
    given = request.given()
    values: dict[str, str | int | bool] = {}
    for name, value in given.items():
        flag = flag_of(rules, name)
        if flag is None and value == 0:
            continue  # "0 honba" in a game without honba says nothing wrong
        if flag is None:
            raise InputError(
                t(
                    "score.option_not_used",
                    language,
                    option=t(f"cmd.optname.{name}", language),  # the name the reader's /score shows
                    rules=rules_title(rules, language),
                )
            )
        if flag == DEALER_IS_EAST:
            seat = str(given.get("seat", "E")).upper()
            if seat not in ("E", "EAST", "1Z"):
                raise InputError(t("score.dealer_conflict", language, seat=seat))
            if "seat" not in given:
                values["--seat"] = "E"
        else:
            values[flag] = value
    if "dealer" not in given and "seat" not in given:
        values = {**RULE_SETS[rules].score.defaults, **values}
    extra: list[str] = []
    if request.extra:
        if len(request.extra) > MAX_REQUEST_CHARS:
            raise InputError(t("score.extra_too_long", language, limit=MAX_REQUEST_CHARS))
        extra = split_extra(request.extra, language)
    return request.hand.split(), values, extra


def split_extra(text: str, language: str = "en") -> list[str]:
    """The words of the extra flags, quoted as a shell quotes; raises :class:`InputError` in ``language``
    (shlex's own reasons are English)."""
    try:
        return shlex.split(text)
    except ValueError:
        pass
    opened, escaping = open_at_end(text)
    if escaping or opened is None:
        raise InputError(t("score.extra_trailing_backslash", language))
    raise InputError(t("score.extra_unclosed_quote", language, text=clip(text[opened:], 60)))


def open_at_end(text: str) -> tuple[int | None, bool]:
    """What is left open at the end of ``text`` read as POSIX shlex reads it: the index of a quote nothing
    closes, and whether a backslash still waits for the character it escapes (outside quotes and inside
    double quotes a backslash takes the next character; nothing is special inside single quotes)."""
    opened: int | None = None
    escaping = False
    for index, char in enumerate(text):
        if escaping:
            escaping = False
        elif opened is not None and text[opened] == "'":
            opened = None if char == "'" else opened
        elif char == "\\":
            escaping = True
        elif opened is None and char in "'\"":
            opened = index
        elif opened is not None and char == '"':
            opened = None
    return opened, escaping


def request_words(request: ScoreInput, language: str = "en") -> list[str]:
    """The words after ``mahjong-bot score --rules R`` that ask the same; raises :class:`InputError`."""
    hand, values, extra = typed_request(request, language)
    words = list(hand)
    for flag, value in values.items():
        if value is True:
            words.append(flag)
        else:
            words += [flag, str(value)]
    return words + extra


# ------------------------------------------------------------------------------------- the reply


@dataclass(frozen=True)
class ScoreLine:
    name: str
    value: str


@dataclass(frozen=True)
class ScorePayment:
    payer: str
    amount: int


@dataclass(frozen=True)
class ScoreReply:
    """A scored hand, every text in ``language``; ``result`` is the scorer's JSON answer."""

    rules: str
    language: str
    title: str
    hand: str  # as typed
    words: tuple[str, ...]  # the request sent to the scorer
    lines: tuple[ScoreLine, ...]
    total: str
    points: int
    payments: tuple[ScorePayment, ...]
    notes: tuple[ScoreLine, ...]  # sticks, deposits, base, the winner's whole gain ...
    result: Mapping[str, Any] = field(repr=False)
    request: ScoreInput | None = None  # what was typed (the picture needs the win tile and void suit)

    ok = True


@dataclass(frozen=True)
class ScoreFailure:
    """Input that could not be scored: ``message`` names the problem and shows ``example``."""

    rules: str
    language: str
    kind: str  # "hand" (unreadable tiles), "not_a_win", "request" (options and everything else)
    reason: str  # the scorer's own words in English, naming the bad token (the message is localized)
    example: str
    message: str
    words: tuple[str, ...] = ()

    ok = False


def score_hand(request: ScoreInput, language: str = "en") -> ScoreReply | ScoreFailure:
    """Score one typed hand; never raises for bad input."""
    info = RULE_SETS.get(request.rules)
    example = info.example_hand if info is not None else next(iter(EXAMPLES.values()))
    try:
        words = request_words(request, language)
        hand, values, extra = typed_request(request, language)
    except InputError as exc:
        return _failure(request.rules, language, "request", str(exc), example, ())
    module = import_module(RULE_SETS[request.rules].score_module)
    try:
        result = module.score_typed(module.PARSER.parse_typed(hand, values, extra))
    except ValueError as exc:
        return _failure(request.rules, language, _error_kind(exc), str(exc), example, words, exc)
    if not result.get("ok"):
        return _failure(request.rules, language, "request", str(result.get("error")), example, words)
    return build_reply(request.rules, request.hand, words, result, language, request)


def refused(rules: str, words: list[str] | tuple[str, ...], exc: ValueError, language: str) -> ScoreFailure:
    """The failure of a request the scorer refused (``exc``), said in ``language`` as ``/score`` says it."""
    info = RULE_SETS.get(rules)
    example = info.example_hand if info is not None else next(iter(EXAMPLES.values()))
    return _failure(rules, language, _error_kind(exc), str(exc), example, words, exc)


def _error_kind(exc: BaseException) -> str:
    """``hand`` for unreadable tiles (also when a parser re-raised a NotationError as its own error),
    ``not_a_win`` for tiles that read but do not win, ``request`` for the rest."""
    if isinstance(exc, NotationError) or isinstance(exc.__context__, NotationError):
        return "hand"
    return "not_a_win" if type(exc).__name__ == "NotAWin" else "request"


def _failure(
    rules: str,
    language: str,
    kind: str,
    reason: str,
    example: str,
    words: list[str] | tuple[str, ...],
    refusal: BaseException | None = None,
) -> ScoreFailure:
    said = localized_reason(refusal, language) if refusal is not None else reason
    if kind == "hand":
        message = t("error.bad_hand", language, reason=said, example=example)
    else:
        key = "score.not_a_win" if kind == "not_a_win" else "score.bad_request"
        message = t(key, language, reason=said) + "\n" + t("score.example", language, example=example)
    return ScoreFailure(rules, language, kind, reason, example, message, tuple(words))


def build_reply(
    rules: str,
    hand: str,
    words: list[str],
    result: Mapping[str, Any],
    language: str,
    request: ScoreInput | None = None,
) -> ScoreReply:
    """The reply model of a successful scorer answer (the JSON of ``mahjong-bot score``)."""
    # The scorer's line ids, named here in the reader's language (a scorer without ids: its names).
    lines = tuple(
        ScoreLine(line_name(rules, str(line), language), _line_value(rules, value, result, language))
        for line, value in result.get("lines", result.get("yaku", []))
    )
    payments = tuple(
        ScorePayment(_payer_label(rules, payer, language), int(amount))
        for payer, amount in result.get("payments", {}).items()
    )
    return ScoreReply(
        rules=rules,
        language=language,
        title=t("score.title", language, rules=rules_title(rules, language), hand=hand.strip()),
        hand=hand,
        words=tuple(words),
        lines=lines,
        total=_total(rules, result, language),
        points=int(result.get("points") or 0),
        payments=payments,
        notes=_notes(rules, result, language),
        result=result,
        request=request,
    )


def names_table(rules: str) -> dict[str, dict[str, str]]:
    """The rule set's yaku/fan/tai names: id -> language -> name (kept in :mod:`bot.rules.names`)."""
    return rule_names_table(rules)


_LIMIT_WORDS = {"small limit": "score.limit.small", "big limit": "score.limit.big"}


def _line_value(rules: str, value: object, result: Mapping[str, Any], language: str) -> str:
    if isinstance(value, str):
        key = _LIMIT_WORDS.get(value)
        return t(key, language) if key else value
    if result.get("yakuman"):
        return t("score.unit.yakuman", language)
    return say(rules, "value", language, n=int(value))  # type: ignore[call-overload]


def _total(rules: str, result: Mapping[str, Any], language: str) -> str:
    """The hand's value as the rule set's descriptor says it (``ScoreForm``), in its glossary's words."""
    info = RULE_SETS[rules]
    form = info.score
    limit = result.get("limit")
    if result.get("yakuman"):
        return limit_label(limit, language) or t("score.unit.yakuman", language)
    if limit and form.limit == "alone":
        return limit_label(limit, language) or str(limit)
    counts = [say(rules, "value", language, n=result[form.value_field])]
    counts += [t(message, language, n=result[name]) for name, message in form.also]
    text = " ".join(counts)
    aside = None
    if limit and form.limit == "aside":
        aside = limit_label(limit, language)
    elif form.aside is not None and result.get(form.aside[0]) is not None:
        aside = t(form.aside[1], language, n=result[form.aside[0]])
    return f"{text} ({aside})" if aside else text


def _notes(rules: str, result: Mapping[str, Any], language: str) -> tuple[ScoreLine, ...]:
    notes: list[ScoreLine] = []
    if result.get("sticks"):
        notes.append(ScoreLine(t("score.sticks", language), str(result["sticks"])))
    if result.get("deposits"):
        notes.append(ScoreLine(t("score.deposits", language), str(result["deposits"])))
    for name in RULE_SETS[rules].score.notes:
        if result.get(name) is not None:
            label = say(rules, name, language) if name in GLOSSARY_TERMS else t(f"score.{name}", language)
            notes.append(ScoreLine(label, str(result[name])))
    if result.get("uncapped_fan") is not None:
        notes.append(
            ScoreLine(t("score.uncapped", language), t("score.unit.fan", language, n=result["uncapped_fan"]))
        )
    if result.get("total") is not None and result.get("total") != result.get("points"):
        notes.append(ScoreLine(t("score.winner_total", language), str(result["total"])))
    return tuple(notes)


def _payer_label(rules: str, payer: str, language: str) -> str:
    if payer == "discarder":
        return say(rules, "discarder", language)  # 放槍者, 出銃者, 点炮者, 放銃者
    if payer in SEAT_LETTERS or payer == "liable":
        return t(f"score.payer.{payer}", language)
    return payer


# ------------------------------------------------------------------------------------- the picture


def hand_scene(reply: ScoreReply) -> HandScene:
    """What bot/render draws for a scored hand: the concealed tiles, the winning tile set apart (the
    ``win`` option's tile, else the last concealed tile written), melds, flowers (in the hand or the
    ``flowers`` option) and the void suit."""
    tileset = RULE_SETS[reply.rules].tileset
    parsed = parse_hand(reply.hand, tileset)
    concealed = list(parsed.concealed)
    request = reply.request
    win_index = len(concealed) - 1
    if request is not None and request.win:
        wanted = parse_tiles(request.win.strip(), FULL_TILESET)
        if len(wanted) == 1:
            kinds = [i for i, tile in enumerate(concealed) if kind_of(tile) == kind_of(wanted[0])]
            exact = [i for i in kinds if (concealed[i] in tileset.red_ids) == (wanted[0] in tileset.red_ids)]
            win_index = (exact or kinds or [win_index])[-1]
    drawn = concealed.pop(win_index) if concealed else None
    void = request.void.strip().lower() if request is not None and request.void else None
    flowers = list(parsed.flowers)
    if request is not None and request.flowers:
        flowers += [tile for tile in parse_tiles(request.flowers, tileset) if tile not in flowers]
    return HandScene(
        concealed=tuple(concealed),
        melds=tuple(parsed.melds),
        drawn=drawn,
        flowers=tuple(flowers),
        void_suit="mps".index(void) if void in ("m", "p", "s") else None,
        red_ids=tileset.red_ids,
        style=RULE_SETS[reply.rules].render.meld_style,
    )


# ------------------------------------------------------------------------------------ autocomplete


def rule_flags(rules: str) -> tuple[str, ...]:
    """The rule set's flags for the ``extra`` option (from its FLAGS_HELP), minus those with an option."""
    if rules not in RULE_SETS:
        return ()
    try:
        module = import_module(RULE_SETS[rules].score_module)
    except ModuleNotFoundError:
        return ()
    text = getattr(module, "FLAGS_HELP", "")
    covered = set(RULE_SETS[rules].score.flags.values())
    covered.add("--lang")  # the reply's language comes from Discord, not from a flag
    seen: dict[str, None] = {}
    for flag in re.findall(r"(?<![\w-])--[a-z][a-z0-9-]*", text):
        if flag not in covered:
            seen.setdefault(flag)
    return tuple(seen)


def seat_letters(rules: str) -> str:
    """Seat winds of the rule set's table (sanma has no North seat)."""
    players = RULE_SETS[rules].players if rules in RULE_SETS else 4
    return SEAT_LETTERS[:players]
