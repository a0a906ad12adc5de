"""Table options offered when opening a table (``/mahjong new ... options:``), per rule set.

The referee of each rule set checks the values (bot/rules/*/flow.py); this list only suggests the
common ones, as ``key=value`` words, so a player need not read the module docstrings.
"""

from __future__ import annotations

OPTION_HINTS: dict[str, tuple[str, ...]] = {
    "riichi": ("red=0", "red=3", "kuitan=off", "uma=10-20", "uma=5-10"),
    "sanma": ("red=0", "kuitan=off", "uma=10-20"),
    "mingjiang": ("uma=10-20", "decider_hands=1", "decider_hands=0"),
    "sichuan": ("hands=4", "hands=8", "exchange=off", "cap=3", "base=2", "stack=100"),
    "taiwan": ("length=jiang", "flowers=off", "max_hands=8", "multi_ron=on"),
    "pihu": ("hands=4", "hands=8", "dealer=winner", "start=100"),
}


def option_suggestions(rules: str | None, typed: str, limit: int = 25) -> list[str]:
    """Completions of the last word being typed, keeping the words before it."""
    words = typed.split()
    done, current = (words[:-1], words[-1]) if words and not typed.endswith(" ") else (words, "")
    used = {w.partition("=")[0] for w in done}
    hints = OPTION_HINTS.get(rules or "", ())
    out = []
    for hint in hints:
        key = hint.partition("=")[0]
        if key in used or not hint.startswith(current):
            continue
        out.append(" ".join([*done, hint]))
    return out[:limit]
