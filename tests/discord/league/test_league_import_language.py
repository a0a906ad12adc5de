"""/league import of a record it cannot read, through the loopback Discord: the reason is said in the
uploader's language, not the record reader's English (which the command line still prints)."""

from __future__ import annotations

import json
import re

from bot.logs.load import read_record
from bot.logs.record import RecordError
from bot.service.league import read_online_game
from bot.store import Store
from tests.discord.league.support import LEAGUE, games_in_current_season, open_league, slash
from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import StartBot, World
from tests.oracle import oracle_path

BROKEN_JSON = b'{"log": [}'  # the probe's upload: a JSON syntax error at line 1, column 10

# One tenhou.net/6 hand dealing four 1m and showing a fifth as the dora indicator.
_DEAL = [11, 11, 11, 11, 12, 13, 14, 15, 16, 17, 18, 19, 21]
_OTHERS = [22, 23, 24, 25, 26, 27, 28, 29, 31, 32, 33, 34, 35]
_HAND = [[0, 0, 0], [25000] * 4, [11], [], _DEAL, [], [], *([_OTHERS, [], []] * 3), ["流局"]]
FIFTH_TILE = json.dumps({"name": ["a", "b", "c", "d"], "rule": {"disp": "般南喰赤"}, "log": [_HAND]}).encode()


def english_reason(data: bytes, filename: str) -> str:
    try:
        read_record(data, filename)
    except RecordError as exc:
        return exc.reason
    raise AssertionError("the record was read")


def latin_words(text: str, filename: str) -> set[str]:
    """The words in Latin letters of ``text`` outside the file's name (which is the uploader's)."""
    return set(re.findall(r"[A-Za-z]{2,}", text.replace(filename, "")))


async def test_an_unreadable_record_is_refused_in_the_uploaders_language(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store
) -> None:
    referees = fake.add_role(world.guild, "Referees")  # before the bot connects: it knows the role
    kenji = fake.add_user("kenji", locale="ja")
    mei = fake.add_user("mei", locale="zh-TW")
    for admin in (kenji, mei):
        fake.add_member(world.guild, admin, roles=[referees])
    await start_bot(extensions=LEAGUE, store=store)
    owner = await open_league(fake, world)
    await slash(fake, world, owner, "league settings", admin_role=referees)

    # The English the command line prints names the problem: the Japanese says the same, nothing of it
    # left in English (JSON is the format's name).
    assert (
        english_reason(BROKEN_JSON, "game.json")
        == "not valid JSON (Expecting value: line 1 column 10 (char 9))"
    )
    ja = await slash(fake, world, kenji, "league import", file=("game.json", BROKEN_JSON))
    assert ja.ephemeral
    assert ja.content == "牌譜を読み取れません：game.json: 正しい JSON ではありません（1 行目 10 文字目）"
    assert latin_words(ja.content, "game.json") == {"JSON"}

    assert english_reason(FIFTH_TILE, "hand.json") == "hand E1-0: a fifth copy of tile 11"
    zh = await slash(fake, world, mei, "league import", file=("hand.json", FIFTH_TILE))
    assert zh.ephemeral
    assert zh.content == "無法讀取該牌譜：hand.json: E1-0 局：牌 11 出現第五張"
    assert latin_words(zh.content, "hand.json") == set()  # E1-0: the hand's label (East 1, no honba)

    en = await slash(fake, world, world.alice, "league import", file=("game.json", BROKEN_JSON))
    assert en.content == (
        "I could not read that record: game.json: not a game record: "
        "not valid JSON (Expecting value: line 1 column 10 (char 9))"
    )
    assert await games_in_current_season(store, world) == []


async def test_the_seats_to_name_are_the_options_the_uploader_sees(
    fake: FakeDiscord, world: World, start_bot: StartBot, store: Store
) -> None:
    """A record whose names are nobody's here: carol (ja) is asked with the seat options' Japanese names,
    which are the names her Discord shows for them (cogs.scoring installs the commands' translator)."""
    await start_bot(extensions=(*LEAGUE, "cogs.scoring"), store=store)
    await open_league(fake, world)
    data = oracle_path("tenhou", "mjx-mjlog", "2010081709gm-00a9-0000-fe3371ad.mjlog").read_bytes()
    names = read_online_game(data).names
    asked = await slash(fake, world, world.carol, "league import", file=("game.mjlog", data))
    assert asked.ephemeral
    seats = ", ".join(
        f"{option}: {name}" for option, name in zip(("東家", "南家", "西家", "北家"), names, strict=True)
    )
    assert asked.content == (
        f"この席は誰ですか？{seats}。席のオプション（東家・南家・西家・北家）で指定してもう一度実行してください。"
    )
    league = next(c for c in fake.commands[None] if c["name"] == "league")
    command = next(o for o in league["options"] if o["name"] == "import")
    options = {o["name"]: o for o in command["options"]}
    seat_options = [options[o]["name_localizations"]["ja"] for o in ("east", "south", "west", "north")]
    assert seat_options == ["東家", "南家", "西家", "北家"]
