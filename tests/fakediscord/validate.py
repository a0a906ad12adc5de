"""Discord's documented limits on what a bot may send, checked the way the API would refuse it.

Each check returns a list of problems ("field: what is wrong"); the fake answers 400 / 50035 Invalid
Form Body naming them, so a bot that breaks a limit fails its tests exactly as it would fail live.
Application commands have their own rules: command_checks.py.
"""

from __future__ import annotations

import re

from .world import JSON, iter_components

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_ACTION_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_SELECT_OPTIONS = 25
MAX_CUSTOM_ID = 100
MAX_LABEL = 80
MAX_FILES = 10
MAX_FILE_BYTES = 10 * 1024 * 1024
IS_COMPONENTS_V2 = 1 << 15

BUTTON, STRING_SELECT, TEXT_INPUT, ACTION_ROW, LABEL = 2, 3, 4, 1, 18
SELECT_TYPES = {3, 5, 6, 7, 8}
EMOJI_NAME = re.compile(r"^[A-Za-z0-9_]{2,32}$")


def check_message(payload: JSON, file_count: int, file_sizes: list[int], *, creating: bool) -> list[str]:
    problems: list[str] = []
    content = payload.get("content") or ""
    if len(content) > MAX_CONTENT:
        problems.append(f"content: must be 2000 or fewer in length (got {len(content)})")
    embeds = payload.get("embeds") or []
    problems += _check_embeds(embeds)
    components = payload.get("components") or []
    v2 = bool((payload.get("flags") or 0) & IS_COMPONENTS_V2)
    problems += _check_components(components, v2=v2)
    if file_count > MAX_FILES:
        problems.append(f"files: at most {MAX_FILES} attachments (got {file_count})")
    for size in file_sizes:
        if size > MAX_FILE_BYTES:
            problems.append(f"files: an attachment of {size} bytes exceeds the upload limit")
    if creating and not (content or embeds or components or file_count or payload.get("sticker_ids")):
        problems.append("Cannot send an empty message")
    problems += _check_allowed_mentions(payload.get("allowed_mentions"))
    return problems


def _check_allowed_mentions(allowed: JSON | None) -> list[str]:
    if allowed is None:
        return []
    parse = allowed.get("parse") or []
    problems = [
        f"allowed_mentions.parse: {p!r} is not users, roles or everyone"
        for p in parse
        if p not in ("users", "roles", "everyone")
    ]
    for kind in ("users", "roles"):
        if kind in parse and allowed.get(kind):
            problems.append(f"allowed_mentions: parse {kind} and a list of {kind} are mutually exclusive")
        if len(allowed.get(kind) or []) > 100:
            problems.append(f"allowed_mentions.{kind}: at most 100")
    return problems


def _check_embeds(embeds: list[JSON]) -> list[str]:
    problems: list[str] = []
    if len(embeds) > MAX_EMBEDS:
        problems.append(f"embeds: at most {MAX_EMBEDS} embeds (got {len(embeds)})")
    total = 0
    for i, embed in enumerate(embeds):
        title, description = embed.get("title") or "", embed.get("description") or ""
        if len(title) > 256:
            problems.append(f"embeds.{i}.title: must be 256 or fewer in length")
        if len(description) > 4096:
            problems.append(f"embeds.{i}.description: must be 4096 or fewer in length")
        fields = embed.get("fields") or []
        if len(fields) > 25:
            problems.append(f"embeds.{i}.fields: at most 25 fields")
        for j, f in enumerate(fields):
            if not f.get("name") or not f.get("value"):
                problems.append(f"embeds.{i}.fields.{j}: name and value are required")
            if len(f.get("name") or "") > 256 or len(f.get("value") or "") > 1024:
                problems.append(f"embeds.{i}.fields.{j}: name <= 256 and value <= 1024 characters")
        total += (
            len(title)
            + len(description)
            + sum(len(f.get("name") or "") + len(f.get("value") or "") for f in fields)
        )
        total += len((embed.get("footer") or {}).get("text") or "") + len(
            (embed.get("author") or {}).get("name") or ""
        )
    if total > MAX_EMBED_TOTAL:
        problems.append(f"embeds: total text must be {MAX_EMBED_TOTAL} or fewer characters (got {total})")
    return problems


def _check_components(components: list[JSON], *, v2: bool) -> list[str]:
    problems: list[str] = []
    if not v2:
        if len(components) > MAX_ACTION_ROWS:
            problems.append(f"components: at most {MAX_ACTION_ROWS} action rows (got {len(components)})")
        for i, row in enumerate(components):
            if row.get("type") != ACTION_ROW:
                problems.append(f"components.{i}: top-level components must be action rows (type 1)")
                continue
            children = row.get("components") or []
            selects = [c for c in children if c.get("type") in SELECT_TYPES]
            if not children:
                problems.append(f"components.{i}: an action row needs at least one component")
            elif selects and len(children) > 1:
                problems.append(f"components.{i}: a select menu must be alone in its action row")
            elif len(children) > MAX_BUTTONS_PER_ROW:
                problems.append(
                    f"components.{i}: at most {MAX_BUTTONS_PER_ROW} buttons per row (got {len(children)})"
                )
    seen: set[str] = set()
    for comp in iter_components(components):
        custom_id = comp.get("custom_id")
        if custom_id is not None:
            if not 1 <= len(custom_id) <= MAX_CUSTOM_ID:
                problems.append(f"custom_id {custom_id[:20]!r}...: must be 1-{MAX_CUSTOM_ID} characters")
            if custom_id in seen:
                problems.append(f"custom_id {custom_id!r}: duplicated in one message")
            seen.add(custom_id)
        if comp.get("type") == BUTTON:
            if len(comp.get("label") or "") > MAX_LABEL:
                problems.append(f"button {custom_id!r}: label must be {MAX_LABEL} or fewer characters")
            if comp.get("style") == 5:
                if not comp.get("url"):
                    problems.append("link button: url is required")
            elif comp.get("style") != 6 and custom_id is None:
                problems.append("button: custom_id is required for non-link buttons")
            if not comp.get("label") and not comp.get("emoji") and comp.get("style") != 6:
                problems.append(f"button {custom_id!r}: needs a label or an emoji")
        if comp.get("type") == STRING_SELECT:
            options = comp.get("options") or []
            if not 1 <= len(options) <= MAX_SELECT_OPTIONS:
                problems.append(
                    f"select {custom_id!r}: needs 1-{MAX_SELECT_OPTIONS} options (got {len(options)})"
                )
            values = [o.get("value") for o in options]
            if len(set(values)) != len(values):
                problems.append(f"select {custom_id!r}: option values must be unique")
            for o in options:
                if not 1 <= len(o.get("label") or "") <= 100 or not 1 <= len(o.get("value") or "") <= 100:
                    problems.append(f"select {custom_id!r}: option label and value must be 1-100 characters")
            lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
            if not 0 <= lo <= hi <= max(1, len(options)):
                problems.append(f"select {custom_id!r}: min_values {lo} / max_values {hi} out of range")
    return problems


def check_modal(data: JSON) -> list[str]:
    problems: list[str] = []
    if not data.get("custom_id"):
        problems.append("modal: custom_id is required")
    if not 1 <= len(data.get("title") or "") <= 45:
        problems.append("modal: title must be 1-45 characters")
    components = data.get("components") or []
    if not 1 <= len(components) <= 5:
        problems.append(f"modal: needs 1-5 components (got {len(components)})")
    return problems
