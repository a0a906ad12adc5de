"""Logging for the bot process: a level, and text for a terminal or JSON lines for containers.

``json``: one object per line on stdout (``time``, ``level``, ``logger``, ``message``, and ``error``
with the traceback when there is one), what log collectors of container platforms read.  Nothing the
bot logs carries a token or a concealed tile (tests/service checks the latter; tokens never reach a
log call).
"""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime

import discord


class JsonLines(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            entry["error"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False)


def configure_logging(level: str = "INFO", fmt: str = "text") -> None:
    """Set up the root logger once for the process (``mahjong-bot run``)."""
    if fmt == "json":
        handler = logging.StreamHandler(sys.stdout)
        handler.setFormatter(JsonLines())
        root = logging.getLogger()
        for old in list(root.handlers):
            root.removeHandler(old)
        root.addHandler(handler)
        root.setLevel(level)
        logging.getLogger("discord.http").setLevel(max(logging.getLevelName(level), logging.INFO))
    else:
        discord.utils.setup_logging(level=logging.getLevelName(level), root=True)
