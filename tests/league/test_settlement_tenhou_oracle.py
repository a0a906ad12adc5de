"""Tenhou's own final scores (owari) from real game records: settlement must reproduce every figure."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

from bot.league.settlement import default_settings, settle_game
from tests.oracle import oracle_path

# Lobby types whose uma/oka are the ranked hanchan ones described in riichi.md (0x10 = three players).
HANCHAN_TYPES = {41: "riichi", 169: "riichi", 185: "sanma"}


def _owari_records(folder: Path) -> list[tuple[str, str, list[int], list[Decimal]]]:
    found = []
    for path in sorted(folder.rglob("*")):
        if path.suffix not in (".mjlog", ".xml"):
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        lobby = re.search(r'<GO type="(\d+)"', text)
        owari = re.search(r'owari="([^"]+)"', text)
        if not lobby or not owari or int(lobby.group(1)) not in HANCHAN_TYPES:
            continue
        rule_set = HANCHAN_TYPES[int(lobby.group(1))]
        values = owari.group(1).split(",")
        seats = 3 if rule_set == "sanma" else 4
        points = [int(v) * 100 for v in values[0 : 2 * seats : 2]]
        scores = [Decimal(v) for v in values[1 : 2 * seats : 2]]
        found.append((path.name, rule_set, points, scores))
    return found


def test_tenhou_owari_scores_are_reproduced() -> None:
    records = _owari_records(oracle_path("tenhou"))
    assert len(records) >= 40  # 44 four-player and 1 three-player game in the oracle folder
    mismatches = []
    for name, rule_set, points, expected in records:
        got = [p.league_points for p in settle_game(points, default_settings(rule_set))]
        if got != expected:
            mismatches.append(f"{name}: {points} -> {got}, Tenhou says {expected}")
    assert not mismatches, "\n".join(mismatches)
