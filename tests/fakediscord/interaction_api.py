"""The interaction endpoints: the initial callback (types 4-9), followups and the original response.

Discord's rules kept here: one initial response per interaction, within ``interaction_deadline``
seconds (else 10062 Unknown interaction); types 6/7 only for components; the first followup after a
"thinking" defer replaces the loading message; ``@original`` of a component interaction is the
message that holds the component.
"""

from __future__ import annotations

from aiohttp import web

from .command_checks import check_autocomplete_choices
from .http_api import API, ApiError, Files, HttpApiMixin, invalid_fields, invalid_form, reply, to_int
from .records import Record
from .state import PendingInteraction
from .validate import check_modal
from .world import EPHEMERAL, JSON, LOADING, FakeMessage

# Interaction callback types.
PONG, CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 1, 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9
# Interaction types.
APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5


class InteractionApiMixin(HttpApiMixin):
    def add_routes(self, r: web.UrlDispatcher) -> None:
        super().add_routes(r)
        r.add_post(
            API + "/interactions/{interaction_id}/{interaction_token}/callback", self._interaction_callback
        )
        r.add_post(API + "/webhooks/{application_id}/{interaction_token}", self._post_followup)
        message = API + "/webhooks/{application_id}/{interaction_token}/messages/{message_id}"
        r.add_get(message, self._get_webhook_message)
        r.add_patch(message, self._patch_webhook_message)
        r.add_delete(message, self._delete_webhook_message)

    # ---- interactions

    def editable_ephemeral(self, message: FakeMessage) -> None:
        """An ephemeral message lives on its interaction's token: refused once that token expired."""
        if not message.ephemeral or message.interaction_id is None:
            return
        made_by = self.interactions.get(message.interaction_id)
        if made_by is not None and self.token_expired(made_by):
            raise ApiError(404, 10008, "Unknown Message")

    def _interaction(self, request: web.Request) -> PendingInteraction:
        ix = self.interactions_by_token.get(request.match_info["interaction_token"])
        if ix is None:
            raise ApiError(404, 10015, "Unknown Webhook")
        if self.token_expired(ix):
            raise ApiError(401, 50027, "Invalid Webhook Token")
        return ix

    async def _interaction_callback(self, request: web.Request) -> web.Response:
        at = self.now()
        ix = self.interactions.get(to_int(request.match_info["interaction_id"]))
        if ix is None or ix.token != request.match_info["interaction_token"]:
            raise ApiError(404, 10062, "Unknown interaction")
        if ix.response_type is not None:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        if at - ix.dispatched_at > self.interaction_deadline:
            self._record(
                Record(
                    "late_response",
                    at,
                    channel_id=ix.channel.id,
                    interaction_id=ix.id,
                    latency=at - ix.dispatched_at,
                )
            )
            raise ApiError(404, 10062, "Unknown interaction")
        body, files = await self._read(request)
        kind = int(body.get("type", 0))
        data: JSON = body.get("data") or {}
        original = self._respond(ix, kind, data, files)
        ix.responded_at, ix.response_type = at, kind
        ix.original = original
        ix.responded.set()
        self._record(
            Record(
                "interaction_response",
                at,
                channel_id=ix.channel.id,
                message_id=original.id if original else None,
                content=data.get("content"),
                embeds=data.get("embeds") or [],
                components=data.get("components") or [],
                files={n: d for n, d in files.values()},
                interaction_id=ix.id,
                response_type=kind,
                ephemeral=bool((data.get("flags") or 0) & EPHEMERAL),
                latency=at - ix.dispatched_at,
                raw=body,
            )
        )
        if "with_response" not in request.query:
            return web.Response(status=204)
        result: JSON = {
            "interaction": {
                "id": str(ix.id),
                "type": ix.type,
                "response_message_loading": kind == DEFERRED_CHANNEL_MESSAGE,
                "response_message_ephemeral": bool(original and original.ephemeral),
            }
        }
        if original is not None and kind in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, UPDATE_MESSAGE):
            result["interaction"]["response_message_id"] = str(original.id)
            result["resource"] = {"type": kind, "message": original.payload()}
        return reply(result)

    def _respond(self, ix: PendingInteraction, kind: int, data: JSON, files: Files) -> FakeMessage | None:
        """Apply an initial response; returns the message it created or updated."""
        is_component = ix.type in (MESSAGE_COMPONENT, MODAL_SUBMIT) and ix.message is not None
        if (kind == AUTOCOMPLETE_RESULT) != (ix.type == AUTOCOMPLETE):
            raise ApiError(400, 40004, "Autocomplete interactions take (only) an autocomplete result")
        if kind == CHANNEL_MESSAGE:
            self._check_message(data, files, creating=True)
            message = self.create_message(
                ix.channel, data, files, interaction=ix, message_type=self._reply_type(ix)
            )
            self._record_message("message", message, files, interaction_id=ix.id)
            return message
        if kind == DEFERRED_CHANNEL_MESSAGE:
            message = self.create_message(
                ix.channel, {"content": ""}, {}, interaction=ix, message_type=self._reply_type(ix)
            )
            message.flags |= LOADING | ((data.get("flags") or 0) & EPHEMERAL)
            if message.ephemeral:
                message.visible_to = ix.user
            return message
        if kind in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            if not is_component or ix.message is None:
                raise ApiError(400, 40004, "Interaction response type only valid for component interactions")
            if kind == UPDATE_MESSAGE:
                self.editable_ephemeral(ix.message)
                self._check_message(data, files, creating=False)
                self.edit_message(ix.message, data, files)
                self._record_message("edit", ix.message, files, interaction_id=ix.id)
            return ix.message
        if kind == AUTOCOMPLETE_RESULT:
            choices = data.get("choices") or []
            problems = check_autocomplete_choices(choices)
            if problems:
                raise invalid_fields(problems)
            ix.choices = choices
            self._record(
                Record("autocomplete", self.now(), channel_id=ix.channel.id, interaction_id=ix.id, raw=data)
            )
            return None
        if kind == MODAL:
            if ix.type == MODAL_SUBMIT:
                raise ApiError(400, 40004, "A modal cannot answer a modal submission")
            modal_problems = check_modal(data)
            if modal_problems:
                raise invalid_form(modal_problems)
            ix.modal = data
            self._record(
                Record("modal", self.now(), channel_id=ix.channel.id, interaction_id=ix.id, raw=data)
            )
            return None
        raise ApiError(400, 50035, f"Invalid Form Body: unknown interaction callback type {kind}")

    @staticmethod
    def _reply_type(ix: PendingInteraction) -> int:
        return 20 if ix.type == APPLICATION_COMMAND else 0

    async def _post_followup(self, request: web.Request) -> web.Response:
        ix = self._interaction(request)
        if ix.response_type is None:
            raise ApiError(404, 10015, "Unknown Webhook")
        payload, files = await self._read(request)
        self._check_message(payload, files, creating=True)
        original = ix.original
        if ix.response_type == DEFERRED_CHANNEL_MESSAGE and original is not None and original.flags & LOADING:
            # Discord: the first followup after a "thinking" defer replaces the loading message.
            original.flags &= ~LOADING
            self.edit_message(original, payload, files)
            self._record_message("message", original, files, interaction_id=ix.id)
            return reply(original.payload())
        message = self.create_message(ix.channel, payload, files, interaction=ix)
        ix.followups.append(message)
        self._record_message("message", message, files, interaction_id=ix.id)
        await self._emit("MESSAGE_CREATE", message)
        return reply(message.payload())

    def _webhook_message(self, request: web.Request, ix: PendingInteraction) -> FakeMessage:
        ident = request.match_info["message_id"]
        if ident == "@original":
            if ix.original is None:
                raise ApiError(404, 10008, "Unknown Message")
            return ix.original
        message = self.messages.get(to_int(ident))
        if message is None or message.interaction_id != ix.id or message.deleted:
            raise ApiError(404, 10008, "Unknown Message")
        return message

    async def _get_webhook_message(self, request: web.Request) -> web.Response:
        ix = self._interaction(request)
        return reply(self._webhook_message(request, ix).payload())

    async def _patch_webhook_message(self, request: web.Request) -> web.Response:
        ix = self._interaction(request)
        message = self._webhook_message(request, ix)
        self.editable_ephemeral(message)
        payload, files = await self._read(request)
        self._check_message(payload, files, creating=False)
        was_loading = bool(message.flags & LOADING)
        message.flags &= ~LOADING
        self.edit_message(message, payload, files)
        # The user first sees a deferred answer when it is edited in: that is its "message".
        self._record_message("message" if was_loading else "edit", message, files, interaction_id=ix.id)
        await self._emit("MESSAGE_UPDATE", message)
        return reply(message.payload())

    async def _delete_webhook_message(self, request: web.Request) -> web.Response:
        ix = self._interaction(request)
        message = self._webhook_message(request, ix)
        message.deleted = True
        self._record_message("delete", message, {}, interaction_id=ix.id)
        return web.Response(status=204)
