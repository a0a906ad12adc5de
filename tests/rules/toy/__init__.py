"""``toy``: a test-only rule set, one package, registered from the test folder (bot/engine/registry.py).

Three players, two suits (characters and dots, 72 tiles), seven-tile hands (two sets and a pair),
pon but no chi, no dora.  A win: each other player pays ``base`` (self-draw) or the discarder pays
twice ``base``.  ``hands`` hands are played, the deal moving on after every hand.
"""
