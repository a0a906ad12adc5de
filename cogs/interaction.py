"""One way for every cog to answer an interaction: languages, refusals, deferring, replies, threads.

Discord allows one initial response within 3 seconds; after it, only follow-ups and edits.  Every cog
runs its work through :func:`guarded`, which

* starts a watchdog that defers the answer when the work has not answered after ``DEFER_AFTER``
  seconds (a busy disk, a slow picture): a command is deferred as "thinking", a component as an update
  of the message it sits on, so the deadline holds whatever the work does;
* answers a :class:`~bot.service.refusal.Refusal` ephemerally in the user's language, a store error
  with a sentence (``store_error``: the league names its database; the details go to the log, never to
  the user) and any other failure with ``error.generic``.

Inside the work, :func:`reply`, :func:`defer`, :func:`defer_update` and :func:`update_message` never
answer twice (a lock per interaction orders them with the watchdog); :func:`off_loop` runs Pillow or
scoring work in a thread.  Seat ownership is checked by the items themselves (``interaction_check``),
with :func:`refuse` for the answer.

Mentions: every answer says whom it pings (``ping``: Discord user ids, default nobody); nothing else in
it pings anyone: not a league named "@everyone party", not a display name, not a role.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Collection
from typing import Any, TypeVar

import discord

from bot.client import MahjongBot
from bot.i18n import resolve_language, t
from bot.service.refusal import Refusal
from bot.store import StoreError

log = logging.getLogger(__name__)

#: Defer an answer still being worked on after this long (Discord allows 3 s for the first answer).
DEFER_AFTER = 1.5
_LOCK = "answer_lock"  # interaction.extras keys
_PLACEHOLDER = "answer_placeholder"
_LANGUAGE = "answer_language"
_STARTED = "answer_started"

T = TypeVar("T")


def mahjong_bot(interaction: discord.Interaction[Any]) -> MahjongBot:
    """The bot an interaction reached, typed: the one place a button or a helper turns
    ``interaction.client`` into the :class:`~bot.client.MahjongBot` every cog runs in."""
    client = interaction.client
    if not isinstance(client, MahjongBot):
        raise TypeError(f"the cogs run in a MahjongBot, not in a {type(client).__name__}")
    return client


# ---------------------------------------------------------------------------------------- languages
async def server_language(bot: MahjongBot, guild_id: int | None) -> str | None:
    """The server's default language (``/language``), None when unset or unreadable."""
    store = bot.store
    if store is None or guild_id is None:
        return None
    try:
        language: str | None = await store.get_guild_language(guild_id)
        return language
    except Exception:  # a broken store must not break an answer: fall back to the user's locale
        log.warning("could not read the language of guild %s", guild_id, exc_info=True)
        return None


async def user_language(interaction: discord.Interaction[Any]) -> str:
    """The user's Discord language when we speak it, else the server's default, else English."""
    cached = interaction.extras.get(_LANGUAGE)
    if isinstance(cached, str):
        return cached
    server = await server_language(mahjong_bot(interaction), interaction.guild_id)
    language = resolve_language(interaction.locale.value, server)
    interaction.extras[_LANGUAGE] = language
    return language


async def public_language(bot: MahjongBot, guild_id: int | None) -> str:
    """The language of what everyone in a server reads (table messages, announcements)."""
    return resolve_language(None, await server_language(bot, guild_id))


# ---------------------------------------------------------------------------------------- answering
def pinging(users: Collection[int] = ()) -> discord.AllowedMentions:
    """Allowed mentions that ping exactly ``users`` (Discord ids) and nobody else."""
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=[discord.Object(u) for u in users]
    )


def _lock(interaction: discord.Interaction[Any]) -> asyncio.Lock:
    lock = interaction.extras.get(_LOCK)
    if not isinstance(lock, asyncio.Lock):
        lock = interaction.extras[_LOCK] = asyncio.Lock()
    return lock


async def guarded(
    interaction: discord.Interaction[Any],
    work: Callable[[], Awaitable[None]] | Awaitable[None],
    *,
    component: bool = False,
    private: bool = True,
    store_error: str = "error.generic",
) -> None:
    """Run ``work`` (a coroutine function or a coroutine); refusals and failures get a polite answer.

    ``component``: the interaction is a button or menu (a slow answer defers as an update of its message).
    ``private``: a slow command is deferred ephemerally ("only you can see this"), else publicly.
    ``store_error``: the key of the sentence a failure of the store is answered with.
    """
    _lock(interaction)
    interaction.extras.setdefault(_STARTED, asyncio.get_running_loop().time())
    watchdog = asyncio.get_running_loop().create_task(_defer_if_slow(interaction, component, private))
    try:
        await (work() if callable(work) else work)
    except Refusal as refusal:
        await reply(interaction, refusal.text(await user_language(interaction)), ephemeral=True)
    except StoreError:
        log.exception("the store failed during an interaction")
        await reply(interaction, t(store_error, await user_language(interaction)), ephemeral=True)
    except Exception:
        log.exception("an interaction failed")
        await reply(interaction, t("error.generic", await user_language(interaction)), ephemeral=True)
    finally:
        watchdog.cancel()
        with contextlib.suppress(BaseException):
            await watchdog


