"""``/score hand``, ``/score table`` and ``/language`` through the loopback Discord with the real bot."""

from __future__ import annotations

import io
import logging
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import cogs.interaction
import cogs.scoring
from bot.cli.score import score_words
from bot.client import EXTENSIONS, MahjongBot
from bot.engine.registry import RULE_SETS
from bot.i18n import t
from bot.render.geometry import LARGE
from bot.service.scoring import EXAMPLES, ScoreInput, names_table, request_words
from bot.store import Store
from tests.discord.held import HeldWork
from tests.fakediscord import FakeDiscord, FakeDiscordError
from tests.fakediscord.fixtures import StartBot, World
from tests.fakediscord.world import FakeMessage, FakeUser

#: The scoring cog alone, so other cogs' work in progress cannot break these tests (one test below loads
#: the bot's full EXTENSIONS to catch command name clashes).
ONLY_SCORING = ("cogs.scoring",)
MANAGE_GUILD = 1 << 5

#: A winning hand with options per rule set (the options the slash command sends, by name).
VALID: dict[str, dict[str, Any]] = {
    "riichi": {"hand": "234m456m567p33s678s", "tsumo": True, "riichi": True, "dora": "1m", "honba": 1},
    "sanma": {"hand": "111m99m123p456p789p", "seat": "E", "sticks": 1},
    "mingjiang": {"hand": "234m567p33s789s555z", "tsumo": True, "streak": 1, "dora": "5z"},
    "sichuan": {"hand": "123456789m22233p", "void": "s", "extra": "--base 2"},
    "taiwan": {
        "hand": "123m456m789m123p456p11s",
        "tsumo": True,
        "flowers": "1f2f",
        "dealer": True,
        "streak": 2,
    },
    "pihu": {"hand": "11m22m33m44m55m66m77m", "tsumo": True, "dealer": True},
}


