"""What every rule set's ``score_request`` shares: an argparse that raises instead of exiting."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any, NoReturn


class RequestError(ValueError):
    """Bad input to a scoring request, or a hand that is not a (scoring) win; message is for users."""


class RequestParser(argparse.ArgumentParser):
    """An ArgumentParser for the words after ``score``; every error raises :class:`RequestError`."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(add_help=False, exit_on_error=False, **kwargs)

    def error(self, message: str) -> NoReturn:
        raise RequestError(message)

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        # With exit_on_error=False argparse raises ArgumentError for bad values instead of calling error().
        try:
            return super().parse_known_args(args, namespace)
        except argparse.ArgumentError as exc:
            raise RequestError(str(exc)) from None
