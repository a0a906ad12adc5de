"""Discord's rules for registering application commands (PUT/POST .../commands), checked as the API does.

Every broken rule is a :class:`FieldError` at the JSON path Discord names
(``0.options.2.name_localizations.ja``) with Discord's error code; the fake answers 400 / 50035 "Invalid
Form Body" with them nested the way Discord nests them, so discord.py's ``CommandSyncFailure`` names the
command, the parameter and the field.

The rules (Discord's "Application Commands" reference, "Locales" and "Naming"):
- names: 1-32 characters of ``-_'``, letters, numbers, Devanagari or Thai, lowercase where the script has
  case (chat-input commands and their options; context-menu names are 1-32 characters of anything);
- descriptions 1-100 characters, choice names and string choice values 1-100 characters;
- ``name_localizations`` / ``description_localizations`` keys are Discord locales, their values obey the
  same rules as the field they translate;
- at most 25 options per command or subcommand, 25 choices per option, required options before optional
  ones, subcommand groups hold subcommands only, subcommands hold no subcommands;
- siblings (commands of one type, the options of one command) have distinct names in every locale: the
  name a user of locale L sees is ``name_localizations[L]`` or else ``name``;
- a command's names, descriptions and choice names and values total at most 8,000 characters in any one
  locale.
Codes Discord is known to send are used (APPLICATION_COMMAND_INVALID_NAME, BASE_TYPE_BAD_LENGTH,
BASE_TYPE_CHOICES, APPLICATION_COMMAND_TOO_LARGE); the others say what is wrong in the same style.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

JSON = dict[str, Any]

#: Every locale a Discord client can be set to (Discord's "Locales" reference).
# fmt: off
LOCALES: frozenset[str] = frozenset({
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl", "no", "pl",
    "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th", "zh-CN", "ja",
    "zh-TW", "ko",
})
# fmt: on

CHAT_INPUT, USER, MESSAGE = 1, 2, 3
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, NUMBER = 3, 4, 10
MAX_OPTIONS = MAX_CHOICES = 25
MAX_COMMAND_SIZE = 8000
MAX_COMMANDS = {CHAT_INPUT: 100, USER: 5, MESSAGE: 5}
#: A string option takes at most this many characters (its max_length may only lower it).
MAX_STRING_OPTION = 6000
#: Integer and number options: Discord's range (a double's exact integers).
NUMBER_LIMIT = 2**53 - 1
#: Devanagari and Thai code blocks: their vowel signs are marks (not letters) yet allowed in names.
_DEVANAGARI_THAI = ((0x0900, 0x097F), (0xA8E0, 0xA8FF), (0x11B00, 0x11B5F), (0x0E00, 0x0E7F))

Path = tuple[str, ...]


@dataclass(frozen=True)
class FieldError:
    path: Path
    code: str
    message: str

    def __str__(self) -> str:
        return f"{'.'.join(self.path)}: {self.message}" if self.path else self.message


def nested_errors(errors: Iterable[FieldError]) -> JSON:
    """Discord's ``errors`` object: ``{"0": {"name": {"_errors": [{"code", "message"}]}}}``."""
    tree: JSON = {}
    for error in errors:
        node = tree
        for key in error.path:
            node = node.setdefault(key, {})
        node.setdefault("_errors", []).append({"code": error.code, "message": error.message})
    return tree


def flatten_errors(tree: JSON, path: Path = ()) -> list[str]:
    """``"path: message"`` for every error of a nested ``errors`` object (``"message"`` at the top)."""
    out: list[str] = []
    for key, value in tree.items():
        if key == "_errors":
            out += [str(FieldError(path, e.get("code", ""), e.get("message", ""))) for e in value]
        elif isinstance(value, dict):
            out += flatten_errors(value, (*path, key))
    return out


def is_chat_input_name(name: object) -> bool:
    """Discord's ``^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``, lowercase where a lowercase exists."""
    return isinstance(name, str) and 1 <= len(name) <= 32 and all(map(_name_character, name))


def _name_character(c: str) -> bool:
    if c.lower() != c:
        return False
    if c in "-_'" or unicodedata.category(c)[0] in "LN":
        return True
    return any(lo <= ord(c) <= hi for lo, hi in _DEVANAGARI_THAI)


