"""``/mahjong replay [game:<id>] [hand:<n>]``: a finished hand again, every hand open, only to the asker.

The answer is ephemeral: the animated hand (bot/service/replay_pictures.py) with ◀ ▶ buttons that step
through its decisions, each press showing that step's picture in the same panel.  The buttons are
DynamicItems whose custom id carries the game, the hand, the step to show and the asker, so they work
after a restart; another user's press is refused (an ephemeral panel is the asker's, but a custom id can
be sent by anyone).  A running game is refused by the service (bot/service/replay.py): its hands are
secret until it ends.

The animation is a GIF here, not WebP: Discord's clients play an animated GIF attachment inline
everywhere, while an animated WebP attachment is shown still (or only as a file) by some of them.  It is
at most 8 MiB (Discord's upload limit without boosts), drawn smaller when over.  The pictures are drawn
off the event loop, after the answer is deferred.
"""

from __future__ import annotations

import io
import re
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any
from weakref import WeakKeyDictionary

import discord

from bot.i18n import t
from bot.render.animation import HandFrames
from bot.render.engine_view import round_label
from bot.service.refusal import Refusal
from bot.service.replay import HandReplay, StoredGame, load_stored
from bot.service.replay_pictures import animate, step_picture
from bot.store import Store
from cogs.interaction import (
    defer,
    guarded,
    mahjong_bot,
    off_loop,
    refuse,
    reply,
    update_message,
    user_language,
)
from cogs.table.items import ID

#: Discord shows an animated GIF attachment inline in every client (see the module's docstring).
DISCORD_FORMAT = "gif"
ANIMATION = -1  # the panel's "step" while it shows the whole hand's animation

_frames: HandFrames | None = None


def frames() -> HandFrames:
    """One frame drawer per process: its table renderer keeps the parts consecutive frames share."""
    global _frames
    if _frames is None:
        _frames = HandFrames()
    return _frames


class ReplayStepButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"mj:rp:(?P<game>{ID}):(?P<hand>[0-9]{{1,4}}):(?P<step>[0-9]{{1,4}}):(?P<owner>{ID}):(?P<way>[pn])",
):
    """◀ (``p``) or ▶ (``n``): show step ``step`` of the hand; only its ``owner`` may press it."""

    def __init__(
        self,
        game_id: int,
        hand: int,
        step: int,
        owner: int,
        way: str,
        *,
        label: str = "",
        disabled: bool = False,
    ) -> None:
        arrow = "◀" if way == "p" else "▶"
        super().__init__(
            discord.ui.Button(
                label=label or arrow,
                style=discord.ButtonStyle.secondary,
                disabled=disabled,
                custom_id=f"mj:rp:{game_id}:{hand}:{step}:{owner}:{way}",
            )
        )
        self.game_id, self.hand, self.step, self.owner = game_id, hand, step, owner

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReplayStepButton:
        return cls(
            int(match["game"]), int(match["hand"]), int(match["step"]), int(match["owner"]), match["way"]
        )

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        if interaction.user.id == self.owner:
            return True
        return await refuse(interaction, "replay.not_yours")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, show_step(interaction, self.game_id, self.hand, self.step), component=True)


REPLAY_ITEMS = (ReplayStepButton,)


def stepping_view(replay: HandReplay, shown: int, owner: int, language: str) -> discord.ui.View:
    """◀ ▶ under the panel: from the animation ◀ goes to the end and ▶ to the deal; at either end of the
    hand the way on is disabled."""
    game_id, last = replay.game_id or 0, len(replay.steps) - 1
    if shown == ANIMATION:
        back, on = last, 0
    else:
        back, on = max(shown - 1, 0), min(shown + 1, last)
    view = discord.ui.View(timeout=None)
    back_label = f"◀ {t('replay.previous', language)}"
    on_label = f"{t('replay.next', language)} ▶"
    view.add_item(
        ReplayStepButton(game_id, replay.hand, back, owner, "p", label=back_label, disabled=shown == 0)
    )
    view.add_item(
        ReplayStepButton(game_id, replay.hand, on, owner, "n", label=on_label, disabled=shown == last)
    )
    return view


