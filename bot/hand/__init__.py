"""Tiles, notation and hand analysis shared by every rule set (pure, no I/O)."""
