"""All 10,000 scored hands of kobalab/majiang-core's hule.json: han, fu, yakuman, points, payments, yaku."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.rules.riichi.scoring import score_hand, settle_win
from tests.oracle import oracle_path
from tests.rules.riichi.majiang import read_case

# majiang-core's yaku names -> our yaku ids (majiang writes 翻牌 for dragons, 役牌 in our Japanese table).
MAJIANG_NAMES = {
    "門前清自摸和": "menzen_tsumo", "立直": "riichi", "一発": "ippatsu", "槍槓": "chankan",
    "嶺上開花": "rinshan", "海底摸月": "haitei", "河底撈魚": "houtei", "平和": "pinfu",
    "断幺九": "tanyao", "一盃口": "iipeikou", "自風 東": "seat_wind_east", "自風 南": "seat_wind_south",
    "自風 西": "seat_wind_west", "自風 北": "seat_wind_north", "場風 東": "round_wind_east",
    "場風 南": "round_wind_south", "場風 西": "round_wind_west", "場風 北": "round_wind_north",
    "翻牌 白": "haku", "翻牌 發": "hatsu", "翻牌 中": "chun", "ダブル立直": "double_riichi",
    "七対子": "chiitoitsu", "混全帯幺九": "chanta", "一気通貫": "ittsu", "三色同順": "sanshoku",
    "三色同刻": "sanshoku_doukou", "三槓子": "sankantsu", "対々和": "toitoi", "三暗刻": "sanankou",
    "小三元": "shousangen", "混老頭": "honroutou", "二盃口": "ryanpeikou", "純全帯幺九": "junchan",
    "混一色": "honitsu", "清一色": "chinitsu", "天和": "tenhou", "地和": "chiihou",
    "大三元": "daisangen", "四暗刻": "suuankou", "四暗刻単騎": "suuankou_tanki", "字一色": "tsuuiisou",
    "緑一色": "ryuuiisou", "清老頭": "chinroutou", "九蓮宝燈": "chuuren", "純正九蓮宝燈": "junsei_chuuren",
    "国士無双": "kokushi", "国士無双十三面": "kokushi_13", "大四喜": "daisuushii", "小四喜": "shousuushii",
    "四槓子": "suukantsu", "ドラ": "dora", "裏ドラ": "ura_dora", "赤ドラ": "aka_dora",
}  # fmt: skip


@pytest.fixture(scope="module")
def hule_cases() -> list[dict[str, Any]]:
    with oracle_path("majiang", "hule.json").open(encoding="utf-8") as f:
        cases: list[dict[str, Any]] = json.load(f)
    return cases


def expected_and_actual(case: dict[str, Any]) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    hc = read_case(case)
    score = score_hand(hc.concealed, hc.melds, hc.situation)
    deltas = settle_win(
        score, winner=hc.winner, dealer=0, discarder=hc.discarder, players=4, honba=hc.situation.honba
    )
    deltas[hc.winner] += 1000 * hc.situation.sticks  # fenpei includes the riichi sticks
    out = case["out"]
    # majiang writes a yakuman line's han as "*" (one yakuman) and leaves han/fu empty.
    expected_yaku = sorted(
        (MAJIANG_NAMES[y["name"]], 13 if y["fanshu"] == "*" else y["fanshu"]) for y in out["hupai"]
    )
    expected = (out["fanshu"] or 0, out["fu"] or 0, out["damanguan"] or 0, out["defen"], out["fenpei"])
    actual = (score.han, score.fu, score.yakuman, score.points, deltas)
    return expected + (expected_yaku,), actual + (sorted(score.yaku),)


def test_all_majiang_hule_hands_match_han_fu_points_payments_and_yaku(
    hule_cases: list[dict[str, Any]],
) -> None:
    assert len(hule_cases) == 10_000
    mismatches = []
    for index, case in enumerate(hule_cases):
        expected, actual = expected_and_actual(case)
        if expected != actual:
            mismatches.append(f"#{index} {case['in']}: expected {expected}, got {actual}")
    assert not mismatches, f"{len(mismatches)} mismatches, first: " + "\n".join(mismatches[:5])
