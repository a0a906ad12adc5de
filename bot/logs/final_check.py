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
from bot.logs.replay_report import Mismatch, Note, ReplayReport, ReplayStop, what_of

if TYPE_CHECKING:
    from bot.engine.game import Game


def check_end(
    game: Game | None, record: RecordedGame, report: ReplayReport, *, started_at_start: bool
) -> None:
    def stop(what: Note, expected: object, got: object) -> None:
        raise ReplayStop(Mismatch(Note("end", "cli.replay.value.end"), 0, what, expected, got))

    assert game is not None
    if record.final is None:
        if game.over and started_at_start and not report.excerpt:
            checked = "the record has no final scores: the game end was checked"
            report.notes.append(Note(checked, "cli.replay.note.no_final_checked"))
        elif not game.over:
            report.truncated = True
            if record.dora_timing:
                cut = "the record has no final scores (cut short): the game end was not checked"
                report.notes.append(Note(cut, "cli.replay.note.no_final_cut"))
            else:
                report.excerpt = report.excerpt or not started_at_start
                hands = report.hands
                early = f"the file ends before the game does ({hands} hands): every hand in it was checked"
                report.notes.append(Note(early, "cli.replay.note.ends_early", hands=hands))
        return
    if not record.lobby_rules_known:
        report.notes.append(_unknown_lobby(record))
        return
    if not game.over:
        stop(
            what_of("game end", "game_end"),
            Note("the game to be over", "cli.replay.value.game_over"),
            Note("the referee plays on", "cli.replay.value.plays_on"),
        )
    assert game.final is not None
    want_points = [p for p, _ in record.final]
    got_points = [f["points"] for f in game.final]
    if want_points != got_points:
        stop(what_of("final points", "final_points"), want_points, got_points)
    want_scores = [s for _, s in record.final]
    got_scores = [float(f["score"]) for f in game.final]
    if [round(s * 10) for s in want_scores] != [round(s * 10) for s in got_scores]:
        stop(what_of("final scores", "final_scores"), want_scores, got_scores)
    if game.rules.options.get("final_rounding") == "none":
        match = Note("final points and scores match (hundreds kept)", "cli.replay.note.final_hundreds")
    else:
        match = Note(
            "final points and scores match (rounded to thousands)", "cli.replay.note.final_thousands"
        )
    report.notes.append(match)


def _unknown_lobby(record: RecordedGame) -> Note:
    if record.lobby:
        where = f"lobby {record.lobby}"
        return Note(f"{where}{UNKNOWN_RULES}", "cli.replay.note.lobby", lobby=record.lobby)
    return Note(f"a lobby with its own rules{UNKNOWN_RULES}", "cli.replay.note.custom_lobby")


UNKNOWN_RULES = (
    ": its rules (uma, return) are not known here, so the final score cannot be checked; every hand was"
)
