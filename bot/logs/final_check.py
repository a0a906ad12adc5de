"""The end of a replayed record: did the game end where the record's does, with its points and scores?

Final scores follow the record's rule: Tenhou's ranked lobbies round them to whole thousands (records to
2020) or keep the hundreds (records since; the replay sets ``final_rounding`` from the scores the record
carries, see :func:`bot.logs.record.final_rounding`).  A private lobby (``lobby`` other than 0) or a
lobby with custom rules has its own uma and return, unknown here: its final score is reported as not
checkable, while every hand was checked all the same.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.logs.record import RecordedGame
from bot.logs.replay_report import Mismatch, ReplayReport, ReplayStop

if TYPE_CHECKING:
    from bot.engine.game import Game


def check_end(
    game: Game | None, record: RecordedGame, report: ReplayReport, *, started_at_start: bool
) -> None:
    def stop(what: str, expected: object, got: object) -> None:
        raise ReplayStop(Mismatch("end", 0, what, expected, got))

    assert game is not None
    if record.final is None:
        if game.over and started_at_start and not report.excerpt:
            report.notes.append("the record has no final scores: the game end was checked")
        elif not game.over:
            report.truncated = True
            if record.dora_timing:
                report.notes.append(
                    "the record has no final scores (cut short): the game end was not checked"
                )
            else:
                report.excerpt = report.excerpt or not started_at_start
                report.notes.append(
                    f"the file ends before the game does ({report.hands} hands): every hand in it was checked"
                )
        return
    if not record.lobby_rules_known:
        report.notes.append(_unknown_lobby(record))
        return
    if not game.over:
        stop("game end", "the game to be over", "the referee plays on")
    assert game.final is not None
    want_points = [p for p, _ in record.final]
    got_points = [f["points"] for f in game.final]
    if want_points != got_points:
        stop("final points", want_points, got_points)
    want_scores = [s for _, s in record.final]
    got_scores = [float(f["score"]) for f in game.final]
    if [round(s * 10) for s in want_scores] != [round(s * 10) for s in got_scores]:
        stop("final scores", want_scores, got_scores)
    rule = "hundreds kept" if game.rules.options.get("final_rounding") == "none" else "rounded to thousands"
    report.notes.append(f"final points and scores match ({rule})")


def _unknown_lobby(record: RecordedGame) -> str:
    where = f"lobby {record.lobby}" if record.lobby else "a lobby with its own rules"
    return (
        f"{where}: its rules (uma, return) are not known here, so the final score cannot be checked; "
        "every hand was"
    )
