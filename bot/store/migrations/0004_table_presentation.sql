-- What a front end shows for a running game (the table message, each seat's DM panel), so a restarted
-- bot edits those messages instead of posting new ones beside them.
CREATE TABLE game_presentation (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    value_json  TEXT NOT NULL,
    PRIMARY KEY (game_id, name)
);

-- Each hand's wall: the commitment published when the hand starts, the seed revealed when it ends.
CREATE TABLE hand_walls (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    hand_index  INTEGER NOT NULL CHECK (hand_index >= 0),
    commitment  TEXT NOT NULL,
    seed        TEXT,
    PRIMARY KEY (game_id, hand_index)
);
