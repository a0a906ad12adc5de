"""The rule for a test whose tool, server or data is missing on this machine: skip with the reason on a
developer's machine; under ``CI=true`` (any case) never a silent skip.  What CI installs for itself
(.ci/run: PostgreSQL, a compose tool) or is given (the oracle data) fails the run when missing; what no
CI machine of this project can have (a docker daemon able to pull images) skips there with a warning, so
the run's summary says what was not tested."""

from __future__ import annotations

import importlib
import os
import warnings
from typing import NoReturn

import pytest


class NotTestedUnderCI(UserWarning):
    """A test CI had to skip: the warnings summary of the run names it and why."""


def under_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() == "true"


def unavailable(reason: str, *, required_under_ci: bool = True) -> NoReturn:
    """Skip with ``reason``; under CI=true fail with it, or (not ``required_under_ci``) warn and skip."""
    if under_ci():
        if required_under_ci:
            pytest.fail(f"{reason} (required under CI=true)", pytrace=False)
        warnings.warn(NotTestedUnderCI(f"not tested under CI: {reason}"), stacklevel=2)
    pytest.skip(reason)


def require_module(name: str) -> None:
    """Import ``name`` or apply the rule: a module of the test extra missing under CI fails the run."""
    try:
        importlib.import_module(name)
    except ImportError:
        unavailable(f"the module {name!r} is not installed (pip install -e '.[test]' installs it)")
