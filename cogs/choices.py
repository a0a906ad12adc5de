"""Commands whose choices are built when their cog is made, not when its module is imported: the rule
sets registered then (:func:`rule_choices`), placed among the group's declared subcommands
(:func:`insert_in_group`)."""

from __future__ import annotations

from typing import Any

from discord import app_commands

from bot.engine.registry import RULE_SETS
from bot.i18n.catalog import MESSAGES
from bot.i18n.translator import command_text


def rule_choices() -> list[app_commands.Choice[str]]:
    """One choice per registered rule set, read when the cog is made: a rule set is a package, and one
    registered after the cog's module was first imported (a test-only one) is offered too.  A rule set
    the catalogue does not name is offered by its descriptor's title."""
    return [
        app_commands.Choice(
            name=command_text(f"rules.{r}") if f"rules.{r}" in MESSAGES else RULE_SETS[r].title, value=r
        )
        for r in RULE_SETS
    ]


def insert_in_group(
    group: app_commands.Group,
    command: app_commands.Command[Any, ..., Any],
    *,
    before: app_commands.Command[Any, ..., Any] | app_commands.Group,
) -> None:
    """Add ``command`` to ``group`` just ahead of its subcommand ``before``, so that Discord lists the
    subcommands in the order they are declared in (Discord shows them in the order they are sent)."""
    others = list(group.commands)
    for other in others:
        group.remove_command(other.name)
    for child in others:
        if child is before:
            group.add_command(command)
        group.add_command(child)
