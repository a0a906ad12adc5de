"""Games played on the bot: counting them in the league bound to their channel, and their hand outcomes."""

from __future__ import annotations

import weakref

from bot.league.hand_stats import HandOutcome, hand_outcome
from bot.store import GameRecord, LeagueGame, Store


async def record_bot_game(
    store: Store, game_id: int, *, parent_channel_id: int | None = None
) -> LeagueGame | None:
    """Count a finished bot game in the league bound to its channel; None when it does not count.

    The table service calls this after ``store.finish_game`` and ``store.record_final_results``.  A game
    counts when its channel (or ``parent_channel_id``, the channel a thread belongs to) is bound to a
    league whose rule set is the game's, the league has an open season, and every seat is a Discord
    user (no computer players).  Human players join the league by playing in it.  Calling it twice for
    the same game records it once.
    """
    game = await store.get_game(game_id)
    league_id = None
    for channel_id in (game.channel_id, parent_channel_id):
        if channel_id is None:
            continue
        channel = await store.get_channel(channel_id)
        if channel is not None and channel.league_id is not None:
            league_id = channel.league_id
            break
    if league_id is None:
        return None
    league = await store.get_league(league_id)
    season = await store.current_season(league.id)
    if season is None or league.rule_set != game.rule_set:
        return None
    players = [await store.get_player(pid) for pid in game.seats]
    if any(p.discord_id is None for p in players):
        return None
    for existing in await store.season_games(season.id, statuses=("confirmed", "pending", "void")):
        if existing.game_id == game_id:
            return existing
    for player in players:
        await store.join_league(league.id, player.id)
    return await store.record_bot_game(season.id, game_id)


# ---------------------------------------------------------------------- pure helpers
#: Hand outcomes of finished bot games per store (they never change), None when not derivable.
HAND_OUTCOMES: weakref.WeakKeyDictionary[Store, dict[int, list[HandOutcome] | None]] = (
    weakref.WeakKeyDictionary()
)


def stored_hand_outcomes(record: GameRecord) -> list[HandOutcome]:
    """Who won and who dealt in, hand by hand, for a stored finished game.

    The stored hand results name the winners but not the seat that gave the winning tile, so the game
    is rebuilt from its rule set, options, revealed seed and decisions (event sourcing) and each hand's
    outcome read from the engine's records; the winners must agree with the stored ones hand by hand.
    Raises ValueError when the game cannot be rebuilt or disagrees with what is stored.
    """
    from bot.engine.actions import Action
    from bot.engine.game import Game

    game = record.game
    seed = game.revealed_seed or game.options.get("_seed")
    if not isinstance(seed, str):
        raise ValueError(f"game {game.id} has no revealed seed")
    options = {k: v for k, v in game.options.items() if not k.startswith("_")}  # the service's own keys
    rebuilt = Game(game.rule_set, options, seed)
    for decision in record.decisions:
        rebuilt.apply(Action.from_json(decision.action))
    outcomes = [hand_outcome(hand["result"]) for hand in rebuilt.hands]
    if len(outcomes) != len(record.hands):
        raise ValueError(f"game {game.id}: {len(outcomes)} hands replayed, {len(record.hands)} stored")
    for stored, outcome in zip(record.hands, outcomes, strict=True):
        if sorted(stored.winners) != list(outcome.winners):
            raise ValueError(f"game {game.id}: hand {stored.hand_index + 1} winners differ from the replay")
    return outcomes
