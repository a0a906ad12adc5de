"""A hand's result as lines of text in one language, whole in every rule set.

A win reads ``Alice wins: Ron 5p from Bob · 2 han 30 fu · 2000 points · Tanyao, Dora 1``: how (tsumo or
whose discard), the hand's value in the rule set's own unit (han/fu, fan, tai, a multiplier; a 0-tai or
0-fan hand says so), the points, then the named lines (a line worth its unit's 1 or 0 drops the number
where the rule set counts no value for it).  A draw names its reason and who was ready; payments that
are not wins (查大叫 / 查花猪, kan payments and their returns) get a line saying why.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.views import HandRecord, HandResultRecord, WinRecord
from bot.hand.notation import tile_name
from bot.i18n import t
from bot.i18n.catalog import MESSAGES
from bot.present.glossary import glossary_of, say
from bot.rules.names import line_name

#: Payment reasons that are explained on their own line (a win's payments are in its own line).
EXPLAINED_PAYMENTS = ("not_tenpai", "flower_pig", "kan", "transfer", "kan_return", "false_win")
DRAW_REASONS = (
    "exhaustive",
    "nagashi",
    "four_kans",
    "four_riichi",
    "four_winds",
    "nine_terminals",
    "triple_ron",
    "third_win",
    "draw",
)


def value_text(rules: str, win: WinRecord, language: str) -> str:
    """The hand's value in the rule set's unit: ``2 han 30 fu``, ``Yakuman``, ``3 fan``, ``0 tai``, ``x2``
    (fan and tai in the rule set's glossary's word); a limit reached is named by its own
    message (``score.limit.*``: 小例, 大例) or the rule set's names table."""
    yakuman, han = win.get("yakuman"), win.get("han")
    if yakuman:
        return t("result.value.yakuman", language, count=yakuman)
    if han is not None:
        return t("result.value.han_fu", language, han=han, fu=win.get("fu", 0))
    count = win.get("fan") if win.get("fan") is not None else win.get("tai")
    if count is not None:
        text = say(rules, "value", language, n=count)  # fan and tai in the rule set's word: 3番, 3翻, 3台
    elif win.get("multiplier") is not None:
        text = t("result.value.multiplier", language, multiplier=win["multiplier"])  # a factor, no word
    else:
        return ""
    limit = win.get("limit")
    return (
        t("result.value.limit", language, value=text, limit=limit_name(rules, limit, language))
        if limit
        else text
    )


def limit_name(rules: str, limit: str, language: str) -> str:
    """A limit's name: its ``score.limit.<id>`` message (小例, 大例), else the rule set's names table's."""
    key = f"score.limit.{limit}"
    return t(key, language) if key in MESSAGES else line_name(rules, limit, language)


def lines_text(rules: str, win: WinRecord, language: str) -> str:
    """The named lines of a win: ``Tanyao 1, Dora 2`` (a value of 0 is not shown)."""
    parts = []
    for line in win.get("yaku", []):
        name = line_name(rules, str(line[0]), language)
        values = [str(v) for v in line[1:] if v not in (0, None, "")]
        parts.append(" ".join([name, *values]))
    return t("result.list_separator", language).join(parts)


def win_line(rules: str, win: WinRecord, names: Sequence[str], language: str, red_ids: frozenset[int]) -> str:
    """One winner's whole line."""
    won_on = win.get("tile")
    tile = tile_name(won_on, red_ids) if won_on is not None else ""
    giver = win.get("from")
    if giver is None:
        how = say(rules, "how_tsumo", language, tile=tile)
    else:
        how = say(rules, "how_ron", language, tile=tile, giver=names[giver])
    parts = [how.strip()]
    value = value_text(rules, win, language)
    if value:
        parts.append(value)
    points = win.get("points")
    if points is not None:
        parts.append(t(glossary_of(rules).points, language, points=points))
    named = lines_text(rules, win, language)
    if named:
        parts.append(named)
    return t(
        "table.result.win",
        language,
        winner=names[win["seat"]],
        win=say(rules, "win", language),
        detail=" · ".join(parts),
    )


def draw_reason(rules: str, result: HandResultRecord, language: str) -> str:
    """Why a hand ended without a win, as the rule set says it (the wall running out: 流局, 摸和, 荒庄)."""
    reason = str(result.get("reason") or result.get("kind") or "draw")
    if reason == "exhaustive":
        return say(rules, "exhaustive_draw", language)
    return t(f"result.reason.{reason}", language) if reason in DRAW_REASONS else reason.replace("_", " ")


def draw_line(result: HandResultRecord, names: Sequence[str], language: str, rules: str = "") -> str:
    ready = t("result.list_separator", language).join(names[s] for s in result.get("tenpai", [])) or "-"
    return t(
        "table.result.draw",
        language,
        reason=draw_reason(rules, result, language),
        ready=ready,
        ready_word=say(rules, "ready", language),
    )


def payment_lines(result: HandResultRecord, names: Sequence[str], language: str) -> list[str]:
    """Lines for the payments a hand's wins do not explain (end-of-hand checks such as 查大叫, kans)."""
    lines = []
    for payer, payee, amount, reason, *_ in result.get("payments", []):
        if reason in EXPLAINED_PAYMENTS:
            lines.append(
                t(
                    f"result.payment.{reason}",
                    language,
                    payer=names[payer],
                    payee=names[payee],
                    amount=amount,
                )
            )
    return lines


def changes_line(result: HandResultRecord, names: Sequence[str], language: str) -> str:
    changes = ", ".join(f"{names[s]} {d:+}" for s, d in enumerate(result["deltas"]) if d)
    return t("table.result.changes", language, changes=changes or "-")


def result_lines(
    rules: str,
    hand: HandRecord,
    names: Sequence[str],
    language: str,
    red_ids: frozenset[int],
) -> list[str]:
    """Every line of a finished hand: wins (or the draw), explained payments, the score changes."""
    result = hand["result"]
    lines = [win_line(rules, win, names, language, red_ids) for win in result["wins"]]
    if not result["wins"]:
        lines.append(draw_line(result, names, language, rules))
    lines += payment_lines(result, names, language)
    lines.append(changes_line(result, names, language))
    return lines
