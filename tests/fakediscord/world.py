"""The fake's model of Discord: users, guilds, channels, roles, messages, and their JSON payloads.

Payloads carry the fields discord.py reads (see discord/types/*.py); anything the real API sends
that discord.py does not need is left out.
"""

from __future__ import annotations

import datetime as dt
import itertools
import time
from dataclasses import dataclass, field
from typing import Any

DISCORD_EPOCH_MS = 1420070400000
JSON = dict[str, Any]

# Channel types (https://discord.com/developers/docs/resources/channel#channel-object-channel-types).
GUILD_TEXT = 0
DM = 1
PUBLIC_THREAD = 11

# Message flags.
EPHEMERAL = 1 << 6
LOADING = 1 << 7

_counter = itertools.count(1)


def new_snowflake() -> int:
    """A unique id whose timestamp part is now, as Discord's are (so created_at is sensible)."""
    ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
    return (ms << 22) | (next(_counter) & 0x3FFFFF)


def iso_now() -> str:
    return dt.datetime.now(dt.UTC).isoformat()


@dataclass
class FakeUser:
    id: int
    name: str
    locale: str = "en-US"
    bot: bool = False
    #: When set, the fake answers 50007 "Cannot send messages to this user" to DMs for this user.
    dms_closed: bool = False

    def payload(self) -> JSON:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass
class FakeRole:
    id: int
    guild_id: int
    name: str
    permissions: int = 0
    position: int = 0

    def payload(self) -> JSON:
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "hoist": False,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }


# Permissions given to @everyone by default: view, send, embed, attach, read history, use app commands.
DEFAULT_PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 31)
ADMINISTRATOR = 1 << 3


@dataclass
class FakeChannel:
    id: int
    name: str
    type: int = GUILD_TEXT
    guild_id: int | None = None
    recipient: FakeUser | None = None
    position: int = 0
    #: For threads: the channel the thread belongs to, and who started it.
    parent_id: int | None = None
    owner_id: int | None = None

    def payload(self) -> JSON:
        data: JSON = {"id": str(self.id), "type": self.type, "last_message_id": None, "flags": 0}
        if self.type == DM:
            assert self.recipient is not None
            data["recipients"] = [self.recipient.payload()]
            return data
        if self.type == PUBLIC_THREAD:
            data.update(
                {
                    "guild_id": str(self.guild_id),
                    "name": self.name,
                    "parent_id": str(self.parent_id),
                    "owner_id": str(self.owner_id),
                    "message_count": 0,
                    "member_count": 1,
                    "rate_limit_per_user": 0,
                    "thread_metadata": {
                        "archived": False,
                        "auto_archive_duration": 1440,
                        "archive_timestamp": iso_now(),
                        "locked": False,
                    },
                }
            )
            return data
        data.update(
            {
                "guild_id": str(self.guild_id),
                "name": self.name,
                "position": self.position,
                "permission_overwrites": [],
                "nsfw": False,
                "parent_id": None,
                "topic": None,
                "rate_limit_per_user": 0,
            }
        )
        return data

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"


@dataclass
class FakeMember:
    user: FakeUser
    role_ids: list[int] = field(default_factory=list)
    nick: str | None = None
    joined_at: str = field(default_factory=iso_now)

    def payload(self, guild: FakeGuild | None = None) -> JSON:
        data: JSON = {
            "user": self.user.payload(),
            "roles": [str(r) for r in self.role_ids],
            "nick": self.nick,
            "joined_at": self.joined_at,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "avatar": None,
        }
        if guild is not None:
            data["permissions"] = str(guild.permissions_of(self))
        return data


@dataclass
class FakeGuild:
    id: int
    name: str
    owner_id: int
    locale: str = "en-US"
    channels: dict[int, FakeChannel] = field(default_factory=dict)
    roles: dict[int, FakeRole] = field(default_factory=dict)
    members: dict[int, FakeMember] = field(default_factory=dict)
    #: Server settings > Integrations: command name -> user ids an admin allowed to use it whatever the
    #: command's default permissions (a bot must check permissions itself when it matters).
    command_overrides: dict[str, set[int]] = field(default_factory=dict)

    @property
    def everyone(self) -> FakeRole:
        return self.roles[self.id]

    def permissions_of(self, member: FakeMember) -> int:
        if member.user.id == self.owner_id:
            return (1 << 53) - 1
        perms = self.everyone.permissions
        for role_id in member.role_ids:
            perms |= self.roles[role_id].permissions
        return (1 << 53) - 1 if perms & ADMINISTRATOR else perms

    def payload(self) -> JSON:
        """The GUILD_CREATE payload."""
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [r.payload() for r in self.roles.values()],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "preferred_locale": self.locale,
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": iso_now(),
            "large": False,
            "unavailable": False,
            "member_count": len(self.members),
            "voice_states": [],
            "members": [m.payload() for m in self.members.values()],
            "channels": [c.payload() for c in self.channels.values() if c.type != PUBLIC_THREAD],
            "threads": [c.payload() for c in self.channels.values() if c.type == PUBLIC_THREAD],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }


