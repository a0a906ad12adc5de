"""Who a typed name or a mention means in a league: members, guests, and names learned from imports.

A typed name matches a member's display name, a guest's name (a guest linked to a member means that
member) or an online name remembered from a Tenhou import, case, extra spaces, characters that draw nothing
and a leading ``@`` ignored (on both sides: a name kept before it was cleaned is still found).  One player
found: that player.  Several: the name is ambiguous and refused, naming them (a mention settles it).
None: refused, or, when the entry allows guests, a new guest of that name (made only once the whole
entry is valid, so a refused entry leaves nothing behind).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bot.league.entry import EntryError, NameRef, check_name, name_key, name_skeletons, shown_name
from bot.service.refusal import Refusal
from bot.store import League, Player, Store
from bot.text import clip

#: Key in a league's settings ``extra``: online name (its name_key) -> player id, learned from imports.
ONLINE_NAMES = "online_names"
#: A guest's name is at most this long (what /league guest add takes): names are shown in embeds, on
#: standings pictures and in CSV files; a CSV cell of thousands of characters made every standings
#: page of the league hang on drawing it.
MAX_GUEST_NAME = 60


def online_names(league: League) -> dict[str, int]:
    extra = league.settings.get("extra") or {}
    names = extra.get(ONLINE_NAMES) or {}
    return {name_key(str(k)): int(v) for k, v in names.items()}  # keys saved before name_key too


@dataclass(frozen=True)
class NewGuest:
    """A name nobody has yet: recorded as a new guest of the league if the entry is accepted."""

    name: str

    @property
    def key(self) -> str:
        return name_key(self.name)


Who = Player | NewGuest


def mention_text(player: Player) -> str:
    return f"<@{player.discord_id}>" if player.discord_id is not None else player.display_name


@dataclass
class Roster:
    league: League
    players: dict[int, Player]  # every member and guest that can play, by player id
    by_name: dict[str, set[int]]  # name key -> player ids it may mean
    by_discord: dict[int, int]  # Discord user id -> player id (members only)

    @classmethod
    async def load(cls, store: Store, league: League) -> Roster:
        players: dict[int, Player] = {}
        by_name: dict[str, set[int]] = {}
        by_discord: dict[int, int] = {}
        for member in await store.league_roster(league.id):
            target = member.merged_into if member.merged_into is not None else member.player.id
            if member.merged_into is None:
                players[target] = member.player
                if member.player.discord_id is not None:
                    by_discord[member.player.discord_id] = target
            by_name.setdefault(name_key(member.player.display_name), set()).add(target)
        for name, pid in online_names(league).items():
            by_name.setdefault(name_key(name), set()).add(pid)
        for ids in by_name.values():
            ids.intersection_update(players)  # a name may point at someone who left: not them
        return cls(league, players, by_name, by_discord)

    def lookalike(self, name: str) -> Player | None:
        """A player whose name is another name that looks the same as ``name`` (TR39 skeleton: ``аlice``
        with a Cyrillic а is alice's), if any; the same name is not a lookalike, it is that player."""
        key, skeletons = name_key(name), name_skeletons(name)
        for known, ids in self.by_name.items():
            if ids and known != key and not skeletons.isdisjoint(name_skeletons(known)):
                return self.players[min(ids)]
        return None

    def find(self, ref: NameRef, *, guests: bool, mention_names: Mapping[int, str] | None = None) -> Who:
        """The player ``ref`` means; Refusal when nobody (guests off) or several, or when a new guest's
        name would look like someone's."""
        if ref.discord_id is None:
            refuse_unreadable(ref.text)
        if ref.discord_id is not None:
            found = self.by_discord.get(ref.discord_id)
            if found is None:
                name = (mention_names or {}).get(ref.discord_id, ref.text)
                raise Refusal("league.entry.not_member", name=name, league=self.league.name)
            return self.players[found]
        if not ref.key:
            raise Refusal("league.entry.empty_name")
        ids = sorted(self.by_name.get(ref.key, set()))
        if len(ids) == 1:
            return self.players[ids[0]]
        if ids:
            candidates = ", ".join(mention_text(self.players[pid]) for pid in ids)
            raise Refusal("league.entry.ambiguous", name=ref.text, players=candidates)
        if guests:
            name = guest_name(ref.text)
            self.refuse_lookalike(name)
            return NewGuest(name)
        raise Refusal("league.entry.unknown", name=ref.text, league=self.league.name)

    def refuse_lookalike(self, name: str) -> None:
        """Refuse a new name that looks like a member's or a guest's (a guest shown exactly like alice)."""
        like = self.lookalike(name)
        if like is not None:
            raise Refusal("league.entry.looks_like", name=name, like=mention_text(like))


def refuse_unreadable(typed: str) -> None:
    """A name with a control character, a lone surrogate or nothing visible: refused by name."""
    try:
        check_name(typed)
    except EntryError as exc:
        raise Refusal.of(exc.key, exc.values) from None


def guest_name(typed: str) -> str:
    """A new guest's name as typed and as it is found again (:func:`shown_name`: nothing invisible, spaces
    collapsed, no leading ``@``); refused when empty, longer than MAX_GUEST_NAME, or not readable as a name
    (:func:`~bot.league.entry.check_name`: control characters, lone surrogates, nothing visible)."""
    refuse_unreadable(typed)
    name = shown_name(typed)
    if not name:
        raise Refusal("league.entry.empty_name")
    if len(name) > MAX_GUEST_NAME:
        raise Refusal("league.entry.too_long", text=clip(name, 40), limit=MAX_GUEST_NAME)
    return name
