"""One test per yaku and yakuman (Tenhou rules), each with a hand that has it and one that does not."""

from __future__ import annotations

import pytest

from bot.hand.tiles import EAST, NORTH, SOUTH, WEST
from bot.rules.riichi.scoring import NotAWin
from tests.rules.riichi.helpers import score, yaku_ids

# A closed hand with no yaku of its own when won by ron: kanchan wait, 1m and 9p keep tanyao away.
PLAIN = "123m456p789p345s55s"
PLAIN_WIN = "8p"


def test_riichi() -> None:
    assert yaku_ids(score(PLAIN, PLAIN_WIN, riichi=True)) == {"riichi": 1}
    with pytest.raises(NotAWin, match="no yaku"):
        score(PLAIN, PLAIN_WIN)


def test_double_riichi_replaces_riichi() -> None:
    assert yaku_ids(score(PLAIN, PLAIN_WIN, double_riichi=True)) == {"double_riichi": 2}


def test_ippatsu() -> None:
    assert yaku_ids(score(PLAIN, PLAIN_WIN, riichi=True, ippatsu=True)) == {"riichi": 1, "ippatsu": 1}


def test_menzen_tsumo() -> None:
    assert yaku_ids(score(PLAIN, PLAIN_WIN, tsumo=True)) == {"menzen_tsumo": 1}
    with pytest.raises(NotAWin):
        score("123m789p345s55s chi:4-56p", "8p", tsumo=True)  # open: no menzen tsumo


def test_rinshan() -> None:
    result = score("123m789p345s55s ankan:4444z", "8p", tsumo=True, rinshan=True)
    assert yaku_ids(result) == {"menzen_tsumo": 1, "rinshan": 1}


def test_chankan() -> None:
    assert yaku_ids(score(PLAIN, PLAIN_WIN, chankan=True)) == {"chankan": 1}


def test_haitei() -> None:
    assert yaku_ids(score("123m789p345s55s chi:4-56p", "8p", tsumo=True, haitei=True)) == {"haitei": 1}


def test_houtei() -> None:
    assert yaku_ids(score(PLAIN, PLAIN_WIN, houtei=True)) == {"houtei": 1}


def test_pinfu() -> None:
    result = score("123m456p789p34s55s 2s")
    assert yaku_ids(result) == {"pinfu": 1} and result.fu == 30
    assert score("123m456p789p34s55s 2s", tsumo=True).fu == 20  # pinfu tsumo: no tsumo fu
    with pytest.raises(NotAWin):
        score("123m456p789p34s11z 2s")  # a pair of the round wind gives fu: no pinfu


def test_pinfu_needs_a_two_sided_wait() -> None:
    with pytest.raises(NotAWin):
        score("123m456p789p35s55s 4s")  # kanchan


def test_tanyao() -> None:
    assert yaku_ids(score("234m456p678p345s55s")) == {"tanyao": 1, "pinfu": 1}


def test_tanyao_open_only_with_kuitan() -> None:
    assert yaku_ids(score("234m678p345s55s chi:4-56p")) == {"tanyao": 1}
    with pytest.raises(NotAWin):
        score("234m678p345s55s chi:4-56p", kuitan=False)


def test_iipeikou() -> None:
    assert yaku_ids(score("112233m456p789p55s", "1m")) == {"iipeikou": 1, "pinfu": 1}


def test_ryanpeikou() -> None:
    result = score("112233m445566p55s", "6p")
    assert yaku_ids(result)["ryanpeikou"] == 3 and "chiitoitsu" not in yaku_ids(result)


@pytest.mark.parametrize(
    ("seat", "name"), [(EAST, "east"), (SOUTH, "south"), (WEST, "west"), (NORTH, "north")]
)
def test_seat_wind(seat: int, name: str) -> None:
    wind = f"{seat - EAST + 1}z"
    hand = f"123m456p789p55s{wind * 3}"
    assert yaku_ids(score(hand, "8p", seat=seat, round_wind=WEST if seat != WEST else NORTH)) == {
        f"seat_wind_{name}": 1
    }


