"""The game loop of ``mahjong-bot simulate`` (with or without a database): computer players, the
random players' safety cap, one game played with every invariant checked, and the run's summary.
``bot/cli/simulate.py`` (the command) and ``bot/cli/simulate_store.py`` (the stored, resumable runs)
both build on it, so neither imports the other.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any

from bot.ai import decision_seed
from bot.ai.random_player import RandomPlayer
from bot.engine.actions import Action
from bot.engine.game import Game
from bot.engine.registry import rule_set


def close_players(players: list[Any], game: Game) -> None:
    """End the outside AIs' processes, if any (bot.mjai is imported only when they are used)."""
    if "bot.mjai.seat" in sys.modules:
        sys.modules["bot.mjai.seat"].close_players(players, game)


def game_options(rules: str, ai: str) -> dict[str, Any]:
    """Options for a simulated game: the descriptor's ``random_play_cap`` (a limit on hands that the rules do
    not have) for random players only, who almost never win; real players' tables keep the rules."""
    if ai != "random":
        return {}
    return dict(rule_set(rules).random_play_cap)


ROTATE = "rotate"  # --mjai-seat: the outside AI sits at seat i % players in game i


def mjai_seat(choice: int | str, index: int, seats: int) -> int:
    """The outside AI's seat in game ``index`` of a run: ``choice``, or rotated over the games."""
    if choice == ROTATE:
        return index % seats
    if not isinstance(choice, int) or not 0 <= choice < seats:
        raise ValueError(f"--mjai-seat {choice} is not a seat of this table (0 to {seats - 1}, or {ROTATE})")
    return choice


def make_players(ai: str, game_seed: str, seats: int, mjai: str | None = None, mjai_at: int = 0) -> list[Any]:
    """Computer players for one game: the random player, or ``bot.ai.make_player(level)``; with
    ``mjai``, seat ``mjai_at`` is that outside AI (:class:`bot.mjai.seat.MjaiPlayer`), run as the
    command with ``{seat}`` replaced by the seat (a bot that takes its seat as an argument, as mjai.app
    passes it)."""
    if ai == "random":
        players: list[Any] = [RandomPlayer(f"{game_seed}:{seat}") for seat in range(seats)]
    else:
        from bot.ai import LEVELS, make_player

        if ai not in LEVELS:
            raise ValueError(f"unknown --ai {ai!r} (choose random or one of {', '.join(LEVELS)})")
        players = [make_player(ai, f"{game_seed}:{seat}") for seat in range(seats)]
    if mjai:
        from bot.mjai.seat import MjaiPlayer

        command = mjai.replace("{seat}", str(mjai_at))
        players[mjai_at] = MjaiPlayer(command, name="mjai", seed=f"{game_seed}:{mjai_at}")
    return players


def add_mjai_seats(summary: dict[str, Any], players: list[Any]) -> None:
    """Count, per seat an outside AI played, its games, accepted answers and fallbacks with their reasons
    (``summary["mjai"]``, there only when an outside AI played)."""
    outside = [(seat, p) for seat, p in enumerate(players) if hasattr(p, "fallbacks_by_reason")]
    if not outside:
        return
    report = summary.setdefault("mjai", {"answers": 0, "fallbacks": 0, "seats": {}})
    for seat, player in outside:
        entry = report["seats"].setdefault(
            str(seat), {"games": 0, "answers": 0, "fallbacks": 0, "fallbacks_by_reason": {}}
        )
        entry["games"] += 1
        entry["answers"] += player.answered
        entry["fallbacks"] += player.fallbacks
        for reason, count in player.fallbacks_by_reason.items():
            entry["fallbacks_by_reason"][reason] = entry["fallbacks_by_reason"].get(reason, 0) + count
        report["answers"] += player.answered
        report["fallbacks"] += player.fallbacks
    report["seats"] = dict(sorted(report["seats"].items()))


