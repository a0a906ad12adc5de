"""Computer players.  They see only ``Game.legal_actions(seat)`` and ``Game.view(seat)``."""
