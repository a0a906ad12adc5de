"""The fake's shared state: the world, the records, the faults, and the waits on them."""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import Callable, Coroutine, Iterable
from dataclasses import dataclass, field
from typing import Any

from .records import Fault, Record, Request, ServedFault
from .world import (
    DEFAULT_PERMISSIONS,
    DM,
    JSON,
    PUBLIC_THREAD,
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
    iso_now,
    new_snowflake,
)

#: How long a wait gives its condition before calling the bot hung.  A passing wait returns as soon as
#: its condition holds, so this bounds only a failing one; it is long because a two-core machine running
#: the suite on both cores made 3 s waits fail when nothing was wrong.  Discord's own 3-second deadline for
#: an interaction's first answer is enforced apart (``interaction_deadline``), not by these waits.
HANG_GUARD = 15.0


class FakeDiscordError(AssertionError):
    """A scripted user did something a real Discord client could not (or a wait timed out)."""


@dataclass
class PendingInteraction:
    """An interaction dispatched to the bot, and what the bot has answered so far."""

    id: int
    token: str
    type: int
    user: FakeUser
    channel: FakeChannel
    dispatched_at: float
    #: The message a component interaction came from.
    message: FakeMessage | None = None
    responded_at: float | None = None
    response_type: int | None = None
    #: The message created or edited by the initial response (or the deferred "thinking" message).
    original: FakeMessage | None = None
    modal: JSON | None = None
    #: The choices the bot offered to an autocomplete interaction.
    choices: list[JSON] | None = None
    followups: list[FakeMessage] = field(default_factory=list)
    responded: asyncio.Event = field(default_factory=asyncio.Event)
    #: Seconds a test has aged the token by (:meth:`FakeState.age_token`), added to its real age.
    aged: float = 0.0

    @property
    def latency(self) -> float | None:
        """Seconds from dispatch to the initial response (None while unanswered)."""
        if self.responded_at is None:
            return None
        return self.responded_at - self.dispatched_at


