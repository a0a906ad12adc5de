"""Pillow pictures: tile faces, hands, the table, hand results, rankings and leaderboards.

Public API (inputs are the plain dataclasses of :mod:`bot.render.scene`; outputs are PIL images):

* ``table.render_table(TableScene)`` or ``table.TableRenderer(fonts).render(scene)``: the table from
  one seat or the spectators' view (keep one renderer: it caches what did not change);
* ``hand.render_hand(HandScene)``: a player's hand for the DM;
* ``result.render_result(HandResultScene)``: the winning hand, every yaku/fan/tai line, score changes;
* ``ranking.render_ranking(rows)`` and ``ranking.render_leaderboard(rows)``;
* ``png.to_png(image)``: the bytes to upload;
* ``fonts.Fonts(loader)``: the injectable font chain (``deterministic_fonts()`` in tests);
* ``geometry.TILE_IMAGES_DIR / "emoji"``: 128x128 tile pictures named ``1m.png`` ... for emoji upload.

``python -m bot.render.tiles`` regenerates ``tile_images/`` (needs a CJK font only then).
"""
