"""discord.py extensions, one per feature area."""