async def _defer_if_slow(interaction: discord.Interaction[Any], component: bool, private: bool) -> None:
    await asyncio.sleep(DEFER_AFTER)
    try:
        if component:
            await defer_update(interaction)
        else:
            await defer(interaction, ephemeral=private)
    except discord.HTTPException:
        log.warning("could not defer a slow interaction", exc_info=True)


async def defer(interaction: discord.Interaction[Any], *, ephemeral: bool) -> None:
    """Defer a command's answer ("thinking"), unless it is already answered or deferred."""
    async with _lock(interaction):
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=ephemeral, thinking=True)
            interaction.extras[_PLACEHOLDER] = "private" if ephemeral else "public"


async def defer_update(interaction: discord.Interaction[Any]) -> None:
    """Defer a component's answer: the message it is on will be edited (or nothing shown)."""
    async with _lock(interaction):
        if not interaction.response.is_done():
            await interaction.response.defer()


async def update_message(
    interaction: discord.Interaction[Any], *, ping: Collection[int] = (), **fields: Any
) -> None:
    """Edit the message a component is on (as the answer, or after a deferred answer); ``ping``: the
    Discord users the edit notifies (nobody else)."""
    fields["allowed_mentions"] = pinging(ping)
    async with _lock(interaction):
        if interaction.response.is_done():
            await interaction.edit_original_response(**fields)
        else:
            await interaction.response.edit_message(**fields)


async def reply(
    interaction: discord.Interaction[Any],
    content: str | None = None,
    *,
    ephemeral: bool,
    ping: Collection[int] = (),
    **message: Any,
) -> discord.Message | None:
    """Answer (or follow up) with a message and return it (None when Discord refused it).

    After a private "thinking" placeholder a public answer fills the placeholder with a short "done" and
    goes out as a message of its own, so everyone sees (and can click) it; after a public placeholder a
    private answer removes the placeholder, so nobody else sees it.  ``ping``: the Discord users the
    message notifies (nobody else).
    """
    if content is not None:
        message["content"] = content[:2000]
    message["allowed_mentions"] = pinging(ping)
    async with _lock(interaction):
        try:
            if not interaction.response.is_done():
                answer = await interaction.response.send_message(ephemeral=ephemeral, **message)
                shown = answer.resource if answer is not None else None
                return shown if isinstance(shown, discord.Message) else None
            placeholder = interaction.extras.pop(_PLACEHOLDER, None)
            if placeholder == "private" and not ephemeral:
                done = t("table.done", await user_language(interaction))
                await interaction.followup.send(done, ephemeral=True, allowed_mentions=pinging())
            elif placeholder == "public" and ephemeral:
                # Discord shows the first followup in the placeholder, to everyone, whatever its flag: close
                # the placeholder (filled, then deleted) so the private answer is a message of its own.
                done = t("table.done", await user_language(interaction))
                await interaction.edit_original_response(content=done, allowed_mentions=pinging())
                await interaction.delete_original_response()
            sent: discord.Message = await interaction.followup.send(ephemeral=ephemeral, wait=True, **message)
            return sent
        except discord.HTTPException:
            log.warning("could not answer an interaction", exc_info=True)
            return None


async def refuse(interaction: discord.Interaction[Any], key: str, **values: object) -> bool:
    """Answer a refused press (an item's ``interaction_check``) and return False."""
    await reply(interaction, Refusal.of(key, values).text(await user_language(interaction)), ephemeral=True)
    return False


async def off_loop(
    interaction: discord.Interaction[Any] | None, work: Callable[..., T], *args: Any, private: bool = True
) -> T:
    """Run Pillow or scoring work in a worker thread.  When it is still running ``DEFER_AFTER`` seconds
    after the interaction was first seen, the answer is deferred (privately or publicly) meanwhile."""
    task = asyncio.ensure_future(asyncio.to_thread(work, *args))
    if interaction is None:
        return await task
    loop = asyncio.get_running_loop()
    started = interaction.extras.setdefault(_STARTED, loop.time())
    budget = max(0.0, started + DEFER_AFTER - loop.time())
    done, _ = await asyncio.wait({task}, timeout=budget)
    if not done:
        await defer(interaction, ephemeral=private)
    return await task
