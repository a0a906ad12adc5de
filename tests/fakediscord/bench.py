"""Round-trip figures of the bot through the fake: how long the initial response to an interaction takes.

    /work/venv/bin/python -m tests.fakediscord.bench [--n 200] [--burst 25]

Prints median / p95 / max latency of sequential /ping commands and button clicks, and of a burst of
simultaneous commands, as a ratio of Discord's 3-second deadline. Figures, not assertions.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

from .fake import FakeDiscord
from .fixtures import connect_bot, stop_bot


def summary(name: str, latencies: list[float], deadline: float) -> str:
    ordered = sorted(latencies)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (
        f"{name:<28} n={len(ordered):<4} median {statistics.median(ordered) * 1000:7.2f} ms  "
        f"p95 {p95 * 1000:7.2f} ms  max {ordered[-1] * 1000:7.2f} ms  "
        f"max/deadline {ordered[-1] / deadline:.4f}"
    )


async def run(n: int, burst: int) -> None:
    async with FakeDiscord() as fake:
        with fake.installed():
            guild = fake.add_guild()
            channel = fake.add_channel(guild)
            users = [fake.add_user(f"user{i}") for i in range(max(burst, 1))]
            for user in users:
                fake.add_member(guild, user)
            started = time.perf_counter()
            bot, task = await connect_bot(fake)
            print(f"{'connect + ready':<28} {(time.perf_counter() - started) * 1000:.1f} ms")
            try:
                slash = [await fake.slash(users[0], "ping", channel=channel) for _ in range(n)]
                print(
                    summary(
                        "sequential /ping", [ix.latency or 0.0 for ix in slash], fake.interaction_deadline
                    )
                )
                message = slash[-1].original
                assert message is not None
                clicks = []
                for _ in range(n):
                    custom_id = fake.message(message).custom_ids()[0]
                    clicks.append(await fake.click(users[0], message, custom_id))
                print(
                    summary(
                        "sequential button click",
                        [ix.latency or 0.0 for ix in clicks],
                        fake.interaction_deadline,
                    )
                )
                together = await asyncio.gather(
                    *(fake.slash(u, "ping", channel=channel) for u in users[:burst])
                )
                print(
                    summary(
                        f"burst of {burst} /ping",
                        [ix.latency or 0.0 for ix in together],
                        fake.interaction_deadline,
                    )
                )
            finally:
                await stop_bot(bot, task)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--n", type=int, default=200, help="sequential commands and clicks")
    parser.add_argument("--burst", type=int, default=25, help="simultaneous commands")
    args = parser.parse_args()
    asyncio.run(run(args.n, args.burst))


if __name__ == "__main__":
    main()
