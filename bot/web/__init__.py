"""The web page: read-only pages of the leagues, recent games and a replay viewer, with JSON twins.

``mahjong-bot web`` serves it alone; ``web_port`` in the bot's config serves it from ``mahjong-bot run``
(bot/web/server.py).  It reads the store through the service layer (bot/service) and never shows a
running game.  bot/web/links.py builds its addresses for the Discord messages that link to it (light:
importing it loads neither aiohttp nor the templates).
"""
