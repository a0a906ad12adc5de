"""Step through a finished hand, decision by decision, as the spectators saw it with every hand open.

A finished hand hides nothing any more, so its replay shows every seat's concealed tiles from the deal
on, as Tenhou's viewer shows a finished game.  A running game hides them still: it is refused whole
(its walls and hands are secret until it ends), and so is a hand that never finished (a game aborted
in its middle).  The front ends (``/mahjong replay``, ``mahjong-bot animate``, the web page's replay
viewer, the computer review) all read a hand through this module:

* :func:`stored_hand` reads a stored game through the store (the game must have ended;
  :func:`load_stored` reads it once, its :meth:`StoredGame.hand` replays a hand without the store);
* :func:`record_hand` replays one hand of a Tenhou record (mjlog, tenhou.net/6) through the referee;
* :func:`game_hand` steps a game given as ``Game.to_json()`` data (this project's exported JSON too).

Each :class:`ReplayStep` holds the table after one decision (step 0 is the deal) and what that decision
was (:class:`StepAction`: who did what, as data); :meth:`HandReplay.to_json` is the whole hand as JSON.
A pass is not a step of its own (nothing on the table changes), unless it ends the hand: the last step
always shows the hand as it ended.  The game is rebuilt by the engine's own event sourcing: a fresh
``Game`` from the record's rule set, options, seed and walls, then each stored decision applied.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from bot.engine import actions as A
from bot.engine.actions import Action, IllegalAction
from bot.engine.game import Game
from bot.engine.hand import HandEngine
from bot.engine.views import HandRecord, TableView
from bot.i18n import DEFAULT_LANGUAGE, t
from bot.service.refusal import Refusal
from bot.service.table_panel import kind_label, shown_tiles, tiles_text
from bot.store import GameRecord, NotFound, Store
from bot.store.gamekeys import rule_options

__all__ = [
    "HandReplay",
    "ReplayStep",
    "StepAction",
    "StoredGame",
    "apply_decision",
    "game_hand",
    "load_stored",
    "open_view",
    "play_to_hand",
    "record_hand",
    "record_hand_data",
    "stored_hand",
]


@dataclass(frozen=True)
class StepAction:
    """What one decision was: ``seat`` did ``kind`` (with ``tile`` and the tiles ``using`` it)."""

    seat: int
    kind: str
    tile: int | None
    using: tuple[int, ...]

    @classmethod
    def of(cls, action: Action) -> StepAction:
        return cls(action.seat, action.kind, action.tile, tuple(action.using))

    @property
    def action(self) -> Action:
        return Action(self.kind, self.seat, self.tile, self.using)

    @property
    def tiles(self) -> list[int]:
        """The tiles the decision is named by (a discard's tile, a call's own tiles)."""
        return shown_tiles(self.action)

    def words(self, language: str, rules: str = "") -> str:
        """The decision's name in ``language`` (``Discard``, ``Pon``), in the rule set's own terms."""
        return kind_label(self.kind, language, rules)

    def label(self, language: str, red_ids: frozenset[int], rules: str = "") -> str:
        """The decision in words (``Discard 5m``, ``Pon 5p 5p``), without who made it."""
        tiles = tiles_text(self.tiles, red_ids)
        words = self.words(language, rules)
        return f"{words} {tiles}" if tiles else words

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "tile": self.tile, "using": list(self.using)}


@dataclass(frozen=True)
class ReplayStep:
    """The table after a decision: ``number`` 0 is the deal (no ``action``); ``decision`` is the
    decision's index in the game's log (None for the deal)."""

    number: int
    decision: int | None
    action: StepAction | None
    view: TableView  # the spectators' view with every seat's ``concealed`` (and ``drawn``) laid open

    @property
    def ended(self) -> bool:
        return self.view.get("phase") == "ended"

    def to_json(self) -> dict[str, Any]:
        return {
            "step": self.number,
            "decision": self.decision,
            "action": None if self.action is None else self.action.to_json(),
            "view": dict(self.view),
        }


@dataclass(frozen=True)
class HandReplay:
    """One finished hand, step by step.  ``hand`` counts from 1, of ``hands`` finished hands."""

    source: str  # "game 12", or the record's file name
    game_id: int | None
    rules: str
    hand: int
    hands: int
    names: tuple[str, ...]
    language: str  # the table's language (the server's), or the one asked for
    record: HandRecord  # how the hand ended (the engine's record: wins, yaku line ids, score changes)
    steps: tuple[ReplayStep, ...]

    @property
    def red_ids(self) -> frozenset[int]:
        return frozenset(self.steps[0].view.get("red_fives", ()))

    def caption(self, step: ReplayStep, language: str | None = None) -> str:
        """``3/57 · Alice: Riichi 5p`` (the deal: ``1/57 · Deal``), in the table's language."""
        words, tiles = self.caption_parts(step, language)
        return f"{words} {tiles_text(tiles, self.red_ids)}" if tiles else words

    def caption_parts(self, step: ReplayStep, language: str | None = None) -> tuple[str, list[int]]:
        """The caption's words (``3/57 · Alice: Riichi``) and the tiles it names, apart, for a page that
        draws the tiles' faces where a text writes their codes."""
        lang = language or self.language
        where = f"{step.number + 1}/{len(self.steps)}"
        if step.action is None:
            return f"{where} · {t('replay.deal', lang)}", []
        seat = step.action.seat
        name = self.names[seat] if seat < len(self.names) else t("picture.seat", lang, number=seat + 1)
        return f"{where} · {name}: {step.action.words(lang, self.rules)}", step.action.tiles

    def to_json(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "game_id": self.game_id,
            "rules": self.rules,
            "hand": self.hand,
            "hands": self.hands,
            "names": list(self.names),
            "language": self.language,
            "result": dict(self.record["result"]),
            "steps": [step.to_json() for step in self.steps],
        }


