"""Figures for ``/score``: the service's cost over the bare scorer, and the interaction round trip.

    /work/venv/bin/python -m tests.service.bench_scoring [--n 200]

1. Per rule set: median time of ``score_words`` (the scorer alone) and of ``score_hand`` (words, scorer,
   localized reply model), and their ratio.
2. Through the loopback Discord with the real bot: median / p95 / max latency of the initial response to
   ``/score hand`` (valid and invalid hands, sequential and a burst of 25 at once) and ``/score table``,
   as a fraction of Discord's 3-second deadline, and for valid hands the time until the answer with
   its picture arrives.  Figures, not assertions.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from bot.cli.score import score_words
from bot.engine.registry import RULE_SETS
from bot.service.scoring import EXAMPLES, ScoreInput, quick_reference, request_words, score_hand
from bot.store import Store
from tests.fakediscord.fake import FakeDiscord
from tests.fakediscord.fixtures import connect_bot, stop_bot
from tests.fakediscord.state import PendingInteraction


def median_seconds(work: object, n: int) -> float:
    times = []
    for _ in range(n):
        started = time.perf_counter()
        work()  # type: ignore[operator]
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def service_figures(n: int) -> None:
    print(f"{'rule set':<10} {'scorer':>10} {'service':>10} {'ratio':>6}   (median of {n})")
    for rules in RULE_SETS:
        request = ScoreInput(rules, EXAMPLES[rules], tsumo=True)
        words = request_words(request)
        bare = median_seconds(lambda: score_words(rules, words), n)  # noqa: B023
        full = median_seconds(lambda: score_hand(request, "ja"), n)  # noqa: B023
        print(f"{rules:<10} {bare * 1e3:8.3f}ms {full * 1e3:8.3f}ms {full / bare:6.2f}")
    tables = median_seconds(lambda: [quick_reference(r, "zh-TW") for r in RULE_SETS], max(1, n // 10))
    print(f"{'all six quick references':<28} {tables * 1e3:8.3f} ms")


def summary(name: str, latencies: list[float], deadline: float) -> str:
    ordered = sorted(latencies)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (
        f"{name:<26} n={len(ordered):<4} median {statistics.median(ordered) * 1000:7.2f} ms  "
        f"p95 {p95 * 1000:7.2f} ms  max {ordered[-1] * 1000:7.2f} ms  "
        f"max/deadline {ordered[-1] / deadline:.4f}"
    )


async def answer_time(fake: FakeDiscord, ix: PendingInteraction) -> float:
    """From the command to the message with the embed and the picture (a followup after deferring)."""
    record = await fake.wait_for_record(
        lambda r: r.kind == "message" and r.interaction_id == ix.id and bool(r.files)
    )
    return record.at - ix.dispatched_at


async def discord_figures(n: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.sqlite3")
        async with FakeDiscord() as fake:
            with fake.installed():
                guild = fake.add_guild()
                channel = fake.add_channel(guild)
                users = [fake.add_user(f"user{i}", locale="ja") for i in range(25)]
                for user in users:
                    fake.add_member(guild, user)
                bot, task = await connect_bot(fake, extensions=("cogs.scoring",), store=store)
                try:
                    deadline = fake.interaction_deadline
                    rules = list(RULE_SETS)
                    valid = [
                        await fake.slash(
                            users[0], "score hand", {"rules": rules[i % 6], "hand": EXAMPLES[rules[i % 6]]},
                            channel=channel,
                        )
                        for i in range(n)
                    ]  # fmt: skip
                    print(summary("/score hand (valid)", [ix.latency or 0.0 for ix in valid], deadline))
                    answers = [await answer_time(fake, ix) for ix in valid]
                    print(summary("  ... until embed + picture", answers, deadline))
                    bad = [
                        await fake.slash(
                            users[0], "score hand", {"rules": "riichi", "hand": "123x"}, channel=channel
                        )
                        for _ in range(n)
                    ]
                    print(summary("/score hand (bad input)", [ix.latency or 0.0 for ix in bad], deadline))
                    burst = await asyncio.gather(
                        *(
                            fake.slash(
                                user,
                                "score hand",
                                {"rules": "taiwan", "hand": EXAMPLES["taiwan"]},
                                channel=channel,
                            )
                            for user in users
                        )
                    )
                    print(summary("/score hand burst of 25", [ix.latency or 0.0 for ix in burst], deadline))
                    tables = [
                        await fake.slash(users[0], "score table", {"rules": rules[i % 6]}, channel=channel)
                        for i in range(max(6, n // 4))
                    ]
                    print(summary("/score table", [ix.latency or 0.0 for ix in tables], deadline))
                    fake.check_deadlines()
                finally:
                    await stop_bot(bot, task)
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--n", type=int, default=200)
    args = parser.parse_args()
    service_figures(args.n)
    asyncio.run(discord_figures(args.n))


if __name__ == "__main__":
    main()
