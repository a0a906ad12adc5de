"""Every win recorded in the Tenhou logs (4p houou games, sanma, pao) rescored and resettled.

The situational flags (riichi, ippatsu, haitei, ...) are inputs of a scoring that the game flow
knows; here they are taken from the record's own yaku list.  Everything else (hand, melds, kita,
dora indicators, winds, honba) comes from the hai/m/machi/doraHai/INIT attributes, and the result
is compared with ten= (fu, points), yaku=/yakuman= (through TENHOU_YAKU_IDS) and sc= (every seat).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.rules.riichi.names import tenhou_yaku
from bot.rules.riichi.scoring import score_hand, settle_win
from tests.oracle import oracle_path
from tests.rules.riichi.tenhou_records import RecordedWin, recorded_wins

# chip.xml_ and ratio1.xml_ use other lobby rules (kiriage mangan): the oracle README says not to expect them.
RECORD_GLOBS = ("mjx-mjlog/*.mjlog", "dnovikoff/*.xml")


def all_records() -> list[Path]:
    root = oracle_path("tenhou")
    return sorted(p for pattern in RECORD_GLOBS for p in root.glob(pattern))


def rescore(win: RecordedWin) -> tuple[object, ...]:
    score = score_hand(win.concealed, win.melds, win.situation, win.options)
    deltas = settle_win(
        score,
        winner=win.winner,
        dealer=win.dealer,
        discarder=win.discarder,
        players=win.options.players,
        honba=win.settled_honba,
        liable=win.liable,
    )
    deltas[win.winner] += 1000 * win.situation.sticks
    yaku, yakuman = tenhou_yaku(score)
    # Tenhou writes a fu figure even for yakuman; it means nothing there.
    return (None if yakuman else score.fu, score.points, yaku, yakuman, deltas)


def recorded(win: RecordedWin) -> tuple[object, ...]:
    return (None if win.yakuman else win.fu, win.points, win.yaku, win.yakuman, win.deltas)


def test_every_recorded_tenhou_win_rescores_to_the_record() -> None:
    checked = 0
    mismatches = []
    for path in all_records():
        for win in recorded_wins(path):
            checked += 1
            if rescore(win) != recorded(win):
                mismatches.append(f"{win.where}: recorded {recorded(win)}, got {rescore(win)}")
    assert checked > 350
    assert not mismatches, "\n".join(mismatches[:5])


def sanma_wins() -> list[RecordedWin]:
    return list(recorded_wins(oracle_path("tenhou", "dnovikoff", "sanma2.xml")))


def test_sanma_record_is_a_three_player_game() -> None:
    # sanma.xml, despite its name, deals four hands (GO type 2113 lacks the 0x10 three-player bit).
    assert {w.options.players for w in recorded_wins(oracle_path("tenhou", "dnovikoff", "sanma.xml"))} == {4}
    assert {w.options.players for w in sanma_wins()} == {3}


@pytest.mark.parametrize("number", range(5))
def test_sanma2_win_matches_ten_and_sc(number: int) -> None:
    win = sanma_wins()[number]
    assert rescore(win) == recorded(win)


def test_sanma_nuki_dora_counts_as_dora_in_tenhou_yaku() -> None:
    # AGARI #1: riichi tsumo, one 1p (dora from the 9p indicator) + one kita = Tenhou "dora 2".
    win = sanma_wins()[0]
    assert win.situation.kita == 1
    score = score_hand(win.concealed, win.melds, win.situation, win.options)
    assert ("nuki_dora", 1) in score.yaku and ("dora", 1) in score.yaku
    assert (52, 2) in tenhou_yaku(score)[0]
    assert score.han == 5 and score.points == 6000  # mangan with tsumo loss: 4000 + 2000


def test_sanma_tsumo_honba_is_100_per_payer() -> None:
    # AGARI #4: 3 honba, non-dealer 30 fu 3 han tsumo: dealer 2000+300, other 1000+300.
    win = sanma_wins()[3]
    assert win.situation.honba == 3 and win.discarder is None
    deltas = rescore(win)[-1]
    assert deltas == win.deltas
    assert sorted(win.deltas) == [-2300, -1300, 3600]