def panel_text(replay: HandReplay, shown: int, language: str) -> str:
    """The panel's title (game, hand, round), then the step's caption, in the reader's ``language`` (the
    pictures are in the table's)."""
    title = t(
        "replay.title",
        language,
        game=replay.game_id,
        hand=replay.hand,
        hands=replay.hands,
        round=round_label(replay.steps[0].view, language),
    )
    if shown == ANIMATION:
        return f"**{title}**"
    return f"**{title}**\n{replay.caption(replay.steps[shown], language)}"


def _store(interaction: discord.Interaction[Any]) -> Store:
    store = mahjong_bot(interaction).store
    if store is None:
        raise Refusal("error.generic")
    return store


async def _stored(interaction: discord.Interaction[Any], game_id: int) -> StoredGame:
    """The stored game, refused as unknown when another server played it (its players are not this
    server's business); a game of the command line (no server) may be replayed anywhere."""
    stored = await load_stored(_store(interaction), game_id)
    _check_server(interaction, stored.guild_id, game_id)
    return stored


def _check_server(interaction: discord.Interaction[Any], guild_id: int | None, game_id: int) -> None:
    if guild_id is not None and guild_id != interaction.guild_id:
        raise Refusal("replay.no_game", game=game_id)


#: The hands replayed lately, per store: a press of ◀ ▶ draws one picture instead of reading the game and
#: replaying the hand again.  An ended game never changes, so an entry never goes stale.
_RECENT: WeakKeyDictionary[Store, OrderedDict[tuple[int, int], tuple[int | None, HandReplay]]] = (
    WeakKeyDictionary()
)
RECENT_HANDS = 8


async def _replay(
    interaction: discord.Interaction[Any], game_id: int, hand: int, stored: StoredGame | None = None
) -> HandReplay:
    """Hand ``hand`` of the ended game ``game_id`` (``stored`` when already read), replayed off the event
    loop, or as replayed lately."""
    store = _store(interaction)
    recent = _RECENT.setdefault(store, OrderedDict())
    found = recent.get((game_id, hand))
    if found is not None:
        recent.move_to_end((game_id, hand))
        _check_server(interaction, found[0], game_id)
        return found[1]
    stored = stored or await _stored(interaction, game_id)
    replay = await off_loop(interaction, stored.hand, hand)
    recent[(game_id, hand)] = (stored.guild_id, replay)
    while len(recent) > RECENT_HANDS:
        recent.popitem(last=False)
    return replay


async def replay_command(
    interaction: discord.Interaction[Any],
    game_id: int | None,
    hand: int | None,
    channel_game: Callable[[discord.Interaction[Any]], Awaitable[int]],
) -> None:
    """``/mahjong replay``: hand ``hand`` (default the last finished) of ``game_id`` (default the channel's
    last game, found by ``channel_game``).  Refusals come first (answered privately by ``guarded``), then
    the answer is deferred while the pictures are drawn."""

    async def work() -> None:
        language = await user_language(interaction)
        stored = await _stored(
            interaction, game_id if game_id is not None else await channel_game(interaction)
        )
        await defer(interaction, ephemeral=True)
        chosen = hand if hand is not None else max(stored.hands, 1)
        replay = await _replay(interaction, stored.game_id, chosen, stored)
        data = await off_loop(interaction, partial(animate, replay, DISCORD_FORMAT, frames=frames()))
        name = f"game{stored.game_id}-hand{replay.hand}.{DISCORD_FORMAT}"
        await reply(
            interaction,
            panel_text(replay, ANIMATION, language),
            ephemeral=True,
            file=discord.File(io.BytesIO(data), filename=name),
            view=stepping_view(replay, ANIMATION, interaction.user.id, language),
        )

    await guarded(interaction, work)


async def show_step(interaction: discord.Interaction[Any], game_id: int, hand: int, step: int) -> None:
    """A ◀ ▶ press: the panel shows step ``step``'s picture and caption."""
    language = await user_language(interaction)
    replay = await _replay(interaction, game_id, hand)
    shown = min(step, len(replay.steps) - 1)
    picture = await off_loop(interaction, partial(step_picture, replay, shown, frames=frames()))
    await update_message(
        interaction,
        content=panel_text(replay, shown, language),
        attachments=[
            discord.File(io.BytesIO(picture), filename=f"game{game_id}-hand{hand}-step{shown + 1}.png")
        ],
        view=stepping_view(replay, shown, interaction.user.id, language),
    )