# ------------------------------------------------------------------------------------- the views
def open_view(game: Game) -> TableView:
    """The spectators' view with every hand laid open: each seat's own ``concealed`` and ``drawn`` from
    that seat's view (the engine's views are the one place a hand is shown).  Only for a finished hand."""
    view = game.view(None)
    for seat, entry in enumerate(view["seats"]):
        own = game.view(seat)["seats"][seat]
        entry["concealed"] = own.get("concealed", [])
        entry["drawn"] = own.get("drawn")
    return view


def _view_of_ended_hand(game: Game, ended: HandEngine) -> TableView:
    """The open view of the hand ``ended`` as it ended.  The game has moved on to its next hand (or
    over): the ended hand's engine still holds the table as it ended, so this private replay's game is
    shown it for one view (the engine's own view code, no copy of it)."""
    current = game.engine
    game.engine = ended
    try:
        return open_view(game)
    finally:
        game.engine = current


# ------------------------------------------------------------------------------------- stepping
def _fresh_game(data: dict[str, Any]) -> Game:
    """The game of ``data`` (``Game.to_json()``) at its start: rule set, options, seed, walls, dice."""
    return Game.from_json({**data, "decisions": []})


def apply_decision(game: Game, action: Action, position: int) -> None:
    """``action``, decision ``position`` of the log, applied; refused when the referee does not take it."""
    try:
        game.apply(action)
    except IllegalAction as exc:
        raise Refusal("replay.does_not_replay", decision=position, reason=str(exc)) from None


def play_to_hand(data: dict[str, Any], index: int) -> tuple[Game, list[Action], int]:
    """The game ``data`` played from its start up to hand ``index`` (from 0; or as far as its decisions
    go): the game, its decisions and the position of the first decision not applied."""
    game = _fresh_game(data)
    decisions = [Action.from_json(raw) for raw in data.get("decisions", [])]
    position = 0
    while len(game.hands) < index and position < len(decisions):
        apply_decision(game, decisions[position], position)
        position += 1
    return game, decisions, position


def step_hand(data: dict[str, Any], index: int) -> tuple[list[ReplayStep], HandRecord, Game]:
    """The steps of hand ``index`` (from 0) of the game ``data``, its record, and the game as the hand
    ended (the caller may play on: the decisions after the hand are not applied).  Refuses a hand the
    game does not have (``replay.no_hand``), one that did not finish (``replay.hand_unfinished``) and
    one that ended before any decision (``replay.hand_empty``)."""
    game, decisions, position = play_to_hand(data, index)
    if len(game.hands) > index:
        raise Refusal("replay.hand_empty", hand=index + 1)
    if len(game.hands) < index or game.over:
        raise Refusal("replay.no_hand", hand=index + 1, hands=len(game.hands))
    steps = [ReplayStep(0, None, None, open_view(game))]
    while len(game.hands) == index and position < len(decisions):
        action = decisions[position]
        engine = game.engine
        apply_decision(game, action, position)
        position += 1
        if len(game.hands) == index:
            if action.kind != A.PASS:  # a pass changes nothing on the table
                steps.append(ReplayStep(len(steps), position - 1, StepAction.of(action), open_view(game)))
        else:
            ended = _view_of_ended_hand(game, engine)
            steps.append(ReplayStep(len(steps), position - 1, StepAction.of(action), ended))
    if len(game.hands) == index:
        raise Refusal("replay.hand_unfinished", hand=index + 1)
    return steps, cast(HandRecord, game.hands[index]), game


def game_hand(
    data: dict[str, Any],
    hand: int,
    *,
    names: Sequence[str] = (),
    language: str = DEFAULT_LANGUAGE,
    source: str = "",
    game_id: int | None = None,
    hands: int | None = None,
) -> HandReplay:
    """Hand number ``hand`` (from 1) of the game ``data`` (``Game.to_json()``, or this project's exported
    record), step by step.  ``hands``: how many hands of the game finished, when the caller knows (the
    store does); otherwise the rest of the game is replayed to count them.  Pure: callers may run it in
    a worker thread."""
    if hand < 1:
        raise Refusal("replay.no_hand", hand=hand, hands=_finished_hands(data) if hands is None else hands)
    steps, record, game = step_hand(data, hand - 1)
    finished = _finished_hands(data, game) if hands is None else hands
    players = len(steps[0].view["seats"])
    labels = tuple(
        names[s] if s < len(names) and names[s] else t("picture.seat", language, number=s + 1)
        for s in range(players)
    )
    return HandReplay(
        source=source,
        game_id=game_id,
        rules=str(data["rules"]),
        hand=hand,
        hands=finished,
        names=labels,
        language=language,
        record=record,
        steps=tuple(steps),
    )