@pytest.mark.parametrize(
    ("round_wind", "name"), [(EAST, "east"), (SOUTH, "south"), (WEST, "west"), (NORTH, "north")]
)
def test_round_wind(round_wind: int, name: str) -> None:
    wind = f"{round_wind - EAST + 1}z"
    seat = SOUTH if round_wind != SOUTH else WEST
    assert yaku_ids(score(f"123m456p789p55s{wind * 3}", "8p", seat=seat, round_wind=round_wind)) == {
        f"round_wind_{name}": 1
    }


def test_double_wind_triplet_counts_twice_and_double_wind_pair_is_4_fu() -> None:
    assert yaku_ids(score("123m456p789p55s111z", "8p", seat=EAST)) == {
        "seat_wind_east": 1,
        "round_wind_east": 1,
    }
    # 20 + 10 closed ron + 4 double-wind pair + 2 kanchan = 36 -> 40 fu.
    assert score("123m456p789p345s11z", "8p", seat=EAST, riichi=True).fu == 40


@pytest.mark.parametrize(("dragon", "name"), [("5z", "haku"), ("6z", "hatsu"), ("7z", "chun")])
def test_dragon_triplet(dragon: str, name: str) -> None:
    assert yaku_ids(score(f"123m456p789p55s{dragon * 3}", "8p")) == {name: 1}


def test_chiitoitsu() -> None:
    result = score("1133m5577p22s1166z")
    assert yaku_ids(result) == {"chiitoitsu": 2} and result.fu == 25


def test_chiitoitsu_needs_seven_different_pairs() -> None:
    with pytest.raises(NotAWin):
        score("1111m5577p22s1166z")


def test_chanta() -> None:
    assert yaku_ids(score("123m789m123p99s111z", "3p", seat=SOUTH, round_wind=SOUTH)) == {"chanta": 2}
    assert yaku_ids(score("123m789m99s111z chi:1-23p", "9s"))["chanta"] == 1


def test_junchan() -> None:
    assert yaku_ids(score("123m789m123p789s99s", "3p"))["junchan"] == 3
    assert yaku_ids(score("123m789m789s99s chi:1-23p", "9s"))["junchan"] == 2


def test_ittsu() -> None:
    assert yaku_ids(score("123456789m123p99s", "2p"))["ittsu"] == 2
    assert yaku_ids(score("456789m123p99s chi:1-23m", "2p"))["ittsu"] == 1


def test_sanshoku() -> None:
    assert yaku_ids(score("234m234p234s678s99p", "6s"))["sanshoku"] == 2
    assert yaku_ids(score("234p234s678s99p chi:2-34m", "6s"))["sanshoku"] == 1


def test_sanshoku_doukou() -> None:
    assert yaku_ids(score("222m222p222s456s99p", "4s"))["sanshoku_doukou"] == 2


def test_sankantsu() -> None:
    result = score("456s99p kan:2222+m kan:2222=p ankan:5555z", "9p")
    assert yaku_ids(result) == {"sankantsu": 2, "haku": 1}


def test_toitoi() -> None:
    assert yaku_ids(score("222m99p pon:222-p pon:888+s pon:999=m", "9p"))["toitoi"] == 2


def test_sanankou() -> None:
    result = score("222m444p888s345s99p", "4s", tsumo=True)
    assert yaku_ids(result)["sanankou"] == 2


def test_sanankou_not_when_the_third_triplet_is_completed_by_ron() -> None:
    # 888s completed by ron counts as an open triplet: two concealed triplets only.
    result = score("222m444p345s99p888s", "8s", riichi=True)
    assert "sanankou" not in yaku_ids(result)


def test_shousangen() -> None:
    result = score("123m456p555z666z77z", "6p")
    assert yaku_ids(result)["shousangen"] == 2 and yaku_ids(result)["haku"] == 1


def test_honroutou() -> None:
    result = score("111m999p11s222z999s", "9s")
    assert yaku_ids(result)["honroutou"] == 2 and yaku_ids(result)["toitoi"] == 2


def test_honitsu() -> None:
    assert yaku_ids(score("123456m789m11z555z", "6m"))["honitsu"] == 3
    assert yaku_ids(score("456m789m11z555z chi:1-23m", "6m"))["honitsu"] == 2


def test_chinitsu() -> None:
    assert yaku_ids(score("11123405567789p", "4p"))["chinitsu"] == 6
    assert yaku_ids(score("406789p11p555p chi:2-34p", "4p"))["chinitsu"] == 5


