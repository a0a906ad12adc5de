"""The colours of the pictures, in one place.

Three grounds: the green felt of the table and of everything drawn like it (the table itself, a hand,
a hand's result, the final ranking and the league leaderboard); the dark ground of the rating chart
(opaque, so it reads the same on Discord's dark and light themes); and the tile faces, drawn once by
``python -m bot.render.tiles``.  Colours are RGB: Pillow draws them opaque on RGBA pictures too.

Near neighbours are kept apart on purpose where a picture was tuned with them (the table's dim text is a
shade greyer than the result's, its winner's gold a shade deeper): changing one changes pixels that the
reference pictures under tests/render hold.
"""

from __future__ import annotations

RGB = tuple[int, int, int]

# --- the felt and what is written on it (table, hand, result, ranking, leaderboard) --------------
FELT: RGB = (22, 92, 58)
FELT_EDGE: RGB = (16, 74, 46)  # the line round the table
FELT_STRIPE: RGB = (26, 102, 66)  # every other row of a ranking
FELT_RULE: RGB = (60, 130, 92)  # the lines dividing a result
BOX: RGB = (12, 60, 38)  # the centre box and each seat's name plate
BOX_LINE: RGB = (70, 140, 100)
TEXT: RGB = (240, 240, 230)
SOFT_TEXT: RGB = (175, 205, 185)  # headings and second lines of a result or ranking
DIM_TEXT: RGB = (180, 205, 190)  # the table's second lines (wall, round, scores of others)
GAIN: RGB = (120, 230, 140)
LOSS: RGB = (255, 130, 120)
GOLD: RGB = (250, 200, 60)  # a result's total, the first place's medal
SILVER: RGB = (205, 210, 220)
BRONZE: RGB = (215, 140, 80)
WIN_GOLD: RGB = (250, 196, 40)  # a winner's mark and score on the table
TURN_GLOW: RGB = (255, 210, 70)  # whose turn it is
HIGHLIGHT: RGB = (255, 200, 40)  # the frame round a highlighted tile
RIICHI_RED: RGB = (220, 40, 40)
VOID_RED: RGB = (220, 30, 30)  # the "no" sign over a void suit
STICK_WHITE: RGB = (245, 245, 240)  # a riichi stick
STICK_DOT: RGB = (30, 30, 30)
WHITE: RGB = (255, 255, 255)

# --- the rating chart's dark ground -------------------------------------------------------------
CHART_GROUND: RGB = (32, 36, 44)
CHART_PANEL: RGB = (40, 45, 55)
CHART_GRID: RGB = (62, 68, 80)
CHART_AXIS: RGB = (120, 128, 140)
CHART_TEXT: RGB = (236, 238, 242)
CHART_MUTED: RGB = (170, 176, 188)
TENHOU_COLOUR: RGB = (250, 176, 60)  # amber: the Tenhou R panel
SKILL_COLOUR: RGB = (96, 178, 255)  # sky blue: the OpenSkill panel

# --- the tile faces and backs -------------------------------------------------------------------
IVORY: RGB = (248, 244, 230)
IVORY_EDGE: RGB = (226, 216, 190)
TILE_OUTLINE: RGB = (150, 140, 118)
BACK_GREEN: RGB = (28, 128, 82)
BACK_GREEN_LIGHT: RGB = (44, 150, 100)
BACK_GREEN_DARK: RGB = (14, 84, 52)
INK_RED: RGB = (204, 30, 40)
INK_GREEN: RGB = (22, 128, 64)
INK_GREEN_DARK: RGB = (10, 84, 40)
INK_BLUE: RGB = (28, 72, 168)
INK_BLACK: RGB = (28, 28, 34)
INK_NAVY: RGB = (24, 32, 70)
