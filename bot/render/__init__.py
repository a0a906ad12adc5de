"""Pillow pictures: tile faces, hands, the table, hand results, rankings and leaderboards."""
