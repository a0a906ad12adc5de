"""The fake's HTTP API (v10): the endpoints discord.py calls for a slash-command bot.

Every handler answers like Discord: JSON bodies, error objects ``{"code", "message"}`` with Discord's
error codes, the X-RateLimit-* headers discord.py reads, and ``Via`` on 429s (without it discord.py
takes a 429 for a Cloudflare ban and gives up).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import math
import time
from collections.abc import Awaitable, Callable, Collection
from typing import Any

from aiohttp import web

from .command_checks import FieldError, check_commands, flatten_errors, nested_errors
from .gateway import GatewayMixin
from .records import Record, Request, ServedFault
from .validate import EMOJI_NAME, check_message
from .world import DM, JSON, FakeChannel, FakeGuild, FakeMessage, new_snowflake

API = "/api/v10"
Files = dict[int, tuple[str, bytes]]
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def reply(data: Any, *, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """A JSON response with exactly ``Content-Type: application/json`` (discord.py compares it verbatim)."""
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers=headers, content_type="application/json"
    )


class ApiError(Exception):
    def __init__(self, status: int, code: int, message: str, errors: JSON | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.errors = status, code, message, errors

    def response(self) -> web.Response:
        body: JSON = {"code": self.code, "message": self.message}
        if self.errors is not None:
            body["errors"] = self.errors
        return reply(body, status=self.status)


def invalid_form(problems: list[str]) -> ApiError:
    errors = {"_errors": [{"code": "INVALID_FORM_BODY", "message": p} for p in problems]}
    return ApiError(400, 50035, "Invalid Form Body: " + "; ".join(problems), errors)


def invalid_fields(errors: list[FieldError]) -> ApiError:
    """Discord's own shape: the message "Invalid Form Body" and the errors nested by JSON path."""
    return ApiError(400, 50035, "Invalid Form Body", nested_errors(errors))


