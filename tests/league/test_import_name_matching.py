"""A Tenhou import matches its seats' online names to members as a typed name is matched
(bot/league/entry.py name_key): case, extra spaces, characters that draw nothing and a leading @ ignored."""

from __future__ import annotations

from bot.service.league.imports import match_names
from bot.service.league.names import ONLINE_NAMES, online_names
from bot.store import League, Player


def member(pid: int, name: str) -> Player:
    return Player(id=pid, discord_id=1000 + pid, local_key=None, display_name=name)


def test_online_names_meet_display_names_with_invisible_characters_and_doubled_spaces() -> None:
    members = [
        member(1, "alice\u200b"),
        member(2, "Bob  Smith"),
        member(3, "carol"),
        member(4, "\u2066dave\u2069"),
    ]
    seats = match_names(["ALICE", "bob smith", " carol ", "@dave"], members, {})
    assert seats == [1, 2, 3, 4]


def test_a_name_two_members_share_once_cleaned_is_left_for_the_uploader_to_map() -> None:
    members = [member(1, "sam"), member(2, "Sam\u200b"), member(3, "carol"), member(4, "dave")]
    assert match_names(["SAM", "carol", "dave", "nobody"], members, {}) == [None, 3, 4, None]


def test_remembered_online_names_saved_under_the_older_key_are_still_found() -> None:
    """Keys saved before name_key were only stripped and case-folded: "two  spaces" kept both spaces."""
    settings = {"extra": {ONLINE_NAMES: {"two  spaces": 7}}}
    league = League(1, 1, "Club", "riichi", settings, admin_role_id=None, created_at="2026-01-01")
    known = online_names(league)
    assert known == {"two spaces": 7}
    members = [member(7, "Someone Else"), member(2, "b"), member(3, "c"), member(4, "d")]
    assert match_names(["Two Spaces", "b", "c", "d"], members, {}, known) == [7, 2, 3, 4]
