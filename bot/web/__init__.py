"""The web page: read-only pages of the leagues, recent games and a replay viewer, with JSON twins.

``mahjong-bot web`` serves it alone; ``web_port`` in the bot's config serves it from ``mahjong-bot run``.
It reads the store through the service layer (bot/service) and never shows a running game.
"""

from __future__ import annotations

from bot.web.server import WebServer

__all__ = ["WebServer"]
