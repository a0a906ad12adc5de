-- 0005: league nights (issue 40).
--
-- A night's players, rounds, table size, whether the rest may sit at sanma tables, its seed and who left
-- after which round (plan_json) are what its draw is made from: bot/league/night.py draws the same
-- rounds again from them.  The rounds as drawn (draw_json: each round's tables, East first, and byes)
-- are kept too, so the tables players were given never change under them.  posted_round: the rounds
-- posted so far (compare-and-set: a second "next" of the same round changes nothing); version: bumped
-- by every redraw (a player leaving), compared by the next one.  One open night per league (ended_at
-- NULL) is the service's rule; (league_id, number) refuses a second night of the same number when
-- two start at once.
CREATE TABLE league_nights (
    id            INTEGER PRIMARY KEY,
    league_id     INTEGER NOT NULL REFERENCES leagues (id),
    season_id     INTEGER NOT NULL REFERENCES seasons (id),
    number        INTEGER NOT NULL CHECK (number >= 1),
    channel_id    BIGINT,
    created_by    INTEGER REFERENCES players (id),
    seed          TEXT NOT NULL,
    plan_json     TEXT NOT NULL,
    draw_json     TEXT NOT NULL,
    posted_round  INTEGER NOT NULL CHECK (posted_round >= 0),
    version       INTEGER NOT NULL CHECK (version >= 1),
    started_at    TEXT NOT NULL,
    ended_at      TEXT,
    UNIQUE (league_id, number)
);
CREATE INDEX league_nights_by_league ON league_nights (league_id, ended_at);
