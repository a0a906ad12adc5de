-- 0006: open lobbies (issue 39), so a restarted bot keeps a lobby nobody has started yet.
--
-- One row per channel (one table per channel); deleted when the lobby starts (its game is then in
-- ``games``) or is left empty.  members_json: the lobby's seats in order, each {"name", "user_id",
-- "level"} (a computer has no user_id).  options_json: the rule set's options as chosen.
-- message_id: the lobby message, edited by its buttons and, once the game starts, by the table worker.
CREATE TABLE lobbies (
    channel_id          BIGINT NOT NULL PRIMARY KEY,
    guild_id            BIGINT,
    parent_channel_id   BIGINT,
    creator_id          BIGINT NOT NULL,
    rule_set            TEXT NOT NULL,
    options_json        TEXT NOT NULL,
    members_json        TEXT NOT NULL,
    message_id          BIGINT,
    updated_at          TEXT NOT NULL
);