def test_dora_ura_and_red_fives_add_han_but_are_not_yaku() -> None:
    with pytest.raises(NotAWin, match="no yaku"):
        score("123m406p789p345s55s", "8p", dora="4s")
    result = score("123m406p789p345s55s", "8p", riichi=True, dora="4s", ura="2m")
    assert yaku_ids(result) == {"riichi": 1, "dora": 3, "ura_dora": 1, "aka_dora": 1}
    assert "aka_dora" not in yaku_ids(score("123m406p789p345s55s", "8p", riichi=True, red=False))


def test_ura_dora_only_with_riichi() -> None:
    assert "ura_dora" not in yaku_ids(score("123m456p789p345s55s", "8p", tsumo=True, ura="2m"))


# --- yakuman ----------------------------------------------------------------------------------


def test_kokushi() -> None:
    result = score("19m19p19s1234566z7z")
    assert yaku_ids(result) == {"kokushi": 13} and result.yakuman == 1 and result.points == 32000


def test_kokushi_13_sided_wait_is_a_single_yakuman() -> None:
    result = score("19m19p19s1234567z1m")
    assert yaku_ids(result) == {"kokushi_13": 13} and result.yakuman == 1


def test_suuankou() -> None:
    result = score("222m444p888s999s11z", "9s", tsumo=True)
    assert yaku_ids(result) == {"suuankou": 13}


def test_suuankou_by_ron_on_a_shanpon_is_only_sanankou_toitoi() -> None:
    result = score("222m444p888s11z999s", "9s")
    assert result.yakuman == 0 and {"sanankou", "toitoi"} <= set(yaku_ids(result))


def test_suuankou_tanki_is_a_single_yakuman() -> None:
    result = score("222m444p888s999s11z", "1z")
    assert yaku_ids(result) == {"suuankou_tanki": 13} and result.yakuman == 1


def test_daisangen() -> None:
    result = score("123m55p555z666z777z", "3m")
    assert yaku_ids(result) == {"daisangen": 13} and result.pao_possible


def test_shousuushii() -> None:
    assert yaku_ids(score("123m111z222z333z44z", "3m")) == {"shousuushii": 13}


def test_daisuushii_is_a_single_yakuman() -> None:
    result = score("11m111z222z333z444z", "4z")  # ron on the shanpon: no suuankou
    assert yaku_ids(result) == {"daisuushii": 13} and result.yakuman == 1 and result.points == 32000


def test_different_yakuman_add_up() -> None:
    result = score("55z111z222z333z444z", "5z")
    assert set(yaku_ids(result)) == {"daisuushii", "tsuuiisou", "suuankou_tanki"}
    assert result.yakuman == 3 and result.points == 96000


def test_tsuuiisou_with_seven_pairs() -> None:
    assert yaku_ids(score("11223344556677z")) == {"tsuuiisou": 13}


def test_ryuuiisou() -> None:
    assert yaku_ids(score("223344s666s888s66z", "8s", tsumo=True)) == {"ryuuiisou": 13}


def test_chinroutou() -> None:
    result = score("111m999m111p11s999p", "9p")
    assert yaku_ids(result) == {"chinroutou": 13}


def test_chuuren() -> None:
    assert yaku_ids(score("11123445678999m", "4m")) == {"junsei_chuuren": 13}
    assert yaku_ids(score("11112345678999m", "2m")) == {"chuuren": 13}


def test_junsei_chuuren_is_a_single_yakuman() -> None:
    assert score("11123455678999m", "5m").yakuman == 1


def test_suukantsu() -> None:
    result = score("11s kan:2222+m kan:2222=p ankan:5555z kakan:33-33s", "1s")
    assert "suukantsu" in yaku_ids(result) and result.yakuman == 1


def test_tenhou() -> None:
    result = score(PLAIN, PLAIN_WIN, tsumo=True, seat=EAST, tenhou=True)
    assert yaku_ids(result) == {"tenhou": 13} and result.points == 48000


def test_chiihou() -> None:
    result = score(PLAIN, PLAIN_WIN, tsumo=True, chiihou=True)
    assert yaku_ids(result) == {"chiihou": 13} and result.points == 32000


def test_kazoe_yakuman_at_13_han() -> None:
    result = score("11123405567789p", "4p", riichi=True, ippatsu=True, tsumo=True, dora="9p3p")
    assert result.han >= 13 and result.yakuman == 0 and result.base_points == 8000
