"""What the fake records of the bot's traffic, and the faults it can be told to inject."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .world import JSON


@dataclass
class Record:
    """One thing the bot did that a user could see (or that a test wants to assert on).

    kind is one of: "message" (a new channel or DM message, including interaction responses and
    followups), "edit", "delete", "interaction_response" (every initial callback, also types 5/6/9
    that create no message), "modal", "emoji", "reaction".
    """

    kind: str
    at: float  # loop.time() when the fake received the request
    channel_id: int | None = None
    #: The user a DM went to (for messages in DM channels), else None.
    recipient_id: int | None = None
    message_id: int | None = None
    content: str | None = None
    embeds: list[JSON] = field(default_factory=list)
    components: list[JSON] = field(default_factory=list)
    #: Attachments sent with this request: filename -> bytes.
    files: dict[str, bytes] = field(default_factory=dict)
    interaction_id: int | None = None
    #: Interaction callback type (4 message, 5 deferred message, 6 deferred update, 7 update, 9 modal).
    response_type: int | None = None
    ephemeral: bool = False
    #: Seconds from the interaction's dispatch to this initial response (interaction_response only).
    latency: float | None = None
    raw: JSON = field(default_factory=dict)

    @property
    def is_dm(self) -> bool:
        return self.recipient_id is not None


@dataclass
class Fault:
    """Answer the next ``remaining`` requests on ``route`` ("METHOD /template/path") with an error."""

    route: str
    status: int
    remaining: int
    body: JSON
    retry_after: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)


@dataclass
class ServedFault:
    route: str
    status: int
    at: float
    path: str


@dataclass
class Request:
    """Every HTTP request the fake answered (for assertions on retries and ordering)."""

    route: str
    path: str
    status: int
    at: float
    body: Any = None
