"""League mathematics: settlement (uma/oka), standings, ratings and CSV export.  Pure: no I/O, no clock."""
