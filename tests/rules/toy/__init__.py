"""``toy``: a test-only rule set, one package, registered from the test folder (bot/engine/registry.py).

Three players, two suits (characters and dots, 72 tiles), seven-tile hands (two sets and a pair),
pon but no chi, no dora.  A win: each other player pays ``base`` (self-draw) or the discarder pays
twice ``base``.  ``hands`` hands are played, the deal moving on after every hand.  Its descriptor also
declares its ``/score`` flag (``--tsumo``), its word for a hand's value (a multiple of the base), its
meld style (a pon's given tile face down) and its league defaults (1000 start and return, 100 points a
league point, uma +10/0/-10).
"""
