-- 0002: who runs each running table (several bot processes on one PostgreSQL; docs/SCALE.md).
--
-- A lease: the process ``owner`` runs the table (timers, computer seats, the table message) until
-- ``expires_ms`` (milliseconds since the epoch, by the owner's clock); it renews all its leases in one
-- statement every few seconds.  A live process takes over a running table whose lease has expired.
-- ``message_id``: the channel's table message, so a new owner edits it instead of posting another.
-- One process on SQLite keeps these rows too (harmless; a later move to PostgreSQL copies them).

CREATE TABLE table_leases (
    game_id     INTEGER NOT NULL PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    owner       TEXT NOT NULL,
    expires_ms  BIGINT NOT NULL,
    message_id  BIGINT
);
CREATE INDEX table_leases_by_owner ON table_leases (owner);
CREATE INDEX table_leases_by_expiry ON table_leases (expires_ms);
