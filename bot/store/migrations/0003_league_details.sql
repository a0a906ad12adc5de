-- 0003: league details (issue 22).
--
-- league_games: when the game was played (a past game keeps its own date; filled from created_at for the
-- games already stored), a table label, the seat that dealt the last hand (for the "final East" tie rule),
-- the channel message that announced the game (reminders reply to it, confirmations from elsewhere edit
-- it) and when its players were last reminded.
-- seasons: the league settings frozen when the season ends, so an archived season keeps its standings
-- when the league's uma or oka change later.
-- league_members: a guest (a player recorded by name, players.local_key 'guest:<league>:<name>') linked to
-- a member points at them; their games were moved to the member (see bot/store/leagues.py merge_guest).
-- Portable: ALTER TABLE ... ADD COLUMN with NULL defaults, as in PostgreSQL.

ALTER TABLE league_games ADD COLUMN played_at TEXT;
UPDATE league_games SET played_at = created_at;
ALTER TABLE league_games ADD COLUMN table_label TEXT;
ALTER TABLE league_games ADD COLUMN final_dealer INTEGER CHECK (final_dealer >= 0);
ALTER TABLE league_games ADD COLUMN channel_id BIGINT;
ALTER TABLE league_games ADD COLUMN message_id BIGINT;
ALTER TABLE league_games ADD COLUMN reminded_at TEXT;
CREATE INDEX league_games_by_played ON league_games (season_id, played_at);
CREATE INDEX league_games_by_status ON league_games (status, created_at);

ALTER TABLE seasons ADD COLUMN settings_json TEXT;

ALTER TABLE league_members ADD COLUMN merged_into INTEGER REFERENCES players (id);
