"""The toy rule set, registered from this folder, is scored by ``/score`` (the service the cog calls) and
the CLI, drawn (the table and the result pictures) and settled in a league, each from what its descriptor
declares: its ``/score`` flags, its glossary's words, its meld style and its league defaults.  No file
outside tests/rules/toy names it."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from decimal import Decimal

import pytest

from bot.cli import main
from bot.engine import actions as A
from bot.engine.game import Game
from bot.engine.registry import rule_set
from bot.i18n import LANGUAGES, t
from bot.league.settlement import default_settings, settle_game
from bot.render.engine_view import result_scene, table_scene
from bot.render.result import render_result
from bot.render.table import render_table
from bot.service.league import Actor, LeagueService
from bot.service.refusal import Refusal
from bot.service.scoring import (
    ScoreFailure,
    ScoreInput,
    ScoreReply,
    options_used_by,
    quick_reference,
    score_hand,
)
from bot.store import Store
from tests.rules.toy.descriptor import TOY
from tests.rules.toy.request import NAMES

HAND = "123m456p99m"


# ----------------------------------------------------------------------------------------- /score


@pytest.mark.parametrize("language", LANGUAGES)
def test_score_says_a_toy_hand_in_the_toy_glossarys_words(toy: None, language: str) -> None:
    ron = score_hand(ScoreInput("toy", HAND), language)
    assert isinstance(ron, ScoreReply), getattr(ron, "message", ron)
    # the toy's own word for a hand's value ("×2 base"), not the general "×2"
    assert ron.total == t("score.unit.multiple", language, n=2)
    assert [(line.name, line.value) for line in ron.lines] == [
        (NAMES["toy_win"][language], t("score.unit.multiple", language, n=1))
    ]
    assert [(p.payer, p.amount) for p in ron.payments] == [(t("score.discarder", language), 200)]
    assert TOY.title in ron.title  # no catalogue title: the descriptor's
    tsumo = score_hand(ScoreInput("toy", HAND, tsumo=True), language)
    assert isinstance(tsumo, ScoreReply) and tsumo.words == (HAND, "--tsumo")
    assert tsumo.total == t("score.unit.multiple", language, n=1)
    assert [p.amount for p in tsumo.payments] == [100, 100]


def test_score_offers_and_refuses_the_toy_options_its_descriptor_declares(toy: None) -> None:
    assert options_used_by("toy") == ("tsumo",)
    refused = score_hand(ScoreInput("toy", HAND, dealer=True))
    assert isinstance(refused, ScoreFailure) and refused.kind == "request"
    assert "`dealer`" in refused.message and TOY.title in refused.message and HAND in refused.message
    not_a_win = score_hand(ScoreInput("toy", "123m456p19m"))
    assert isinstance(not_a_win, ScoreFailure) and HAND in not_a_win.message
    assert TOY.title in quick_reference("toy").title


def test_the_cli_scores_a_toy_self_draw(toy: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--rules", "toy", HAND, "--tsumo", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["multiplier"] == 1 and answer["payments"] == {"E": 100, "W": 100}
    assert answer["yaku"] == [["Toy win", 1]] and "lines" not in answer


# --------------------------------------------------------------------------------------- pictures


def won_game(seed: str) -> Game:
    """A toy game played until its first hand ends, every seat taking a win when offered, else a pon,
    else its first legal action."""
    game = Game("toy", seed=seed, options={"hands": 1})
    while not game.over:
        seat = game.waiting_for()[0]
        legal = game.legal_actions(seat)
        preferred = [a for a in legal if a.kind in (A.TSUMO, A.RON)] or [a for a in legal if a.kind == A.PON]
        game.apply((preferred or legal)[0])
    return game


def test_a_toy_table_and_its_result_are_drawn_with_the_toy_meld_style(toy: None) -> None:
    names = ["Ann", "Bo", "Cy"]
    game = next(g for g in map(won_game, (f"toy-{n}" for n in range(40))) if g.hands[0]["result"]["wins"])
    scene = table_scene(game.view(None), names, "en")
    assert scene.style == rule_set("toy").render.meld_style and len(scene.seats) == 3
    assert render_table(scene).width > 0
    win = game.hands[0]["result"]["wins"][0]
    shown = result_scene(game.hands[0], names, "toy", language="ja")
    assert shown is not None and shown.hand.style.pon_given_face_down
    assert shown.lines == ((NAMES["toy_win"]["ja"], 1),)
    value = t("result.value.multiplier", "ja", multiplier=win["multiplier"])
    assert shown.total == f"{value}  {t('result.points', 'ja', points=win['points'])}"
    assert render_result(shown).height > 0


# ----------------------------------------------------------------------------------------- leagues


def test_the_toy_league_defaults_are_the_descriptors(toy: None) -> None:
    settings = default_settings("toy")
    assert (settings.players, settings.start_points, settings.return_points, settings.divisor) == (
        3,
        1000,
        1000,
        100,
    )
    assert [p.league_points for p in settle_game([1400, 1000, 600], settings)] == [
        Decimal("14.0"),
        Decimal("0.0"),
        Decimal("-14.0"),
    ]


@pytest.fixture
async def league_service(toy: None, database: str) -> AsyncIterator[LeagueService]:
    store = await Store.open(database)
    try:
        yield LeagueService(store)
    finally:
        await store.close()


async def test_a_toy_league_settles_its_games_with_the_toy_defaults(league_service: LeagueService) -> None:
    service = league_service
    boss = Actor((await service.player("Boss", discord_id=1)).id, is_admin=True)
    league = await service.create_league(boss, 5, "Toys", "toy", channel_id=7)
    await service.start_season(boss, league)
    players = [await service.player(name, discord_id=100 + i) for i, name in enumerate("ABCD")]
    for player in players:
        await service.join(league, player)
    with pytest.raises(Refusal):  # a toy table seats three
        await service.record_game(Actor(players[0].id), league, [(p.id, 750) for p in players])
    game = await service.record_game(
        Actor(players[0].id),
        league,
        [(p.id, pts) for p, pts in zip(players, (1400, 1000, 600), strict=False)],
    )
    for player in players[1:3]:
        await service.confirm(Actor(player.id), game.id)
    view = await service.season_view(league)
    assert view.settings == default_settings("toy")
    totals = {view.names[s.player]: s.total for s in view.standings}
    assert totals == {"A": Decimal("14.0"), "B": Decimal("0.0"), "C": Decimal("-14.0")}
