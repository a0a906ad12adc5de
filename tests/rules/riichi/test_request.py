"""``score --rules riichi|sanma``: the request words, the JSON answer and the error messages."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.hand.notation import NotationError
from bot.i18n import t
from bot.rules.request import RequestError
from bot.rules.riichi.request import score_request
from bot.rules.riichi.request_sanma import score_request as score_sanma
from bot.rules.riichi.scoring import NotAWin
from bot.rules.riichi.situation import HandError
from bot.service.scoring import ScoreFailure, ScoreInput, score_hand


def test_non_dealer_tsumo_payments_by_seat_wind_with_honba() -> None:
    # riichi + tsumo + pinfu + tanyao = 4 han 20 fu = 1300/2600; 1 honba adds 100 per payer.
    result = score_request(
        ["234567m234p678s55s", "--win", "8s", "--tsumo", "--riichi", "--seat", "S", "--honba", "1"]
    )
    assert (result["han"], result["fu"], result["points"]) == (4, 20, 5200)
    assert result["payments"] == {"E": 2700, "W": 1400, "N": 1400}
    assert result["total"] == 5500


def test_ron_payment_is_named_discarder_and_includes_honba_and_sticks_go_to_winner() -> None:
    result = score_request(
        ["123m456p789p345s55s", "--win", "8p", "--riichi", "--honba", "2", "--sticks", "1"]
    )
    assert result["payments"] == {"discarder": 1300 + 600}
    assert result["sticks"] == 1000 and result["total"] == 2900


def test_yaku_lines_use_english_names_and_dora_indicators() -> None:
    result = score_request(["222m456p789p345s55s", "--tsumo", "--dora", "1m", "--seat", "E"])
    assert result["yaku"] == [["Fully concealed tsumo", 1], ["Dora", 3]]
    assert result["payments"] == {"S": 3900, "W": 3900, "N": 3900}  # dealer 4 han 30 fu tsumo


def test_yakuman_answer_has_no_han_or_fu() -> None:
    result = score_request(["19m19p19s1234567z1m"])
    assert result["han"] is None and result["fu"] is None and result["yakuman"] == 1
    assert result["limit"] == "yakuman" and result["points"] == 32000


def test_a_double_yakuman_is_named_2x_yakuman_and_counted_in_whole_numbers() -> None:
    # Daisangen + tsuuiisou, ron on the 1z shanpon (111z completed by ron: no suuankou): 2 yakuman,
    # 2 x 32,000 from the discarder, written as whole numbers (no 2.0, no 64000.0).
    result = score_request(["111z22z555z666z777z", "--win", "1z"])
    assert result["limit"] == "2x yakuman"
    assert json.dumps([result["yakuman"], result["points"], result["payments"]]) == (
        '[2, 64000, {"discarder": 64000}]'
    )


def test_two_yaku_lines_are_shown_in_the_same_order_as_three() -> None:
    # Pinfu + tanyao by ron; with riichi too.  The riichi hand's list without its riichi line is the
    # list of the hand without riichi: pinfu, then all simples.
    plain = score_request(["234m456p678p234s55s", "--win", "2s"])["yaku"]
    with_riichi = score_request(["234m456p678p234s55s", "--win", "2s", "--riichi"])["yaku"]
    assert plain == [["Pinfu", 1], ["All simples", 1]]
    assert plain == [line for line in with_riichi if line != ["Riichi", 1]]


def test_a_sanma_yakuman_tsumo_is_paid_by_the_two_other_players_only() -> None:
    # Kokushi drawn by South: East (the dealer) pays 16,000 and West 8,000; the absent North's 8,000 is
    # lost (tsumo loss).  Drawn by East: 16,000 from each.
    south = score_sanma(["19m19p19s1234567z1z", "--tsumo"])
    assert south["payments"] == {"E": 16000, "W": 8000} and south["points"] == 24000
    east = score_sanma(["19m19p19s1234567z1z", "--tsumo", "--seat", "E"])
    assert east["payments"] == {"S": 16000, "W": 16000} and east["points"] == 32000


@pytest.mark.parametrize(
    ("request_", "message_id", "reason"),
    [
        (
            ScoreInput("riichi", "1234m456p789s11z22z"),
            "riichi.not_a_win",
            "not a winning hand: the tiles do not make four sets and a pair, seven pairs or kokushi",
        ),
        (
            ScoreInput("riichi", "234m456p345s55s chi:6-78s", extra="--no-kuitan"),
            "riichi.no_yaku",
            "no yaku: a win needs at least one han of yaku (dora do not count)",
        ),
    ],
    ids=["no-winning-shape", "no-yaku"],
)
def test_a_hand_that_is_no_win_is_refused_in_the_english_sentence_of_the_catalogue(
    request_: ScoreInput, message_id: str, reason: str
) -> None:
    # What an English reader gets, word for word: the sentence the catalogue gives in English (and the
    # other languages translate).
    failure = score_hand(request_, "en")
    assert isinstance(failure, ScoreFailure) and failure.kind == "not_a_win"
    assert failure.reason == reason == t(f"refusal.{message_id}", "en")
    assert failure.message.splitlines()[0] == f"Not a scoring win: {reason}"


def test_no_red_and_no_kuitan_options() -> None:
    assert score_request(["234m406p345s55s", "chi:6-78s", "--no-red"])["han"] == 1
    with pytest.raises(NotAWin, match="no yaku"):
        score_request(["234m456p345s55s", "chi:6-78s", "--no-kuitan"])


def test_bad_input_raises_clear_value_errors() -> None:
    with pytest.raises(NotationError, match="9x"):
        score_request(["123m456p789s11z9x"])
    with pytest.raises(HandError, match="14 tiles"):
        score_request(["123m"])
    with pytest.raises(NotAWin, match="not a winning hand"):
        score_request(["1234m456p789s11z22z"])
    with pytest.raises(RequestError, match="--honba"):
        score_request(["123m456p789s11z22z", "--honba", "x"])
    with pytest.raises(HandError, match="ippatsu needs riichi"):
        score_request(["123m456p789s11z222z", "--ippatsu"])


def test_sanma_tsumo_loss_and_kita_nuki_dora() -> None:
    # riichi + tsumo + 2 kita = 4 han, 20 + 2 tsumo + 2 kanchan -> 30 fu: 2000/3900, North's share unpaid.
    result = score_sanma(["123p456p789s345s55s", "--win", "8s", "--tsumo", "--riichi", "--kita", "2"])
    assert ["North dora (kita)", 2] in result["yaku"]
    assert result["han"] == 4 and result["fu"] == 30
    assert result["payments"] == {"E": 3900, "W": 2000} and result["points"] == 5900


def test_sanma_refuses_2m_to_8m_and_the_north_seat() -> None:
    with pytest.raises(NotationError, match="sanma"):
        score_sanma(["234m456p789s11z22z"])
    with pytest.raises(RequestError, match="seat"):
        score_sanma(["123p456p789p345s55s", "--seat", "N"])


FLAG_WORDS = [
    "--tsumo",
    "--riichi",
    "--ippatsu",
    "--rinshan",
    "--haitei",
    "--tenhou",
    "--seat",
    "N",
    "--dora",
]
FLAG_WORDS += ["1m", "--honba", "-1", "--kita", "5", "--win", "0p", "--no-red", "--sticks", "x"]


@settings(max_examples=300, deadline=None)
@given(
    st.text(alphabet="0123456789mpszf -+=:chiponka", max_size=30),
    st.lists(st.sampled_from(FLAG_WORDS), max_size=4),
)
def test_any_input_gives_an_answer_or_a_value_error_never_a_crash(hand: str, flags: list[str]) -> None:
    for request in (score_request, score_sanma):
        try:
            result = request([hand, *flags])
        except ValueError as exc:
            assert str(exc)
        else:
            assert result["ok"] is True and result["points"] > 0