def mjai_line(summary: dict[str, Any], language: str = "en") -> str:
    """The outside AI's part of the text summary ("" when none played)."""
    from bot.i18n import t

    report = summary.get("mjai")
    if not report:
        return ""
    seats = ", ".join(
        t("cli.simulate.mjai_seat", language, seat=seat, answers=e["answers"], fallbacks=e["fallbacks"])
        for seat, e in report["seats"].items()
    )
    reasons: dict[str, int] = {}
    for entry in report["seats"].values():
        for reason, count in entry["fallbacks_by_reason"].items():
            reasons[reason] = reasons.get(reason, 0) + count
    top = "; ".join(
        f"{count}x {reason}" for reason, count in sorted(reasons.items(), key=lambda r: -r[1])[:3]
    )
    said = "\n" + t("cli.simulate.mjai", language, seats=seats)
    return said + ("\n" + t("cli.simulate.fallbacks", language, top=top) if top else "")


def check_mjai(rules: str, mjai: str | None) -> None:
    from bot.mjai.seat import MJAI_RULES

    if mjai and rules not in MJAI_RULES:
        raise ValueError(f"--mjai plays riichi and sanma only, not {rules}")


def choose(player: Any, game: Game, seat: int, game_seed: str) -> Action:
    """The player's decision, its randomness seeded by (game, seat, decision number) alone, so a game
    resumed from its stored decisions goes on exactly as it would have without the interruption."""
    player.rng.seed(decision_seed(game_seed, seat, len(game.decisions)))
    action: Action = player.choose(game, seat)
    return action


def play_game(game: Game, players: list[Any], game_seed: str) -> tuple[int, list[str]]:
    """Play to the end, invariants checked after every action; (checks, problems)."""
    checks = 0
    while not game.over:
        seat = game.waiting_for()[0]
        game.apply(choose(players[seat], game, seat, game_seed))
        checks += 1
        problems = game.check_invariants()
        if problems:
            return checks, problems
    return checks, []


def new_summary(rules: str) -> dict[str, Any]:
    return {
        "rules": rules,
        "games": 0,
        "hands": 0,
        "wins": 0,
        "draws": 0,
        "aborts": 0,
        "actions": 0,
        "invariant_checks": 0,
        "invariant_failures": 0,
        "failures": [],
        "game_ids": [],
    }


def add_game(summary: dict[str, Any], game: Game, game_seed: str, checks: int, problems: list[str]) -> None:
    summary["invariant_checks"] += checks
    if problems:
        summary["invariant_failures"] += 1
        summary["failures"].append({"seed": game_seed, "problems": problems})
    _count_hands(summary, game)
    summary["games"] += 1


def simulate(
    rules: str,
    games: int,
    seed: str,
    progress: Any = None,
    on_game: Callable[[Game], None] | None = None,
    ai: str = "random",
    mjai: str | None = None,
    mjai_seat_choice: int | str = 0,
) -> dict[str, Any]:
    check_mjai(rules, mjai)
    summary = new_summary(rules)
    started = time.perf_counter()
    for i in range(games):
        game_seed = f"{seed}:{i}"
        game = Game(rules, game_options(rules, ai), seed=game_seed)
        seats = game.rules.players
        players = make_players(
            ai, game_seed, seats, mjai, mjai_seat(mjai_seat_choice, i, seats) if mjai else 0
        )
        try:
            checks, problems = play_game(game, players, game_seed)
        finally:
            close_players(players, game)
        add_mjai_seats(summary, players)
        add_game(summary, game, game_seed, checks, problems)
        if on_game is not None:
            on_game(game)
        if progress is not None:
            progress(i + 1, games)
    summary["seconds"] = round(time.perf_counter() - started, 3)
    return summary


def _count_hands(summary: dict[str, Any], game: Game) -> None:
    summary["actions"] += len(game.decisions)
    for hand in game.hands:
        summary["hands"] += 1
        kind = hand["result"]["kind"]
        summary["wins" if kind == "win" else "draws" if kind == "draw" else "aborts"] += 1
