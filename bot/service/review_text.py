"""A review in words (bot/service/review.py): the header, the differences largest first, the numbers.
``mahjong-bot review`` prints it; ``/mahjong review`` shows its lines in its panel."""

from __future__ import annotations

from typing import Any

from bot.ai.explain import Numbers
from bot.i18n import t
from bot.i18n.catalog import MESSAGES
from bot.service.review import Review, ReviewedDecision

#: Decisions shown in the text (every one is in the JSON).
TEXT_LINES = 20


def level_name(level: str, language: str) -> str:
    """A computer level as the table's lobby names it (Strong, 強, つよい); an unknown one as written."""
    key = f"table.level.{level}"
    return t(key, language) if key in MESSAGES else level


def text(review: Review, language: str, limit: int = TEXT_LINES) -> str:
    """The review in words: the header, then the differences, largest first (at most ``limit``)."""
    name = review.names[review.seat] if review.seat < len(review.names) else "-"
    lines = [
        t(
            "review.header",
            language,
            source=review.source,
            seat=review.seat,
            name=name,
            decisions=len(review.decisions),
            hands=review.hands,
            level=level_name(review.level, language),
            agreement=f"{review.agreement:.0%}",
        )
    ]
    differing = [d for d in review.largest_first() if not d.agrees]
    if not differing:
        lines.append(t("review.all_agree", language))
        return "\n".join(lines)
    lines.append(t("review.largest", language))
    for decision in differing[:limit]:
        lines.append(decision_line(decision, language))
        lines.append(
            t(
                "review.reason",
                language,
                actual=numbers_text(decision.actual_numbers, language),
                suggested=numbers_text(decision.suggested_numbers, language),
            )
        )
    if len(differing) > limit:
        lines.append(t("review.more", language, count=len(differing) - limit))
    return "\n".join(lines)


def decision_line(decision: ReviewedDecision, language: str) -> str:
    """``Hand 2, step 14: played Discard 5m; the computer: Discard 9p (difference 12.0)``."""
    return t(
        "review.line", language, difference=f"{decision.difference:.1f}", **where_and_what(decision, language)
    )


def where_and_what(decision: ReviewedDecision, language: str) -> dict[str, object]:
    """The decision's hand and step, and what was done and suggested in words (for every message
    that names them: the line, the picture's caption)."""
    red = frozenset(decision.red_fives)
    return {
        "hand": decision.hand,
        "step": decision.step,
        "actual": decision.actual.label(language, red, decision.rules),
        "suggested": decision.suggested.label(language, red, decision.rules),
    }


def numbers_text(numbers: Numbers, language: str) -> str:
    def shown(value: Any) -> str:
        if value is None:
            return "-"
        return f"{value:.2f}" if isinstance(value, float) else str(value)

    return t(
        "review.numbers",
        language,
        shanten=shown(numbers.shanten),
        accepted=shown(numbers.accepted),
        danger=shown(numbers.danger),
        value=shown(numbers.value),
    )
