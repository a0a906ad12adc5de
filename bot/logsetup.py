"""Logging for the bot process: a level, and text for a terminal or JSON lines for containers.

``json``: one object per line on stdout (``time``, ``level``, ``logger``, ``message``, and ``error``
with the traceback when there is one), what log collectors of container platforms read.  Nothing the
bot logs carries a token or a concealed tile (tests/service checks the latter; tokens never reach a
log call), nor a database password: every record, its traceback included, goes through the store's one
redaction (bot/store/dburl.py) on its way to any handler.
"""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime

import discord

from bot.store.dburl import redact


class JsonLines(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            entry["error"] = record.exc_text or self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False)


class Redacting(logging.Filter):
    """Every record leaves without a database password: the message (arguments filled in) and the
    traceback text pass through :func:`~bot.store.dburl.redact`, the configured setting's password
    scrubbed wherever it appears."""

    def __init__(self, setting: str | None = None) -> None:
        super().__init__()
        self.setting = setting

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = redact(record.getMessage(), setting=self.setting)
        record.args = None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text, setting=self.setting)
        return True


def configure_logging(level: str = "INFO", fmt: str = "text", database: str | None = None) -> None:
    """Set up the root logger once for the process (``mahjong-bot run``); ``database`` is the setting
    whose password no line may carry."""
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
    for each in logging.getLogger().handlers:
        if not any(isinstance(f, Redacting) for f in each.filters):
            each.addFilter(Redacting(database))
