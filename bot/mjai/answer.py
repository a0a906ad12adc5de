"""An mjai answer, read as one of the seat's legal actions.

The reasons given never quote the tiles an answer names (they go to the log, and an answer may name a
tile of the seat's concealed hand).

:func:`read_answer` checks the JSON; :func:`match_answer` finds the legal action it names.  Both raise
:class:`BadAnswer` with the reason, which the seat logs before it falls back.  ``reach`` is two
answers in mjai (``reach``, then the discard once the table has echoed it): :func:`match_answer` says
so by returning :data:`REACH`, and the seat asks again with the riichi discards only.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

from bot.engine import actions as A
from bot.engine.actions import Action
from bot.hand.meld import Meld, MeldType
from bot.hand.tiles import kind_of
from bot.mjai.tiles import parse_name, tile_name

REACH: Final = "reach"  # the answer declared riichi: ask for its discard


class BadAnswer(ValueError):
    """The AI's answer is not JSON, not an mjai action, or not legal now."""


def read_answer(line: str) -> dict[str, Any]:
    try:
        data = json.loads(line)
    except ValueError as exc:
        raise BadAnswer(f"not JSON ({len(line.strip())} characters)") from exc
    if isinstance(data, list) and data and isinstance(data[-1], dict):
        data = data[-1]  # some bots answer a batch with a list
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise BadAnswer("not an mjai action (a JSON object with a type)")
    return data


def _names(tiles: Sequence[int], red_ids: frozenset[int]) -> Counter[str]:
    return Counter(tile_name(t, red_ids) for t in tiles)


def _wanted(answer: dict[str, Any], key: str) -> Counter[str]:
    value = answer.get(key)
    if not isinstance(value, list):
        raise BadAnswer(f"{answer['type']} without a {key} list")
    for name in value:
        try:
            parse_name(name)
        except ValueError as exc:
            raise BadAnswer(str(exc)) from exc
    return Counter(value)


def match_answer(
    answer: dict[str, Any],
    legal: Sequence[Action],
    red_ids: frozenset[int],
    drawn: int | None,
    reaching: bool = False,
) -> Action | str:
    """The legal action ``answer`` names (``reaching``: the discard after a ``reach`` answer)."""
    kind = answer["type"]
    by_kind: dict[str, list[Action]] = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)

    def one(kinds: Sequence[str], test: Any) -> Action:
        for k in kinds:
            for a in by_kind.get(k, ()):
                if test(a):
                    return a
        raise BadAnswer(f"this {answer['type']} is not legal now (legal: {', '.join(sorted(by_kind))})")

    if kind == "dahai":
        pai = answer.get("pai")
        kinds = [A.RIICHI] if reaching else [A.DISCARD]
        candidates = [
            a
            for k in kinds
            for a in by_kind.get(k, ())
            if a.tile is not None and tile_name(a.tile, red_ids) == pai
        ]
        if not candidates:
            return one(kinds, lambda a: False)
        if answer.get("tsumogiri") and drawn is not None:
            for a in candidates:
                if a.tile == drawn:
                    return a
        # A hand-cut names a tile of the hand: keep the drawn one when another copy is there.
        return next((a for a in candidates if a.tile != drawn), candidates[0])
    if reaching:
        raise BadAnswer(f"after reach the answer must be a dahai, not {kind!r}")
    if kind == "reach":
        if not by_kind.get(A.RIICHI):
            raise BadAnswer("reach is not legal now")
        return REACH
    if kind == "hora":
        return one([A.TSUMO, A.RON], lambda a: True)
    if kind == "none":
        return one([A.PASS], lambda a: True)
    if kind in ("chi", "pon", "daiminkan"):
        consumed = _wanted(answer, "consumed")
        engine_kind = {"chi": A.CHI, "pon": A.PON, "daiminkan": A.KAN}[kind]
        return one([engine_kind], lambda a: _names(a.using, red_ids) == consumed)
    if kind == "ankan":
        consumed = _wanted(answer, "consumed")
        return one([A.ANKAN], lambda a: _names(a.using, red_ids) == consumed)
    if kind == "kakan":
        pai = answer.get("pai")
        return one([A.KAKAN], lambda a: a.tile is not None and tile_name(a.tile, red_ids) == pai)
    if kind == "nukidora":
        return one([A.KITA], lambda a: True)
    if kind == "ryukyoku":
        return one([A.NINE_TERMINALS], lambda a: True)
    raise BadAnswer(f"unknown mjai action type {kind[:20]!r}")


