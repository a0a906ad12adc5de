"""Option helpers of the league commands: localized option descriptions, choices, number lists."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from discord import app_commands

from bot.i18n.translator import command_text
from bot.rules.registry import RULE_SETS
from bot.service.refusal import Refusal

RULE_CHOICES = [app_commands.Choice(name=command_text(f"rules.{rules}"), value=rules) for rules in RULE_SETS]


def described(*names: str) -> Callable[[Any], Any]:
    """Localized descriptions of a command's options (``cmd.league.opt.<name>.description``)."""
    return app_commands.describe(
        **{name: command_text(f"cmd.league.opt.{name}.description") for name in names}
    )


def parse_numbers(text: str) -> list[str]:
    return [w for w in re.split(r"[\s,;/]+", text.strip()) if w]


def parse_points(text: str) -> list[int]:
    try:
        return [int(w.replace("_", "")) for w in parse_numbers(text)]
    except ValueError:
        raise Refusal("league.error.bad_points") from None


def parse_counts(text: str, seats: int) -> list[int]:
    try:
        return [int(w) for w in parse_numbers(text)]
    except ValueError:
        raise Refusal("league.error.bad_chombo", count=seats) from None


#: The command group ``/league`` and its subgroup ``/league season``: the command mixins add to them.
league_group = app_commands.Group(
    name="league", description=command_text("cmd.league.description"), guild_only=True
)
season_group = app_commands.Group(
    name="season", description=command_text("cmd.league.season.description"), parent=league_group
)
guest_group = app_commands.Group(
    name="guest", description=command_text("cmd.league.guest.description"), parent=league_group
)