@pytest.fixture
def errors_logged(caplog: pytest.LogCaptureFixture) -> Iterator[list[logging.LogRecord]]:
    """Every record at ERROR or worse logged during the test (should stay empty)."""
    with caplog.at_level(logging.WARNING):
        found: list[logging.LogRecord] = []
        yield found
        found += [r for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    """A store of the test's own (closed after the bot: set up before ``start_bot``)."""
    store = await Store.open(tmp_path / "score.sqlite3")
    try:
        yield store
    finally:
        await store.close()


@pytest.fixture
async def scoring_bot(fake: FakeDiscord, world: World, store: Store, start_bot: StartBot) -> MahjongBot:
    return await start_bot(extensions=ONLY_SCORING, store=store)


async def score(fake: FakeDiscord, user: FakeUser, world: World, rules: str, **options: Any) -> FakeMessage:
    ix = await fake.slash(user, "score hand", {"rules": rules, **options}, channel=world.channel)
    assert fake.answered_in_time(ix)
    return await fake.wait_for_message(lambda m: m.interaction_id == ix.id and bool(m.embeds))


def fields(message: FakeMessage, language: str = "en") -> dict[str, str]:
    return {f["name"]: f["value"] for f in message.embeds[0].get("fields", [])}


def loaded_cog_module() -> Any:
    """The module the running bot loaded (a bot's close unloads its extensions: each bot imports anew)."""
    return sys.modules["cogs.scoring"]


def words_for(rules: str, options: dict[str, Any]) -> list[str]:
    return request_words(ScoreInput(rules=rules, **options))


@pytest.mark.parametrize("rules", sorted(RULE_SETS))
async def test_score_answers_with_the_scorers_total_points_and_payments(
    fake: FakeDiscord, world: World, scoring_bot: MahjongBot, rules: str, errors_logged: list[Any]
) -> None:
    message = await score(fake, world.alice, world, rules, **VALID[rules])

    expected = score_words(rules, words_for(rules, VALID[rules]))
    assert expected["ok"], expected
    shown = fields(message)
    total_key = next(k for k in ("han", "fan", "tai", "multiplier") if expected.get(k) is not None)
    assert str(expected[total_key]) in shown["Total"]
    if expected.get("fu") is not None:
        assert f"{expected['fu']} fu" in shown["Total"]
    assert shown["Points"] == str(expected["points"])
    for amount in expected["payments"].values():
        assert f"pays {amount}" in shown["Payments"]
    assert len(shown["Yaku"].splitlines()) == len(expected["yaku"])
    for name, value in expected["yaku"]:
        assert f"{name} — " in shown["Yaku"] and str(value).split()[0] in shown["Yaku"]
    assert not message.ephemeral
    picture = message.files()[cogs.scoring.PICTURE_NAME]
    assert picture.startswith(b"\x89PNG") and message.embeds[0]["image"]["url"].endswith("hand.png")
    assert fake.rejections == []
    fake.check_deadlines()
    assert errors_logged == []


@pytest.mark.parametrize(("user_name", "language"), [("carol", "ja"), ("dave", "zh-TW"), ("alice", "en")])
async def test_yaku_and_labels_follow_the_users_discord_language(
    fake: FakeDiscord, world: World, scoring_bot: MahjongBot, user_name: str, language: str
) -> None:
    user = getattr(world, user_name)
    message = await score(fake, user, world, "riichi", hand="234m456m567p33s678s", riichi=True)

    shown = fields(message)
    yaku = shown[t("score.lines", language)]
    table = names_table("riichi")
    for yaku_id in ("riichi", "pinfu", "tanyao"):
        assert table[yaku_id][language] in yaku
    assert t("score.discarder", language) in shown[t("score.payments", language)]
    assert message.embeds[0]["title"].startswith(t("rules.riichi", language))


BAD_INPUT = [
    pytest.param("riichi", {"hand": "123x456m789p11s"}, "'x'", id="unknown-suit-letter"),
    pytest.param("riichi", {"hand": "11111m234p567s789s"}, "more than 4 copies of 1m", id="fifth-copy"),
    pytest.param("riichi", {"hand": "234m456m567p33s"}, "14 tiles", id="wrong-tile-count"),
    pytest.param("taiwan", {"hand": "234m456m567p33s678s"}, "17 tiles", id="wrong-tile-count-taiwan"),
    pytest.param("sichuan", {"hand": "123m456m789m11m222z"}, "2z", id="tile-not-in-sichuan"),
    pytest.param("sanma", {"hand": "234m456p789p11s222s"}, "2m", id="tile-not-in-sanma"),
    pytest.param("riichi", {"hand": "123m456p789s234m22s"}, "no yaku", id="no-yaku"),
    pytest.param("mingjiang", {"hand": "123m456p789s234m23s"}, "not a winning hand", id="not-a-win"),
    pytest.param("riichi", {"hand": "234m456m567p33s678s", "seat": "Q"}, "'Q'", id="bad-seat"),
    pytest.param("pihu", {"hand": EXAMPLES["pihu"], "extra": "--base many"}, "'many'", id="bad-flag-value"),
    pytest.param("mingjiang", {"hand": EXAMPLES["mingjiang"], "extra": "--dealer-streak x"}, "'x'", id="int"),
    pytest.param("riichi", {"hand": EXAMPLES["riichi"], "extra": "--no-such-flag"}, "--no-such", id="flag"),
    pytest.param("sichuan", {"hand": "123456789m22233p", "riichi": True}, "`riichi`", id="option-not-used"),
]  # fmt: skip


@pytest.mark.parametrize(("rules", "options", "named"), BAD_INPUT)
async def test_bad_input_gets_a_clear_ephemeral_error_naming_the_problem(
    fake: FakeDiscord,
    world: World,
    scoring_bot: MahjongBot,
    rules: str,
    options: dict[str, Any],
    named: str,
    errors_logged: list[Any],
) -> None:
    ix = await fake.slash(world.bob, "score hand", {"rules": rules, **options}, channel=world.channel)

    assert ix.response_type == 4 and fake.answered_in_time(ix)
    assert ix.original is not None and ix.original.ephemeral
    text = ix.original.embeds[0]["description"]
    assert named in text
    assert f"`{EXAMPLES[rules]}`" in text
    assert "Traceback" not in text and "Something went wrong" not in text
    assert fake.channel_messages(world.channel) == []  # nobody else sees the mistake
    fake.check_deadlines()
    assert errors_logged == []


@pytest.mark.parametrize("language", ["en", "ja", "zh-TW", "zh-CN"])
async def test_unreadable_extra_flags_are_named_in_the_readers_language(
    fake: FakeDiscord, world: World, scoring_bot: MahjongBot, language: str, errors_logged: list[Any]
) -> None:
    """Before, the reason was Python's English ("No closing quotation") inside a translated sentence."""
    reader = fake.add_user(f"reader-{language}", locale=language)
    fake.add_member(world.guild, reader)
    hand = EXAMPLES["riichi"]
    cases = (
        ("--ura 1m --dora 'x", t("score.extra_unclosed_quote", language, text="'x")),
        ('--dora "1m \\" 2m', t("score.extra_unclosed_quote", language, text='"1m \\" 2m')),
        ("--dora 1m\\", t("score.extra_trailing_backslash", language)),
    )
    for extra, expected in cases:
        ix = await fake.slash(
            reader, "score hand", {"rules": "riichi", "hand": hand, "extra": extra}, channel=world.channel
        )
        assert ix.original is not None and ix.original.ephemeral
        text = ix.original.embeds[0]["description"]
        assert expected in text and f"`{hand}`" in text
        assert "No closing" not in text and "No escaped" not in text
    fake.check_deadlines()
    assert errors_logged == []


async def test_the_hand_picture_shows_every_tile_of_the_hand(
    fake: FakeDiscord, world: World, scoring_bot: MahjongBot
) -> None:
    small = await score(fake, world.alice, world, "pihu", hand=EXAMPLES["pihu"])
    large = await score(fake, world.alice, world, "taiwan", hand=EXAMPLES["taiwan"], flowers="1f")
    widths = [Image.open(io.BytesIO(m.files()[cogs.scoring.PICTURE_NAME])).size[0] for m in (small, large)]
    assert widths[1] - widths[0] >= 4 * LARGE.width  # 17 tiles and a flower against 14 tiles


async def test_hand_picture_is_drawn_off_the_loop_and_attached(
    fake: FakeDiscord, world: World, scoring_bot: MahjongBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading

    drawn_in: list[str] = []

    def draw(reply: Any) -> bytes:
        drawn_in.append(threading.current_thread().name)
        out = io.BytesIO()
        Image.new("RGB", (14 * 8, 12), "white").save(out, "PNG")
        return out.getvalue()

    monkeypatch.setattr(loaded_cog_module(), "HAND_PICTURE", draw)
    ix = await fake.slash(
        world.alice, "score hand", {"rules": "pihu", "hand": EXAMPLES["pihu"]}, channel=world.channel
    )

    assert ix.response_type == 4 and fake.answered_in_time(ix)  # one answer, no defer
    message = await fake.wait_for_message(lambda m: m.interaction_id == ix.id and bool(m.embeds))
    assert drawn_in and drawn_in[0] != threading.main_thread().name
    files = message.files()
    assert list(files) == [cogs.scoring.PICTURE_NAME]
    assert Image.open(io.BytesIO(files[cogs.scoring.PICTURE_NAME])).size == (14 * 8, 12)
    assert message.embeds[0]["image"]["url"].endswith(cogs.scoring.PICTURE_NAME)
    fake.check_deadlines()


async def test_a_slow_picture_is_deferred_to_meet_the_deadline(
    fake: FakeDiscord, world: World, scoring_bot: MahjongBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = loaded_cog_module()
    fast = module.HAND_PICTURE
    drawing = HeldWork()  # the picture is still being drawn until the answer was deferred

    def slow(reply: Any) -> bytes | None:
        drawing.wait()
        return fast(reply)

    monkeypatch.setattr(module, "HAND_PICTURE", slow)
    with drawing.until_answered():
        ix = await fake.slash(
            world.alice, "score hand", {"rules": "riichi", "hand": EXAMPLES["riichi"]}, channel=world.channel
        )

    assert ix.response_type == 5 and fake.answered_in_time(ix)
    message = await fake.wait_for_message(lambda m: m.interaction_id == ix.id and bool(m.embeds))
    assert cogs.scoring.PICTURE_NAME in message.files()
    fake.check_deadlines()


async def test_a_hand_that_scores_slowly_and_cannot_be_scored_is_still_answered_privately(
    fake: FakeDiscord, world: World, scoring_bot: MahjongBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past the deadline the answer is deferred publicly ("thinking" in the channel); Discord would show
    the first followup in that placeholder to everyone, so the mistake is answered in a message of its own
    that only its author sees, and the placeholder is gone."""
    module = loaded_cog_module()
    quick = module.score_hand
    scoring = HeldWork()  # the hand is still being scored until the answer was deferred

    def slow(*args: Any) -> Any:
        scoring.wait()
        return quick(*args)

    monkeypatch.setattr(module, "score_hand", slow)
    with scoring.until_answered():
        ix = await fake.slash(
            world.bob, "score hand", {"rules": "riichi", "hand": "123x456m789p11s"}, channel=world.channel
        )

    assert ix.response_type == 5 and fake.answered_in_time(ix)
    answer = await fake.wait_for_message(lambda m: m.interaction_id == ix.id and bool(m.embeds))
    assert answer.ephemeral and "'x'" in answer.embeds[0]["description"]
    assert ix.original is not None and ix.original.deleted
    assert fake.channel_messages(world.channel) == []  # nobody else sees the mistake
    fake.check_deadlines()


async def test_a_failing_picture_still_answers_with_the_score(
    fake: FakeDiscord, world: World, scoring_bot: MahjongBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(reply: Any) -> bytes:
        raise OSError("no tile images")

    monkeypatch.setattr(loaded_cog_module(), "HAND_PICTURE", broken)
    ix = await fake.slash(
        world.alice, "score hand", {"rules": "pihu", "hand": EXAMPLES["pihu"]}, channel=world.channel
    )

    message = await fake.wait_for_message(lambda m: m.interaction_id == ix.id and bool(m.embeds))
    assert fields(message)["Points"] == str(score_words("pihu", [EXAMPLES["pihu"]])["points"])
    assert message.embeds[0]["footer"]["text"] == t("score.picture_failed", "en")


@pytest.mark.parametrize("rules", sorted(RULE_SETS))
async def test_score_table_shows_the_rule_sets_quick_reference(
    fake: FakeDiscord, world: World, scoring_bot: MahjongBot, rules: str
) -> None:
    ix = await fake.slash(world.carol, "score table", {"rules": rules}, channel=world.channel)

    assert ix.response_type == 4 and fake.answered_in_time(ix)
    assert ix.original is not None
    embed = ix.original.embeds[0]
    assert embed["title"] == t("qr.title", "ja", rules=t(f"rules.{rules}", "ja"))
    assert embed["fields"] and all(f["value"].startswith("```") for f in embed["fields"])
    assert fake.rejections == []


async def test_extra_autocomplete_suggests_the_rule_sets_flags(
    fake: FakeDiscord, world: World, scoring_bot: MahjongBot
) -> None:
    riichi = await fake.autocomplete(
        world.alice, "score hand", {"rules": "riichi", "hand": "123m", "extra": "--ippatsu --ha"},
        focused="extra", channel=world.channel,
    )  # fmt: skip
    assert [c["value"] for c in riichi] == ["--ippatsu --haitei"]
    taiwan = await fake.autocomplete(
        world.alice, "score hand", {"rules": "taiwan", "hand": "123m", "extra": ""},
        focused="extra", channel=world.channel,
    )  # fmt: skip
    values = [c["value"] for c in taiwan]
    assert "--extras" in values and "--ippatsu" not in values and len(values) <= 25


async def test_seat_autocomplete_offers_the_tables_winds_in_the_users_language(
    fake: FakeDiscord, world: World, scoring_bot: MahjongBot
) -> None:
    sanma = await fake.autocomplete(
        world.carol, "score hand", {"rules": "sanma", "hand": "123m", "seat": ""}, focused="seat",
        channel=world.channel,
    )  # fmt: skip
    assert [c["value"] for c in sanma] == ["E", "S", "W"]  # no North seat at a three-player table
    assert "東" in sanma[0]["name"] and "親" in sanma[0]["name"]
    typed = await fake.autocomplete(
        world.alice, "score hand", {"rules": "riichi", "hand": "123m", "seat": "nor"}, focused="seat",
        channel=world.channel,
    )  # fmt: skip
    assert [c["value"] for c in typed] == ["N"]


async def test_win_autocomplete_offers_the_tiles_of_the_typed_hand(
    fake: FakeDiscord, world: World, scoring_bot: MahjongBot
) -> None:
    choices = await fake.autocomplete(
        world.alice, "score hand", {"rules": "riichi", "hand": "234m55z pon:777z", "win": ""},
        focused="win", channel=world.channel,
    )  # fmt: skip
    assert [c["value"] for c in choices] == ["2m", "3m", "4m", "5z"]


async def test_commands_are_synced_with_names_and_descriptions_in_every_language(
    fake: FakeDiscord, world: World, scoring_bot: MahjongBot
) -> None:
    synced = {c["name"]: c for c in fake.commands[None]}
    score_command = synced["score"]
    assert score_command["name_localizations"]["ja"] == t("cmd.score.name", "ja")
    for sub in score_command["options"]:
        assert set(sub["description_localizations"]) == {"ja", "zh-TW", "zh-CN"}
        for option in sub["options"]:
            assert set(option["description_localizations"]) == {"ja", "zh-TW", "zh-CN"}
    assert synced["language"]["description_localizations"]["zh-CN"] == t("cmd.language.description", "zh-CN")


async def test_server_language_is_the_fallback_for_users_we_cannot_speak_to(
    fake: FakeDiscord, world: World, scoring_bot: MahjongBot, store: Store
) -> None:
    admin = fake.add_role(world.guild, "admin", permissions=MANAGE_GUILD)
    boss = fake.add_user("boss", locale="fr")
    fake.add_member(world.guild, boss, roles=[admin])
    french = fake.add_user("pierre", locale="fr")
    fake.add_member(world.guild, french)

    with pytest.raises(FakeDiscordError, match="needs permissions"):  # Discord hides it from them
        await fake.slash(french, "language", {"language": "ja"}, channel=world.channel)

    done = await fake.slash(boss, "language", {"language": "zh-CN"}, channel=world.channel)
    assert done.original is not None and done.original.content == t(
        "language.set", "zh-CN", language="简体中文"
    )
    assert await store.get_guild_language(world.guild.id) == "zh-CN"  # kept across restarts

    message = await score(fake, french, world, "riichi", hand="234m456m567p33s678s")
    assert t("score.lines", "zh-CN") in fields(message)
    # A user whose own language we speak keeps it.
    english = await score(fake, world.alice, world, "riichi", hand="234m456m567p33s678s")
    assert "Yaku" in fields(english)

    shown = await fake.slash(boss, "language", {}, channel=world.channel)
    assert shown.original is not None and "简体中文" in shown.original.content


async def test_the_bot_loads_scoring_with_every_other_cog_without_a_name_clash(
    fake: FakeDiscord, world: World, store: Store, start_bot: StartBot
) -> None:
    assert "cogs.scoring" in EXTENSIONS
    await start_bot(store=store)

    names = [c["name"] for c in fake.commands[None]]
    assert {"score", "language"} <= set(names) and len(names) == len(set(names))
    message = await score(fake, world.alice, world, "sichuan", hand=EXAMPLES["sichuan"])
    assert fields(message)["Points"] == str(score_words("sichuan", [EXAMPLES["sichuan"]])["points"])


async def test_score_works_in_a_direct_message_too(
    fake: FakeDiscord, world: World, scoring_bot: MahjongBot
) -> None:
    dm = fake.dm_channel(world.carol)
    ix = await fake.slash(
        world.carol, "score hand", {"rules": "mingjiang", "hand": EXAMPLES["mingjiang"]}, channel=dm
    )

    assert ix.response_type == 4 and ix.original is not None
    expected = score_words("mingjiang", [EXAMPLES["mingjiang"]])
    assert fields(ix.original)[t("score.points", "ja")] == str(expected["points"])
    with pytest.raises(FakeDiscordError):  # a server setting: not offered in DMs
        await fake.slash(world.carol, "language", {"language": "en"}, channel=dm)
