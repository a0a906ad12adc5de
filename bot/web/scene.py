"""What the replay viewer draws for one step: a plain, JSON-able scene.

The server's template and the page's script draw the same scene (the script only steps between the
scenes the server made), so the table looks the same with or without scripts and neither reads the
engine's view on its own.  Each tile is ``{"id": physical tile, "face": file stem}``; the face is the
name of the project's own picture (tile_images/small/<face>.png).
"""

from __future__ import annotations

from typing import Any

from bot.engine.views import MeldView, TableView
from bot.hand.notation import tile_name
from bot.i18n import t
from bot.present.results import result_lines
from bot.present.table_header import header_parts
from bot.render.geometry import face_name_of
from bot.service.replay import HandReplay, ReplayStep

#: Where each seat sits on the drawn table, by the number of players then seat (turns go
#: counter-clockwise: the next player sits on the right; three players leave the top empty).
PLACES = {4: ("bottom", "right", "top", "left"), 3: ("bottom", "right", "left"), 2: ("bottom", "top")}


def tile(tile_id: int, red_ids: frozenset[int], **marks: bool) -> dict[str, Any]:
    entry: dict[str, Any] = {"id": tile_id, "face": face_name_of(tile_id, red_ids)}
    entry.update({mark: True for mark, on in marks.items() if on})
    return entry


def _meld(meld: MeldView, red_ids: frozenset[int]) -> dict[str, Any]:
    called = meld.get("called")
    return {
        "type": meld["type"],
        "tiles": [tile(tid, red_ids, side=tid == called) for tid in meld["tiles"]],
    }


def _seat(
    view: TableView, seat: int, name: str, red_ids: frozenset[int], language: str, won_on: int | None
) -> dict[str, Any]:
    entry = view["seats"][seat]
    players = len(view["seats"])
    winds = t("table.winds", language)
    wind = (seat - view["dealer"]) % players
    drawn = entry.get("drawn")
    concealed = [tid for tid in entry.get("concealed", []) if tid != drawn]
    return {
        "seat": seat,
        "place": PLACES.get(players, PLACES[4])[seat % 4],
        "name": name,
        "wind": winds[wind % len(winds)],
        "points": entry.get("points"),
        "riichi": bool(entry.get("riichi")),
        "acting": view.get("phase") != "ended" and view.get("current") == seat,
        "concealed": [tile(tid, red_ids) for tid in concealed],
        "drawn": None if drawn is None else tile(drawn, red_ids),
        # the tile a seat won on by ron, beside its hand at the hand's end (a tsumo is the drawn tile)
        "won_on": None if won_on is None else tile(won_on, red_ids),
        "melds": [_meld(m, red_ids) for m in entry.get("melds", [])],
        "discards": [
            tile(int(d[0]), red_ids, side=bool(d[2]), called=bool(d[3]), tsumogiri=bool(d[1]))
            for d in entry.get("discards", [])
        ],
        "flowers": [tile(tid, red_ids) for tid in [*entry.get("flowers", []), *entry.get("kita", [])]],
    }


def scene(replay: HandReplay, step: ReplayStep, language: str) -> dict[str, Any]:
    """The table after ``step``, in ``language``: the header, the caption and every seat laid open."""
    view = step.view
    red_ids = replay.red_ids
    last = step.number == len(replay.steps) - 1
    ron = {
        win["seat"]: win["tile"]
        for win in replay.record["result"]["wins"]
        if last and win.get("from") is not None and win.get("tile") is not None
    }

    def tiles_text(ids: Any) -> str:
        return " ".join(tile_name(tid, red_ids) for tid in ids)

    caption_words, caption_tiles = replay.caption_parts(step, language)
    return {
        "step": step.number,
        "steps": len(replay.steps),
        "caption": replay.caption(step, language),
        "caption_words": caption_words,
        "caption_tiles": [tile(tid, red_ids) for tid in caption_tiles],
        "action": None if step.action is None else step.action.to_json(),
        "header": " · ".join(header_parts(view, tiles_text, language)),
        "dora": [tile(tid, red_ids) for tid in view.get("dora_indicators", [])],
        "seats": [
            _seat(view, seat, replay.names[seat], red_ids, language, ron.get(seat))
            for seat in range(len(view["seats"]))
        ],
        "result": result_lines(replay.rules, replay.record, replay.names, language, red_ids) if last else [],
    }


def scenes(replay: HandReplay, language: str) -> list[dict[str, Any]]:
    return [scene(replay, step, language) for step in replay.steps]
