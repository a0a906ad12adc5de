"""Scripted users: slash commands, button clicks, select picks and modal submissions sent to the bot as
INTERACTION_CREATE events shaped like Discord's, refused when a real client could not send them."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Mapping
from typing import Any

from .command_checks import MAX_STRING_OPTION, NUMBER_LIMIT
from .interaction_api import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    InteractionApiMixin,
)
from .state import HANG_GUARD, FakeDiscordError, PendingInteraction
from .world import (
    DM,
    JSON,
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeMessage,
    FakeRole,
    FakeUser,
    new_snowflake,
)

# Application command option types.
SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, BOOLEAN, USER, CHANNEL = 1, 2, 3, 4, 5, 6, 7
ROLE, MENTIONABLE, NUMBER, ATTACHMENT = 8, 9, 10, 11
SELECT_COMPONENT_TYPES = {3, 5, 6, 7, 8}


class ScriptedUsersMixin(InteractionApiMixin):
    #: How long slash/click/select wait for the bot's initial response by default: a hang guard (see
    #: ``HANG_GUARD``); an answer after Discord's 3 s is refused by the fake as Discord refuses it.
    response_timeout: float = HANG_GUARD

    # ---- what every interaction carries

    def _base_interaction(
        self, kind: int, user: FakeUser, channel: FakeChannel, data: JSON
    ) -> tuple[JSON, PendingInteraction]:
        ix = PendingInteraction(
            id=new_snowflake(),
            token="aW50ZXJhY3Rpb24" + secrets.token_urlsafe(48),
            type=kind,
            user=user,
            channel=channel,
            dispatched_at=self.now(),
        )
        payload: JSON = {
            "id": str(ix.id),
            "application_id": str(self.application_id),
            "type": kind,
            "data": data,
            "token": ix.token,
            "version": 1,
            "locale": user.locale,
            "channel_id": str(channel.id),
            "channel": channel.payload(),
            "app_permissions": str((1 << 53) - 1),
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(channel.guild_id)}
            if channel.guild_id
            else {"1": str(user.id)},
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        if channel.guild_id is not None:
            guild = self.guilds[channel.guild_id]
            member = guild.members.get(user.id)
            if member is None:
                raise FakeDiscordError(f"{user.name} is not a member of guild {guild.name!r}")
            payload["guild_id"] = str(guild.id)
            payload["guild_locale"] = guild.locale
            payload["guild"] = {"id": str(guild.id), "locale": guild.locale, "features": []}
            payload["member"] = member.payload(guild)
            payload["context"] = 0
        else:
            payload["user"] = user.payload()
            payload["context"] = 1
        return payload, ix

    async def _send_interaction(
        self, payload: JSON, ix: PendingInteraction, *, wait: bool
    ) -> PendingInteraction:
        self.interactions[ix.id] = ix
        self.interactions_by_token[ix.token] = ix
        ix.dispatched_at = self.now()
        await self.dispatch("INTERACTION_CREATE", payload)
        if wait:
            await self.wait_response(ix)
        return ix

    async def wait_response(
        self, ix: PendingInteraction, *, timeout: float | None = None
    ) -> PendingInteraction:
        """Wait for the bot's initial response to ``ix`` (defaults to ``response_timeout``)."""
        timeout = self.response_timeout if timeout is None else timeout
        try:
            await asyncio.wait_for(ix.responded.wait(), timeout)
        except TimeoutError:
            raise FakeDiscordError(f"the bot did not answer interaction {ix.id} within {timeout}s") from None
        return ix

    # ---- slash commands

    def find_command(self, name: str, guild: FakeGuild | None = None) -> JSON:
        """A registered chat-input command by top-level name (the guild's first, then global)."""
        scopes = ([guild.id] if guild else []) + [None]
        for scope in scopes:
            for cmd in self.commands.get(scope, []):
                if cmd["name"] == name and int(cmd.get("type", 1)) == 1:
                    return cmd
        known = sorted({c["name"] for scope in scopes for c in self.commands.get(scope, [])})
        raise FakeDiscordError(
            f"/{name} is not a registered command (registered: {', '.join(known) or 'none'})"
        )

    async def slash(
        self,
        user: FakeUser,
        command: str,
        options: Mapping[str, Any] | None = None,
        *,
        channel: FakeChannel,
        wait: bool = True,
    ) -> PendingInteraction:
        """``user`` runs ``/command`` ("mahjong new" for a subcommand) with ``options`` in ``channel``.

        Option values are typed from the registered command: str, int, float, bool, FakeUser,
        FakeChannel, FakeRole, or (filename, bytes) for attachments. Unknown or missing required
        options, and values outside the choices, raise FakeDiscordError as Discord's client would
        refuse them.
        """
        data = self._command_data(command, options, channel)
        self._check_command_allowed(user, channel, command)
        payload, ix = self._base_interaction(APPLICATION_COMMAND, user, channel, data)
        return await self._send_interaction(payload, ix, wait=wait)

    def _check_command_allowed(self, user: FakeUser, channel: FakeChannel, command: str) -> None:
        """Discord's client hides a command where its contexts or default member permissions exclude it."""
        name = command.strip().lstrip("/").split()[0]
        guild = self.guilds.get(channel.guild_id) if channel.guild_id else None
        root = self.find_command(name, guild)
        contexts = root.get("contexts")
        in_guild = guild is not None
        if contexts is not None:
            if (0 if in_guild else 1) not in contexts:
                raise FakeDiscordError(f"/{name} is not available in {'servers' if in_guild else 'DMs'}")
        elif not in_guild and root.get("dm_permission") is False:
            raise FakeDiscordError(f"/{name} is not available in DMs")
        required = root.get("default_member_permissions")
        if guild is None or required is None or user.id in guild.command_overrides.get(name, set()):
            return
        member = guild.members.get(user.id)
        have = guild.permissions_of(member) if member else 0
        everything = (1 << 53) - 1
        # "0" means: nobody but administrators.
        if (int(required) == 0 and have != everything) or (have & int(required)) != int(required):
            raise FakeDiscordError(f"/{name} needs permissions {required} that {user.name} does not have")

    def _command_data(
        self,
        command: str,
        options: Mapping[str, Any] | None,
        channel: FakeChannel,
        focused: str | None = None,
    ) -> JSON:
        words = command.strip().lstrip("/").split()
        if not words:
            raise FakeDiscordError("empty command name")
        guild = self.guilds.get(channel.guild_id) if channel.guild_id else None
        root = self.find_command(words[0], guild)
        resolved: JSON = {}
        node: JSON = root
        path: list[JSON] = []
        for word in words[1:]:
            child = next(
                (
                    o
                    for o in node.get("options") or []
                    if o["name"] == word and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)
                ),
                None,
            )
            if child is None:
                raise FakeDiscordError(
                    f"/{' '.join(words)}: {word!r} is not a subcommand of {node['name']!r}"
                )
            path.append(child)
            node = child
        if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in node.get("options") or []):
            raise FakeDiscordError(f"/{' '.join(words)} is a group: name one of its subcommands")
        leaf_options = self._typed_options(
            node, dict(options or {}), resolved, guild, " ".join(words), focused
        )
        for child in reversed(path):
            leaf_options = [{"name": child["name"], "type": child["type"], "options": leaf_options}]
        data: JSON = {"id": root["id"], "name": root["name"], "type": 1, "options": leaf_options}
        if root.get("guild_id"):
            data["guild_id"] = root["guild_id"]
        if resolved:
            data["resolved"] = resolved
        return data

    async def autocomplete(
        self,
        user: FakeUser,
        command: str,
        options: Mapping[str, Any],
        *,
        focused: str,
        channel: FakeChannel,
    ) -> list[JSON]:
        """``user`` is typing ``options[focused]`` (a partial string); returns the choices the bot offers."""
        data = self._command_data(command, options, channel, focused)
        payload, ix = self._base_interaction(AUTOCOMPLETE, user, channel, data)
        await self._send_interaction(payload, ix, wait=True)
        return ix.choices or []

    def _typed_options(
        self,
        node: JSON,
        given: dict[str, Any],
        resolved: JSON,
        guild: FakeGuild | None,
        where: str,
        focused: str | None = None,
    ) -> list[JSON]:
        schema = {o["name"]: o for o in node.get("options") or []}
        unknown = sorted(set(given) - set(schema))
        if unknown:
            raise FakeDiscordError(
                f"/{where}: unknown option(s) {', '.join(unknown)} (has: {', '.join(schema)})"
            )
        out: list[JSON] = []
        if focused is not None and focused not in schema:
            raise FakeDiscordError(f"/{where}: no option {focused!r} to autocomplete")
        for name, opt in schema.items():
            if name not in given:
                if opt.get("required") and focused is None:
                    raise FakeDiscordError(f"/{where}: the required option {name!r} is missing")
                continue
            if name == focused:
                # What the user has typed so far: a string, whatever the option's type.
                out.append({"name": name, "type": opt["type"], "value": str(given[name]), "focused": True})
                continue
            value = self._option_value(opt, given[name], resolved, guild, where)
            out.append({"name": name, "type": opt["type"], "value": value})
        return out

    def _option_value(
        self, opt: JSON, value: Any, resolved: JSON, guild: FakeGuild | None, where: str
    ) -> Any:
        kind, name = opt["type"], opt["name"]
        if kind in (STRING, INTEGER, NUMBER, BOOLEAN):
            caster = {STRING: str, INTEGER: int, NUMBER: float, BOOLEAN: bool}[kind]
            if kind == BOOLEAN and not isinstance(value, bool):
                raise FakeDiscordError(f"/{where}: option {name!r} takes True/False, not {value!r}")
            value = caster(value)
            choices = [c["value"] for c in opt.get("choices") or []]
            if choices and value not in choices:
                raise FakeDiscordError(f"/{where}: {value!r} is not a choice of {name!r} ({choices})")
            if kind == BOOLEAN:
                return value
            if kind == STRING:
                # Discord's client counts UTF-16 units, as JavaScript does; an empty value is no value.
                length = len(value.encode("utf-16-le")) // 2
                lo, hi = max(opt.get("min_length", 1), 1), opt.get("max_length", MAX_STRING_OPTION)
                if not lo <= length <= hi:
                    raise FakeDiscordError(f"/{where}: {name!r} takes {lo}-{hi} characters, got {length}")
                return value
            lo, hi = opt.get("min_value", -NUMBER_LIMIT), opt.get("max_value", NUMBER_LIMIT)
            if not lo <= value <= hi:
                raise FakeDiscordError(f"/{where}: {name!r} must be within [{lo}, {hi}], got {value!r}")
            return value
        if kind in (USER, MENTIONABLE) and isinstance(value, FakeUser):
            resolved.setdefault("users", {})[str(value.id)] = value.payload()
            if guild is not None and value.id in guild.members:
                member = guild.members[value.id].payload(guild)
                member.pop("user")
                resolved.setdefault("members", {})[str(value.id)] = member
            return str(value.id)
        if kind in (ROLE, MENTIONABLE) and isinstance(value, FakeRole):
            resolved.setdefault("roles", {})[str(value.id)] = value.payload()
            return str(value.id)
        if kind == CHANNEL and isinstance(value, FakeChannel):
            resolved.setdefault("channels", {})[str(value.id)] = value.payload() | {
                "permissions": str((1 << 53) - 1)
            }
            return str(value.id)
        if kind == ATTACHMENT and isinstance(value, tuple):
            filename, data = value
            ident = new_snowflake()
            attachment = FakeAttachment(
                ident, filename, data, self.base_url + f"/attachments/0/{ident}/{filename}"
            )
            self.uploads[ident] = attachment
            resolved.setdefault("attachments", {})[str(ident)] = attachment.payload()
            return str(ident)
        raise FakeDiscordError(f"/{where}: option {name!r} (type {kind}) cannot take {value!r}")

    # ---- components

    def _visible_message(self, user: FakeUser, message: FakeMessage | int) -> FakeMessage:
        message = self.message(message)
        if message.deleted:
            raise FakeDiscordError(f"message {message.id} was deleted")
        if message.visible_to is not None and message.visible_to is not user:
            raise FakeDiscordError(f"{user.name} cannot see the ephemeral message {message.id}")
        if message.channel.type == DM and message.channel.recipient is not user:
            raise FakeDiscordError(f"{user.name} cannot see another user's DM {message.id}")
        return message

    def _component(self, message: FakeMessage, custom_id: str, types: set[int]) -> JSON:
        comp = message.component(custom_id)
        if comp is None:
            raise FakeDiscordError(
                f"message {message.id} has no component {custom_id!r} (has {message.custom_ids()})"
            )
        if comp.get("type") not in types:
            raise FakeDiscordError(
                f"component {custom_id!r} is of type {comp.get('type')}, not one of {sorted(types)}"
            )
        if comp.get("disabled"):
            raise FakeDiscordError(f"component {custom_id!r} is disabled: a user cannot use it")
        return comp

    async def post(self, user: FakeUser, channel: FakeChannel, content: str) -> FakeMessage:
        """``user`` writes ``content`` in ``channel``; ``<@id>`` mentions reach the bot as Discord sends
        them (a message mentioning the bot carries its content even without the message-content intent)."""
        message = self.create_message(channel, {"content": content}, {}, author=user)
        await self._emit("MESSAGE_CREATE", message)
        return message

    async def click(
        self, user: FakeUser, message: FakeMessage | int, custom_id: str, *, wait: bool = True
    ) -> PendingInteraction:
        """``user`` clicks the button ``custom_id`` on the latest state of ``message``."""
        message = self._visible_message(user, message)
        self._component(message, custom_id, {2})
        data = {"custom_id": custom_id, "component_type": 2}
        return await self._component_interaction(user, message, data, wait=wait)

    def button_by_label(self, message: FakeMessage | int, label: str) -> str:
        """The custom id of the button labelled ``label`` (a convenience for tests)."""
        message = self.message(message)
        from .world import iter_components

        for comp in iter_components(message.components):
            if comp.get("type") == 2 and comp.get("label") == label and "custom_id" in comp:
                return str(comp["custom_id"])
        raise FakeDiscordError(
            f"message {message.id} has no button labelled {label!r} (has {message.button_labels()})"
        )

    async def select(
        self,
        user: FakeUser,
        message: FakeMessage | int,
        custom_id: str,
        values: list[Any],
        *,
        wait: bool = True,
    ) -> PendingInteraction:
        """``user`` picks ``values`` in the select menu ``custom_id``.

        String selects take option values (checked against the options); user/role/mentionable/channel
        selects take FakeUser/FakeRole/FakeChannel objects, sent with their ``resolved`` data.
        """
        message = self._visible_message(user, message)
        comp = self._component(message, custom_id, SELECT_COMPONENT_TYPES)
        lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
        if not lo <= len(values) <= hi:
            raise FakeDiscordError(f"select {custom_id!r} takes {lo}-{hi} values, got {len(values)}")
        data: JSON = {"custom_id": custom_id, "component_type": comp["type"]}
        if comp["type"] == 3:
            allowed = [o["value"] for o in comp.get("options") or []]
            bad = [v for v in values if v not in allowed]
            if bad:
                raise FakeDiscordError(f"select {custom_id!r} has no option(s) {bad} (options {allowed})")
            data["values"] = [str(v) for v in values]
        else:
            guild = self.guilds.get(message.channel.guild_id) if message.channel.guild_id else None
            resolved: JSON = {}
            kind = {5: USER, 6: ROLE, 7: MENTIONABLE, 8: CHANNEL}[comp["type"]]
            option = {"name": custom_id, "type": kind}
            data["values"] = [
                self._option_value(option, v, resolved, guild, f"select {custom_id}") for v in values
            ]
            data["resolved"] = resolved
        return await self._component_interaction(user, message, data, wait=wait)

    async def _component_interaction(
        self, user: FakeUser, message: FakeMessage, data: JSON, *, wait: bool
    ) -> PendingInteraction:
        payload, ix = self._base_interaction(MESSAGE_COMPONENT, user, message.channel, data)
        payload["message"] = message.payload()
        ix.message = message
        return await self._send_interaction(payload, ix, wait=wait)

    # ---- modals

    async def submit_modal(
        self, user: FakeUser, opened_by: PendingInteraction, values: Mapping[str, str], *, wait: bool = True
    ) -> PendingInteraction:
        """``user`` fills the modal the bot opened in answer to ``opened_by`` and submits it."""
        modal = opened_by.modal
        if modal is None:
            raise FakeDiscordError(f"interaction {opened_by.id} was not answered with a modal")
        if opened_by.user is not user:
            raise FakeDiscordError("only the user who opened a modal can submit it")
        remaining = dict(values)
        components = [self._filled(c, remaining) for c in modal.get("components") or []]
        if remaining:
            raise FakeDiscordError(f"the modal has no input(s) {sorted(remaining)}")
        data = {"custom_id": modal["custom_id"], "components": [c for c in components if c is not None]}
        payload, ix = self._base_interaction(MODAL_SUBMIT, user, opened_by.channel, data)
        if opened_by.message is not None:
            payload["message"] = opened_by.message.payload()
            ix.message = opened_by.message
        return await self._send_interaction(payload, ix, wait=wait)

    def _filled(self, comp: JSON, values: dict[str, str]) -> JSON | None:
        kind = comp.get("type")
        if kind == 1:
            children = [self._filled(c, values) for c in comp.get("components") or []]
            return {"type": 1, "components": [c for c in children if c is not None]}
        if kind == 18:
            child = self._filled(comp["component"], values)
            return None if child is None else {"type": 18, "component": child}
        if kind == 4:
            custom_id = comp["custom_id"]
            value = values.pop(custom_id, comp.get("value") or "")
            if comp.get("required", True) and not value:
                raise FakeDiscordError(f"the modal's text input {custom_id!r} is required")
            if len(value) > comp.get("max_length", 4000) or len(value) < comp.get("min_length", 0):
                raise FakeDiscordError(
                    f"the modal's text input {custom_id!r} has a length outside its limits"
                )
            return {"type": 4, "custom_id": custom_id, "value": value}
        if kind == 3:
            custom_id = comp["custom_id"]
            picked = values.pop(custom_id, "")
            return {"type": 3, "custom_id": custom_id, "values": [v for v in picked.split(",") if v]}
        return None
