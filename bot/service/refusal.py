"""The one polite refusal every service raises and every front end answers.

``key`` names a message of the catalogue (bot/i18n), ``values`` fill it: the front end shows it in the
user's language (Discord: an ephemeral answer; the terminal: a line).  A refusal is never a traceback.

A refusal about an uploaded file may name its ``line`` and carry the refusals it is made of
(``details``: one per bad line of a CSV import, shown under it; a ``more`` value counts those left out).
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence

from bot.text import clip

#: Discord's limit for a message's content: a refusal's text never exceeds it.
MESSAGE_LIMIT = 2000


class Refusal(Exception):
    """A polite refusal: ``key`` names a message of bot/i18n, ``values`` fill it.

    ``line``: the line of an uploaded file it is about; ``details``: the refusals it is made of.
    """

    def __init__(
        self, key: str, *, line: int | None = None, details: Sequence[Refusal] = (), **values: object
    ) -> None:
        super().__init__(key)
        self.key = key
        self.values: dict[str, object] = values
        self.line = line
        self.details = tuple(details)

    @classmethod
    def of(cls, key: str, values: Mapping[str, object], *, line: int | None = None) -> Refusal:
        """A refusal from a key and its values as data (a problem found by the pure code, whose values
        may be named anything, ``line`` included)."""
        refusal = cls(key, line=line)
        refusal.values = dict(values)
        return refusal

    def text(self, language: str) -> str:
        """The refusal in ``language``: its sentence (with its line), its details one per line, then how
        many more there were; cut to Discord's message limit."""
        text = "\n".join(self._lines(language))
        return clip(text, MESSAGE_LIMIT)

    def _lines(self, language: str) -> list[str]:
        from bot.i18n import t

        # A value that is a refusal of the pure core (an option the rule set refused) is said in the
        # reader's language too.
        values = {
            k: localized_reason(v, language) if isinstance(v, ValueError) else v
            for k, v in self.values.items()
        }
        text = t(self.key, language, **_rules_named(values, language))
        if self.line is not None:
            text = t("league.csv.at_line", language, line=self.line, reason=text)
        lines = [text]
        for detail in self.details:
            lines.extend(detail._lines(language))
        more = self.values.get("more")
        if isinstance(more, int) and more > 0:
            lines.append(t("league.csv.more", language, count=more))
        return lines

    def __str__(self) -> str:
        return self.text("en")


def localized_reason(refusal: BaseException, language: str) -> str:
    """A refusal of the pure core (the notation, a scorer, a table option, a game record:
    bot/hand/refusal.py) in ``language`` by its message id (``refusal.<id>``,
    bot/i18n/*refusal_messages.toml, bot/rules/<id>/messages.toml); English as written when it has no id."""
    from bot.i18n import MissingMessage, t

    message_id = getattr(refusal, "message_id", "")
    if not message_id or language == "en":
        return str(refusal)
    # A refusal may name the refusal it is made of (a record's table options): said in ``language`` too.
    values = {
        k: localized_reason(v, language) if isinstance(v, BaseException) else v
        for k, v in getattr(refusal, "values", {}).items()
    }
    values = _rules_named(values, language)
    try:
        text = t(f"refusal.{message_id}", language, **values)
    except (MissingMessage, KeyError, IndexError):
        return str(refusal)
    prefix = getattr(refusal, "prefix", "")
    return f"{prefix}: {text}" if prefix else text


def _rules_named(values: dict[str, object], language: str) -> dict[str, object]:
    """``values`` with the rule set id in ``rules`` as the rule set's name in ``language``; a name no rule
    set has (an unknown one the user typed) stays as typed."""
    from bot.i18n import MissingMessage, t

    if isinstance(values.get("rules"), str):
        with contextlib.suppress(MissingMessage):
            values = {**values, "rules": t(f"rules.{values['rules']}", language)}
    return values