# The fields each answer carries: those of Mortal's libriichi ``Event`` (the arena refuses an answer
# without one of them: a kakan without ``consumed`` ends the game with an error) and those the original
# mjai server checks (gimite's: ``pai`` of a hora, ``reason`` of a nine-terminals ryukyoku).  ``nukidora``
# is sanma's, which neither plays.
ANSWER_FIELDS: Final[dict[str, frozenset[str]]] = {
    "dahai": frozenset({"actor", "pai", "tsumogiri"}),
    "reach": frozenset({"actor"}),
    "hora": frozenset({"actor", "target", "pai"}),
    "none": frozenset(),
    "chi": frozenset({"actor", "target", "pai", "consumed"}),
    "pon": frozenset({"actor", "target", "pai", "consumed"}),
    "daiminkan": frozenset({"actor", "target", "pai", "consumed"}),
    "ankan": frozenset({"actor", "consumed"}),
    "kakan": frozenset({"actor", "pai", "consumed"}),
    "nukidora": frozenset({"actor", "pai"}),
    "ryukyoku": frozenset({"actor", "reason"}),
}


def action_to_mjai(
    action: Action,
    red_ids: frozenset[int],
    drawn: int | None,
    giver: int | None,
    melds: Sequence[Meld] = (),
) -> list[dict[str, Any]]:
    """The mjai answer(s) for a legal action (``riichi`` is ``reach`` then its ``dahai``); ``melds`` are
    the seat's, for the pon a ``kakan`` adds to (its three tiles are the answer's ``consumed``)."""
    seat = action.seat
    name = tile_name(action.tile, red_ids) if action.tile is not None else None
    if action.kind == A.DISCARD:
        return [{"type": "dahai", "actor": seat, "pai": name, "tsumogiri": action.tile == drawn}]
    if action.kind == A.RIICHI:
        return [
            {"type": "reach", "actor": seat},
            {"type": "dahai", "actor": seat, "pai": name, "tsumogiri": action.tile == drawn},
        ]
    if action.kind in (A.TSUMO, A.RON):
        return [
            {"type": "hora", "actor": seat, "target": giver if action.kind == A.RON else seat, "pai": name}
        ]
    if action.kind == A.PASS:
        return [{"type": "none"}]
    if action.kind in (A.CHI, A.PON, A.KAN):
        kind = {A.CHI: "chi", A.PON: "pon", A.KAN: "daiminkan"}[action.kind]
        out = {
            "type": kind,
            "actor": seat,
            "target": giver,
            "pai": name,
            "consumed": [tile_name(t, red_ids) for t in action.using],
        }
        return [out]
    if action.kind == A.ANKAN:
        return [{"type": "ankan", "actor": seat, "consumed": [tile_name(t, red_ids) for t in action.using]}]
    if action.kind == A.KAKAN:
        assert action.tile is not None
        pon = next((m for m in melds if m.type is MeldType.PON and m.kind == kind_of(action.tile)), None)
        if pon is None:
            raise ValueError("a kakan needs the pon it adds to")
        return [
            {
                "type": "kakan",
                "actor": seat,
                "pai": name,
                "consumed": [tile_name(t, red_ids) for t in pon.tiles],
            }
        ]
    if action.kind == A.KITA:
        return [{"type": "nukidora", "actor": seat, "pai": name}]
    if action.kind == A.NINE_TERMINALS:
        return [{"type": "ryukyoku", "actor": seat, "reason": "kyushukyuhai"}]
    raise ValueError(f"{action.kind} has no mjai form")
