"""Option helpers of the league commands: localized option descriptions, choices, number lists."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from discord import app_commands

from bot.i18n.translator import command_text, command_texts
from bot.service.refusal import Refusal


def described(*names: str) -> Callable[[Any], Any]:
    """Localized names and descriptions of a command's options (``cmd.optname.<name>``,
    ``cmd.league.opt.<name>.description``)."""
    describe = app_commands.describe(
        **{name: command_text(f"cmd.league.opt.{name}.description") for name in names}
    )
    rename = app_commands.rename(**{name: command_text(f"cmd.optname.{name}") for name in names})
    return lambda command: rename(describe(command))


def parse_numbers(text: str) -> list[str]:
    return [w for w in re.split(r"[\s,;/]+", text.strip()) if w]


def parse_points(text: str) -> list[int]:
    try:
        return [int(w.replace("_", "")) for w in parse_numbers(text)]
    except ValueError:
        raise Refusal("league.error.bad_points") from None


#: The command group ``/league`` and its subgroup ``/league season``: the command mixins add to them.
league_group = app_commands.Group(**command_texts("cmd.league"), guild_only=True)
season_group = app_commands.Group(**command_texts("cmd.league.season"), parent=league_group)
guest_group = app_commands.Group(**command_texts("cmd.league.guest"), parent=league_group)
