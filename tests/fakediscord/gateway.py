"""The fake gateway: HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeats, RESUME, dispatches.

Shards as Discord has them: IDENTIFY may carry ``shard: [id, count]``; a session then gets only the
guilds of its shard, ``(guild_id >> 22) % count``, and the events of those guilds; DM events and DM
interactions go to shard 0.  Two bots (processes) each identifying with their own shards share the work.

Frames are sent as uncompressed text even when the client asks for zlib-stream: discord.py accepts
text frames whatever it asked for.
"""

from __future__ import annotations

import contextlib
import json
import secrets
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from .state import FakeState
from .world import JSON, PUBLIC_THREAD, FakeChannel, FakeGuild

HELLO, HEARTBEAT, IDENTIFY, RESUME, INVALID_SESSION, HEARTBEAT_ACK, DISPATCH = 10, 1, 2, 6, 9, 11, 0
#: Intents this fake application has not been granted: GUILD_MEMBERS, GUILD_PRESENCES, MESSAGE_CONTENT.
PRIVILEGED_INTENTS = (1 << 1) | (1 << 8) | (1 << 15)
HEARTBEAT_INTERVAL_MS = 41250


@dataclass
class GatewaySession:
    id: str
    intents: int
    seq: int = 0
    #: Every dispatch of the session, kept so that a RESUME can replay what the client missed.
    events: list[tuple[int, str, JSON]] = field(default_factory=list)
    ws: web.WebSocketResponse | None = None
    heartbeats: int = 0
    #: (shard id, shard count) from IDENTIFY; (0, 1) when the client did not ask for shards.
    shard: tuple[int, int] = (0, 1)

    def serves(self, guild_id: int | None) -> bool:
        """Discord's routing: a guild's events to its shard, guild-less (DM) events to shard 0."""
        shard_id, count = self.shard
        return shard_id == (0 if guild_id is None else (guild_id >> 22) % count)

    @property
    def open(self) -> bool:
        return self.ws is not None and not self.ws.closed


