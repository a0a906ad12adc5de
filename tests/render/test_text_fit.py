"""Text.fit (bot/render/fonts.py) shortens text to a width by bisection and gives exactly what cutting one
character at a time gave (the reference below, the algorithm it replaced), for strings of mixed widths:
Latin with kerning pairs, CJK, kana, emoji no font draws (boxes), combining marks, full-width
punctuation; with the shipped fonts and with the installed ones."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from bot.render.fonts import Fonts, Text, deterministic_fonts, system_fonts

ALPHABET = (
    "AVTWoy.,il mM"  # kerning pairs (AV, To, y.), narrow and wide Latin, a space
    "漢字麻雀東南西北かなカナー"  # CJK and kana
    "\u0301\u0308\u20dd"  # combining acute, diaeresis, enclosing circle
    "🀄😀\U0001f9d1\u200d"  # emoji (no font draws them: boxes) and a zero-width joiner
    "，。（）…ЖЯéß"  # full-width punctuation, an ellipsis, Cyrillic, precomposed Latin
)
CHAINS: dict[str, Callable[[], Fonts]] = {
    "shipped": deterministic_fonts,
    "installed": lambda: Fonts(system_fonts),
}


def fit_one_character_at_a_time(text: Text, s: str, max_width: int) -> str:
    """The algorithm Text.fit replaced (one measurement per character cut): the reference."""
    if text.width(s) <= max_width:
        return s
    while s and text.width(s + "…") > max_width:
        s = s[:-1]
    return s + "…"


def mixed_strings(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    strings = ["", "…", "A", "漢", "🀄", "\u0301", "e\u0301" * 30, "山田太郎 Yamada 🀄🀄🀄 AVAVAV"]
    for _ in range(count):
        strings.append("".join(rng.choice(ALPHABET) for _ in range(rng.randint(1, 48))))
    return strings


def widths_to_try(text: Text, s: str, rng: random.Random) -> list[int]:
    """Widths around the places where the answer changes (each prefix's width with "…"), and others."""
    edges = [text.width(s[:k] + "…") for k in range(0, len(s) + 1, max(1, len(s) // 40))]
    near = {w + d for w in rng.sample(edges, min(4, len(edges))) for d in (-1, 0, 1)}
    full = text.width(s)
    return sorted(near | {0, 1, full - 1, full, *(rng.randint(0, full + 4) for _ in range(3))})


@pytest.mark.parametrize("chain", CHAINS)
@pytest.mark.parametrize("size", [12, 20])
def test_fit_gives_what_cutting_one_character_at_a_time_gave(chain: str, size: int) -> None:
    text = CHAINS[chain]().text(size)
    rng = random.Random(size)
    tried = 0
    for s in mixed_strings(60, seed=size):
        for width in widths_to_try(text, s, rng):
            expected = fit_one_character_at_a_time(text, s, width)
            assert text.fit(s, width) == expected, (s, width)
            tried += 1
    assert tried > 700


@pytest.mark.parametrize("chain", CHAINS)
def test_a_long_mixed_text_is_cut_where_it_was(chain: str) -> None:
    text = CHAINS[chain]().text(17)
    s = "".join(random.Random(3).choice(ALPHABET) for _ in range(250))
    for width in (150, text.width(s) // 2, text.width(s) - 1):
        assert text.fit(s, width) == fit_one_character_at_a_time(text, s, width), width


@pytest.mark.parametrize("chain", CHAINS)
def test_a_longer_prefix_is_never_narrower(chain: str) -> None:
    """What the bisection relies on: with "…" after it, a prefix grows no narrower as it grows longer."""
    text = CHAINS[chain]().text(17)
    for s in mixed_strings(60, seed=7):
        widths = [text.width(s[:k] + "…") for k in range(len(s) + 1)]
        assert widths == sorted(widths), s


def test_a_long_name_is_cut_to_the_width_with_few_measurements(monkeypatch: pytest.MonkeyPatch) -> None:
    text = deterministic_fonts().text(17)
    name = "山田太郎 Yamada " * 150  # 2,100 characters
    measured: list[str] = []
    width = Text.width

    def counting(self: Text, s: str) -> int:
        measured.append(s)
        return width(self, s)

    monkeypatch.setattr(Text, "width", counting)
    short = text.fit(name, 200)

    assert short.endswith("…") and name.startswith(short[:-1])
    assert width(text, short) <= 200 < width(text, name[: len(short)] + "…")
    assert len(measured) <= 14  # one for the whole text, then log2(2,101) + 1 halvings
