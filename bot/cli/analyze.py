"""``mahjong-bot analyze --rules R "HAND" [--visible TILES] [--json] [--batch]``.

Shanten by shape, then the waits (or accepted tiles) of a 13/16-tile hand, or the discard table of
a 14/17-tile hand: every discard, the shanten left and the tiles it then accepts, with how many are
still unseen.  Tile counts include three per meld.  ``--batch`` reads one hand per line on stdin and
writes one JSON line per hand; a bad line gives ``{"hand": ..., "error": ...}`` and the run goes on;
lines longer than 2,000 characters are refused unread.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from typing import Any

from bot.cli.language import add_language, rule_set_named
from bot.cli.score import json_text_function
from bot.engine.registry import rule_ids, rule_set
from bot.hand.analysis import Accepted, Analysis, analyze
from bot.hand.notation import TileAllocator, format_kinds, kind_name, parse_hand, parse_kinds, parse_tiles
from bot.hand.tiles import counts_of, kind_of
from bot.i18n import t
from bot.present.glossary import say
from bot.rules.request import MAX_REQUEST_CHARS

HELP = """\
HAND: concealed tiles, then meld tokens, e.g. "234m0p44s667z pon:777z chi:1-23s" (mpsz notation,
0 = red five, 1z-7z = E S W N White Green Red, 1f-8f flowers).  13 or 14 tiles counting 3 per meld
(16 or 17 in 16-tile games).  --visible lists other tiles known to be out of the wall (discards, dora
indicators) so the unseen counts leave them out.
"""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "analyze",
        help="shanten, waits and the discard table of a hand",
        description=HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--rules", required=True, choices=sorted(rule_ids()))
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--batch", action="store_true", help="read one hand per line on stdin, write JSON lines")
    p.add_argument("--visible", default=None, metavar="TILES", help="other tiles out of the wall, e.g. 1z55p")
    add_language(p, "the language of the text answer (the JSON keeps its English keys)")
    p.add_argument("hand", nargs="*", help="the hand (quote it, or its words are joined with spaces)")
    p.set_defaults(func=run)


class AnalysisRefused(ValueError):
    """Bad input the command names in the reader's language (``key`` and ``values``: its message)."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(t(key, "en", **values))
        self.key = key
        self.values = values

    def said(self, language: str) -> str:
        values = dict(self.values)
        if isinstance(rules := values.get("rules"), str):
            values["rules"] = rule_set_named(rules, language)
        return t(self.key, language, **values)


def analyze_request(rules: str, text: str, visible: str | None = None) -> dict[str, Any]:
    """The JSON answer for one hand; raises ValueError (naming the bad token) on bad input."""
    info = rule_set(rules)
    hand = parse_hand(text, info.tileset)
    tiles = len(hand.concealed) + 3 * len(hand.melds)
    if tiles not in (info.hand_size, info.hand_size + 1):
        raise AnalysisRefused(
            "cli.analyze.tile_count",
            hand=text.strip(),
            tiles=tiles,
            rules=rules,
            size=info.hand_size,
            more=info.hand_size + 1,
        )
    meld_ids = [tile for meld in hand.melds for tile in meld.tiles]
    meld_counts = counts_of(meld_ids)
    seen = [0] * len(meld_counts)
    if visible:
        # A fresh allocator: the visible tiles are other copies than the hand's, checked just below.
        visible_ids = parse_tiles(visible, info.tileset, TileAllocator(info.tileset))
        seen = counts_of(visible_ids)
        held = counts_of(hand.concealed + meld_ids)
        for tile in visible_ids:
            kind = kind_of(tile)
            if kind < len(held) and held[kind] + seen[kind] > 4:
                raise AnalysisRefused("cli.analyze.too_many_visible", tile=kind_name(kind))
    result = analyze(
        counts_of(hand.concealed),
        melds=len(hand.melds),
        sets=info.sets_in_hand,
        shapes=info.shapes(),
        kinds=info.tileset.kinds,
        meld_counts=meld_counts,
        visible=seen,
    )
    return _as_json(text, rules, result)


def _accepted_json(accepts: tuple[Accepted, ...]) -> list[dict[str, Any]]:
    return [{"tile": kind_name(a.kind), "drawable": a.drawable, "unseen": a.unseen} for a in accepts]


def _as_json(text: str, rules: str, result: Analysis) -> dict[str, Any]:
    out: dict[str, Any] = {
        "hand": text,
        "rules": rules,
        "tiles": result.tiles,
        "shanten": result.shanten,
        "shapes": result.by_shape,
    }
    if result.drawn:
        out["discards"] = [
            {
                "discard": kind_name(choice.discard),
                "shanten": choice.shanten,
                "accepts": _accepted_json(choice.accepts),
                "kinds": len(choice.accepts),
                "unseen": choice.unseen,
            }
            for choice in result.discards
        ]
    else:
        out["accepts"] = _accepted_json(result.accepts)
        out["waits"] = _accepted_json(result.waits)
        out["unseen"] = sum(a.unseen for a in result.accepts)
    return out


