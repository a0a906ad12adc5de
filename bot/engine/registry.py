"""The rule sets: one :class:`~bot.engine.descriptor.RuleSetDescriptor` per id, found lazily.

Each built-in rule set package declares ``DESCRIPTORS`` in its ``descriptor.py``; the modules are
imported the first time anyone asks for a rule set (so the command line starts without them).  More
rule sets come from :func:`register` (tests register a test-only rule set this way) or from the
environment variable ``MAHJONG_RULE_SETS``: comma-separated module paths, each with ``DESCRIPTORS``
(so a subprocess, e.g. ``mahjong-bot simulate``, can play a rule set that lives outside this package).
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.engine.descriptor import RuleSetDescriptor
    from bot.engine.ruleset import RuleSet

#: The built-in rule sets, in the order they are listed, and the module declaring each one's descriptor:
#: asking for one rule set imports its package only (a rule set package's __init__ may be heavy).
BUILT_IN: dict[str, str] = {
    "riichi": "bot.rules.riichi.descriptor",
    "sanma": "bot.rules.riichi.descriptor",
    "mingjiang": "bot.rules.mingjiang.descriptor",
    "sichuan": "bot.rules.sichuan.descriptor",
    "taiwan": "bot.rules.taiwan.descriptor",
    "pihu": "bot.rules.pihu.descriptor",
}
BUILT_IN_IDS: tuple[str, ...] = tuple(BUILT_IN)
#: The score module of each built-in rule set (its descriptor's ``score_module``; a test checks they
#: agree): a one-shot ``mahjong-bot score`` goes straight there, without the descriptors' modules.
BUILT_IN_SCORE_MODULES: dict[str, str] = {
    "riichi": "bot.rules.riichi.request",
    "sanma": "bot.rules.riichi.request_sanma",
    "mingjiang": "bot.rules.mingjiang.request",
    "sichuan": "bot.rules.sichuan.request",
    "taiwan": "bot.rules.taiwan.request",
    "pihu": "bot.rules.pihu.request",
}
ENVIRONMENT = "MAHJONG_RULE_SETS"


class UnknownRuleSet(ValueError):
    pass


class _Registry(Mapping[str, "RuleSetDescriptor"]):
    """id -> descriptor; the descriptor modules are imported on first use."""

    def __init__(self) -> None:
        self._found: dict[str, RuleSetDescriptor] | None = None  # every module read
        self._loaded: dict[str, RuleSetDescriptor] = {}  # the descriptors read so far
        self._extra: dict[str, RuleSetDescriptor] = {}

    def _read(self, module: str) -> None:
        for descriptor in importlib.import_module(module).DESCRIPTORS:
            self._loaded.setdefault(descriptor.id, descriptor)

    def _all(self) -> dict[str, RuleSetDescriptor]:
        if self._found is None:
            extra_modules = [m.strip() for m in os.environ.get(ENVIRONMENT, "").split(",") if m.strip()]
            for module in dict.fromkeys((*BUILT_IN.values(), *extra_modules)):
                self._read(module)
            # Built-in ids in their listed order, whichever was asked for first (then the extra modules').
            self._found = {
                rule_id: self._loaded[rule_id]
                for rule_id in (*BUILT_IN, *self._loaded)
                if rule_id in self._loaded
            }
        return {**self._found, **self._extra}

    def __getitem__(self, rule_id: str) -> RuleSetDescriptor:
        if rule_id in self._extra:
            return self._extra[rule_id]
        if rule_id in BUILT_IN and rule_id not in self._loaded:
            self._read(BUILT_IN[rule_id])
        found = self._loaded.get(rule_id)
        return found if found is not None else self._all()[rule_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._extra or rule_id in BUILT_IN or rule_id in self._all()

    def register(self, descriptor: RuleSetDescriptor) -> Callable[[], None]:
        """Add (or replace) a rule set; returns a function that removes it again."""
        self._extra[descriptor.id] = descriptor

        def unregister() -> None:
            self._extra.pop(descriptor.id, None)

        return unregister


RULE_SETS: _Registry = _Registry()
register = RULE_SETS.register


def rule_ids() -> tuple[str, ...]:
    """The ids of every rule set, without importing a descriptor module when only built-ins exist."""
    if RULE_SETS._found is None and not RULE_SETS._extra and not os.environ.get(ENVIRONMENT):
        return BUILT_IN_IDS
    return tuple(RULE_SETS)


def rule_set(rule_id: str) -> RuleSetDescriptor:
    try:
        return RULE_SETS[rule_id]
    except KeyError:
        raise UnknownRuleSet(f"unknown rule set {rule_id!r} (choose from {', '.join(RULE_SETS)})") from None


def load_rules(rule_id: str, options: dict[str, Any] | None = None) -> RuleSet:
    """The referee hooks of ``rule_id`` for a game with ``options``."""
    try:
        descriptor = RULE_SETS[rule_id]
    except KeyError:
        known = ", ".join(sorted(RULE_SETS))
        raise ValueError(f"no referee for rule set {rule_id!r} yet (available: {known})") from None
    return descriptor.referee(options)


def score_request_function(rule_id: str) -> Callable[[list[str]], dict[str, Any]]:
    """The rule set's ``score_request``."""
    module = BUILT_IN_SCORE_MODULES.get(rule_id)
    if module is None or rule_id in RULE_SETS._extra:
        return rule_set(rule_id).score_request()
    fn: Callable[[list[str]], dict[str, Any]] = importlib.import_module(module).score_request
    return fn
