"""``/mahjong review game:<id> [hand:<n>]``: the asker's own decisions in an ended game beside the
computer's (``strong``), only to the asker.

Only a player of the game is answered, and only about their own seat: the review is computed from that
seat's view alone (bot/service/review.py), so nothing another seat held is shown.  A running game is
refused (its hands are secret until it ends), as are an unknown game, another server's game and a game
the asker did not play.  The answer is ephemeral: the agreement and the largest differences in words,
with a picture of each of the three largest (the hand, what the asker did, what the computer suggests).
The review and the pictures are CPU work: the answer is deferred and they run off the event loop.
"""

from __future__ import annotations

import io
from functools import partial
from typing import Any

import discord

from bot.i18n import t
from bot.service.refusal import Refusal
from bot.service.replay import StoredGame
from bot.service.review import Review, review_game, stored_sources
from bot.service.review_pictures import difference_picture
from bot.service.review_text import decision_line
from cogs.interaction import defer, guarded, off_loop, reply, user_language
from cogs.table.replay import _stored as stored_game

LEVEL = "strong"
PICTURES = 3  # the largest differences drawn
LINES = 10  # differences listed in words (Discord's 2,000 characters)


async def _ended_game(interaction: discord.Interaction[Any], game_id: int) -> StoredGame:
    """The ended game ``game_id`` as ``/mahjong replay`` reads it (unknown when another server played
    it), refused while it runs with the review's own words."""
    try:
        return await stored_game(interaction, game_id)
    except Refusal as refusal:
        if refusal.key == "replay.running":
            raise Refusal("review.running", game=game_id) from None
        raise


def own_seat(stored: StoredGame, user_id: int) -> int:
    """The asker's seat in the game (the first, should they have held two); refused when none."""
    if user_id not in stored.discord_ids:
        raise Refusal("review.not_played", game=stored.game_id)
    return stored.discord_ids.index(user_id)


def panel_text(review: Review, game_id: int, hand: int | None, language: str) -> str:
    """The title with the agreement, then the largest differences (or that there are none)."""
    suffix = t("review.hand_suffix", language, hand=hand) if hand is not None else ""
    title = t("review.title", language, game=game_id, hand=suffix, agreement=f"{review.agreement:.0%}")
    differing = [d for d in review.largest_first() if not d.agrees]
    if not differing:
        return f"**{title}**\n{t('review.all_agree', language)}"
    lines = [f"**{title}**", t("review.largest", language)]
    lines += [f"{n}. {decision_line(d, language)}" for n, d in enumerate(differing[:LINES], 1)]
    if len(differing) > LINES:
        lines.append(t("review.more", language, count=len(differing) - LINES))
    return "\n".join(lines)


def _pictures(review: Review, language: str) -> list[tuple[str, bytes]]:
    differing = [d for d in review.largest_first() if not d.agrees][:PICTURES]
    return [(f"hand{d.hand}-step{d.step}.png", difference_picture(d, language)) for d in differing]


async def review_command(interaction: discord.Interaction[Any], game_id: int, hand: int | None) -> None:
    """``/mahjong review``: refusals first (answered privately by ``guarded``), then the answer is
    deferred while the computer reviews the asker's seat and the pictures are drawn."""

    async def work() -> None:
        language = await user_language(interaction)
        stored = await _ended_game(interaction, game_id)
        seat = own_seat(stored, interaction.user.id)
        sources = stored_sources(stored, hand)
        await defer(interaction, ephemeral=True)
        review = await off_loop(
            interaction,
            partial(
                review_game,
                sources,
                seat,
                LEVEL,
                source=f"game {game_id}",
                rules=str(stored.data["rules"]),
                names=stored.names,
            ),
        )
        pictures = await off_loop(interaction, _pictures, review, language)
        await reply(
            interaction,
            panel_text(review, game_id, hand, language),
            ephemeral=True,
            files=[discord.File(io.BytesIO(data), filename=name) for name, data in pictures],
        )

    await guarded(interaction, work)
