"""A rule set's facts live in its own package: no code outside bot/rules/, bot/ai/ and the registry names
a rule set (its descriptor says what the layers around it need).  riichi and sanma are also the names of
the Tenhou and mjai record formats, the riichi declaration and its sticks, so they are not looked for."""

from __future__ import annotations

import re
from pathlib import Path

from bot.engine.registry import BUILT_IN_IDS

ROOT = Path(__file__).resolve().parents[2]
ALLOWED = ("bot/rules/", "bot/ai/", "bot/engine/registry.py")
#: Ids that also name a file format or a move of the game.
FORMAT_WORDS = {"riichi", "sanma"}


def named_rule_sets(text: str) -> set[str]:
    ids = [rule_id for rule_id in BUILT_IN_IDS if rule_id not in FORMAT_WORDS]
    return {m.lower() for m in re.findall(rf"\b({'|'.join(ids)})\b", text, flags=re.IGNORECASE)}


def test_the_finder_finds_an_id_as_a_word_in_any_case() -> None:
    assert named_rule_sets('if rules == "taiwan": ... # Sichuan plays on') == {"taiwan", "sichuan"}
    assert named_rule_sets("riichi sticks; a taiwanese word") == set()


def test_no_code_outside_the_rule_sets_names_one() -> None:
    found = {}
    for package in ("bot", "cogs"):
        for path in sorted((ROOT / package).rglob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            if relative.startswith(ALLOWED):
                continue
            named = named_rule_sets(path.read_text(encoding="utf-8"))
            if named:
                found[relative] = sorted(named)
    assert found == {}
