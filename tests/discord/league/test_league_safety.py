"""Issue 18's league points through the loopback Discord: store errors never reach users, and a channel
that already has a league is not taken over by a second one."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from bot.store import Store, StoreError
from tests.discord.league.support import LEAGUE, open_league, public, slash
from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import StartBot, World


async def test_a_store_error_gets_a_sentence_and_its_details_go_to_the_log(
    fake: FakeDiscord,
    world: World,
    start_bot: StartBot,
    store: Store,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    await start_bot(extensions=LEAGUE, store=store)
    await open_league(fake, world)
    secret = f"refused by the database: UNIQUE constraint failed: league_games.id in {store.path}"

    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise StoreError(secret)

    monkeypatch.setattr(Store, "record_manual_game", broken)
    with caplog.at_level(logging.ERROR):
        answer = await slash(
            fake, world, world.alice, "league record", scores="alice 40000 bob 30000 carol 20000 dave 10000"
        )
    assert answer.ephemeral
    assert (
        answer.content == "The league database could not do that right now; the details are in the bot's log."
    )
    assert "UNIQUE" not in answer.content and str(store.path) not in answer.content
    assert any(secret in (r.exc_text or "") or secret in str(r.exc_info) for r in caplog.records)


async def test_a_second_league_does_not_take_over_the_channel_and_answers_name_their_league(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store
) -> None:
    await start_bot(extensions=LEAGUE, store=store)
    owner = await open_league(fake, world)

    refused = await slash(fake, world, owner, "league create", name="Sanma nights", rules="sanma")
    assert refused.ephemeral
    assert refused.content.startswith(
        "This channel already belongs to the league “Club”, so “Sanma nights” was not"
    )
    assert [lg.name for lg in await store.guild_leagues(world.guild.id)] == ["Club"]
    same_name = await slash(fake, world, owner, "league create", name="club", rules="sanma", bind=False)
    assert same_name.ephemeral and same_name.content == "This server already has a league named “club”."

    unbound = await public(
        fake, world, owner, "league create", name="Sanma nights", rules="sanma", bind=False
    )
    assert unbound.content.startswith("League “Sanma nights” (")
    assert "not bound to a channel" in unbound.content
    channel = await store.get_channel(world.channel.id)
    club = next(lg for lg in await store.guild_leagues(world.guild.id) if lg.name == "Club")
    assert channel is not None and channel.league_id == club.id

    # Without league:, commands here still act on Club, and their answers say so.
    game = await slash(
        fake, world, world.alice, "league record", scores="alice 40000 bob 30000 carol 20000 dave 10000"
    )
    assert game.embeds[0]["title"] == "Club: game 1"
    thanks = await fake.click(world.bob, game, "league:confirm:1")
    said = await fake.wait_until(lambda: thanks.followups and thanks.followups[-1], what="the thanks")
    assert said.ephemeral and said.content == "Club: thanks, your confirmation of game 1 is recorded."
    undone = await public(fake, world, world.alice, "league undo", game=1)
    assert undone.content == "Club: game 1 no longer counts (kept in the audit log)."
    joined = await public(fake, world, world.bob, "league join", league="Sanma nights")
    assert joined.content == f"Welcome to Sanma nights, {world.bob.mention}!"
    pending = await slash(fake, world, world.bob, "league pending", league="Sanma nights")
    assert pending.embeds[0]["title"] == "Sanma nights: games waiting for confirmation"


async def test_a_game_number_beyond_any_stored_one_is_no_such_game_on_both_backends(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store
) -> None:
    await start_bot(extensions=LEAGUE, store=store)
    owner = await open_league(fake, world)
    # Discord lets an integer option reach 2^53; PostgreSQL's ids stop at 2^31 - 1 and refused the query,
    # so the answer blamed the league database.
    for command in ("league confirm", "league undo", "league history"):
        answer = await slash(fake, world, owner, command, game=2**40)
        assert answer.ephemeral and answer.content == "There is no game 1099511627776 in this league."
