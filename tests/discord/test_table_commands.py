"""Commands in four languages (issue 20) and ``/language`` checks (issue 18), through the loopback Discord:
every name, description, option and choice of the table, scoring and small commands is localized;
``/help`` and a mention are answered in the reader's language; ``/language`` checks Manage Server itself
and refuses an unknown language by name."""

from __future__ import annotations

from typing import Any

from bot.client import MahjongBot
from bot.i18n import t
from bot.store import Store
from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import StartBot, World

OTHERS = {"ja", "zh-TW", "zh-CN"}
EXTENSIONS = ("cogs.meta", "cogs.scoring", "cogs.table")


def localized(entry: dict[str, Any], field: str) -> bool:
    return set(entry.get(f"{field}_localizations") or {}) >= OTHERS


def walk(command: dict[str, Any], path: str) -> list[str]:
    """What is not localized in ``command`` (names, descriptions, options, choices), by path."""
    missing = [f"{path} {field}" for field in ("name", "description") if not localized(command, field)]
    for option in command.get("options", []):
        where = f"{path} {option['name']}"
        if option.get("type") in (1, 2):  # a subcommand (group)
            missing += walk(option, where)
            continue
        missing += [f"{where} {field}" for field in ("name", "description") if not localized(option, field)]
        if option["name"] != "language":  # languages are named in their own script everywhere
            for choice in option.get("choices", []):
                if not localized(choice, "name"):
                    missing.append(f"{where} choice {choice['value']}")
    return missing


async def test_every_command_option_and_choice_is_localized(
    fake: FakeDiscord, world: World, start_bot: StartBot
) -> None:
    await start_bot(extensions=EXTENSIONS)
    synced = fake.commands[None]
    assert {c["name"] for c in synced} >= {"mahjong", "score", "language", "help", "ping", "hello"}
    missing = [m for command in synced for m in walk(command, "/" + command["name"])]
    assert missing == []
    mahjong = next(c for c in synced if c["name"] == "mahjong")
    new = next(o for o in mahjong["options"] if o["name"] == "new")
    rules = next(o for o in new["options"] if o["name"] == "rules")
    assert rules["name_localizations"]["ja"] == t("cmd.optname.rules", "ja")
    assert mahjong["name_localizations"]["zh-TW"] == "麻將"


async def test_help_answers_in_the_users_language_and_a_mention_gets_a_short_answer(
    fake: FakeDiscord, world: World, start_bot: StartBot
) -> None:
    await start_bot(extensions=EXTENSIONS)
    for user, language in ((world.alice, "en"), (world.carol, "ja"), (world.dave, "zh-TW")):
        ix = await fake.slash(user, "help", {}, channel=world.channel)
        assert ix.original is not None and ix.original.flags & 64
        embed = ix.original.embeds[0]
        start_a_table = f"/{t('cmd.mahjong.name', language)} {t('cmd.mahjong.new.name', language)}"
        assert embed["title"] == t("help.title", language) and start_a_table in embed["description"]
        assert embed["description"] == t("help.body", language)
    mark = fake.mark()
    await fake.post(world.bob, world.channel, f"<@{fake.bot_user.id}> how do I play?")
    answer = await fake.wait_for_message(
        lambda m: m.author.id == fake.bot_user.id, channel=world.channel, since=mark
    )
    assert answer.content == t("help.mention", "en")
    await fake.post(world.bob, world.channel, "no mention here")
    assert len([m for m in fake.channel_messages(world.channel) if m.author.id == fake.bot_user.id]) == 1


async def test_language_checks_manage_server_itself_and_refuses_an_unknown_language_by_name(
    fake: FakeDiscord, world: World, start_bot: StartBot
) -> None:
    bot: MahjongBot = await start_bot(extensions=EXTENSIONS)
    store: Store = bot.store  # type: ignore[attr-defined]
    # An admin let bob use /language (Integrations settings), but he lacks Manage Server.
    world.guild.command_overrides["language"] = {world.bob.id}
    refused = await fake.slash(world.bob, "language", {"language": "ja"}, channel=world.channel)
    assert refused.original is not None and refused.original.flags & 64
    assert refused.original.content == t("language.error.manage_guild", "en")
    assert await store.get_guild_language(world.guild.id) is None

    cog: Any = bot.get_cog("Scoring")
    unknown = await invoke_language(fake, cog, world, "klingon")
    assert unknown == t("language.error.unknown", "en", language="klingon", known="en, zh-TW, zh-CN, ja")
    assert await store.get_guild_language(world.guild.id) is None


async def invoke_language(fake: FakeDiscord, cog: Any, world: World, value: str) -> str:
    """/language with a value Discord's choices would not offer (a crafted request): the command's own
    check answers, never a KeyError."""
    sent: list[str] = []

    class Response:
        def is_done(self) -> bool:
            return bool(sent)

        async def send_message(self, content: str, **_: Any) -> None:
            sent.append(content)

    class Permissions:
        manage_guild = True

    class Locale:
        value = "en-US"

    class Interaction:
        guild_id = world.guild.id
        permissions = Permissions()
        locale = Locale()
        response = Response()
        extras: dict[str, Any] = {}

    await cog.language.callback(cog, Interaction(), value)
    return sent[0]
