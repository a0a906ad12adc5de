"""Services that drive the referee for every front end (Discord cogs, the terminal); no Discord here."""
