"""The toy rule set, registered from this folder before the bot starts, is offered by ``/score hand``,
``/score table`` and ``/league create`` of the loopback Discord (which, like Discord, refuses an option
value that is not among the command's declared choices): the commands build their rule-set choices when
their cogs are made, from the rule sets registered then."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from PIL import Image

from bot.i18n import t
from bot.store import Store
from tests.discord.league.support import answered, public, slash
from tests.fakediscord import FakeDiscord, FakeDiscordError, FakeMessage
from tests.fakediscord.fixtures import *  # noqa: F403  (the loopback Discord's fixtures)
from tests.fakediscord.fixtures import StartBot, World
from tests.rules.toy.descriptor import TOY
from tests.rules.toy.request import NAMES

HAND = "123m456p99m"
SCORING_AND_LEAGUE = ("cogs.scoring", "cogs.league")


@pytest.fixture
async def store(toy: None, database: str) -> AsyncIterator[Store]:
    """The bot's store (SQLite and PostgreSQL), opened with the toy registered."""
    opened = await Store.open(database)
    try:
        yield opened
    finally:
        await opened.close()


def fields_of(message: FakeMessage) -> dict[str, str]:
    return {field["name"]: field["value"] for field in message.embeds[0]["fields"]}


async def test_score_hand_and_table_offer_and_answer_the_toy(
    toy: None, fake: FakeDiscord, world: World, store: Store, start_bot: StartBot
) -> None:
    await start_bot(extensions=SCORING_AND_LEAGUE, store=store)
    with pytest.raises(FakeDiscordError, match="not a choice"):  # as Discord's client, only a declared one
        await fake.slash(world.alice, "score hand", {"rules": "toys", "hand": HAND}, channel=world.channel)

    scored = await slash(fake, world, world.alice, "score hand", rules="toy", hand=HAND)
    assert not scored.ephemeral and TOY.title in scored.embeds[0]["title"]
    shown = fields_of(scored)
    # the toy's own word for a hand's value ("×2 base"), its own line, and the discarder pays 200
    assert shown[t("score.total", "en")] == t("score.unit.multiple", "en", n=2)
    assert (
        shown[t("score.lines", "en")] == f"{NAMES['toy_win']['en']} — {t('score.unit.multiple', 'en', n=1)}"
    )
    assert shown[t("score.payments", "en")] == t(
        "score.pays", "en", payer=t("score.discarder", "en"), amount=200
    )
    picture = Image.open(io.BytesIO(scored.files()["hand.png"]))
    assert picture.width > 0 and picture.height > 0
    assert scored.embeds[0]["image"]["url"] == "attachment://hand.png"

    table = await slash(fake, world, world.bob, "score table", rules="toy")
    assert not table.ephemeral and TOY.title in table.embeds[0]["title"]


async def test_a_toy_league_is_created_played_and_ranked_with_the_toy_defaults(
    toy: None, fake: FakeDiscord, world: World, store: Store, start_bot: StartBot
) -> None:
    await start_bot(extensions=SCORING_AND_LEAGUE, store=store)
    owner = fake.users[world.guild.owner_id]
    created = await slash(fake, world, owner, "league create", name="Toys", rules="toy")
    assert not created.ephemeral and "Toys" in created.content and TOY.title in created.content
    await slash(fake, world, owner, "league season start")
    a, b, c, _ = world.players
    for user in (a, b, c):
        await slash(fake, world, user, "league join")

    settings = (await slash(fake, world, a, "league settings")).embeds[0]["description"].split("\n")
    assert {"`rules` toy", "`start_points` 1000", "`return_points` 1000", "`uma` 10 0 -10"} <= set(settings)
    game = await slash(
        fake, world, a, "league record", east=a, east_points=1400, south=b, south_points=1000,
        west=c, west_points=600,
    )  # fmt: skip
    assert not game.ephemeral and len(game.embeds[0]["fields"]) == 3  # a toy table seats three
    game_id = int(game.embeds[0]["title"].rsplit(" ", 1)[1])
    for user in (b, c):
        await answered(fake, await fake.click(user, game, f"league:confirm:{game_id}"))
    assert (await store.get_league_game(game_id)).status == "confirmed"

    board = await public(fake, world, b, "league standings")
    lines = board.embeds[0]["description"].split("\n")
    # (1400 - 1000) / 100 + 10, 0 + 0, (600 - 1000) / 100 - 10: the descriptor's league defaults
    assert [line.split(" pts")[0] for line in lines] == ["1. alice: +14.0", "2. bob: +0.0", "3. carol: -14.0"]


def text_files_naming_the_toy(root: Path) -> list[str]:
    """The text files under bot/ and cogs/ whose text says "toy" (binary files, fonts, are skipped)."""
    named = []
    for folder in ("bot", "cogs"):
        for path in sorted((root / folder).rglob("*")):
            try:
                text = path.read_text(encoding="utf-8") if path.is_file() else ""
            except UnicodeDecodeError:
                continue
            if "toy" in text.lower():
                named.append(str(path.relative_to(root)))
    return named


def test_no_file_of_the_bot_names_the_toy() -> None:
    """The commands above find the toy through the registry alone."""
    assert text_files_naming_the_toy(Path(__file__).resolve().parents[3]) == []
