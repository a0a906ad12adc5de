"""What every rule set's ``score_request`` shares: an argparse that raises instead of exiting."""

from __future__ import annotations

import argparse
from typing import NoReturn


class RequestError(ValueError):
    """Bad input to a scoring request, or a hand that is not a (scoring) win; message is for users."""


class RequestParser(argparse.ArgumentParser):
    """An ArgumentParser for the words after ``score``; errors raise :class:`RequestError`."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(add_help=False, exit_on_error=False, **kwargs)  # type: ignore[arg-type]

    def error(self, message: str) -> NoReturn:
        raise RequestError(message)