def _shanten_words(shanten: int, rules: str, language: str) -> str:
    """How far the hand is from a win, in the rule set's own words for a win and for ready (胡, 和了; 聽牌,
    tenpai)."""
    if shanten == -1:
        return say(rules, "win", language)
    if shanten == 0:
        return say(rules, "ready", language)
    return t("cli.analyze.shanten", language, n=shanten)


def _accepts_words(accepts: list[dict[str, Any]], language: str) -> str:
    if not accepts:
        return t("cli.analyze.nothing", language)
    kinds = format_kinds([parse_kinds(a["tile"])[0] for a in accepts])
    total = sum(a["unseen"] for a in accepts)
    dead = [a["tile"] for a in accepts if a["drawable"] == 0]
    note = t("cli.analyze.dead", language, tiles=", ".join(dead)) if dead else ""
    key = "cli.analyze.unseen" if len(accepts) > 1 else "cli.analyze.unseen_one"
    said = t(key, language, tiles=kinds, unseen=total, kinds=len(accepts))
    return said + note


def format_text(answer: dict[str, Any], language: str = "en") -> str:
    """The answer for a person: shanten by shape, then the discard table, the waits or the tiles accepted."""
    rules = answer["rules"]
    shapes = ", ".join(f"{t(f'cli.analyze.shape.{k}', language)} {v}" for k, v in answer["shapes"].items())
    head = t(
        "cli.analyze.head",
        language,
        rules=rule_set_named(rules, language),
        tiles=answer["tiles"],
        shanten=_shanten_words(answer["shanten"], rules, language),
        shapes=shapes,
    )
    lines = [head]
    if "discards" in answer:
        discard, leaves, accepts = (t(f"cli.analyze.{w}", language) for w in ("discard", "leaves", "accepts"))
        lines.append(f"  {discard:<8} {leaves:<10} {accepts}")
        for choice in answer["discards"]:
            left = _shanten_words(choice["shanten"], rules, language)
            lines.append(f"  {choice['discard']:<8} {left:<10} {_accepts_words(choice['accepts'], language)}")
    elif answer["waits"]:
        lines.append("  " + t("cli.analyze.waits", language, tiles=_accepts_words(answer["waits"], language)))
        lines.append("  " + " ".join(f"{w['tile']}:{w['unseen']}" for w in answer["waits"]))
    else:
        accepts_said = _accepts_words(answer["accepts"], language)
        lines.append("  " + t("cli.analyze.accepts_line", language, tiles=accepts_said))
    return "\n".join(lines)


def _stdin_lines() -> Iterator[str]:
    """Lines of stdin; bytes that are not UTF-8 become U+FFFD instead of ending the batch."""
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:  # a text stream without bytes underneath (tests)
        yield from sys.stdin
        return
    for raw in buffer:
        yield raw.decode("utf-8", errors="replace")


def _batch(rules: str, visible: str | None) -> int:
    """One JSON line per hand (a bad line answers with its error; the batch goes on and exits 0)."""
    out = sys.stdout
    to_json = json_text_function()
    for raw in _stdin_lines():
        line = raw.strip()
        if not line:
            continue
        if len(line) > MAX_REQUEST_CHARS:
            error = f"line longer than {MAX_REQUEST_CHARS} characters: refused"
            out.write(json.dumps({"hand": line[:40] + "...", "error": error}) + "\n")
            continue
        try:
            answer = analyze_request(rules, line, visible)
        except ValueError as exc:
            answer = {"hand": line, "error": str(exc)}
        except Exception as exc:  # a bug must not stop a batch: report it on its line
            answer = {"hand": line, "error": f"internal error: {type(exc).__name__}: {exc}"}
        out.write(to_json(answer) + "\n")
    out.flush()
    return 0


def run(args: argparse.Namespace) -> int:
    language = args.lang
    if args.batch:
        if args.hand:
            print(t("cli.analyze.batch_no_hand", language), file=sys.stderr)
            return 1
        return _batch(args.rules, args.visible)
    text = " ".join(args.hand)
    if not text.strip():
        print(t("cli.analyze.no_hand", language), file=sys.stderr)
        return 1
    try:
        answer = analyze_request(args.rules, text, args.visible)
    except ValueError as exc:
        if args.json:
            print(json.dumps({"hand": text, "error": str(exc)}, ensure_ascii=False))
        else:
            print(t("cli.analyze.error", language, reason=_reason(exc, language)), file=sys.stderr)
        return 1
    print(json.dumps(answer, ensure_ascii=False) if args.json else format_text(answer, language))
    return 0


def _reason(exc: ValueError, language: str) -> str:
    """Why a hand was refused, in ``language``: the command's own reasons and the notation's by their
    message ids."""
    if isinstance(exc, AnalysisRefused):
        return exc.said(language)
    from bot.service.refusal import localized_reason

    return localized_reason(exc, language)
