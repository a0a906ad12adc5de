"""The project's own game record (JSON, every rule set): written by ``export --format json``, checked by
``replay --check``.

A record is what rebuilds the game (``rules``, ``options``, ``seed``, ``start_points``, ``decisions`` and,
for games with injected walls, ``walls``/``dice``: exactly :meth:`bot.engine.game.Game.to_json`) plus what
the table recorded when it was played (``results``: each hand's round, winners and score changes, the final
points, ranks and scores).  Checking replays the decisions through the referee and compares every result.
Only ended games are exported: a running game's seed is still secret.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from bot.engine.actions import IllegalAction
from bot.engine.game import Game
from bot.logs.replay_report import Note, what_of
from bot.store import GameRecord
from bot.store.gamekeys import round_label, rule_options

FORMAT = "mahjong-bot game"
VERSION = 1


class ExportError(ValueError):
    """A stored game that cannot be exported; the message says why (``message_id``: how, in a reader's
    language: ``refusal.<id>``)."""

    def __init__(self, message: str, message_id: str, **values: object) -> None:
        super().__init__(message)
        self.message_id = message_id
        self.values = values


def record_document(record: GameRecord) -> dict[str, Any]:
    """The JSON record of a stored, ended game."""
    stored = record.game
    if stored.status == "running":
        raise ExportError(
            f"game {stored.id} is still running; its seed is secret until it ends",
            "export.running",
            game=stored.id,
        )
    if not stored.revealed_seed:
        raise ExportError(f"game {stored.id} has no revealed seed", "export.no_seed", game=stored.id)
    return {
        "format": FORMAT,
        "version": VERSION,
        "game_id": stored.id,
        "status": stored.status,
        "created_at": stored.created_at,
        "ended_at": stored.ended_at,
        "players": [p.display_name for p in record.players],
        "seed_commitment": stored.seed_commitment,
        "rules": stored.rule_set,
        "options": rule_options(stored.options),
        "seed": stored.revealed_seed,
        "decisions": [d.action for d in record.decisions],
        "results": {
            "hands": [
                {
                    "index": h.hand_index,
                    "round": h.round_label,
                    "winners": h.winners,
                    "deltas": h.score_changes,
                }
                for h in record.hands
            ],
            "final": [
                {
                    "seat": f.seat,
                    "points": f.points,
                    "rank": f.rank,
                    "score": None if f.league_points is None else _number(f.league_points),
                }
                for f in record.finals
            ]
            or None,
        },
    }


def game_document(game: Game) -> dict[str, Any]:
    """The JSON record of a game held in memory (results taken from the referee itself)."""
    data = game.to_json()
    data = {"format": FORMAT, "version": VERSION, **data}
    data["results"] = {
        "hands": [
            {
                "index": i,
                "round": round_label(h),
                "winners": [w["seat"] for w in h["result"]["wins"]],
                "deltas": h["result"]["deltas"],
            }
            for i, h in enumerate(game.hands)
        ],
        "final": None
        if game.final is None
        else [
            {"seat": f["seat"], "points": f["points"], "rank": f["rank"], "score": f["score"]}
            for f in sorted(game.final, key=lambda f: f["seat"])
        ],
    }
    return data


def _number(value: Decimal) -> int | float:
    return int(value) if value == value.to_integral_value() else float(value)


@dataclass
class CheckReport:
    game: Game | None
    mismatch: Note | None  # the first difference: its English text, and its message (cli.replay.own.*)

    @property
    def ok(self) -> bool:
        return self.mismatch is None


def _differs(where: str, key: str, want: object, got: object, **place: object) -> Note:
    """``<where>: <key>: expected <want>, got <got>`` (``where``: ``hand`` or ``final`` at ``place``)."""
    what = what_of(key, f"own_{key}")
    head = f"hand {place['hand']}" if where == "hand" else f"final seat {place['seat']}"
    text = f"{head}: {key}: expected {want}, got {got}"
    return Note(text, f"cli.replay.own.{where}", what=what, expected=want, got=got, **place)


def check_document(data: dict[str, Any]) -> CheckReport:
    """Replay the record's decisions and compare every recorded result; the first difference."""
    try:
        game = Game.from_json(data)
    except (IllegalAction, ValueError, KeyError, TypeError) as exc:
        text = f"the recorded decisions do not replay: {exc}"
        return CheckReport(None, Note(text, "cli.replay.own.no_replay", reason=exc))
    results = data.get("results")
    if results is None:
        return CheckReport(game, None)  # nothing recorded to compare (a bare Game.to_json)
    replayed = game_document(game)["results"]
    want_hands, got_hands = results.get("hands") or [], replayed["hands"]
    for want, got in zip(want_hands, got_hands, strict=False):
        for key in ("round", "winners", "deltas"):
            if want.get(key) != got[key]:
                return CheckReport(
                    game, _differs("hand", key, want.get(key), got[key], hand=want.get("index"))
                )
    if len(want_hands) != len(got_hands):
        text = f"hands: expected {len(want_hands)}, the replay has {len(got_hands)}"
        note = Note(text, "cli.replay.own.hands", expected=len(want_hands), got=len(got_hands))
        return CheckReport(game, note)
    want_final, got_final = results.get("final"), replayed["final"]
    if (want_final is None) != (got_final is None):
        ended = "over" if want_final is not None else "still running"
        text = f"game end: the record says the game is {ended}, the replay disagrees"
        key = "cli.replay.own.over" if want_final is not None else "cli.replay.own.running"
        return CheckReport(game, Note(text, key))
    for want, got in zip(want_final or [], got_final or [], strict=True):
        for key in ("points", "rank"):
            if want.get(key) != got[key]:
                return CheckReport(game, _differs("final", key, want.get(key), got[key], seat=got["seat"]))
        if want.get("score") is not None and Decimal(str(want["score"])) != Decimal(str(got["score"])):
            return CheckReport(
                game, _differs("final", "score", want["score"], got["score"], seat=got["seat"])
            )
    return CheckReport(game, None)
