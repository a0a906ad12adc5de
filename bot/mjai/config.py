"""Outside mjai AIs an operator makes available, by name: ``[mjai.NAME]`` tables of the bot config.

[mjai.mortal]
command = ["python", "/opt/mortal/mjai_bot.py"]   # or one string, split like a shell would
rules = ["riichi"]        # tables it may sit at (default: riichi and sanma)
timeout = 2.0             # seconds per answer before the normal computer decides instead
protocol = "batch"        # "batch": one line = a list of events (mjai.app, Mortal); "event": one each
env = { MORTAL_MODEL = "/opt/mortal/mortal.pth" }  # variables set for the AI's process
pass_env = ["CUDA_VISIBLE_DEVICES"]                # variables it gets from the bot's environment

The AI's process starts with a minimal environment: ``PATH``, ``HOME`` and ``LANG`` as the bot has
them, the ``pass_env`` names the bot has, and the ``env`` values (which win).  Nothing else of the bot's
reaches it: not ``DISCORD_TOKEN``, not ``MAHJONG_DATABASE`` with its password (neither may be listed).
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from bot.mjai.seat import MJAI_RULES, PROTOCOLS, MjaiPlayer

CHOICE_PREFIX = "mjai:"  # a computer seat's level naming a configured AI: "mjai:mortal"
KEYS = ("command", "rules", "timeout", "protocol", "env", "pass_env")
ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@dataclass(frozen=True)
class MjaiSpec:
    name: str
    command: tuple[str, ...]
    rules: frozenset[str] = MJAI_RULES
    timeout: float = 2.0
    protocol: str = "batch"
    env: tuple[tuple[str, str], ...] = ()  # (name, value) set for the AI's process
    pass_env: tuple[str, ...] = ()  # names it gets from the bot's environment

    @property
    def choice(self) -> str:
        return CHOICE_PREFIX + self.name

    def player(self, seed: int | str | None = None) -> MjaiPlayer:
        return MjaiPlayer(
            self.command,
            name=self.name,
            seed=seed,
            timeout=self.timeout,
            protocol=self.protocol,
            env=dict(self.env),
            pass_env=self.pass_env,
        )


def parse_specs(values: Any, where: str = "config", secrets: Collection[str] = ()) -> tuple[MjaiSpec, ...]:
    """The ``mjai`` table of a config; ValueError naming the key and the problem.  ``secrets``: the
    names of the bot's own secrets in its environment, which no entry may hand to an AI."""
    if not isinstance(values, dict):
        raise ValueError(f"{where}: mjai must be a table of [mjai.NAME] tables")
    specs = []
    for name, entry in values.items():
        at = f"{where}: mjai.{name}"
        if not isinstance(entry, dict):
            raise ValueError(f"{at} must be a table")
        unknown = sorted(set(entry) - set(KEYS))
        if unknown:
            raise ValueError(f"{at}: unknown key(s) {', '.join(unknown)}")
        command = entry.get("command")
        if isinstance(command, str):
            command = shlex.split(command)
        if not isinstance(command, list) or not command or not all(isinstance(c, str) for c in command):
            raise ValueError(f"{at}: command must be a string or a list of strings")
        rules = entry.get("rules", sorted(MJAI_RULES))
        if not isinstance(rules, list) or not rules or not set(rules) <= MJAI_RULES:
            raise ValueError(f"{at}: rules must list some of {', '.join(sorted(MJAI_RULES))}")
        timeout = entry.get("timeout", 2.0)
        if isinstance(timeout, bool) or not isinstance(timeout, int | float) or not 0 < timeout <= 60:
            raise ValueError(f"{at}: timeout must be a number of seconds (0-60)")
        protocol = entry.get("protocol", "batch")
        if protocol not in PROTOCOLS:
            raise ValueError(f"{at}: protocol must be one of {', '.join(PROTOCOLS)}")
        env = entry.get("env", {})
        if not isinstance(env, dict) or not all(isinstance(v, str) and "\0" not in v for v in env.values()):
            raise ValueError(f'{at}: env must be a table of NAME = "value" strings')
        pass_env = entry.get("pass_env", [])
        if not isinstance(pass_env, list):
            raise ValueError(f"{at}: pass_env must be a list of environment variable names")
        _check_names(at, [*env, *pass_env], secrets)
        specs.append(
            MjaiSpec(
                str(name),
                tuple(command),
                frozenset(rules),
                float(timeout),
                protocol,
                tuple(env.items()),
                tuple(pass_env),
            )
        )
    return tuple(specs)


def _check_names(at: str, names: list[Any], secrets: Collection[str]) -> None:
    for name in names:
        if not isinstance(name, str) or not ENV_NAME.fullmatch(name):
            raise ValueError(f"{at}: {name!r} is not an environment variable name (letters, digits, _)")
        if name in secrets:
            raise ValueError(f"{at}: {name} is the bot's own secret and is never given to an AI")
