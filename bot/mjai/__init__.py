"""The mjai protocol (JSON lines, as spoken by mjai, Mortal and akochan), both ways.

* :mod:`bot.mjai.seat`: a seat of a riichi/sanma table played by an outside AI run as a subprocess.
  The referee's events visible to that seat are turned into mjai events (:mod:`bot.mjai.events`), the
  AI's answer into one of the seat's legal actions (:mod:`bot.mjai.answer`); a bad or late answer makes
  the seat play the ``normal`` computer's choice for that decision, logged.
* :mod:`bot.mjai.mirror` and ``mahjong-bot mjai``: this project's computer player speaking mjai on
  standard input and output, for mjai servers (and for the seat above, in tests).

Tiles are written as mjai does: ``1m``-``9m``, ``1p``-``9p``, ``1s``-``9s``, ``5mr``/``5pr``/``5sr`` red
fives, ``E S W N P F C`` (white ``P``, green ``F``, red ``C``) and ``?`` for a tile the seat cannot see.
"""
