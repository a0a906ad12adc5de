"""Real Tenhou records the project keeps (tests/logs/records): every hand's actions, yaku, fu, points and
score changes and the final score checked, for three-player games with South rounds, 2021+ ranked
games, a private lobby, single-hand excerpts and a chi/pon collision."""

from __future__ import annotations

import pytest

from bot.hand.meld import MeldType
from bot.logs.load import load_record
from bot.logs.record import RecordedGame
from bot.logs.replay import replay_record
from bot.logs.replay_report import ReplayReport
from tests.logs.own_records import names, record_path

WHOLE_GAMES = [("sanma", n) for n in names("sanma", ".json", ".mjlog")] + [
    ("riichi", n) for n in names("riichi", ".json")
]


def replayed(*parts: str) -> tuple[RecordedGame, ReplayReport]:
    record = load_record(record_path(*parts))
    assert isinstance(record, RecordedGame)
    return record, replay_record(record)


@pytest.mark.parametrize(("folder", "name"), WHOLE_GAMES)
def test_whole_game_replays_hand_by_hand_to_its_final_score(folder: str, name: str) -> None:
    record, report = replayed(folder, name)
    assert report.ok, str(report.mismatch)
    assert not report.excerpt and not report.truncated
    assert report.hands == len(record.hands) and report.actions > 20 * len(record.hands) // 2
    assert report.game is not None and report.game.final is not None
    assert record.final is not None
    assert [f["points"] for f in report.game.final] == [p for p, _ in record.final]
    assert [round(float(f["score"]) * 10) for f in report.game.final] == [
        round(s * 10) for _, s in record.final
    ]
    assert any("final points and scores match" in note for note in report.notes)


@pytest.mark.parametrize(
    "name",
    [
        "2014091101gm-00b9-0000-5ca6b487.mjlog",
        "2024010120gm-00b9-0000-e324b88a.json",
        "2024123123gm-00b9-0000-09c44fd1.json",
        "2024123123gm-00b9-0000-56cca963.json",
    ],
)
def test_sanma_south_rounds_are_numbered_four_to_six_and_replay(name: str) -> None:
    record, report = replayed("sanma", name)
    south = [h for h in record.hands if h.round_wind == 1]
    assert {h.dealer for h in south} == {0, 1, 2}
    assert [h.label[:2] for h in south][:1] == ["S1"]
    assert report.ok, str(report.mismatch)
    assert report.game is not None
    assert {h["round_wind"] for h in report.game.hands} == {0, 1}


def test_sanma_calls_marked_in_four_seat_geometry_are_read_from_the_right_seat() -> None:
    """``35p3535`` of seat 2 is a pon from seat 0 (opposite in four-seat geometry), ``p313131`` from
    seat 1; ``31m313131`` of seat 2 an open kan from seat 0."""
    record = load_record(record_path("sanma", "2024123123gm-00b9-0000-4a3a3639.json"))
    assert isinstance(record, RecordedGame)
    steps = record.hands[0].steps
    calls = [(s.seat, s.meld) for s in steps if s.kind == "call" and s.meld is not None]
    givers = []
    for seat, meld in calls:
        called_at = next(i for i, s in enumerate(steps) if s.kind == "call" and s.meld is meld)
        givers.append((seat, steps[called_at - 1].seat, meld.type))
    assert givers == [(2, 1, MeldType.PON), (2, 0, MeldType.PON)]
    kan_record = load_record(record_path("sanma", "2024010120gm-00b9-0000-ef5da89f.json"))
    assert isinstance(kan_record, RecordedGame)
    kan_steps = kan_record.hands[3].steps
    kan = next(
        i for i, s in enumerate(kan_steps) if s.kind == "call" and s.meld and s.meld.type is MeldType.KAN
    )
    assert (kan_steps[kan].seat, kan_steps[kan - 1].seat) == (2, 0)


@pytest.mark.parametrize(
    ("folder", "name", "scores", "rule"),
    [
        ("riichi", "2023101214gm-00a9-0000-8cb902d4.json", [48.2, -35.3, -17.1, 4.2], "hundreds kept"),
        ("riichi", "2019050417gm-0029-0000-4f2a8622.json", [-19, 65, -55, 9], "rounded to thousands"),
        ("sanma", "2024123123gm-00b9-0000-4a3a3639.json", [72.8, -11.1, -61.7], "hundreds kept"),
        ("sanma", "2014091101gm-00b9-0000-5ca6b487.mjlog", [54, -37, -17], "rounded to thousands"),
    ],
)
def test_final_scores_follow_the_rule_of_the_records_time(
    folder: str, name: str, scores: list[float], rule: str
) -> None:
    _, report = replayed(folder, name)
    assert report.ok, str(report.mismatch)
    assert report.game is not None and report.game.final is not None
    assert [f["score"] for f in sorted(report.game.final, key=lambda f: f["seat"])] == scores
    assert any(rule in note for note in report.notes)


def test_private_lobby_game_is_checked_hand_by_hand_and_its_final_score_called_uncheckable() -> None:
    record, report = replayed("lobby", "2017030413gm-0009-3821-485c5dae.json")
    assert record.lobby == 3821 and not record.lobby_rules_known
    assert report.ok, str(report.mismatch)
    assert report.hands == len(record.hands) == 18
    assert any(h.round_wind == 2 for h in record.hands)  # the game went into the West round
    assert any("lobby 3821" in note and "cannot be checked" in note for note in report.notes)


@pytest.mark.parametrize("name", names("excerpts", ".json"))
def test_single_hand_excerpts_replay_from_the_round_and_points_they_give(name: str) -> None:
    record, report = replayed("excerpts", name)
    hand = record.hands[0]
    assert (hand.round_wind, hand.dealer) != (0, 0) or hand.honba or hand.sticks
    assert report.ok, str(report.mismatch)
    assert report.excerpt and report.hands == 1 and report.actions > 10
    assert report.game is not None and report.game.hands[0]["points"] == hand.points
    assert any(hand.label in note and "points the file gives" in note for note in report.notes)


def test_a_chi_and_a_pon_on_one_discard_give_the_tile_to_the_pon() -> None:
    record, report = replayed("handmade", "chi_pon_collision.json")
    assert report.ok, str(report.mismatch)
    first_call = next(s for s in record.hands[0].steps if s.kind == "call")
    assert first_call.seat == 2 and first_call.meld is not None and first_call.meld.type is MeldType.PON
    chi = [s for s in record.hands[0].steps if s.kind == "call" and s.meld and s.meld.type is MeldType.CHI]
    assert [s.seat for s in chi] == [1]  # seat 1's chi is on the second 3p