@dataclass
class FakeAttachment:
    id: int
    filename: str
    data: bytes
    url: str
    description: str | None = None
    content_type: str | None = None

    def payload(self) -> JSON:
        data: JSON = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": self.url,
            "proxy_url": self.url,
        }
        if self.description is not None:
            data["description"] = self.description
        if self.content_type is not None:
            data["content_type"] = self.content_type
        return data


@dataclass
class FakeMessage:
    """One message as it is now; ``versions`` keeps every earlier state (content, embeds, components)."""

    id: int
    channel: FakeChannel
    author: FakeUser
    content: str = ""
    embeds: list[JSON] = field(default_factory=list)
    components: list[JSON] = field(default_factory=list)
    attachments: list[FakeAttachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    created_at: str = field(default_factory=iso_now)
    edited_at: str | None = None
    deleted: bool = False
    #: The interaction this message answers (slash/component response or followup), if any.
    interaction_id: int | None = None
    #: Its type and the user who triggered it (sent as ``interaction_metadata``).
    interaction_type: int | None = None
    interaction_user: FakeUser | None = None
    interacted_message_id: int | None = None
    #: Who may see it: None for everyone in the channel, else the one user (ephemeral messages).
    visible_to: FakeUser | None = None
    application_id: int | None = None
    versions: list[JSON] = field(default_factory=list)
    #: Whom the message pinged, as Discord decides from its content and ``allowed_mentions``.
    mentions: list[int] = field(default_factory=list)
    mention_roles: list[int] = field(default_factory=list)
    mention_everyone: bool = False

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def is_dm(self) -> bool:
        return self.channel.type == DM

    def custom_ids(self) -> list[str]:
        """Every component custom id on the message, in order (buttons, selects, nested in rows)."""
        return [c["custom_id"] for c in iter_components(self.components) if "custom_id" in c]

    def component(self, custom_id: str) -> JSON | None:
        for comp in iter_components(self.components):
            if comp.get("custom_id") == custom_id:
                return comp
        return None

    def button_labels(self) -> list[str]:
        return [c.get("label", "") for c in iter_components(self.components) if c.get("type") == 2]

    def files(self) -> dict[str, bytes]:
        return {a.filename: a.data for a in self.attachments}

    def snapshot(self) -> JSON:
        return {
            "content": self.content,
            "embeds": self.embeds,
            "components": self.components,
            "attachments": [a.filename for a in self.attachments],
        }

    def payload(self) -> JSON:
        data: JSON = {
            "id": str(self.id),
            "channel_id": str(self.channel.id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": self.created_at,
            "edited_timestamp": self.edited_at,
            "tts": False,
            "mention_everyone": self.mention_everyone,
            "mentions": [
                {"id": str(u), "username": str(u), "discriminator": "0", "avatar": None}
                for u in self.mentions
            ],
            "mention_roles": [str(r) for r in self.mention_roles],
            "attachments": [a.payload() for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "type": self.type,
            "flags": self.flags,
        }
        if self.channel.guild_id is not None:
            data["guild_id"] = str(self.channel.guild_id)
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
        if self.interaction_id is not None:
            # Interaction responses and followups are sent through the application's webhook.
            data["webhook_id"] = str(self.application_id)
            if self.interaction_user is not None:
                metadata: JSON = {
                    "id": str(self.interaction_id),
                    "type": self.interaction_type,
                    "user": self.interaction_user.payload(),
                    "authorizing_integration_owners": {},
                }
                if self.interacted_message_id is not None:
                    metadata["interacted_message_id"] = str(self.interacted_message_id)
                data["interaction_metadata"] = metadata
        return data


def iter_components(components: list[JSON]) -> list[JSON]:
    """All components, depth first, through action rows (type 1), sections, containers and labels."""
    out: list[JSON] = []
    for comp in components:
        out.append(comp)
        if "components" in comp:
            out.extend(iter_components(comp["components"]))
        if "component" in comp:
            out.extend(iter_components([comp["component"]]))
        if "accessory" in comp:
            out.extend(iter_components([comp["accessory"]]))
    return out
