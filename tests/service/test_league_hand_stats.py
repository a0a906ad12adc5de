"""Win and deal-in rates of bot-played games: a simulated game stored as the table service stores one,
counted in a league, and its per-player counts computed directly from the engine's hand records."""

from __future__ import annotations

import csv
import io
from collections.abc import AsyncIterator
from decimal import Decimal

import pytest

from bot.cli.simulation import simulate
from bot.engine.game import Game
from bot.service.league import Actor, LeagueService, record_bot_game
from bot.store import FinalResult, League, Store

GUILD, CHANNEL = 1, 10


@pytest.fixture
async def store(database: str) -> AsyncIterator[Store]:
    opened = await Store.open(database)
    try:
        yield opened
    finally:
        await opened.close()


def played(rules: str, seed: str) -> Game:
    games: list[Game] = []
    simulate(rules, 1, seed, on_game=games.append, ai="easy")
    return games[0]


async def store_bot_game(
    store: Store,
    game: Game,
    *,
    winners_of_hand_1: list[int] | None = None,
    guild: int = GUILD,
    channel: int = CHANNEL,
    players: list[tuple[str, int]] | None = None,
    counted: bool = True,
) -> int:
    """What the table service writes for a finished game (decisions, hand results, final results), then
    its league hook; ``players`` are (name, Discord id) per seat.  ``counted``: whether the league hook
    must count it (False for a game in a channel without a league, or of another rule set than the
    channel's league: the hook leaves it out)."""
    seats = players or [(f"P{s}", 100 + s) for s in range(game.rules.players)]
    ids = [(await store.ensure_player(name, discord_id=user)).id for name, user in seats]
    game_id = await store.create_game(
        game.rules_id, ids, options=game.options, guild_id=guild, channel_id=channel
    )
    await store.append_decisions(game_id, [(i, a.seat, a.to_json()) for i, a in enumerate(game.decisions)])
    for index, hand in enumerate(game.hands):
        result = hand["result"]
        winners = [w["seat"] for w in result["wins"]]
        if index == 0 and winners_of_hand_1 is not None:
            winners = winners_of_hand_1
        lines = [w.get("yaku", []) for w in result["wins"]] or result["reason"]
        await store.record_hand_result(game_id, index, f"hand {index}", winners, lines, result["deltas"])
    await store.finish_game(game_id, revealed_seed=game.seed)
    assert game.final is not None
    await store.record_final_results(
        game_id,
        [
            FinalResult(f["seat"], ids[f["seat"]], f["points"], f["rank"], Decimal(str(f["score"])))
            for f in game.final
        ],
    )
    recorded = await record_bot_game(store, game_id)
    assert (recorded is not None) == counted, (game.rules_id, channel, recorded)
    return game_id


def direct_counts(game: Game) -> list[tuple[int, int, int]]:
    """(hands, wins, deal-ins) per seat straight from Game.hands: a deal-in is a tile given and won on."""
    seats = game.rules.players
    wins, deal_ins = [0] * seats, [0] * seats
    for hand in game.hands:
        given = set()
        for w in hand["result"]["wins"]:
            wins[w["seat"]] += 1
            if w["from"] is not None and w.get("context") != "tsumo":
                given.add((w["from"], w["tile"]))
        for giver, _ in given:
            deal_ins[giver] += 1
    return [(len(game.hands), wins[s], deal_ins[s]) for s in range(seats)]


async def open_league(store: Store, rules: str) -> tuple[LeagueService, League]:
    service = LeagueService(store)
    admin = Actor((await service.player("Admin", discord_id=1)).id, is_admin=True)
    league = await service.create_league(admin, GUILD, "Bots", rules, channel_id=CHANNEL)
    await service.start_season(admin, league)
    return service, league


@pytest.mark.parametrize(("rules", "seed"), [("riichi", "hs"), ("sichuan", "hs")])
async def test_standings_show_win_and_deal_in_rates_of_a_stored_bot_game(
    store: Store, rules: str, seed: str
) -> None:
    game = played(rules, seed)
    counts = direct_counts(game)
    assert sum(c[1] for c in counts) > 0 and sum(c[2] for c in counts) > 0  # a game worth checking
    service, league = await open_league(store, rules)
    await store_bot_game(store, game)

    view = await service.season_view(league)
    by_name = {view.names[s.player]: s for s in view.standings}
    for seat, (hands, wins, deal_ins) in enumerate(counts):
        standing = by_name[f"P{seat}"]
        assert standing.win_rate == (Decimal(wins) / hands).quantize(Decimal("0.001"))
        assert standing.deal_in_rate == (Decimal(deal_ins) / hands).quantize(Decimal("0.001"))

    files = await service.export_csv(league)
    (standings_csv,) = [text for name, text in files.items() if name.endswith("-standings.csv")]
    rows = {r["player"]: r for r in csv.DictReader(io.StringIO(standings_csv))}
    for seat, (hands, wins, deal_ins) in enumerate(counts):
        assert Decimal(rows[f"P{seat}"]["win_rate"]) == (Decimal(wins) / hands).quantize(Decimal("0.001"))
        assert Decimal(rows[f"P{seat}"]["deal_in_rate"]) == (Decimal(deal_ins) / hands).quantize(
            Decimal("0.001")
        )


async def test_a_game_whose_stored_winners_disagree_with_its_replay_gets_no_rates(store: Store) -> None:
    game = played("riichi", "hs")
    first = [w["seat"] for w in game.hands[0]["result"]["wins"]]
    service, league = await open_league(store, "riichi")
    await store_bot_game(store, game, winners_of_hand_1=[(s + 1) % 4 for s in first] or [0])

    view = await service.season_view(league)
    assert view.standings and all(s.win_rate is None and s.deal_in_rate is None for s in view.standings)


async def test_the_player_page_has_both_rating_histories(store: Store) -> None:
    game = played("riichi", "hs")
    service, league = await open_league(store, "riichi")
    await store_bot_game(store, game)
    player = await store.ensure_player("P0", discord_id=100)

    page = await service.player_page(league, player)
    assert page.ratings is not None and len(page.ratings.tenhou) == len(page.ratings.skill) == 2
    assert page.skill is not None and page.ratings.skill[-1] == pytest.approx(page.skill.ordinal)
    assert page.tenhou is not None and page.ratings.tenhou[-1] == pytest.approx(page.tenhou.rate)
