"""What a rule set is, in one object: :class:`RuleSetDescriptor`.

Each rule set's package declares its descriptor(s) in ``descriptor.py`` (riichi's declares riichi and
sanma); :mod:`bot.engine.registry` finds them.  A descriptor is light: plain data and *references*
("module:attribute") to the heavy parts (the referee hooks, the scorer, the names table, the computer
player's strategy, the quick reference), which are imported the first time they are asked for.  So
``mahjong-bot --help`` can list the rule sets without importing a scorer.

The table options are a typed schema (:class:`OptionSpec`): ``/mahjong new ... options:`` and
``mahjong-bot play --option KEY=VALUE`` are typed and checked by it (:meth:`OptionsSchema.parse`, through
``TableService.open``), the suggestions shown while typing come from it (:meth:`OptionsSchema.suggestions`),
and ``play --option help`` lists it (:meth:`OptionsSchema.described`).  The referee (the flow class) reads
a game's options through the same schema (:meth:`OptionsSchema.value`: a record's options have not been
through it) and checks what the schema cannot (uma's form).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, Literal

from bot.hand.meld import MeldStyle
from bot.hand.notation import TileSet
from bot.hand.refusal import Refusal

if TYPE_CHECKING:
    from bot.engine.ruleset import RuleSet
    from bot.hand.shanten import Shapes

__all__ = ["MeldStyle"]  # a RenderStyle's part, declared beside the melds it lays out

OptionKind = Literal["int", "choice", "switch", "text"]


def load_reference(reference: str) -> Any:
    """The object named by ``"package.module:attribute"`` (imported now)."""
    module, _, attribute = reference.partition(":")
    value = importlib.import_module(module)
    for part in attribute.split(".") if attribute else ():
        value = getattr(value, part)
    return value


#: Upper bounds of the whole-number table options: far above any house's game, low enough that whatever
#: is typed a game's points stay well inside the store's 64-bit integers.
MOST_HANDS = 10_000
MOST_PAYMENT = 1_000_000
MOST_POINTS = 1_000_000_000


class OptionError(Refusal):
    """A table option value outside its schema; the message names the option (its id and values say it
    in the reader's language: bot/i18n/refusal_messages.toml, ``refusal.option.*``)."""


@dataclass(frozen=True)
class OptionSpec:
    """One table option: ``key=value`` in ``/mahjong new ... options:``, ``--option key=value`` in the CLI."""

    key: str
    kind: OptionKind
    default: int | str | bool | None
    help: str
    choices: tuple[str, ...] = ()  # kind "choice"
    low: int | None = None  # kind "int": the range the game allows (inclusive); None: unbounded
    high: int | None = None
    hints: tuple[str, ...] = ()  # values worth suggesting while typing (besides the choices)

    def parse(self, value: object) -> int | str | bool:
        """The option's value from text or a JSON value; :class:`OptionError` names the option."""
        if self.kind == "switch":
            word = str(value).strip().lower()
            if value is True or word in ("on", "true", "yes", "1"):
                return True
            if value is False or word in ("off", "false", "no", "0"):
                return False
            raise OptionError(
                f"option {self.key} must be on or off, not {value!r}",
                "option.switch",
                key=self.key,
                value=value,
            )
        if self.kind == "text":
            return str(value).strip()
        if self.kind == "choice":
            word = str(value).strip()
            if word not in self.choices:
                choices = ", ".join(self.choices)
                raise OptionError(
                    f"option {self.key} must be one of {choices}, not {value!r}",
                    "option.choice",
                    key=self.key,
                    choices=choices,
                    value=value,
                )
            return word
        try:
            number = int(str(value).strip())
        except ValueError:
            raise OptionError(
                f"option {self.key} must be a whole number, not {value!r}",
                "option.number",
                key=self.key,
                value=value,
            ) from None
        if (self.low is not None and number < self.low) or (self.high is not None and number > self.high):
            raise self._out_of_range(number)
        return number

    def _out_of_range(self, number: int) -> OptionError:
        values = {"key": self.key, "low": self.low, "high": self.high, "value": number}
        if self.high is None:
            return OptionError(
                f"option {self.key} must be at least {self.low}, not {number}", "option.at_least", **values
            )
        if self.low is None:
            return OptionError(
                f"option {self.key} must be at most {self.high}, not {number}", "option.at_most", **values
            )
        return OptionError(
            f"option {self.key} must be between {self.low} and {self.high}, not {number}",
            "option.range",
            **values,
        )

    def value_in(self, options: Mapping[str, Any]) -> Any:
        """This option's value in a game's ``options`` (a new table's, a stored game's, an imported
        record's): the default when absent, else checked as a typed value is, so a bad one in a record is
        refused by name in the reader's language, inside the same bounds a table has."""
        value = options.get(self.key)
        return self.default if value is None else self.parse(value)

    def written(self, value: object) -> str:
        """``value`` as a player types it: a switch on/off, no value "none"."""
        if self.kind == "switch" and isinstance(value, bool):
            return "on" if value else "off"
        return "none" if value is None else str(value)

    def suggested_values(self) -> tuple[str, ...]:
        """Values offered while typing: the common ones, not every choice (those are in the help)."""
        return self.hints


@dataclass(frozen=True)
class OptionsSchema:
    options: tuple[OptionSpec, ...] = ()

    def __contains__(self, key: object) -> bool:
        return any(o.key == key for o in self.options)

    def __getitem__(self, key: str) -> OptionSpec:
        for option in self.options:
            if option.key == key:
                return option
        raise KeyError(key)

    def parse(self, given: Mapping[str, object]) -> dict[str, int | str | bool]:
        """Typed values of the options given (unknown keys refused by name)."""
        out: dict[str, int | str | bool] = {}
        for key, value in given.items():
            if key not in self:
                raise unknown_option(key, [o.key for o in self.options])
            out[key] = self[key].parse(value)
        return out

    def value(self, options: Mapping[str, Any], key: str) -> Any:
        """Option ``key``'s value in a game's ``options`` (:meth:`OptionSpec.value_in`)."""
        return self[key].value_in(options)

    def suggestions(self, typed: str, limit: int = 25) -> list[str]:
        """Completions of the last ``key=value`` word being typed, keeping the words before it."""
        words = typed.split()
        done, current = (words[:-1], words[-1]) if words and not typed.endswith(" ") else (words, "")
        used = {w.partition("=")[0] for w in done}
        out = []
        for option in self.options:
            if option.key in used:
                continue
            for value in option.suggested_values():
                hint = f"{option.key}={value}"
                if hint.startswith(current):
                    out.append(" ".join([*done, hint]))
        return out[:limit]

    def shown(self, given: Mapping[str, object]) -> list[str]:
        """``key=value`` words of options as a player types them (switches on/off)."""
        return [f"{key}={self[key].written(value) if key in self else value}" for key, value in given.items()]

    def described(self) -> list[str]:
        """One line per option: its key, what it does, its values and its default (``play --option help``)."""
        return [
            f"{o.key}: {o.help} ({_describe_range(o)}; default {o.written(o.default)})" for o in self.options
        ]

    def from_cli(self, words: list[str]) -> dict[str, int | str | bool]:
        """The options of ``--option KEY=VALUE`` words."""
        given: dict[str, object] = {}
        for word in words:
            key, sep, value = word.partition("=")
            if not sep:
                raise OptionError(f"--option {word!r}: write KEY=VALUE, e.g. red=0")
            given[key.strip()] = value
        return self.parse(given)


def unknown_option(key: str, known: Sequence[str]) -> OptionError:
    names = ", ".join(known) or "none"
    return OptionError(f"unknown option {key!r} (options: {names})", "option.unknown", key=key, known=names)


def _describe_range(option: OptionSpec) -> str:
    if option.kind == "switch":
        return "on|off"
    if option.kind == "choice":
        return "|".join(option.choices)
    if option.kind == "text":
        return "e.g. " + ", ".join(option.hints) if option.hints else "text"
    low = "" if option.low is None else str(option.low)
    high = "" if option.high is None else str(option.high)
    return f"{low}..{high}"


@dataclass(frozen=True)
class RenderStyle:
    """How pictures and table headers show this rule set's table."""

    riichi_family: bool = False  # round label "East 1, 2 honba", sticks and honba shown
    dead_wall: int | None = (
        None  # tiles of the dora row drawn (unturned ones face down); None: indicators only
    )
    meld_style: MeldStyle = MeldStyle()
    streak_always: bool = False  # the header shows the dealer's streak even at 0 (it scores)


@dataclass(frozen=True)
class Glossary:
    """The rule set's own words for ideas every game has but names its own way: message ids (bot/i18n),
    each said in the reader's language, so a term is looked up by (rule set, language).  The defaults are
    the general words (bot/i18n); a rule set names the terms its players say
    otherwise (``glossary.<rule set>.<term>`` in its own messages.toml).  A language a rule set's message
    leaves out is said with the general word (bot/present/glossary.py).  ``{n}``: a count."""

    value: str = "score.unit.multiplier"  # a hand's value and one line's, counted: "3 tai", "2 han", "x2"
    points: str = "result.points"  # what a win pays, counted: "{points} points"
    streak: str = "play.header.honba"  # the dealer's repeat counter in a header: "{honba}" (or "{streak}")
    win: str = "glossary.win"  # a win, the word: 胡, 食糊, 和了
    self_draw: str = "table.action.tsumo"  # a win on one's own draw: 自摸, ツモ
    ron: str = "table.action.ron"  # a win on another's discard: 胡, 食糊, ロン
    discarder: str = "score.discarder"  # who discarded the winning tile: 放槍者, 出銃者, 点炮者, 放銃者
    ready: str = "picture.ready"  # one tile from a win: 聽牌, 聴牌
    not_ready: str = "picture.not_ready"  # 未聽, 不聴
    exhaustive_draw: str = "result.reason.exhaustive"  # the wall ran out: 流局, 摸和, 荒庄
    riichi: str = "table.action.riichi"  # the ready declaration: 立直, リーチ, 報聽
    chi: str = "table.action.chi"  # the calls by their table words: 吃 (上 in Hong Kong), チー
    pon: str = "table.action.pon"
    kan: str = "table.action.kan"
    round: str = "glossary.round"  # a hand's place in the game: "{wind} {hand}", 東1局, 東風圈 第1局
    decider: str = "glossary.decider"  # ... a hand after the last round, until one ends the game: 決勝局
    base: str = "score.base"  # the table's base stake: 底分, 底金
    lines_label: str = "score.lines"  # the heading of a hand's named lines: 役, 台數, 番型, 翻種
    points_label: str = "score.points"  # the heading of what a hand scores: 得點, 得分
    wins_tsumo: str = "picture.wins_tsumo"  # a result picture's title: "{winner} 自摸"
    wins_ron: str = (
        "picture.wins_ron"  # ... on a discard: "{winner} 胡 {giver} 放槍", "{winner} 食 {giver} 出銃"
    )
    how_tsumo: str = "result.how.tsumo"  # how a hand was won, on one's draw: "{tile}"
    how_ron: str = "result.how.ron"  # ... on ``{giver}``'s discard ``{tile}``: 放槍, 出銃, 点炮
    rates: str = "league.standings.rates"  # a league player's rates: "胡牌率 {win} · 放槍率 {deal_in}"

    def terms(self) -> dict[str, str]:
        """Every term's message id, by term."""
        return {name: getattr(self, name) for name in self.__dataclass_fields__}

    @classmethod
    def own(cls, rules: str, **given: str) -> Glossary:
        """The glossary of a rule set whose package's messages.toml says terms its own way: every term is
        first looked for as ``glossary.<rules>.<term>``, so the messages a translator writes there are the
        rule set's words, with no list of them kept here (bot/present/glossary.py keeps the ids that
        exist and says the others with the general word); ``given`` terms are named outright (a message
        another rule set owns, a unit)."""
        return cls(**{**{term: f"glossary.{rules}.{term}" for term in cls.__dataclass_fields__}, **given})

    def resolved(self, known: Collection[str]) -> Glossary:
        """This glossary with each term whose message is not among ``known`` said by the general word."""
        general = Glossary()
        return Glossary(
            **{term: own if own in known else getattr(general, term) for term, own in self.terms().items()}
        )


#: ``ScoreForm.flags``' word for an option a rule set can only say one way: ``dealer`` as the East seat.
DEALER_IS_EAST = "<seat E>"
#: The ``/score hand`` options every built-in scorer reads with the same flag.
COMMON_SCORE_FLAGS: Mapping[str, str] = {"win": "--win", "tsumo": "--tsumo", "seat": "--seat"}
#: ... and those a game with riichi, a round wind and dora indicators reads (the dealer sits East).
RIICHI_SCORE_FLAGS: Mapping[str, str] = {
    **COMMON_SCORE_FLAGS,
    "riichi": "--riichi",
    "round": "--round",
    "dora": "--dora",
    "ura": "--ura",
    "dealer": DEALER_IS_EAST,
}


@dataclass(frozen=True)
class ScoreForm:
    """How ``/score hand`` asks this rule set's scorer and says its answer (bot/service/scoring.py).

    The answer's counts are said with message ids: the hand's value (``value_field``, in the glossary's
    ``value`` words), then ``also`` counts, then in brackets the limit's name (``limit="aside"``) or the
    ``aside`` count; with ``limit="alone"`` a limit hand is said by its limit's name only."""

    flags: Mapping[str, str] = field(default_factory=dict)  # /score option -> scorer flag; absent: unused
    defaults: Mapping[str, str] = field(default_factory=dict)  # flag -> value when neither dealer nor seat
    value_field: str = "multiplier"  # the answer's count of the hand's value
    also: tuple[tuple[str, str], ...] = ()  # (answer field, message id) said after the value
    aside: tuple[str, str] | None = None  # (answer field, message id) said in brackets after them
    limit: Literal["aside", "alone"] | None = None  # how a limit hand's name is said; None: never
    notes: tuple[str, ...] = ()  # answer fields shown as notes, each labelled by message ``score.<field>``


#: The moves every built-in game offers (bot/engine/actions.py kinds); a rule set adds its own.
COMMON_ACTIONS: frozenset[str] = frozenset(
    {"discard", "tsumo", "ron", "pass", "chi", "pon", "kan", "ankan", "kakan"}
)


@dataclass(frozen=True)
class RuleSetDescriptor:
    """Everything the layers around the core need to know about one rule set."""

    id: str
    title: str
    players: int
    hand_size: int  # tiles in a waiting hand (13 or 16)
    tileset: TileSet
    flow: str  # "module:Class": the referee hooks (a bot.engine.ruleset.RuleSet subclass)
    # module with ``score_request(words) -> dict`` and, optionally, ``FLAGS_HELP`` and
    # ``batch_line_function()`` (see :meth:`score_module_part`)
    score_module: str
    names: str  # "module:TABLE": line id -> language -> name
    strategy: str  # "module:Class" of the computer player's strategy (bot/ai)
    quick_reference: str  # "module:function": the /score table sheets (see bot/service/scoring.py)
    example_hand: str  # a winning hand, shown with scoring errors
    render: RenderStyle = RenderStyle()
    glossary: Glossary = Glossary()
    score: ScoreForm = ScoreForm()
    # a league's settings before its own (bot/league/settlement.py, written as /league settings stores
    # them); a setting not named: net points (points - 0) / 1, no uma, no oka
    league: Mapping[str, Any] = field(default_factory=dict)
    options: OptionsSchema = OptionsSchema()
    random_play_cap: Mapping[str, Any] = field(default_factory=dict)  # simulate --ai random's safety cap
    shape_flags: Mapping[str, bool] = field(default_factory=dict)  # bot.hand.shanten.Shapes fields
    # the action kinds its referee can offer: the terminal game's prompt and help offer only these
    actions: frozenset[str] = COMMON_ACTIONS

    @property
    def sets_in_hand(self) -> int:
        return (self.hand_size - 1) // 3

    def shapes(self) -> Shapes:
        """The winning shapes (analysis, waits): special shapes are closed hands only."""
        from bot.hand.shanten import Shapes

        return Shapes(**self.shape_flags)

    def flow_class(self) -> type[RuleSet]:
        cls: type[RuleSet] = load_reference(self.flow)
        return cls

    def referee(self, options: Mapping[str, Any] | None = None) -> RuleSet:
        """A fresh RuleSet (the hooks) for a game with these options."""
        return self.flow_class()(dict(options or {}))

    @cached_property
    def names_table(self) -> dict[str, dict[str, str]]:
        table: dict[str, dict[str, str]] = load_reference(self.names)
        return table

    def score_request(self) -> Callable[[list[str]], dict[str, Any]]:
        fn: Callable[[list[str]], dict[str, Any]] = load_reference(f"{self.score_module}:score_request")
        return fn

    def score_module_part(self, name: str) -> Any:
        """An optional part of the score module: ``FLAGS_HELP`` (``score --help-rules``; the values of its
        message, ``FLAGS_HELP_VALUES``) or
        ``batch_line_function`` (``score --batch``'s reader of common lines); None where it has none."""
        return getattr(load_reference(self.score_module), name, None)

    def strategy_class(self) -> type:
        cls: type = load_reference(self.strategy)
        return cls