class GatewayMixin(FakeState):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.sessions: dict[str, GatewaySession] = {}
        self.identifies = 0
        self.resumes = 0
        self._sockets: set[web.WebSocketResponse] = set()

    # Filled in by the server once it listens.
    gateway_url: str = ""
    #: False during ``gateway_outage()``: connections are refused with 503.
    gateway_available: bool = True

    @property
    def connected(self) -> GatewaySession | None:
        """The session with an open socket (the bot's current connection), if any."""
        for session in self.sessions.values():
            if session.ws is not None and not session.ws.closed:
                return session
        return None

    async def wait_connected(self, *, timeout: float = 5.0) -> GatewaySession:
        session: GatewaySession = await self.wait_until(
            lambda: self.connected, timeout=timeout, what="the bot to connect to the gateway"
        )
        return session

    async def handle_gateway(self, request: web.Request) -> web.StreamResponse:
        if not self.gateway_available:
            return web.Response(status=503, text="fake: gateway outage")
        ws = web.WebSocketResponse(autoping=True)
        await ws.prepare(request)
        self._sockets.add(ws)
        session: GatewaySession | None = None
        try:
            await ws.send_json(
                {"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}, "s": None, "t": None}
            )
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                op, data = frame.get("op"), frame.get("d")
                if op == HEARTBEAT:
                    if session is not None:
                        session.heartbeats += 1
                    await ws.send_json({"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None})
                elif op == IDENTIFY:
                    session = await self._identify(ws, data)
                elif op == RESUME:
                    session = await self._resume(ws, data)
                # Presence updates (3), member requests (8) and voice (4) are accepted and ignored.
        finally:
            self._sockets.discard(ws)
            if session is not None and session.ws is ws:
                session.ws = None
            await self._notify()
        return ws

    async def _identify(self, ws: web.WebSocketResponse, data: JSON) -> GatewaySession | None:
        if data.get("token") != self.token:
            await ws.close(code=4004, message=b"Authentication failed.")
            return None
        intents = int(data.get("intents", 0))
        if intents & PRIVILEGED_INTENTS:
            await ws.close(code=4014, message=b"Disallowed intent(s).")
            return None
        shard = data.get("shard") or [0, 1]
        if (
            not isinstance(shard, list)
            or len(shard) != 2
            or not all(isinstance(n, int) for n in shard)
            or not 0 <= shard[0] < shard[1]
        ):
            await ws.close(code=4010, message=b"Invalid shard.")
            return None
        self.identifies += 1
        session = GatewaySession(secrets.token_hex(16), intents, ws=ws, shard=(shard[0], shard[1]))
        self.sessions[session.id] = session
        mine = [g for g in self.guilds.values() if session.serves(g.id)]
        ready = {
            "v": 10,
            "user": self.bot_user.payload() | {"verified": True, "mfa_enabled": False, "flags": 0},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in mine],
            "shard": list(session.shard),
            "session_id": session.id,
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
        }
        await self._send(session, "READY", ready)
        for guild in mine:
            await self._send(session, "GUILD_CREATE", guild.payload())
        await self._notify()
        return session

    async def _resume(self, ws: web.WebSocketResponse, data: JSON) -> GatewaySession | None:
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or data.get("token") != self.token:
            await ws.send_json({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
            return None
        self.resumes += 1
        session.ws = ws
        last_seen = int(data.get("seq") or 0)
        for seq, event, payload in session.events:
            if seq > last_seen:
                await ws.send_json({"op": DISPATCH, "t": event, "s": seq, "d": payload})
        await self._send(session, "RESUMED", {})
        await self._notify()
        return session

    async def _send(self, session: GatewaySession, event: str, payload: JSON) -> None:
        session.seq += 1
        session.events.append((session.seq, event, payload))
        if session.ws is not None and not session.ws.closed:
            await session.ws.send_json({"op": DISPATCH, "t": event, "s": session.seq, "d": payload})

    async def dispatch(self, event: str, payload: JSON, *, guild_id: int | None = None) -> None:
        """Send a DISPATCH event to the session of its shard (kept for RESUME if the socket is down).

        The guild is ``guild_id``, else the payload's ``guild_id`` (a guild's own events: its ``id``).
        """
        if guild_id is None:
            raw = payload.get("guild_id") or (payload.get("id") if event.startswith("GUILD_") else None)
            guild_id = int(raw) if raw is not None else None
        session = self.session_for(guild_id)
        if session is None:
            raise AssertionError(
                f"no bot has identified for the shard of guild {guild_id}; cannot dispatch {event}"
            )
        await self._send(session, event, payload)

    def session_for(self, guild_id: int | None) -> GatewaySession | None:
        """The connected session that serves ``guild_id`` (DMs: shard 0), else the latest that did."""
        serving = [s for s in self.sessions.values() if s.serves(guild_id)]
        return next((s for s in serving if s.open), serving[-1] if serving else None)

    def shard_of(self, guild_id: int | None, count: int) -> int:
        return 0 if guild_id is None else (guild_id >> 22) % count

    async def drop_connection(self, *, code: int = 4000) -> None:
        """Close the bot's socket as a network fault would; discord.py reconnects and RESUMEs."""
        session = self.connected
        if session is None or session.ws is None:
            raise AssertionError("the bot is not connected")
        await session.ws.close(code=code, message=b"fake: connection dropped")

    @contextlib.asynccontextmanager
    async def gateway_outage(self) -> AsyncIterator[None]:
        """Drop the bot's socket and refuse reconnections until the block ends.

        Events dispatched meanwhile (e.g. scripted users' interactions) are kept for the session and
        replayed when discord.py RESUMEs, as Discord does.
        """
        self.gateway_available = False
        try:
            if self.connected is not None:
                await self.drop_connection()
            await self.wait_until(lambda: self.connected is None, what="the bot's socket to close")
            yield
        finally:
            self.gateway_available = True

    async def invalidate_sessions(self) -> None:
        """Forget the sessions and drop the socket: RESUME gets INVALID_SESSION, the bot identifies anew."""
        session = self.connected
        self.sessions.clear()
        if session is not None and session.ws is not None:
            await session.ws.close(code=4000, message=b"fake: session lost")

    async def close_sockets(self) -> None:
        for ws in list(self._sockets):
            await ws.close(code=1001, message=b"fake discord shutting down")

    def _on_guild_added(self, guild: FakeGuild) -> None:
        session = self.session_for(guild.id)
        if session is not None and session.open:
            self._spawn(self.dispatch("GUILD_CREATE", guild.payload()))

    def _on_channel_added(self, channel: FakeChannel) -> None:
        session = self.session_for(channel.guild_id)
        if session is not None and session.open:
            event = "THREAD_CREATE" if channel.type == PUBLIC_THREAD else "CHANNEL_CREATE"
            self._spawn(self.dispatch(event, channel.payload(), guild_id=channel.guild_id))
