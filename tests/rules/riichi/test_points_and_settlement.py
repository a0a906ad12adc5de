"""Points from han/fu (Tenhou: no kiriage, kazoe at 13), payments per seat, honba, pao, sanma."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.hand.tiles import EAST, SOUTH, WEST
from bot.rules.riichi.names import LANGUAGES, TENHOU_YAKU_IDS, YAKU_NAMES, tenhou_yaku
from bot.rules.riichi.points import base_points, hand_points, limit_name, settle
from bot.rules.riichi.scoring import NotAWin, RiichiScore, settle_win
from bot.rules.riichi.yaku import YAKU_RULES
from bot.rules.riichi.yakuman import HAND_YAKUMAN, READING_YAKUMAN
from tests.rules.riichi.helpers import score, yaku_ids


@pytest.mark.parametrize(
    ("han", "fu", "ron", "dealer_ron"),
    [
        (1, 30, 1000, 1500),
        (2, 25, 1600, 2400),
        (3, 30, 3900, 5800),
        (4, 30, 7700, 11600),  # no kiriage mangan on Tenhou
        (3, 60, 7700, 11600),
        (4, 40, 8000, 12000),  # mangan
        (5, 30, 8000, 12000),
        (6, 30, 12000, 18000),
        (8, 30, 16000, 24000),
        (11, 30, 24000, 36000),
        (13, 30, 32000, 48000),  # counted yakuman
        (20, 30, 32000, 48000),  # never more than one counted yakuman
    ],
)
def test_ron_points_table(han: int, fu: int, ron: int, dealer_ron: int) -> None:
    base = base_points(han, fu)
    assert hand_points(base, dealer=False, tsumo=False, players=4) == ron
    assert hand_points(base, dealer=True, tsumo=False, players=4) == dealer_ron


def test_limit_names() -> None:
    assert limit_name(4, 0, base_points(4, 30)) is None
    assert limit_name(4, 0, base_points(4, 40)) == "mangan"
    assert limit_name(13, 0, base_points(13, 30)) == "kazoe yakuman"
    assert limit_name(0, 2, base_points(0, 0, 2)) == "2x yakuman"


def _score(base: int, *, dealer: bool, tsumo: bool, players: int = 4) -> RiichiScore:
    return RiichiScore(
        (("riichi", 1),), 1, 30, 0, base, hand_points(base, dealer, tsumo, players), dealer, tsumo, players
    )


def test_tsumo_payments_with_honba_4p() -> None:
    # Non-dealer (seat 2) 30 fu 3 han tsumo, dealer seat 0, 2 honba: 2000+200 / 1000+200 each.
    deltas = settle_win(
        _score(960, dealer=False, tsumo=True), winner=2, dealer=0, discarder=None, players=4, honba=2
    )
    assert deltas == [-2200, -1200, 4600, -1200]


def test_ron_honba_is_300_in_4p_and_200_in_sanma() -> None:
    four = settle_win(
        _score(960, dealer=False, tsumo=False), winner=1, dealer=0, discarder=3, players=4, honba=1
    )
    assert four == [0, 4200, 0, -4200]
    three = settle_win(
        _score(960, dealer=False, tsumo=False, players=3), winner=1, dealer=0, discarder=2, players=3, honba=1
    )
    assert three == [0, 4100, -4100]


def test_sanma_dealer_tsumo_is_paid_by_two_players() -> None:
    yakuman = RiichiScore(
        (("daisangen", 13),), 0, 0, 1, 8000, hand_points(8000, True, True, 3), True, True, 3
    )
    assert yakuman.points == 32000
    assert settle_win(yakuman, winner=1, dealer=1, discarder=None, players=3, honba=0) == [
        -16000,
        32000,
        -16000,
    ]


def test_pao_tsumo_liable_pays_everything_like_a_ron() -> None:
    yakuman = RiichiScore((("daisangen", 13),), 0, 0, 1, 8000, 32000, False, True)
    deltas = settle_win(yakuman, winner=2, dealer=1, discarder=None, players=4, honba=1, liable=0)
    assert deltas == [-32300, 0, 32300, 0]


def test_pao_ron_liable_and_discarder_pay_half_each_honba_included() -> None:
    yakuman = RiichiScore((("daisangen", 13), ("tsuuiisou", 13)), 0, 0, 2, 16000, 64000, False, False)
    deltas = settle_win(yakuman, winner=2, dealer=1, discarder=3, players=4, honba=2, liable=0)
    assert deltas == [-32300, 0, 64600, -32300]


def test_settle_refuses_inconsistent_seats() -> None:
    with pytest.raises(ValueError, match="discarder"):
        settle_win(
            _score(960, dealer=False, tsumo=False), winner=1, dealer=0, discarder=1, players=4, honba=0
        )
    with pytest.raises(ValueError, match="tsumo"):
        settle_win(_score(960, dealer=False, tsumo=True), winner=1, dealer=0, discarder=2, players=4, honba=0)


def test_sanma_1m_indicator_makes_9m_dora_and_9m_makes_1m() -> None:
    hand = "99m123p456p345s789s"
    assert yaku_ids(score(hand, "8s", players=3, riichi=True, dora="1m"))["dora"] == 2
    assert yaku_ids(score("11m123p456p345s789s", "8s", players=3, riichi=True, dora="9m"))["dora"] == 2
    # In four-player riichi 1m indicates 2m: no dora here.
    assert "dora" not in yaku_ids(score(hand, "8s", riichi=True, dora="1m"))


def test_sanma_kita_counts_as_north_for_an_indicator_pointing_at_north() -> None:
    # West indicates North: each kita is a nuki-dora and also a dora.
    result = score("99m123p456p345s789s", "8s", players=3, riichi=True, dora="3z", kita=2)
    assert yaku_ids(result) == {"riichi": 1, "dora": 2, "nuki_dora": 2}


def test_sanma_north_in_a_set_is_a_guest_wind() -> None:
    result = score("444z123p456p789s55s", "8s", players=3, seat=SOUTH, round_wind=EAST, riichi=True)
    assert yaku_ids(result) == {"riichi": 1}


def test_sanma_has_no_north_seat() -> None:
    with pytest.raises(ValueError, match="seat wind"):
        score("99m123p456p345s789s", "8s", players=3, seat=WEST + 1)


def test_every_yaku_has_four_names_and_a_tenhou_id() -> None:
    ids = [name for name, _ in YAKU_RULES] + [name for name, _ in HAND_YAKUMAN + READING_YAKUMAN]
    ids += ["dora", "ura_dora", "aka_dora", "nuki_dora"]
    assert len(set(ids)) == len(ids) == len(YAKU_NAMES) == len(TENHOU_YAKU_IDS)
    for yaku_id in ids:
        assert set(YAKU_NAMES[yaku_id]) == set(LANGUAGES) and all(YAKU_NAMES[yaku_id].values())
    tenhou_ids = [TENHOU_YAKU_IDS[i] for i in ids if i != "nuki_dora"]
    assert len(set(tenhou_ids)) == len(tenhou_ids)  # only nuki-dora shares an id (52, with dora)


def test_tenhou_yaku_adds_an_ura_line_to_riichi_hands() -> None:
    result = score("123m456p789p345s55s", "8p", riichi=True, dora="2m")
    assert tenhou_yaku(result) == ([(1, 1), (52, 1), (53, 0)], [])


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        ({"riichi": True, "double_riichi": True}, "exclusive"),
        ({"ippatsu": True}, "ippatsu needs riichi"),
        ({"rinshan": True, "tsumo": True}, "needs a kan"),
        ({"rinshan": True}, "tsumo win"),
        ({"chankan": True, "tsumo": True}, "ron win"),
        ({"haitei": True}, "haitei is a tsumo win"),
        ({"houtei": True, "tsumo": True}, "houtei is a ron win"),
        ({"tenhou": True, "tsumo": True}, "dealer's win"),
        ({"chiihou": True, "tsumo": True, "seat": EAST}, "non-dealer"),
        ({"kita": 1}, "only in sanma"),
        ({"honba": -1}, "negative"),
    ],
)
def test_impossible_flag_combinations_are_refused_by_name(flags: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        score("123m456p789p345s55s", "8p", **flags)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("han", "limit"),
    [(5, "mangan"), (6, "haneman"), (7, "haneman"), (8, "baiman"), (10, "baiman"), (11, "sanbaiman")],
)
def test_the_limit_hands_are_named(han: int, limit: str) -> None:
    # The limits of Tenhou (whose points docs/rules/riichi.md follows): 6-7 han haneman, 8-10 baiman,
    # 11-12 sanbaiman, whatever the fu.
    assert limit_name(han, 0, base_points(han, 30)) == limit


def test_a_settlement_that_does_not_fit_its_score_is_refused_with_the_reason() -> None:
    tsumo = _score(960, dealer=False, tsumo=True)
    with pytest.raises(ValueError, match=r"^a tsumo has no discarder and a ron needs one$"):
        settle_win(tsumo, winner=2, dealer=0, discarder=1, players=4, honba=0)
    with pytest.raises(ValueError, match=r"^the score was computed for a different dealer$"):
        settle_win(tsumo, winner=2, dealer=2, discarder=None, players=4, honba=0)


def test_terminals_and_honours_that_are_no_kokushi_are_no_winning_hand() -> None:
    # Five pairs and four singles, all terminals and honours, closed: neither a shape, seven pairs nor
    # kokushi; the refusal says so (not that a yaku is missing).
    with pytest.raises(NotAWin) as refused:
        score("11m99m11p99p11s9s1z2z3z")
    assert refused.value.message_id == "riichi.not_a_win"


@pytest.mark.parametrize(
    ("seats", "reason"),
    [
        ({"winner": 4, "dealer": 0, "discarder": None}, "winner and dealer must be seats of the table"),
        ({"winner": 1, "dealer": 4, "discarder": None}, "winner and dealer must be seats of the table"),
        ({"winner": 1, "dealer": 0, "discarder": 4}, "the discarder must be another seat of the table"),
        ({"winner": 1, "dealer": 0, "discarder": 1}, "the discarder must be another seat of the table"),
        (
            {"winner": 1, "dealer": 0, "discarder": None, "liable": 4},
            "the liable seat must be another seat of the table",
        ),
        (
            {"winner": 1, "dealer": 0, "discarder": None, "liable": 1},
            "the liable seat must be another seat of the table",
        ),
    ],
    ids=["winner-4", "dealer-4", "discarder-4", "discarder-is-winner", "liable-4", "liable-is-winner"],
)
def test_payments_between_seats_not_at_the_table_are_refused(
    seats: dict[str, int | None], reason: str
) -> None:
    # A four-player table has seats 0-3.
    with pytest.raises(ValueError, match=rf"^{reason}$"):
        settle(8000, players=4, honba=0, **seats)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("hand", "flags", "line"),
    [
        ("19m19p19s1234567z1z", {}, '[["kokushi_13", 13]]'),  # a yakuman of the whole hand
        ("111m222m333m444p55s", {"tsumo": True, "win": "4p"}, '[["suuankou", 13]]'),  # one of a reading
    ],
)
def test_a_yakuman_line_is_written_as_13_whole_han(hand: str, flags: dict[str, Any], line: str) -> None:
    # What the score command and the records write: 13, not 13.0.
    assert json.dumps([list(y) for y in score(hand, **flags).yaku]) == line


def test_pao_pays_the_dealers_ron_value_and_splits_a_ron_in_whole_points() -> None:
    # A dealer's yakuman tsumo with seat 2 liable, 1 honba: seat 2 pays the dealer's ron value, 48,000,
    # and the 300 of honba.  A non-dealer's yakuman ron from seat 3 with seat 2 liable, 1 honba: 32,300
    # split in two whole halves of 16,150 (what the records write: no 16150.0).
    dealer = settle(8000, winner=0, dealer=0, discarder=None, players=4, honba=1, liable=2)
    assert dealer == [48300, 0, -48300, 0]
    split = settle(8000, winner=1, dealer=0, discarder=3, players=4, honba=1, liable=2)
    assert json.dumps(split) == "[0, 32300, -16150, -16150]"
