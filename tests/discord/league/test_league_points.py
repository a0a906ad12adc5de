"""A sichuan league settled in points through the loopback Discord: net chips per game (no uma, no oka)
times the league's multiplier, from games entered on one line and a game played on the bot."""

from __future__ import annotations

from decimal import Decimal

from bot.league.settlement import settings_for
from bot.league.standings import settle_rows, standings
from bot.service.league import record_bot_game
from bot.store import FinalResult, Store
from cogs.league.presenters import standing_line
from tests.discord.league.support import LEAGUE, game_id_of, open_league, public, slash
from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import StartBot, World

# Net chips per game, seat order (they sum to zero: chip games have no starting stack by default).
TYPED = [
    ("alice +48 bob -16 carol -16 dave -16", ["alice", "bob", "carol", "dave"], [48, -16, -16, -16]),
    ("carol 30, dave -6; alice -12 bob -12", ["carol", "dave", "alice", "bob"], [30, -6, -12, -12]),
    ("bob 0 carol 0 dave 8 alice -8", ["bob", "carol", "dave", "alice"], [0, 0, 8, -8]),
]
ON_THE_BOT = (["dave", "alice", "bob", "carol"], [-40, 64, -12, -12])


async def test_a_sichuan_league_counts_net_chips_times_its_multiplier(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store
) -> None:
    await start_bot(extensions=LEAGUE, store=store)
    owner = await open_league(fake, world, rules="sichuan")
    shown = await slash(fake, world, world.bob, "league settings")
    assert "`scoring` points" in shown.embeds[0]["description"]
    saved = await slash(fake, world, owner, "league settings", multiplier=0.5)
    assert "`multiplier` 0.5" in saved.embeds[0]["description"]
    users = {u.name: u for u in world.players}

    wrong = await slash(
        fake, world, world.alice, "league record", scores="alice 48 bob -16 carol -16 dave -15"
    )
    assert wrong.content == "The points add up to 1, but they must add up to 0."
    for line, seats, _ in TYPED:
        game = await slash(fake, world, users[seats[0]], "league record", scores=line)
        for name in seats[1:]:
            await fake.click(users[name], game, f"league:confirm:{game_id_of(game)}")
    seats, chips = ON_THE_BOT
    ids = [(await store.ensure_player(n, discord_id=users[n].id)).id for n in seats]
    game_id = await store.create_game("sichuan", ids, guild_id=world.guild.id, channel_id=world.channel.id)
    ranks = sorted(range(4), key=lambda s: (-chips[s], s))
    await store.record_final_results(
        game_id, [FinalResult(s, ids[s], chips[s], ranks.index(s) + 1) for s in range(4)]
    )
    await store.finish_game(game_id)
    assert (await record_bot_game(store, game_id)) is not None

    pid = {n: (await store.find_player(discord_id=u.id)) for n, u in users.items()}
    key = {n: p.id for n, p in pid.items() if p is not None}
    settings = settings_for("sichuan", {"multiplier": "0.5"})
    games = [(s, c) for _, s, c in TYPED] + [ON_THE_BOT]
    expected = standings(
        [settle_rows([(key[n], c) for n, c in zip(s, c_, strict=True)], settings) for s, c_ in games]
    )
    totals = {n: sum(c[s.index(n)] for s, c in games if n in s) for n in users}
    assert {s.player: s.total for s in expected} == {key[n]: Decimal(t) / 2 for n, t in totals.items()}
    board = await public(fake, world, world.carol, "league standings")
    names = {pid_: n for n, pid_ in key.items()}
    assert board.embeds[0]["description"].split("\n") == [
        standing_line(s, names[s.player], "en") for s in expected
    ]
    assert board.embeds[0]["description"].split("\n")[0].startswith("1. alice: +46.0 pts")  # (48-12-8+64)/2