def _finished_hands(data: dict[str, Any], game: Game | None = None) -> int:
    """How many hands of ``data`` finished: its decisions played on from ``game`` (or from the start)."""
    game = game or _fresh_game(data)
    for raw in data.get("decisions", [])[len(game.decisions) :]:
        try:
            game.apply(Action.from_json(raw))
        except (IllegalAction, ValueError):
            break
    return len(game.hands)


# ------------------------------------------------------------------------------------- sources
@dataclass(frozen=True)
class StoredGame:
    """An ended stored game as read from the store: what :meth:`hand` replays without the store."""

    game_id: int
    data: dict[str, Any]  # Game.to_json() form: rule set, options, revealed seed, decisions
    names: tuple[str, ...]
    language: str
    hands: int  # finished hands
    guild_id: int | None = None  # the server it was played in (None: the command line's games)
    discord_ids: tuple[int | None, ...] = ()  # each seat's Discord user (None: a computer, a local name)

    def hand(self, hand: int) -> HandReplay:
        """Hand ``hand`` (from 1), step by step: pure CPU work (a front end runs it off its event loop)."""
        return game_hand(
            self.data,
            hand,
            names=self.names,
            language=self.language,
            source=f"game {self.game_id}",
            game_id=self.game_id,
            hands=self.hands,
        )


async def load_stored(store: Store, game_id: int, *, language: str | None = None) -> StoredGame:
    """The stored game ``game_id``, refused while it runs (its hands are secret until it ends) and when
    the store does not hold it.  ``language``: the pictures' language (default: the table's, its
    server's language)."""
    from bot.i18n import resolve_language

    try:
        record = await store.game_record(game_id)
    except NotFound:
        raise Refusal("replay.no_game", game=game_id) from None
    data = _game_data(record)
    if language is None:
        guild = record.game.guild_id
        language = resolve_language(None, await store.get_guild_language(guild) if guild else None)
    names = tuple(p.display_name for p in record.players)
    discord_ids = tuple(p.discord_id for p in record.players)
    return StoredGame(game_id, data, names, language, len(record.hands), record.game.guild_id, discord_ids)


async def stored_hand(store: Store, game_id: int, hand: int, *, language: str | None = None) -> HandReplay:
    """Hand ``hand`` (from 1) of the stored game ``game_id`` (see :func:`load_stored`); a hand that did
    not finish or that the game does not have is refused."""
    return (await load_stored(store, game_id, language=language)).hand(hand)


def _game_data(record: GameRecord) -> dict[str, Any]:
    """The stored game as ``Game.to_json()`` data; refused while it runs (its seed is still secret)."""
    stored = record.game
    if stored.status == "running":
        raise Refusal("replay.running", game=stored.id)
    if not stored.revealed_seed:
        raise Refusal("replay.no_seed", game=stored.id)
    return {
        "rules": stored.rule_set,
        "options": rule_options(stored.options),
        "seed": stored.revealed_seed,
        "decisions": [d.action for d in record.decisions],
    }


def record_hand(record: Any, hand: int, *, language: str = DEFAULT_LANGUAGE) -> HandReplay:
    """Hand ``hand`` (from 1) of a Tenhou record (a :class:`~bot.logs.record.RecordedGame`), replayed
    through the referee from the round, deposits and points the record gives for it.  A record hand
    that the referee does not replay as recorded is refused (``replay.record_mismatch``)."""
    replay = game_hand(
        record_hand_data(record, hand),
        1,
        names=list(record.names),
        language=language,
        source=record.source,
        hands=1,
    )
    return HandReplay(
        source=replay.source,
        game_id=None,
        rules=replay.rules,
        hand=hand,
        hands=len(record.hands),
        names=replay.names,
        language=replay.language,
        record=replay.record,
        steps=replay.steps,
    )


def record_hand_data(record: Any, hand: int) -> dict[str, Any]:
    """Hand ``hand`` (from 1) of a Tenhou record alone, as ``Game.to_json()`` data whose first hand it
    is: the referee replays it from the round, deposits and points the record gives for it (a hand
    that does not replay as recorded is refused, ``replay.record_mismatch``)."""
    from dataclasses import replace

    from bot.logs.replay import replay_record

    if not 1 <= hand <= len(record.hands):
        raise Refusal("replay.no_hand", hand=hand, hands=len(record.hands))
    # The hand alone, as an excerpt: the referee starts it where the record says it starts.
    alone = replace(record, hands=[record.hands[hand - 1]], final=None, complete=False)
    report = replay_record(alone)
    game = report.game
    if report.mismatch is not None or game is None or not game.hands:
        reason = str(report.mismatch) if report.mismatch is not None else "the hand does not end"
        raise Refusal("replay.record_mismatch", hand=hand, reason=reason)
    return game.to_json()
