"""Outside mjai AIs an operator makes available, by name: ``[mjai.NAME]`` tables of the bot config.

[mjai.mortal]
command = ["python", "/opt/mortal/mjai_bot.py"]   # or one string, split like a shell would
rules = ["riichi"]        # tables it may sit at (default: riichi and sanma)
timeout = 2.0             # seconds per answer before the normal computer decides instead
protocol = "batch"        # "batch": one line = a list of events (mjai.app, Mortal); "event": one each
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from typing import Any

from bot.mjai.seat import MJAI_RULES, PROTOCOLS, MjaiPlayer

CHOICE_PREFIX = "mjai:"  # a computer seat's level naming a configured AI: "mjai:mortal"


@dataclass(frozen=True)
class MjaiSpec:
    name: str
    command: tuple[str, ...]
    rules: frozenset[str] = MJAI_RULES
    timeout: float = 2.0
    protocol: str = "batch"

    @property
    def choice(self) -> str:
        return CHOICE_PREFIX + self.name

    def player(self, seed: int | str | None = None) -> MjaiPlayer:
        return MjaiPlayer(
            self.command, name=self.name, seed=seed, timeout=self.timeout, protocol=self.protocol
        )


def parse_specs(values: Any, where: str = "config") -> tuple[MjaiSpec, ...]:
    """The ``mjai`` table of a config; ValueError naming the key and the problem."""
    if not isinstance(values, dict):
        raise ValueError(f"{where}: mjai must be a table of [mjai.NAME] tables")
    specs = []
    for name, entry in values.items():
        at = f"{where}: mjai.{name}"
        if not isinstance(entry, dict):
            raise ValueError(f"{at} must be a table")
        unknown = sorted(set(entry) - {"command", "rules", "timeout", "protocol"})
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
        specs.append(MjaiSpec(str(name), tuple(command), frozenset(rules), float(timeout), protocol))
    return tuple(specs)
