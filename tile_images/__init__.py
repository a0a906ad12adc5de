"""The tile faces as PNG: ``large/`` and ``small/`` for the pictures, ``emoji/`` for the tile buttons.

Drawn by the project's own code (bot/render/tiles.py) and regenerable with ``python -m bot.render.tiles``.
A package only so that the wheel carries these files and an installed bot finds them beside its code
(bot/render/geometry.py reads them from here); there is no code in it.
"""