class HttpApiMixin(GatewayMixin):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        #: Optional emulation of Discord's per-route buckets: route key -> (limit, per seconds).
        self.route_limits: dict[str, tuple[int, float]] = {}
        self.limited_channels: dict[str, frozenset[int]] = {}
        self._buckets: dict[tuple[str, str], list[float]] = {}
        #: Bodies Discord would have refused (400 Invalid Form Body): a well-behaved bot leaves this empty.
        self.rejections: list[tuple[str, list[str]]] = []

    # ---- routing

    def build_app(self) -> web.Application:
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        self.add_routes(app.router)
        return app

    def add_routes(self, r: web.UrlDispatcher) -> None:
        a = API
        r.add_get("/gateway", self.handle_gateway)
        r.add_get(a + "/gateway", self._get_gateway)
        r.add_get(a + "/gateway/bot", self._get_gateway_bot)
        r.add_get(a + "/users/@me", self._get_me)
        r.add_get(a + "/oauth2/applications/@me", self._get_application)
        r.add_get(a + "/users/{user_id}", self._get_user)
        r.add_post(a + "/users/@me/channels", self._create_dm)
        for base in ("/applications/{application_id}", "/applications/{application_id}/guilds/{guild_id}"):
            r.add_put(a + base + "/commands", self._put_commands)
            r.add_get(a + base + "/commands", self._get_commands)
            r.add_post(a + base + "/commands", self._post_command)
        r.add_get(a + "/applications/{application_id}/emojis", self._list_emojis)
        r.add_post(a + "/applications/{application_id}/emojis", self._create_emoji)
        r.add_get(a + "/applications/{application_id}/emojis/{emoji_id}", self._get_emoji)
        r.add_delete(a + "/applications/{application_id}/emojis/{emoji_id}", self._delete_emoji)
        r.add_get(a + "/channels/{channel_id}", self._get_channel)
        r.add_post(a + "/channels/{channel_id}/messages", self._post_message)
        r.add_get(a + "/channels/{channel_id}/messages", self._list_messages)
        r.add_get(a + "/channels/{channel_id}/messages/{message_id}", self._get_message)
        r.add_patch(a + "/channels/{channel_id}/messages/{message_id}", self._patch_message)
        r.add_delete(a + "/channels/{channel_id}/messages/{message_id}", self._delete_message)
        r.add_post(a + "/channels/{channel_id}/typing", self._no_content)
        r.add_put(
            a + "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me", self._add_reaction
        )
        r.add_get(a + "/guilds/{guild_id}", self._get_guild)
        r.add_get(a + "/guilds/{guild_id}/channels", self._get_guild_channels)
        r.add_get(a + "/guilds/{guild_id}/roles", self._get_roles)
        r.add_get(a + "/guilds/{guild_id}/members/{user_id}", self._get_member)
        r.add_put(a + "/guilds/{guild_id}/members/{user_id}/roles/{role_id}", self._add_member_role)
        r.add_delete(a + "/guilds/{guild_id}/members/{user_id}/roles/{role_id}", self._remove_member_role)
        r.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._get_attachment)

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        resource = request.match_info.route.resource
        template = resource.canonical if resource is not None else request.path
        route = f"{request.method} {template.removeprefix(API)}"
        at = self.now()
        response = await self._answer(request, handler, route, template)
        self.requests.append(Request(route, request.path, response.status, at))
        return response

    async def _answer(
        self, request: web.Request, handler: Handler, route: str, template: str
    ) -> web.StreamResponse:
        # Interaction callbacks and webhooks authenticate by their token in the URL, not the bot token.
        needs_auth = (
            template.startswith(API)
            and not template.startswith((API + "/interactions", API + "/webhooks"))
            and not template.endswith("/gateway")
        )
        if needs_auth and request.headers.get("Authorization") != f"Bot {self.token}":
            return reply({"message": "401: Unauthorized", "code": 0}, status=401)
        fault = self.take_fault(route)
        if fault is not None:
            self.served_faults.append(ServedFault(route, fault.status, self.now(), request.path))
            headers = {"Via": "1.1 google"}
            if fault.status == 429:
                headers |= self._limit_headers(route, 0, fault.retry_after) | {
                    "Retry-After": str(math.ceil(fault.retry_after)),
                    "X-RateLimit-Scope": "user",
                }
            return reply(fault.body, status=fault.status, headers=headers)
        bucket = self._emulated_bucket(request, route)
        if isinstance(bucket, web.Response):
            return bucket
        try:
            response = await handler(request)
        except ApiError as exc:
            if exc.code == 50035 and exc.errors is not None:
                self.rejections.append((route, flatten_errors(exc.errors)))
            response = exc.response()
        if bucket is not None and not response.prepared:
            limit, used, reset_after = bucket
            response.headers.update(
                self._limit_headers(route, max(0, limit - used), reset_after, limit=limit)
            )
        return response

    # ---- rate limits

    def emulate_rate_limit(
        self, route: str, *, limit: int, per: float, channels: Collection[int] | None = None
    ) -> None:
        """Enforce a Discord-like bucket on ``route`` (per channel/guild/interaction); 429 when exceeded.

        ``channels``: only the buckets of these channels (a test about one channel's message); every
        channel's when None, as Discord does.
        """
        method, _, path = route.partition(" ")
        key = f"{method.upper()} {path}"
        self.route_limits[key] = (limit, per)
        if channels is None:
            self.limited_channels.pop(key, None)
        else:
            self.limited_channels[key] = frozenset(channels)

    def emulate_discord_rate_limits(self) -> None:
        """The per-channel buckets Discord is observed to use (5 per 5 s to create, 5 per 5 s to edit),
        and 5 per 2 s on an interaction's webhook: a bot that coalesces its edits never waits on them."""
        self.emulate_rate_limit("POST /channels/{channel_id}/messages", limit=5, per=5.0)
        self.emulate_rate_limit("PATCH /channels/{channel_id}/messages/{message_id}", limit=5, per=5.0)
        for route in (
            "POST /webhooks/{application_id}/{interaction_token}",
            "PATCH /webhooks/{application_id}/{interaction_token}/messages/{message_id}",
        ):
            self.emulate_rate_limit(route, limit=5, per=2.0)

    def _bucket_key(self, request: web.Request, route: str) -> tuple[str, str]:
        info = request.match_info
        major = info.get("channel_id") or info.get("guild_id") or info.get("interaction_token") or ""
        return route, major

    def _bucket_state(self, request: web.Request, route: str) -> tuple[int, int, float]:
        """(limit, used, seconds to reset) after counting this request."""
        limit, per = self.route_limits[route]
        key = self._bucket_key(request, route)
        now = self.now()
        window = self._buckets.get(key)
        if window is None or now >= window[0]:
            window = self._buckets[key] = [now + per, 0.0]
        window[1] += 1
        return limit, int(window[1]), window[0] - now

    def _emulated_bucket(
        self, request: web.Request, route: str
    ) -> tuple[int, int, float] | web.Response | None:
        """None when ``route`` is not emulated; the bucket state when allowed; a 429 when exhausted."""
        if route not in self.route_limits:
            return None
        only = self.limited_channels.get(route)
        if only is not None and int(request.match_info.get("channel_id", 0)) not in only:
            return None
        limit, used, reset_after = self._bucket_state(request, route)
        if used <= limit:
            return limit, used, reset_after
        self.served_faults.append(ServedFault(route, 429, self.now(), request.path))
        body = {"message": "You are being rate limited.", "retry_after": reset_after, "global": False}
        headers = self._limit_headers(route, 0, reset_after, limit=limit) | {
            "Via": "1.1 google",
            "Retry-After": str(math.ceil(reset_after)),
            "X-RateLimit-Scope": "user",
        }
        return reply(body, status=429, headers=headers)

    @staticmethod
    def _limit_headers(route: str, remaining: int, reset_after: float, *, limit: int = 5) -> dict[str, str]:
        # Round up to the millisecond: a client that waits a hair too little would be refused again.
        reset_after = math.ceil(reset_after * 1000) / 1000
        return {
            "X-RateLimit-Limit": str(limit),
            "X-RateLimit-Remaining": str(remaining),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": hashlib.sha1(route.encode()).hexdigest()[:16],
        }

    # ---- helpers

    @staticmethod
    async def _read(request: web.Request) -> tuple[JSON, Files]:
        """The JSON body, or payload_json and files[n] of a multipart body."""
        files: Files = {}
        if request.content_type.startswith("multipart/"):
            payload: JSON = {}
            reader = await request.multipart()
            async for part in reader:
                name = getattr(part, "name", None)
                if name is None:
                    continue
                data = await part.read()  # type: ignore[union-attr]
                if name == "payload_json":
                    payload = json.loads(bytes(data))
                elif name.startswith("files[") and name.endswith("]"):
                    files[int(name[6:-1])] = (
                        getattr(part, "filename", None) or f"file{name[6:-1]}",
                        bytes(data),
                    )
            return payload, files
        if not request.can_read_body:
            return {}, files
        try:
            body = await request.json()
        except json.JSONDecodeError:
            raise ApiError(400, 50109, "The request body contains invalid JSON.") from None
        return (body if isinstance(body, dict) else {"_list": body}), files

    def _channel(self, request: web.Request) -> FakeChannel:
        channel = self.channels.get(to_int(request.match_info["channel_id"]))
        if channel is None:
            raise ApiError(404, 10003, "Unknown Channel")
        return channel

    def _message(self, request: web.Request, channel: FakeChannel) -> FakeMessage:
        message = self.messages.get(to_int(request.match_info["message_id"]))
        # Ephemeral messages exist only for their interaction's webhook, not in the channel.
        if message is None or message.channel is not channel or message.deleted or message.ephemeral:
            raise ApiError(404, 10008, "Unknown Message")
        return message

    def _guild(self, request: web.Request) -> FakeGuild:
        guild = self.guilds.get(to_int(request.match_info["guild_id"]))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        return guild

    def _check_message(self, payload: JSON, files: Files, *, creating: bool) -> None:
        problems = check_message(payload, len(files), [len(d) for _, d in files.values()], creating=creating)
        if problems:
            raise invalid_form(problems)

    def _record_message(self, kind: str, message: FakeMessage, files: Files, **extra: Any) -> Record:
        channel = message.channel
        return self._record(
            Record(
                kind,
                self.now(),
                channel_id=channel.id,
                recipient_id=channel.recipient.id if channel.type == DM and channel.recipient else None,
                message_id=message.id,
                content=message.content,
                embeds=message.embeds,
                components=message.components,
                files={name: data for name, data in files.values()},
                ephemeral=message.ephemeral,
                **extra,
            )
        )

    async def _emit(self, event: str, message: FakeMessage) -> None:
        """Tell the bot about its own message, as Discord does (if its intents ask for it)."""
        session = self.session_for(message.channel.guild_id)
        if session is None or not session.open or message.ephemeral:
            return
        wanted = (1 << 12) if message.is_dm else (1 << 9)
        if session.intents & wanted:
            if event == "MESSAGE_DELETE":
                payload: JSON = {"id": str(message.id), "channel_id": str(message.channel.id)}
                if message.channel.guild_id:
                    payload["guild_id"] = str(message.channel.guild_id)
            else:
                payload = message.payload()
            await self.dispatch(event, payload)

    # ---- identity and gateway

    async def _get_gateway(self, request: web.Request) -> web.Response:
        return reply({"url": self.gateway_url})

    async def _get_gateway_bot(self, request: web.Request) -> web.Response:
        limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
        return reply(
            {"url": self.gateway_url, "shards": self.recommended_shards, "session_start_limit": limit}
        )

    async def _get_me(self, request: web.Request) -> web.Response:
        return reply(self.bot_user.payload() | {"verified": True, "mfa_enabled": False, "flags": 0})

    async def _get_application(self, request: web.Request) -> web.Response:
        return reply(
            {
                "id": str(self.application_id),
                "name": self.bot_user.name,
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": self.owner.payload(),
                "verify_key": "0" * 64,
                "flags": 0,
                "bot": self.bot_user.payload(),
            }
        )

    async def _get_user(self, request: web.Request) -> web.Response:
        user = self.users.get(to_int(request.match_info["user_id"]))
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        return reply(user.payload())

    async def _create_dm(self, request: web.Request) -> web.Response:
        payload, _ = await self._read(request)
        user = self.users.get(to_int(payload.get("recipient_id")))
        if user is None or user.bot:
            raise ApiError(400, 50033, "Invalid Recipient(s)")
        return reply(self.dm_channel(user).payload())

    # ---- application commands

    def _command_scope(self, request: web.Request) -> int | None:
        if to_int(request.match_info["application_id"]) != self.application_id:
            raise ApiError(403, 50001, "Missing Access")
        guild_id = request.match_info.get("guild_id")
        if guild_id is None:
            return None
        return self._guild(request).id

    def _stored_command(self, cmd: JSON, scope: int | None, old: list[JSON]) -> JSON:
        previous = next(
            (c for c in old if c["name"] == cmd["name"] and c.get("type", 1) == cmd.get("type", 1)), None
        )
        stored = {
            "type": 1,
            "description": "",
            "options": [],
            "default_member_permissions": None,
            "nsfw": False,
            **cmd,
            "id": previous["id"] if previous else str(new_snowflake()),
            "application_id": str(self.application_id),
            "version": str(new_snowflake()),
        }
        if scope is not None:
            stored["guild_id"] = str(scope)
        return stored

    async def _put_commands(self, request: web.Request) -> web.Response:
        scope = self._command_scope(request)
        payload, _ = await self._read(request)
        commands = payload.get("_list")
        if not isinstance(commands, list):
            raise ApiError(400, 50035, "Invalid Form Body: expected a list of commands")
        problems = check_commands(commands)
        if problems:
            raise invalid_fields(problems)
        old = self.commands.get(scope, [])
        self.commands[scope] = [self._stored_command(c, scope, old) for c in commands]
        self._record(
            Record("commands", self.now(), raw={"scope": scope, "names": [c["name"] for c in commands]})
        )
        return reply(self.commands[scope])

    async def _get_commands(self, request: web.Request) -> web.Response:
        return reply(self.commands.get(self._command_scope(request), []))

    async def _post_command(self, request: web.Request) -> web.Response:
        scope = self._command_scope(request)
        cmd, _ = await self._read(request)
        problems = [FieldError(e.path[1:], e.code, e.message) for e in check_commands([cmd])]
        if problems:
            raise invalid_fields(problems)
        old = self.commands.setdefault(scope, [])
        stored = self._stored_command(cmd, scope, old)
        self.commands[scope] = [c for c in old if c["id"] != stored["id"]] + [stored]
        return reply(stored, status=201)

    # ---- application emojis

    def _emoji_payload(self, emoji_id: int) -> JSON:
        return self.emojis[emoji_id]

    async def _list_emojis(self, request: web.Request) -> web.Response:
        self._command_scope(request)
        return reply({"items": list(self.emojis.values())})

    async def _create_emoji(self, request: web.Request) -> web.Response:
        self._command_scope(request)
        payload, _ = await self._read(request)
        name, image = payload.get("name") or "", payload.get("image") or ""
        if not EMOJI_NAME.match(name):
            raise invalid_form([f"name: {name!r} must be 2-32 letters, digits or underscores"])
        if any(e["name"] == name for e in self.emojis.values()):
            raise invalid_form([f"name: an application emoji named {name!r} already exists"])
        if len(self.emojis) >= 2000:
            raise ApiError(400, 30018, "Maximum number of emojis reached (2000)")
        header, _, encoded = image.partition(",")
        try:
            data = base64.b64decode(encoded, validate=True)
        except (binascii.Error, ValueError):
            raise invalid_form(["image: not a base64 data URI"]) from None
        if not header.startswith("data:image/") or len(data) > 256 * 1024:
            raise invalid_form(["image: must be a PNG/JPEG/GIF/WebP data URI of at most 256 KiB"])
        emoji_id = new_snowflake()
        self.emojis[emoji_id] = {
            "id": str(emoji_id),
            "name": name,
            "roles": [],
            "user": self.owner.payload(),
            "require_colons": True,
            "managed": False,
            "animated": header.startswith("data:image/gif"),
            "available": True,
        }
        self.emoji_images[emoji_id] = data
        self._record(Record("emoji", self.now(), content=name, files={name: data}))
        return reply(self.emojis[emoji_id], status=201)

    async def _get_emoji(self, request: web.Request) -> web.Response:
        self._command_scope(request)
        emoji = self.emojis.get(to_int(request.match_info["emoji_id"]))
        if emoji is None:
            raise ApiError(404, 10014, "Unknown Emoji")
        return reply(emoji)

    async def _delete_emoji(self, request: web.Request) -> web.Response:
        self._command_scope(request)
        if self.emojis.pop(to_int(request.match_info["emoji_id"]), None) is None:
            raise ApiError(404, 10014, "Unknown Emoji")
        return web.Response(status=204)

    # ---- channels and messages

    async def _get_channel(self, request: web.Request) -> web.Response:
        return reply(self._channel(request).payload())

    async def _post_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        payload, files = await self._read(request)
        if channel.type == DM and channel.recipient is not None and channel.recipient.dms_closed:
            self._record(
                Record("dm_refused", self.now(), channel_id=channel.id, recipient_id=channel.recipient.id)
            )
            raise ApiError(403, 50007, "Cannot send messages to this user")
        self._check_message(payload, files, creating=True)
        payload = {k: v for k, v in payload.items() if k != "flags"} | {
            "flags": (payload.get("flags") or 0) & ~64
        }
        message = self.create_message(channel, payload, files)
        self._record_message("message", message, files, raw=payload)
        await self._emit("MESSAGE_CREATE", message)
        return reply(message.payload())

    async def _list_messages(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        limit = min(100, int(request.query.get("limit", 50)))
        before, after = request.query.get("before"), request.query.get("after")
        found = self.channel_messages(channel)
        if before:
            found = [m for m in found if m.id < int(before)]
        if after:
            found = [m for m in found if m.id > int(after)]
        found.sort(key=lambda m: m.id, reverse=True)
        return reply([m.payload() for m in found[:limit]])

    async def _get_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        return reply(self._message(request, channel).payload())

    async def _patch_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self._message(request, channel)
        if message.author is not self.bot_user:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        payload, files = await self._read(request)
        self._check_message(payload, files, creating=False)
        self.edit_message(message, payload, files)
        self._record_message("edit", message, files)
        await self._emit("MESSAGE_UPDATE", message)
        return reply(message.payload())

    async def _delete_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self._message(request, channel)
        message.deleted = True
        self._record_message("delete", message, {})
        await self._emit("MESSAGE_DELETE", message)
        return web.Response(status=204)

    async def _add_reaction(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self._message(request, channel)
        self._record(
            Record(
                "reaction",
                self.now(),
                channel_id=channel.id,
                message_id=message.id,
                content=request.match_info["emoji"],
            )
        )
        return web.Response(status=204)

    async def _no_content(self, request: web.Request) -> web.Response:
        self._channel(request)
        return web.Response(status=204)

    async def _get_attachment(self, request: web.Request) -> web.Response:
        ident = to_int(request.match_info["attachment_id"])
        if ident in self.uploads:
            return web.Response(body=self.uploads[ident].data, content_type="application/octet-stream")
        for message in self.messages.values():
            for attachment in message.attachments:
                if attachment.id == ident:
                    return web.Response(body=attachment.data, content_type="application/octet-stream")
        return web.Response(status=404)

    # ---- guilds

    async def _get_guild(self, request: web.Request) -> web.Response:
        return reply(self._guild(request).payload())

    async def _get_guild_channels(self, request: web.Request) -> web.Response:
        return reply([c.payload() for c in self._guild(request).channels.values()])

    async def _get_roles(self, request: web.Request) -> web.Response:
        return reply([r.payload() for r in self._guild(request).roles.values()])

    def _member_of(self, request: web.Request) -> tuple[FakeGuild, Any]:
        guild = self._guild(request)
        member = guild.members.get(to_int(request.match_info["user_id"]))
        if member is None:
            raise ApiError(404, 10007, "Unknown Member")
        return guild, member

    async def _get_member(self, request: web.Request) -> web.Response:
        guild, member = self._member_of(request)
        return reply(member.payload(guild))

    async def _add_member_role(self, request: web.Request) -> web.Response:
        guild, member = self._member_of(request)
        role_id = to_int(request.match_info["role_id"])
        if role_id not in guild.roles:
            raise ApiError(404, 10011, "Unknown Role")
        if role_id not in member.role_ids:
            member.role_ids.append(role_id)
        return web.Response(status=204)

    async def _remove_member_role(self, request: web.Request) -> web.Response:
        guild, member = self._member_of(request)
        role_id = to_int(request.match_info["role_id"])
        if role_id in member.role_ids:
            member.role_ids.remove(role_id)
        return web.Response(status=204)


def to_int(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise ApiError(400, 50035, f"Invalid Form Body: {value!r} is not a snowflake") from None
