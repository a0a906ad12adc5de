"""The pictures of one finished game, written to a folder so anyone can look at them
(``mahjong-bot simulate --pictures DIR`` and the reference set under tests/render/reference/).

The game is rebuilt from its decisions (event sourcing: rule set, options, seed, walls, dice), so the
table can be shown as it stood part-way through each hand:

* ``hand01-table-spectator.png``: the table two thirds into the hand, as the channel sees it;
* ``hand01-table-seat1.png``: the same moment from the first seat (its own hand face up);
* ``hand01-result.png`` (``-result2.png`` ... for more winners): each win of the hand;
* ``ranking.png``: the final ranking.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from bot.engine.game import Game
from bot.engine.views import FinalPlace, HandRecord, TableView
from bot.render.engine_view import TablePictures

TABLE_MOMENT = 2 / 3  # how far into a hand its table is shown: rivers well filled, the hand not over
VIEW_SEAT = 0  # the seat whose own view is drawn


@dataclass(frozen=True)
class HandMoment:
    """The views to draw for one hand (taken part-way through it)."""

    index: int
    spectator: TableView
    seat: TableView


def _replay(game: Game) -> Game:
    """A fresh game at its start: its record without the decisions, read back the one way a record
    becomes a game (``Game.from_json``: rule set, options, seed, walls, dice, points and the hand a
    record excerpt starts at)."""
    return Game.from_json({**game.to_json(), "decisions": []})


def hand_spans(game: Game) -> list[tuple[int, int]]:
    """(first decision, decisions) of each hand of a played game, found by replaying it."""
    replay = _replay(game)
    spans: list[tuple[int, int]] = []
    start = 0
    for i, action in enumerate(game.decisions):
        replay.apply(action)
        while len(replay.hands) > len(spans):  # a hand may end as it starts: it has no decisions
            spans.append((start, i + 1 - start))
            start = i + 1
    return spans


def hand_moments(game: Game, hands: int | None = None) -> list[HandMoment]:
    """The spectator's and ``VIEW_SEAT``'s views ``TABLE_MOMENT`` into each of the first ``hands`` hands
    (all when None); a hand without decisions has no moment to show."""
    spans = hand_spans(game)[:hands]
    moments = {
        start + int(length * TABLE_MOMENT): index for index, (start, length) in enumerate(spans) if length
    }
    replay = _replay(game)
    out: list[HandMoment] = []
    for i, action in enumerate(game.decisions):
        if i in moments:
            out.append(HandMoment(moments[i], replay.view(None), replay.view(VIEW_SEAT)))
        if len(out) == len(moments):
            break
        replay.apply(action)
    return out


def write_game_pictures(
    game: Game | dict[str, Any],
    out_dir: str | Path,
    *,
    names: Sequence[str] | None = None,
    table_hands: int | None = None,
    pictures: TablePictures | None = None,
    language: str = "en",
) -> list[Path]:
    """Write the pictures of a played game (or its record, ``Game.to_json()``) into ``out_dir``
    (created when missing), their texts in ``language``; returns the files.

    ``table_hands`` limits the hands whose table is drawn (None: every hand); every win of every hand
    gets its result picture, and a finished game its final ranking.
    """
    if isinstance(game, dict):
        game = Game.from_json(game)
    folder = Path(out_dir)
    folder.mkdir(parents=True, exist_ok=True)
    pictures = pictures or TablePictures()
    seats = game.rules.players
    labels = list(names) if names is not None else [f"Computer {s + 1}" for s in range(seats)]
    red = frozenset(game.view(None).get("red_fives", ()))
    written: list[Path] = []

    def save(name: str, png: bytes | None) -> None:
        if png is not None:
            path = folder / name
            path.write_bytes(png)
            written.append(path)

    for moment in hand_moments(game, table_hands):
        prefix = f"hand{moment.index + 1:02d}"
        save(f"{prefix}-table-spectator.png", pictures.table(moment.spectator, labels, language=language))
        save(
            f"{prefix}-table-seat{VIEW_SEAT + 1}.png", pictures.table(moment.seat, labels, language=language)
        )
    for index, record in enumerate(cast(list[HandRecord], game.hands)):  # the engine's records, typed
        for w in range(len(record["result"].get("wins") or [])):
            suffix = "" if w == 0 else str(w + 1)
            png = pictures.result(record, labels, game.rules_id, index=w, red_ids=red, language=language)
            save(f"hand{index + 1:02d}-result{suffix}.png", png)
    if game.final is not None:
        save("ranking.png", pictures.ranking(cast(list[FinalPlace], game.final), labels, language=language))
    return written


class GameGallery:
    """``on_game`` hook for ``bot.cli.simulate.simulate``: game ``n`` (from 1) of a run is drawn into
    ``DIR/game-n/``."""

    def __init__(self, out_dir: str | Path, table_hands: int | None = None, language: str = "en") -> None:
        self.out_dir = Path(out_dir)
        self.table_hands = table_hands
        self.language = language
        self.pictures = TablePictures()
        self.games = 0
        self.written: list[Path] = []

    def __call__(self, game: Game) -> None:
        self.games += 1
        folder = self.out_dir / f"game-{self.games}"
        self.written += write_game_pictures(
            game, folder, table_hands=self.table_hands, pictures=self.pictures, language=self.language
        )