class FakeState:
    """World + records. The HTTP and gateway mixins mutate it; tests read it."""

    #: Discord refuses an initial interaction response after this many seconds (10062 Unknown interaction).
    interaction_deadline: float = 3.0
    #: An interaction's token lives 15 minutes: then its webhook (followups, edits of its answers) is
    #: refused (401 / 50027 Invalid Webhook Token), and an ephemeral message it created can no longer be
    #: edited by anyone (a component on it answering with an update: 404 / 10008 Unknown Message).
    token_lifetime: float = 15 * 60.0
    #: http://127.0.0.1:PORT once the server listens (attachment URLs are built on it).
    base_url: str = ""
    #: What GET /gateway/bot recommends (an AutoShardedBot with no shard_count runs this many).
    recommended_shards: int = 1

    def __init__(self, *, bot_name: str = "Referee", token: str = "fake-token") -> None:
        self.token = token
        self.application_id = new_snowflake()
        self.bot_user = FakeUser(new_snowflake(), bot_name, bot=True)
        self.owner = FakeUser(new_snowflake(), "app-owner")
        self.users: dict[int, FakeUser] = {self.bot_user.id: self.bot_user, self.owner.id: self.owner}
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, FakeMessage] = {}
        self.interactions: dict[int, PendingInteraction] = {}
        self.interactions_by_token: dict[str, PendingInteraction] = {}
        #: Registered application commands: None -> global, guild id -> that guild's.
        self.commands: dict[int | None, list[JSON]] = {}
        self.emojis: dict[int, JSON] = {}
        self.emoji_images: dict[int, bytes] = {}
        #: Files users attached to slash-command options, by attachment id.
        self.uploads: dict[int, FakeAttachment] = {}
        self.records: list[Record] = []
        self.requests: list[Request] = []
        self.faults: list[Fault] = []
        self.served_faults: list[ServedFault] = []
        self._changed = asyncio.Condition()
        self._tasks: set[asyncio.Task[Any]] = set()

    # ---- time and change notification

    @staticmethod
    def now() -> float:
        return asyncio.get_running_loop().time()

    def age_token(self, ix: PendingInteraction, seconds: float) -> None:
        """Make ``ix``'s token ``seconds`` older (as if the player came back to it that much later)."""
        ix.aged += seconds

    def token_expired(self, ix: PendingInteraction) -> bool:
        return self.now() - ix.dispatched_at + ix.aged > self.token_lifetime

    async def _notify(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    def _spawn(self, coro: Coroutine[Any, Any, Any]) -> None:
        """Run ``coro`` in the background, keeping a reference so it is neither lost nor leaked."""
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _record(self, record: Record) -> Record:
        self.records.append(record)
        self._spawn(self._notify())
        return record

    async def wait_until(
        self, condition: Callable[[], Any], *, timeout: float = HANG_GUARD, what: str = ""
    ) -> Any:
        """Wait until ``condition()`` is truthy and return it.

        Re-checked whenever the fake records something, and every 20 ms for conditions on the bot's side.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        async with self._changed:
            while True:
                result = condition()
                if result:
                    return result
                remaining = deadline - loop.time()
                if remaining <= 0:
                    raise FakeDiscordError(f"timed out after {timeout}s waiting for {what or condition}")
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._changed.wait(), min(remaining, 0.02))

    # ---- building the world

    def add_user(self, name: str, *, locale: str = "en-US", dms_closed: bool = False) -> FakeUser:
        user = FakeUser(new_snowflake(), name, locale=locale, dms_closed=dms_closed)
        self.users[user.id] = user
        return user

    def add_guild(
        self,
        name: str = "Mahjong Club",
        *,
        locale: str = "en-US",
        owner: FakeUser | None = None,
        shard: tuple[int, int] | None = None,
    ) -> FakeGuild:
        """A guild; ``shard=(id, count)`` picks an id whose events go to that shard of ``count``."""
        owner = owner or self.add_user(f"{name} owner")
        ident = new_snowflake()
        if shard is not None:
            while (ident >> 22) % shard[1] != shard[0]:
                ident += 1 << 22  # one millisecond later: the shard moves on by one
        guild = FakeGuild(ident, name, owner.id, locale=locale)
        guild.roles[guild.id] = FakeRole(guild.id, guild.id, "@everyone", permissions=DEFAULT_PERMISSIONS)
        guild.members[owner.id] = FakeMember(owner)
        guild.members[self.bot_user.id] = FakeMember(self.bot_user)
        self.guilds[guild.id] = guild
        self._on_guild_added(guild)
        return guild

    def add_channel(self, guild: FakeGuild, name: str = "mahjong") -> FakeChannel:
        channel = FakeChannel(new_snowflake(), name, guild_id=guild.id, position=len(guild.channels))
        guild.channels[channel.id] = channel
        self.channels[channel.id] = channel
        self._on_channel_added(channel)
        return channel

    def add_thread(
        self, parent: FakeChannel, name: str = "table 1", *, owner: FakeUser | None = None
    ) -> FakeChannel:
        """A public thread under ``parent`` (tables may live in threads)."""
        if parent.guild_id is None:
            raise FakeDiscordError("threads live in guild channels")
        guild = self.guilds[parent.guild_id]
        thread = FakeChannel(
            new_snowflake(),
            name,
            type=PUBLIC_THREAD,
            guild_id=guild.id,
            parent_id=parent.id,
            owner_id=(owner or self.bot_user).id,
        )
        guild.channels[thread.id] = thread
        self.channels[thread.id] = thread
        self._on_channel_added(thread)
        return thread

    def add_role(self, guild: FakeGuild, name: str, *, permissions: int = 0) -> FakeRole:
        role = FakeRole(new_snowflake(), guild.id, name, permissions=permissions, position=len(guild.roles))
        guild.roles[role.id] = role
        return role

    def add_member(self, guild: FakeGuild, user: FakeUser, *, roles: Iterable[FakeRole] = ()) -> FakeMember:
        member = FakeMember(user, [r.id for r in roles])
        guild.members[user.id] = member
        return member

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The DM channel between the bot and ``user`` (created on first use, as Discord does)."""
        for channel in self.channels.values():
            if channel.type == DM and channel.recipient is user:
                return channel
        channel = FakeChannel(new_snowflake(), "", type=DM, recipient=user)
        self.channels[channel.id] = channel
        return channel

    def _on_guild_added(self, guild: FakeGuild) -> None:
        """Overridden by the gateway: tell a connected bot."""

    def _on_channel_added(self, channel: FakeChannel) -> None:
        """Overridden by the gateway: tell a connected bot."""

    # ---- messages

    def create_message(
        self,
        channel: FakeChannel,
        payload: JSON,
        files: dict[int, tuple[str, bytes]],
        *,
        author: FakeUser | None = None,
        interaction: PendingInteraction | None = None,
        message_type: int = 0,
    ) -> FakeMessage:
        message = FakeMessage(new_snowflake(), channel, author or self.bot_user, type=message_type)
        if interaction is not None:
            message.interaction_id = interaction.id
            message.application_id = self.application_id
            message.interaction_type = interaction.type
            message.interaction_user = interaction.user
            if interaction.message is not None:
                message.interacted_message_id = interaction.message.id
        self._apply(message, payload, files, creating=True)
        if message.flags & 64 and interaction is not None:
            message.visible_to = interaction.user
        self.messages[message.id] = message
        return message

    def edit_message(self, message: FakeMessage, payload: JSON, files: dict[int, tuple[str, bytes]]) -> None:
        message.versions.append(message.snapshot())
        self._apply(message, payload, files, creating=False)
        message.edited_at = iso_now()

    def _apply(
        self, message: FakeMessage, payload: JSON, files: dict[int, tuple[str, bytes]], *, creating: bool
    ) -> None:
        if "content" in payload:
            message.content = payload["content"] or ""
            self._resolve_mentions(message, payload.get("allowed_mentions"))
        if "embeds" in payload:
            message.embeds = payload["embeds"] or []
        if "components" in payload:
            message.components = payload["components"] or []
        if "flags" in payload and payload["flags"] is not None:
            # Only EPHEMERAL (on creation), SUPPRESS_EMBEDS, SUPPRESS_NOTIFICATIONS, IS_COMPONENTS_V2 stick.
            keep = (1 << 2) | (1 << 12) | (1 << 15) | (64 if creating else 0)
            message.flags = (message.flags & ~keep) | (int(payload["flags"]) & keep)
        new_files = {
            index: self._attachment(message, name, data, payload, index)
            for index, (name, data) in files.items()
        }
        if "attachments" in payload:
            kept: list[FakeAttachment] = []
            for item in payload["attachments"] or []:
                ident = int(item["id"])
                if ident in new_files:
                    kept.append(new_files.pop(ident))
                else:
                    kept.extend(a for a in message.attachments if a.id == ident)
            message.attachments = kept + list(new_files.values())
        else:
            message.attachments = message.attachments + list(new_files.values())

    def _resolve_mentions(self, message: FakeMessage, allowed: JSON | None) -> None:
        """Who is pinged, as Discord decides: mentions in the content, filtered by ``allowed_mentions``
        (absent: everything in the content pings; ``{"parse": []}``: nothing does)."""
        text = message.content
        parse = {"users", "roles", "everyone"} if allowed is None else set(allowed.get("parse") or [])
        users = {int(u) for u in (allowed or {}).get("users") or []}
        roles = {int(r) for r in (allowed or {}).get("roles") or []}
        named_users = [int(m) for m in re.findall(r"<@!?(\d+)>", text)]
        named_roles = [int(m) for m in re.findall(r"<@&(\d+)>", text)]
        message.mentions = [u for u in dict.fromkeys(named_users) if "users" in parse or u in users]
        message.mention_roles = [r for r in dict.fromkeys(named_roles) if "roles" in parse or r in roles]
        message.mention_everyone = "everyone" in parse and ("@everyone" in text or "@here" in text)

    def pinged(self, message: FakeMessage) -> bool:
        """True when the message notified anyone (a user, a role, @everyone/@here)."""
        message = self.message(message)
        return bool(message.mentions or message.mention_roles or message.mention_everyone)

    def _attachment(
        self, message: FakeMessage, name: str, data: bytes, payload: JSON, index: int
    ) -> FakeAttachment:
        ident = new_snowflake()
        description = None
        for item in payload.get("attachments") or []:
            if str(item.get("id")) == str(index):
                name = item.get("filename") or name
                description = item.get("description")
        return FakeAttachment(
            ident, name, data, self.attachment_url(message.channel.id, ident, name), description
        )

    def attachment_url(self, channel_id: int, attachment_id: int, filename: str) -> str:
        return f"{self.base_url}/attachments/{channel_id}/{attachment_id}/{filename}"

    # ---- queries for tests

    def message(self, message: FakeMessage | int) -> FakeMessage:
        """The latest state of a message (after every edit)."""
        ident = message if isinstance(message, int) else message.id
        try:
            return self.messages[ident]
        except KeyError:
            raise FakeDiscordError(f"no message {ident}") from None

    def channel_messages(self, channel: FakeChannel, *, include_ephemeral: bool = False) -> list[FakeMessage]:
        return [
            m
            for m in self.messages.values()
            if m.channel is channel and not m.deleted and (include_ephemeral or not m.ephemeral)
        ]

    def dms(self, user: FakeUser) -> list[FakeMessage]:
        """Every message the bot has delivered to ``user`` by DM, oldest first, in its latest state."""
        return [
            m for m in self.messages.values() if m.is_dm and m.channel.recipient is user and not m.deleted
        ]

    def sent(self, kind: str | None = None, *, since: int = 0) -> list[Record]:
        return [r for r in self.records[since:] if kind is None or r.kind == kind]

    def mark(self) -> int:
        """A position in the records: pass it as ``since`` to only look at what came after."""
        return len(self.records)

    async def wait_for_record(
        self,
        predicate: Callable[[Record], bool],
        *,
        timeout: float = HANG_GUARD,
        since: int = 0,
        what: str = "",
    ) -> Record:
        """The first record (from position ``since``) matching ``predicate``; waits up to ``timeout``."""

        def find() -> Record | None:
            return next((r for r in self.records[since:] if predicate(r)), None)

        result: Record = await self.wait_until(find, timeout=timeout, what=what or "a matching record")
        return result

    async def wait_for_message(
        self,
        predicate: Callable[[FakeMessage], bool] = lambda m: True,
        *,
        channel: FakeChannel | None = None,
        to: FakeUser | None = None,
        timeout: float = HANG_GUARD,
        since: int = 0,
    ) -> FakeMessage:
        """The first new message (from records position ``since``) in ``channel`` / DM to ``to`` matching."""

        def match(record: Record) -> bool:
            if record.kind != "message" or record.message_id is None:
                return False
            message = self.messages[record.message_id]
            if channel is not None and message.channel is not channel:
                return False
            if to is not None and not (message.is_dm and message.channel.recipient is to):
                return False
            return predicate(message)

        record = await self.wait_for_record(match, timeout=timeout, since=since, what="a matching message")
        assert record.message_id is not None
        return self.messages[record.message_id]

    def answered_in_time(self, ix: PendingInteraction) -> bool:
        """Whether this fake accepted ``ix``'s initial response by its own deadline accounting: a response
        after ``interaction_deadline`` is refused (Discord's "Unknown interaction") and recorded late."""
        late = any(r.kind == "late_response" and r.interaction_id == ix.id for r in self.records)
        return ix.response_type is not None and not late and (ix.latency or 0.0) <= self.interaction_deadline

    def check_deadlines(self) -> None:
        """Fail if any interaction so far went unanswered or was answered after the deadline."""
        late = [
            ix
            for ix in self.interactions.values()
            if ix.latency is None or ix.latency > self.interaction_deadline
        ]
        if late:
            details = ", ".join(
                f"{ix.id} ({'unanswered' if ix.latency is None else f'{ix.latency:.2f}s'})" for ix in late
            )
            raise FakeDiscordError(
                f"interactions not answered within {self.interaction_deadline}s: {details}"
            )

    # ---- faults

    def fail_next(self, route: str, *, times: int = 1, status: int = 500) -> None:
        """Answer the next ``times`` requests on ``route`` (e.g. "POST /channels/{channel_id}/messages")."""
        body = {"message": "500: Internal Server Error", "code": 0}
        self.faults.append(Fault(_route_key(route), status, times, body))

    def rate_limit_next(self, route: str, *, times: int = 1, retry_after: float = 0.25) -> None:
        """Answer the next ``times`` requests on ``route`` with 429 and the headers discord.py reads."""
        body = {"message": "You are being rate limited.", "retry_after": retry_after, "global": False}
        self.faults.append(Fault(_route_key(route), 429, times, body, retry_after=retry_after))

    def close_dms(self, user: FakeUser) -> None:
        """DMs to ``user`` now fail with 403 / 50007 "Cannot send messages to this user"."""
        user.dms_closed = True

    def take_fault(self, route: str) -> Fault | None:
        for fault in self.faults:
            if fault.route == route and fault.remaining > 0:
                fault.remaining -= 1
                return fault
        return None


def _route_key(route: str) -> str:
    method, _, path = route.strip().partition(" ")
    if not path.startswith("/"):
        raise ValueError(f"route must look like 'POST /channels/{{channel_id}}/messages', got {route!r}")
    return f"{method.upper()} {path}"
