"""Helpers for the league tests through the loopback Discord: a clock to move, a league with members,
commands answered (after a deferred answer is filled in)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from bot.i18n import LANGUAGES, t
from bot.store import LeagueGame, Store
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser, PendingInteraction
from tests.fakediscord.fixtures import World

LEAGUE = ("cogs.league",)
LOADING = 128


class MovableClock:
    """A clock tests move by hand (the store stamps with it; the cog's service reads it)."""

    def __init__(self, start: datetime = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


#: What a private "thinking" placeholder is filled with when the answer goes out publicly after it
#: (cogs/interaction.py reply): a command slower than DEFER_AFTER answers that way.
DONE = frozenset(t("table.done", language) for language in LANGUAGES)


async def answered(fake: FakeDiscord, ix: PendingInteraction) -> FakeMessage:
    """The command's answer: its original response, or, when a slow command was deferred privately and
    then answered publicly, the public message that followed the "Done." placeholder."""

    def ready() -> FakeMessage | None:
        message = ix.original
        if message is None or message.flags & LOADING or not (message.content or message.embeds):
            return None
        if message.ephemeral and message.content in DONE:
            shown = [m for m in ix.followups if not m.ephemeral and (m.content or m.embeds)]
            return shown[-1] if shown else None
        return message

    message: FakeMessage = await fake.wait_until(ready, what=f"the answer to interaction {ix.id}")
    return message


async def slash(
    fake: FakeDiscord, world: World, who: FakeUser, command: str, /, **options: Any
) -> FakeMessage:
    return await answered(fake, await fake.slash(who, command, options, channel=world.channel))


async def public(
    fake: FakeDiscord, world: World, who: FakeUser, command: str, /, **options: Any
) -> FakeMessage:
    """The public message a command posts (after a private "Done." when it was deferred privately)."""
    ix = await fake.slash(who, command, options, channel=world.channel)
    await answered(fake, ix)

    def posted() -> FakeMessage | None:
        shown = [m for m in (ix.original, *ix.followups) if m is not None and not m.ephemeral]
        return shown[-1] if shown and (shown[-1].content or shown[-1].embeds) else None

    message: FakeMessage = await fake.wait_until(posted, what=f"the public answer to {command}")
    return message


async def open_league(
    fake: FakeDiscord,
    world: World,
    *,
    name: str = "Club",
    rules: str = "riichi",
    members: list[FakeUser] | None = None,
) -> FakeUser:
    """A league with an open season and members (default alice, bob, carol, dave); returns the owner."""
    owner = fake.users[world.guild.owner_id]
    await slash(fake, world, owner, "league create", name=name, rules=rules)
    await slash(fake, world, owner, "league season start")
    for user in members if members is not None else world.players:
        await slash(fake, world, user, "league join")
    return owner


def add_member(fake: FakeDiscord, world: World, name: str) -> FakeUser:
    user = fake.add_user(name)
    fake.add_member(world.guild, user)
    return user


def game_id_of(message: FakeMessage) -> int:
    return int(message.embeds[0]["title"].rsplit(" ", 1)[1])


async def games_in_current_season(store: Store, world: World) -> list[LeagueGame]:
    """Every game of the server's (first) league's running season, whatever its status: a refused entry
    or import leaves this list as it was."""
    league = (await store.guild_leagues(world.guild.id))[0]
    season = await store.current_season(league.id)
    assert season is not None
    return await store.season_games(season.id, statuses=("pending", "confirmed", "void"))
