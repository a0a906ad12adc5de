"""Plain rows returned by the store.  JSON columns come back decoded; league points as Decimal."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any


@dataclass(frozen=True)
class Player:
    id: int
    discord_id: int | None
    local_key: str | None
    display_name: str


@dataclass(frozen=True)
class ChannelSettings:
    channel_id: int
    guild_id: int
    language: str | None
    league_id: int | None


@dataclass(frozen=True)
class Game:
    id: int
    rule_set: str
    options: dict[str, Any]
    seed_commitment: str | None
    revealed_seed: str | None
    status: str  # running | finished | aborted
    guild_id: int | None
    channel_id: int | None
    created_at: str
    ended_at: str | None
    seats: tuple[int, ...] = ()  # player id per seat index


@dataclass(frozen=True)
class Decision:
    seq: int
    seat: int
    action: Any


@dataclass(frozen=True)
class HandResult:
    hand_index: int
    round_label: str
    winners: list[int]
    yaku_lines: Any
    score_changes: list[int]


@dataclass(frozen=True)
class FinalResult:
    seat: int
    player_id: int
    points: int
    rank: int
    league_points: Decimal | None = None


@dataclass(frozen=True)
class League:
    id: int
    guild_id: int
    name: str
    rule_set: str
    settings: dict[str, Any]
    admin_role_id: int | None
    created_at: str


@dataclass(frozen=True)
class Season:
    id: int
    league_id: int
    number: int
    started_at: str
    ended_at: str | None
    settings: dict[str, Any] | None = None  # the league settings frozen at the season's end


@dataclass(frozen=True)
class LeagueGamePlayer:
    seat: int
    player_id: int
    final_points: int
    chombo: int = 0
    confirmed_by: int | None = None
    confirmed_at: str | None = None


@dataclass(frozen=True)
class LeagueGame:
    id: int
    season_id: int
    source: str  # bot | manual | import
    game_id: int | None
    reporter_id: int | None
    status: str  # pending | confirmed | void
    leftover: int  # deposit sticks left on the table at game end
    created_at: str
    players: tuple[LeagueGamePlayer, ...] = field(default=())
    played_at: str = ""  # when it was played (a past game's own date), else when it was recorded
    table_label: str | None = None
    final_dealer: int | None = None  # seat that dealt the last hand, when known
    channel_id: int | None = None  # the channel message that announced the game
    message_id: int | None = None
    reminded_at: str | None = None


@dataclass(frozen=True)
class LeagueMember:
    """A league member: a Discord user, or a guest recorded by name (``merged_into`` once linked)."""

    player: Player
    joined_at: str
    merged_into: int | None = None

    @property
    def is_guest(self) -> bool:
        return self.player.discord_id is None


@dataclass(frozen=True)
class AuditEntry:
    id: int
    league_id: int | None
    actor_id: int | None
    action: str
    target: str
    target_id: int | None
    before: Any
    after: Any
    reason: str | None
    at: str


@dataclass(frozen=True)
class GameRecord:
    """Everything stored about one game: what export and replay read."""

    game: Game
    players: tuple[Player, ...]  # by seat
    decisions: list[Decision]
    hands: list[HandResult]
    finals: list[FinalResult]