def check_commands(commands: list[Any]) -> list[FieldError]:
    errors: list[FieldError] = []
    for i, cmd in enumerate(commands):
        if not isinstance(cmd, dict):
            errors.append(
                FieldError((str(i),), "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
            )
            continue
        errors += _check_command(cmd, (str(i),))
    for kind, limit in MAX_COMMANDS.items():
        if sum(1 for c in commands if isinstance(c, dict) and int(c.get("type", 1)) == kind) > limit:
            errors.append(
                FieldError((), "APPLICATION_COMMANDS_TOO_MANY", f"at most {limit} commands of type {kind}")
            )
    for kind in MAX_COMMANDS:
        siblings = [
            (str(i), c)
            for i, c in enumerate(commands)
            if isinstance(c, dict) and int(c.get("type", 1)) == kind
        ]
        errors += _duplicate_names(siblings, (), "APPLICATION_COMMANDS_DUPLICATE_NAME")
    return errors


def _check_command(cmd: JSON, at: Path) -> list[FieldError]:
    kind = int(cmd.get("type", CHAT_INPUT))
    if kind != CHAT_INPUT:  # context menus: free-form names, no description, no options
        name = cmd.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= 32:
            return [FieldError((*at, "name"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 32 in length.")]
        return []
    errors = _check_field(cmd, "name", at, _name_rule) + _check_field(cmd, "description", at, _text_rule)
    errors += _check_options(cmd.get("options") or [], at, parent=None)
    for locale in (None, *sorted(LOCALES)):
        size = _size(cmd, locale)
        if size > MAX_COMMAND_SIZE:
            where = "default" if locale is None else locale
            errors.append(
                FieldError(
                    at,
                    "APPLICATION_COMMAND_TOO_LARGE",
                    f"Command exceeds maximum size (8000): {size} in {where}",
                )
            )
    return errors


def _check_options(options: list[JSON], at: Path, *, parent: int | None) -> list[FieldError]:
    """The options of a command (``parent`` None), a subcommand group or a subcommand."""
    errors: list[FieldError] = []
    where = (*at, "options")
    if len(options) > MAX_OPTIONS:
        errors.append(FieldError(where, "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_OPTIONS} or fewer in length."))
    kinds = [int(o.get("type", 0)) for o in options]
    subs = [k in (SUB_COMMAND, SUB_COMMAND_GROUP) for k in kinds]
    if any(subs) and not all(subs):
        errors.append(
            FieldError(
                where, "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID", "Subcommands cannot be mixed with options"
            )
        )
    seen_optional = False
    for j, (opt, kind) in enumerate(zip(options, kinds, strict=True)):
        here = (*where, str(j))
        errors += _check_field(opt, "name", here, _name_rule) + _check_field(
            opt, "description", here, _text_rule
        )
        if kind == SUB_COMMAND_GROUP and parent is not None:
            errors.append(
                FieldError((*here, "type"), "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID", "Groups nest once")
            )
        if kind == SUB_COMMAND and parent == SUB_COMMAND:
            errors.append(
                FieldError(
                    (*here, "type"), "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID", "Subcommands nest once"
                )
            )
        if parent == SUB_COMMAND_GROUP and kind != SUB_COMMAND:
            errors.append(
                FieldError(
                    (*here, "type"),
                    "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                    "A group holds subcommands only",
                )
            )
        if kind in (SUB_COMMAND, SUB_COMMAND_GROUP):
            errors += _check_options(opt.get("options") or [], here, parent=kind)
            continue
        if opt.get("required"):
            if seen_optional:
                errors.append(
                    FieldError(
                        (*here, "required"),
                        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                        "Required options must be placed before non-required options",
                    )
                )
        else:
            seen_optional = True
        errors += _check_choices(opt.get("choices") or [], kind, here)
        errors += _check_bounds(opt, kind, here)
    errors += _duplicate_names(
        [(str(j), o) for j, o in enumerate(options)], where, "APPLICATION_COMMAND_OPTIONS_DUPLICATE_NAME"
    )
    return errors


def _check_bounds(opt: JSON, kind: int, here: Path) -> list[FieldError]:
    """A string option's min_length (0-6000) and max_length (1-6000); a number option's min_value and
    max_value within Discord's range (+-2^53)."""
    fields = {STRING: (("min_length", 0, MAX_STRING_OPTION), ("max_length", 1, MAX_STRING_OPTION))}.get(
        kind, (("min_value", -NUMBER_LIMIT, NUMBER_LIMIT), ("max_value", -NUMBER_LIMIT, NUMBER_LIMIT))
    )
    errors: list[FieldError] = []
    for field, low, high in fields:
        value = opt.get(field)
        if value is None:
            continue
        if not isinstance(value, int | float) or isinstance(value, bool):
            errors.append(
                FieldError((*here, field), "NUMBER_TYPE_COERCE", f"Value {value!r} is not a number.")
            )
        elif value < low:
            errors.append(
                FieldError((*here, field), "NUMBER_TYPE_MIN", f"Must be greater than or equal to {low}.")
            )
        elif value > high:
            errors.append(
                FieldError((*here, field), "NUMBER_TYPE_MAX", f"Must be less than or equal to {high}.")
            )
    return errors


def check_autocomplete_choices(choices: list[JSON]) -> list[FieldError]:
    """An autocomplete answer (``data.choices``): the rules of an option's choices, values typed as sent."""
    kind = STRING if all(isinstance(c.get("value"), str) for c in choices) else NUMBER
    return _check_choices(choices, kind, ("data",))


def _check_choices(choices: list[JSON], kind: int, at: Path) -> list[FieldError]:
    where = (*at, "choices")
    errors: list[FieldError] = []
    if len(choices) > MAX_CHOICES:
        errors.append(FieldError(where, "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_CHOICES} or fewer in length."))
    for k, choice in enumerate(choices):
        here = (*where, str(k))
        errors += _check_field(choice, "name", here, _text_rule)
        value = choice.get("value")
        if kind == STRING and not (isinstance(value, str) and 1 <= len(value) <= 100):
            errors.append(
                FieldError((*here, "value"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
            )
        elif kind == INTEGER and not (isinstance(value, int) and not isinstance(value, bool)):
            errors.append(FieldError((*here, "value"), "NUMBER_TYPE_COERCE", f"Value {value!r} is not int."))
        elif kind == NUMBER and not isinstance(value, int | float):
            errors.append(
                FieldError((*here, "value"), "NUMBER_TYPE_COERCE", f"Value {value!r} is not a number.")
            )
    return errors


Rule = Callable[[Any], "tuple[str, str] | None"]  # text -> (code, message) when it breaks the rule


def _name_rule(text: Any) -> tuple[str, str] | None:
    if not isinstance(text, str) or not 1 <= len(text) <= 32:
        return "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 32 in length."
    if not is_chat_input_name(text):
        return "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid"
    return None


def _text_rule(text: Any) -> tuple[str, str] | None:
    """Descriptions and choice names (display text): 1-100 characters of anything."""
    if not isinstance(text, str) or not 1 <= len(text) <= 100:
        return "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length."
    return None


def _check_field(node: JSON, field: str, at: Path, rule: Rule) -> list[FieldError]:
    """``field`` and its ``<field>_localizations`` of a command, option or choice."""
    problem = rule(node.get(field))
    errors = [] if problem is None else [FieldError((*at, field), *problem)]
    return errors + _check_localizations(
        node.get(f"{field}_localizations"), (*at, f"{field}_localizations"), rule
    )


def _check_localizations(table: Any, at: Path, rule: Rule) -> list[FieldError]:
    if table is None:
        return []
    if not isinstance(table, dict):
        return [FieldError(at, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")]
    errors: list[FieldError] = []
    for locale, text in table.items():
        problem = rule(text)
        if locale not in LOCALES:
            known = ", ".join(repr(x) for x in sorted(LOCALES))
            errors.append(
                FieldError((*at, str(locale)), "BASE_TYPE_CHOICES", f"Value must be one of ({known}).")
            )
        elif problem is not None:
            errors.append(FieldError((*at, locale), *problem))
    return errors


def _shown(node: JSON, field: str, locale: str | None) -> tuple[str, bool]:
    """The text of ``field`` that users of ``locale`` see (None: the default), and whether it is localized."""
    localized = (node.get(f"{field}_localizations") or {}).get(locale) if locale else None
    return (str(localized), True) if localized else (str(node.get(field) or ""), False)


def _duplicate_names(siblings: list[tuple[str, JSON]], at: Path, code: str) -> list[FieldError]:
    """Two siblings showing one name in some locale (a clash of two defaults is reported once)."""
    errors: list[FieldError] = []
    for locale in (None, *sorted(LOCALES)):
        first: dict[str, tuple[str, bool]] = {}
        for index, node in siblings:
            name, localized = _shown(node, "name", locale)
            if name not in first:
                first[name] = (index, localized)
                continue
            other, other_localized = first[name]
            if locale is None or localized or other_localized:
                field = ("name",) if locale is None else ("name_localizations", locale)
                where = "" if locale is None else f" in {locale}"
                errors.append(
                    FieldError((*at, index, *field), code, f"{name!r}{where} is already the name of {other}")
                )
    return errors


def _size(node: JSON, locale: str | None) -> int:
    """The characters of a command as one locale's users see it (names, descriptions, choices)."""
    total = len(_shown(node, "name", locale)[0]) + len(_shown(node, "description", locale)[0])
    total += sum(
        len(_shown(c, "name", locale)[0]) + len(str(c.get("value", ""))) for c in node.get("choices") or []
    )
    return total + sum(_size(o, locale) for o in node.get("options") or [])
