"""The numbered schema migrations, written once and rendered in each backend's words.

Applied in order at start-up and recorded in `migrations`. A script names the types and clauses in
which SQLite and PostgreSQL differ by the words of `Dialect.words`: `{ID}` a table's own id,
`{BIGINT}` ids of Discord objects and seeds, `{REAL}` times and ratings (seconds since the epoch),
`{WITHOUT_ROWID}` a table keyed by its primary key alone, and `{IS_DISTINCT}` the null-safe
inequality. Flags are 0/1 integers, options and offers JSON text: one row mapping serves both.
"""

from __future__ import annotations

from bot.storage.first_schema import FIRST_SCHEMA
from bot.storage.queries import Dialect

Migration = tuple[int, str]
"""A migration's number and its SQL script (the first eleven in `first_schema`)."""

MIGRATIONS: tuple[Migration, ...] = (
    *FIRST_SCHEMA,
    (
        12,
        """
        ALTER TABLE pairings ADD COLUMN unplayed INTEGER NOT NULL DEFAULT 0;
        """,
    ),
    (
        13,
        """
        CREATE TABLE owed_posts (
            id TEXT PRIMARY KEY,
            game_id {BIGINT} NOT NULL,
            version INTEGER NOT NULL,
            place_id {BIGINT} NOT NULL,
            post TEXT NOT NULL,
            created_at {REAL} NOT NULL,
            slot TEXT NOT NULL DEFAULT '',
            writer TEXT NOT NULL DEFAULT '',
            reply_token TEXT
        ){WITHOUT_ROWID};
        INSERT INTO owed_posts (id, game_id, version, place_id, post, created_at, slot, writer,
            reply_token)
            SELECT id, game_id, version, place_id, post, created_at, slot, writer, reply_token
            FROM announcements;
        DROP TABLE announcements;
        ALTER TABLE owed_posts RENAME TO announcements;
        CREATE INDEX announcements_by_age ON announcements (created_at, game_id, version);
        """,
    ),
    (
        14,
        """
        ALTER TABLE tournaments ADD COLUMN number INTEGER NOT NULL DEFAULT 0;
        UPDATE tournaments SET number = (
            SELECT count(*) FROM tournaments AS earlier
            WHERE earlier.guild_id = tournaments.guild_id AND earlier.id <= tournaments.id
        );
        CREATE UNIQUE INDEX tournaments_by_number ON tournaments (guild_id, number);
        """,
    ),
    (
        15,
        """
        ALTER TABLE pairings ADD COLUMN starter_id {BIGINT};
        """,
    ),
    (
        16,
        """
        CREATE TABLE reply_places (
            place_id {BIGINT} PRIMARY KEY,
            token TEXT NOT NULL,
            noted_at {REAL} NOT NULL
        ){WITHOUT_ROWID};
        """,
    ),
    (
        17,
        """
        CREATE TABLE unsaid_posts (
            id {ID},
            place_id {BIGINT} NOT NULL,
            text TEXT NOT NULL,
            held_at {REAL} NOT NULL
        );
        CREATE INDEX unsaid_by_place ON unsaid_posts (place_id, id);
        """,
    ),
    (
        18,
        """
        ALTER TABLE server_settings ADD COLUMN pages INTEGER NOT NULL DEFAULT 1;
        """,
    ),
    (
        19,
        """
        CREATE TABLE puzzle_tries (
            user_id {BIGINT} NOT NULL,
            game_id {BIGINT} NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            ply INTEGER NOT NULL,
            guild_id {BIGINT} NOT NULL,
            tries INTEGER NOT NULL DEFAULT 0,
            solved INTEGER NOT NULL DEFAULT 0,
            closed INTEGER NOT NULL DEFAULT 0,
            given_at {REAL} NOT NULL,
            PRIMARY KEY (user_id, game_id, ply)
        ){WITHOUT_ROWID};
        CREATE INDEX puzzle_tries_by_server ON puzzle_tries (user_id, guild_id, closed);
        """,
    ),
    (
        20,
        """
        CREATE TABLE reviews (
            game_id {BIGINT} PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
            version INTEGER NOT NULL,
            review TEXT NOT NULL,
            made_at {REAL} NOT NULL
        ){WITHOUT_ROWID};
        """,
    ),
    (
        21,
        """
        ALTER TABLE games RENAME COLUMN result_reason TO ending;
        UPDATE games SET ending = CASE ending
                WHEN 'four in a row' THEN 'four_in_a_row'
                WHEN 'four colours in a line' THEN 'four_colours'
                WHEN 'three sizes in a line' THEN 'three_sizes'
                WHEN 'all pieces placed' THEN 'all_placed'
                WHEN 'bridge completed' THEN 'bridge'
                WHEN 'both bridges completed' THEN 'both_bridges'
                WHEN 'lowest total' THEN 'lowest_total'
                WHEN 'equal totals' THEN 'equal_totals'
                WHEN 'no one can move' THEN 'no_one_can_move'
                WHEN 'last player in' THEN 'last_player_in'
                WHEN 'threefold repetition' THEN 'repetition'
                WHEN 'agreed draw' THEN 'agreement'
                WHEN 'resignation' THEN 'resignation'
                WHEN 'time ran out' THEN 'time'
                ELSE NULL END;
        UPDATE games SET state = replace(replace(replace(replace(state,
                '@forfeit 0 time ran out', '@forfeit 0 time'),
                '@forfeit 1 time ran out', '@forfeit 1 time'),
                '@forfeit 2 time ran out', '@forfeit 2 time'),
                '@forfeit 3 time ran out', '@forfeit 3 time')
            WHERE state LIKE '%@forfeit % time ran out%';
        UPDATE actions SET action = replace(replace(replace(replace(action,
                '@forfeit 0 time ran out', '@forfeit 0 time'),
                '@forfeit 1 time ran out', '@forfeit 1 time'),
                '@forfeit 2 time ran out', '@forfeit 2 time'),
                '@forfeit 3 time ran out', '@forfeit 3 time')
            WHERE action LIKE '@forfeit % time ran out';
        UPDATE announcements SET post = replace(replace(replace(replace(post,
                '@forfeit 0 time ran out', '@forfeit 0 time'),
                '@forfeit 1 time ran out', '@forfeit 1 time'),
                '@forfeit 2 time ran out', '@forfeit 2 time'),
                '@forfeit 3 time ran out', '@forfeit 3 time')
            WHERE post LIKE '%@forfeit % time ran out%';
        """,
    ),
    (
        22,
        """
        ALTER TABLE announcements ADD COLUMN tries INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE announcements ADD COLUMN retry_at {REAL};
        CREATE INDEX announcements_by_game ON announcements (game_id, version);
        CREATE TABLE unreachable_places (
            place_id {BIGINT} PRIMARY KEY,
            reason TEXT NOT NULL,
            since {REAL} NOT NULL
        ){WITHOUT_ROWID};
        CREATE TABLE health_checks (
            id INTEGER PRIMARY KEY,
            checked_at {REAL} NOT NULL
        );
        CREATE TABLE identifies (
            at {REAL} NOT NULL,
            shard_id INTEGER
        );
        CREATE INDEX identifies_by_time ON identifies (at);
        """,
    ),
    (23, "ALTER TABLE server_settings ADD COLUMN hints TEXT NOT NULL DEFAULT 'bot_games';"),
    (24, "ALTER TABLE user_settings ADD COLUMN language TEXT;"),
    (25, "ALTER TABLE server_settings ADD COLUMN language TEXT;"),
    (26, "ALTER TABLE games ADD COLUMN hinted INTEGER NOT NULL DEFAULT 0;"),
)
"""Never edit a released migration: add the next number."""


def migrations(dialect: Dialect) -> tuple[Migration, ...]:
    """Every migration, in order, in `dialect`'s words."""
    return tuple((number, script.format_map(dialect.words)) for number, script in MIGRATIONS)
