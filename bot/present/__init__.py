"""Presenters: what a view or a result *says*, in one language, for every front end.

Pure functions from the engine's views and results to text (and to the renderer's scenes): the Discord
cog and the terminal game both call them, so a result reads the same everywhere.  No Discord, no I/O.
"""
