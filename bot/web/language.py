"""The page's language: ``?lang=`` first, then the browser's ``Accept-Language``, then English."""

from __future__ import annotations

from bot.i18n import DEFAULT_LANGUAGE, LANGUAGES

# Accept-Language tags that mean one of ours (lower case).  A bare "zh" is read as Simplified Chinese,
# the browsers' own default for it; Hong Kong and Macau use Traditional characters.
_TAGS = {
    "en": "en",
    "ja": "ja",
    "zh": "zh-CN",
    "zh-cn": "zh-CN",
    "zh-sg": "zh-CN",
    "zh-hans": "zh-CN",
    "zh-tw": "zh-TW",
    "zh-hk": "zh-TW",
    "zh-mo": "zh-TW",
    "zh-hant": "zh-TW",
}


def from_query(value: str | None) -> str | None:
    """The language a ``?lang=`` names (``zh-tw`` and ``zh-TW`` alike), or None for none of ours."""
    if not value:
        return None
    wanted = value.strip().casefold()
    return next((lang for lang in LANGUAGES if lang.casefold() == wanted), None)


def from_accept_language(header: str | None) -> str | None:
    """The browser's most wanted language that is one of ours (``ja;q=0.9, zh-Hant-TW;q=0.8``)."""
    if not header:
        return None
    choices: list[tuple[float, int, str]] = []
    for order, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        params = params.strip()
        if params.startswith("q="):
            try:
                weight = float(params[2:])
            except ValueError:
                continue
        language = _language_of_tag(tag.strip().lower())
        if language is not None and weight > 0:
            choices.append((-weight, order, language))
    return min(choices)[2] if choices else None


def _language_of_tag(tag: str) -> str | None:
    """``zh-hant-tw`` -> zh-TW, ``en-gb`` -> en: the longest known prefix of the tag's parts."""
    parts = tag.split("-")
    if parts[:2] == ["zh", "hant"] or (parts[0] == "zh" and any(p in ("tw", "hk", "mo") for p in parts)):
        return "zh-TW"
    for end in range(len(parts), 0, -1):
        found = _TAGS.get("-".join(parts[:end]))
        if found is not None:
            return found
    return None


def page_language(query: str | None, accept_language: str | None) -> str:
    return from_query(query) or from_accept_language(accept_language) or DEFAULT_LANGUAGE
