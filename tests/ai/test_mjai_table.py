"""Outside mjai AIs configured by the operator: the bot config, the lobby's computer choices and a
whole table game through the table service with one of them seated."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bot.config import ConfigError, load_config
from bot.mjai.config import MjaiSpec, parse_specs
from bot.service.refusal import Refusal
from bot.service.seats import Seat, computer_level
from bot.service.table import TableService, Timing
from bot.service.timers import ManualScheduler
from bot.store import Store
from tests.service import test_table_service

store = test_table_service.store  # the service tests' store fixture

BOTS = Path(__file__).parent / "mjai_bots"
TSUMOGIRI = MjaiSpec("tsumogiri", (sys.executable, str(BOTS / "tsumogiri.py")), timeout=10.0)
CHANNEL, GUILD, ALICE = 100, 1, 11


def test_config_names_outside_ais(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text(
        '[mjai.mortal]\ncommand = "python mortal.py --x"\nrules = ["riichi"]\ntimeout = 1.5\n'
        '[mjai.ako]\ncommand = ["./akochan", "pipe"]\nprotocol = "event"\n'
    )
    config = load_config(path, environ={})
    assert [(s.name, s.command, sorted(s.rules), s.timeout, s.protocol) for s in config.mjai] == [
        ("mortal", ("python", "mortal.py", "--x"), ["riichi"], 1.5, "batch"),
        ("ako", ("./akochan", "pipe"), ["riichi", "sanma"], 2.0, "event"),
    ]


@pytest.mark.parametrize(
    ("entry", "problem"),
    [
        ({"command": []}, "command must be"),
        ({"command": "x", "rules": ["sichuan"]}, "rules must list"),
        ({"command": "x", "timeout": 0}, "timeout must be"),
        ({"command": "x", "protocol": "http"}, "protocol must be"),
        ({"command": "x", "colour": "red"}, "unknown key"),
        ({"command": "x", "env": ["MODEL"]}, "env must be a table"),
        ({"command": "x", "env": {"MODEL": 3}}, "env must be a table"),
        ({"command": "x", "env": {"MY MODEL": "m"}}, "not an environment variable name"),
        ({"command": "x", "pass_env": "CUDA_VISIBLE_DEVICES"}, "pass_env must be a list"),
        ({"command": "x", "pass_env": ["CUDA=1"]}, "not an environment variable name"),
    ],
)
def test_bad_outside_ai_entries_are_named(entry: dict[str, object], problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        parse_specs({"bad": entry})


def test_a_bad_entry_in_the_file_is_a_config_error(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('[mjai.bad]\ncommand = "x"\ntimeout = "soon"\n')
    with pytest.raises(ConfigError, match="mjai.bad: timeout"):
        load_config(path, environ={})


@pytest.mark.parametrize(
    "entry", ['pass_env = ["DISCORD_TOKEN"]', 'env = { MAHJONG_DATABASE = "x.sqlite3" }']
)
def test_the_bots_own_secrets_cannot_be_handed_to_an_ai(tmp_path: Path, entry: str) -> None:
    path = tmp_path / "config.toml"
    path.write_text(f'[mjai.nosy]\ncommand = "x"\n{entry}\n')
    with pytest.raises(ConfigError, match="mjai.nosy: .* is the bot's own secret"):
        load_config(path, environ={})


def test_an_ais_environment_is_read_from_its_config(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text(
        '[mjai.mortal]\ncommand = "mortal"\n'
        'env = { MORTAL_MODEL = "/m.pth" }\npass_env = ["CUDA_VISIBLE_DEVICES"]\n'
    )
    (spec,) = load_config(path, environ={}).mjai
    player = spec.player()
    assert (player.env, player.pass_env) == ({"MORTAL_MODEL": "/m.pth"}, ("CUDA_VISIBLE_DEVICES",))


def test_computer_levels_are_read_back_from_their_player_keys() -> None:
    assert computer_level(Seat("x", level="strong").computer_key(2)) == "strong"
    assert computer_level(Seat("x", level="mjai:mortal").computer_key(0)) == "mjai:mortal"


async def test_the_lobby_offers_configured_ais_only_where_they_play(store: Store) -> None:
    service = TableService(store, mjai=[MjaiSpec("mortal", ("x",), frozenset({"riichi"}))])
    assert service.computer_choices("riichi") == ["easy", "normal", "strong", "mjai:mortal"]
    assert service.computer_choices("sichuan") == ["easy", "normal", "strong"]
    await service.open(CHANNEL, GUILD, Seat("alice", ALICE), "sichuan", {})
    with pytest.raises(Refusal) as refused:
        await service.add_computer(CHANNEL, ALICE, "mjai:mortal")
    assert refused.value.key == "table.error.unknown_computer"


async def test_a_table_plays_to_its_end_with_an_outside_ai_seated(store: Store) -> None:
    service = TableService(store, scheduler=ManualScheduler(), timing=Timing(60, 20, 0), mjai=[TSUMOGIRI])
    await service.open(CHANNEL, GUILD, Seat("alice", ALICE), "sanma", {"length": "east"})
    await service.add_computer(CHANNEL, ALICE, "mjai:tsumogiri")
    await service.add_computer(CHANNEL, ALICE, "strong")
    table = service.table_in(CHANNEL)
    assert table is not None and [m.name for m in table.members][1:] == ["tsumogiri 1", "Computer 2"]
    await service.start(CHANNEL, ALICE, seed="mjai table")
    await service.idle(table)
    alice = table.seat_of(ALICE)
    assert alice is not None and table.game is not None
    outside = next(s for s, m in enumerate(table.members) if m.level == "mjai:tsumogiri")
    table.away.add(alice)  # the computer plays alice too: the game runs to its end
    service._kick(table)
    await service.idle(table)
    assert table.status == "finished"
    river = table.game.view(outside)["seats"][outside]["discards"]
    assert river and all(tsumogiri for _tile, tsumogiri, *_ in river)
    assert not service._computers  # the outside AI's process was stopped with the game
