"""The numbered schema migrations, written once and rendered in each backend's words.

Applied in order at start-up and recorded in `migrations`. A script names the types and clauses in
which SQLite and PostgreSQL differ by the words of `Dialect.words`: `{ID}` a table's own id,
`{BIGINT}` ids of Discord objects and seeds, `{REAL}` times and ratings (seconds since the epoch),
`{WITHOUT_ROWID}` a table keyed by its primary key alone, and `{IS_DISTINCT}` the null-safe
inequality. Flags are 0/1 integers, options and offers JSON text: one row mapping serves both.
"""

from __future__ import annotations

from bot.storage.queries import Dialect

Migration = tuple[int, str]
"""A migration's number and its SQL script."""

MIGRATIONS: tuple[Migration, ...] = (
    (
        1,
        """
        CREATE TABLE games (
            id {ID},
            game TEXT NOT NULL,
            guild_id {BIGINT},
            channel_id {BIGINT} NOT NULL,
            thread_id {BIGINT},
            options TEXT NOT NULL,
            seed {BIGINT} NOT NULL,
            starter_id {BIGINT} NOT NULL,
            status TEXT NOT NULL,
            version INTEGER NOT NULL DEFAULT 0,
            state TEXT NOT NULL,
            message_id {BIGINT},
            expires_at {REAL},
            turn_seat INTEGER,
            turn_user_id {BIGINT},
            turn_started_at {REAL},
            offer TEXT,
            result_reason TEXT,
            created_at {REAL} NOT NULL,
            updated_at {REAL} NOT NULL,
            ended_at {REAL}
        );
        CREATE UNIQUE INDEX games_one_open_per_place
            ON games ((coalesce(thread_id, channel_id)))
            WHERE status IN ('challenge', 'active');
        CREATE INDEX games_by_place ON games ((coalesce(thread_id, channel_id)), id);
        CREATE INDEX games_by_turn ON games (status, turn_started_at);
        CREATE INDEX games_by_turn_user ON games (turn_user_id, status);
        CREATE INDEX games_by_guild ON games (guild_id, game, status, ended_at);

        CREATE TABLE players (
            game_id {BIGINT} NOT NULL REFERENCES games (id),
            seat INTEGER NOT NULL,
            user_id {BIGINT} NOT NULL,
            name TEXT NOT NULL,
            accepted INTEGER NOT NULL DEFAULT 0,
            rank INTEGER,
            PRIMARY KEY (game_id, seat)
        );
        CREATE INDEX players_by_user ON players (user_id, game_id);

        CREATE TABLE actions (
            id {ID},
            game_id {BIGINT} NOT NULL REFERENCES games (id),
            action TEXT NOT NULL,
            seat INTEGER,
            user_id {BIGINT},
            created_at {REAL} NOT NULL,
            taken_back INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX actions_by_game ON actions (game_id, id);
        """,
    ),
    (
        2,
        """
        CREATE TABLE ratings (
            guild_id {BIGINT} NOT NULL,
            game TEXT NOT NULL,
            user_id {BIGINT} NOT NULL,
            name TEXT NOT NULL,
            mu {REAL} NOT NULL,
            sigma {REAL} NOT NULL,
            rating {REAL} NOT NULL,
            wins INTEGER NOT NULL,
            losses INTEGER NOT NULL,
            draws INTEGER NOT NULL,
            games INTEGER NOT NULL,
            updated_at {REAL} NOT NULL,
            PRIMARY KEY (guild_id, game, user_id)
        ){WITHOUT_ROWID};
        CREATE INDEX ratings_by_rank ON ratings (guild_id, game, rating DESC, user_id);

        CREATE TABLE rated_seats (
            game_id {BIGINT} NOT NULL REFERENCES games (id),
            user_id {BIGINT} NOT NULL,
            guild_id {BIGINT} NOT NULL,
            game TEXT NOT NULL,
            rank INTEGER NOT NULL,
            outcome TEXT NOT NULL,
            rating_before {REAL} NOT NULL,
            rating_after {REAL} NOT NULL,
            overall_before {REAL} NOT NULL,
            overall_after {REAL} NOT NULL,
            ended_at {REAL} NOT NULL,
            PRIMARY KEY (game_id, user_id)
        ){WITHOUT_ROWID};
        CREATE INDEX rated_seats_by_game ON rated_seats (user_id, guild_id, game, game_id);
        CREATE INDEX rated_seats_by_guild ON rated_seats (user_id, guild_id, game_id);
        """,
    ),
    (
        3,
        """
        ALTER TABLE games ADD COLUMN time_limit {REAL};
        ALTER TABLE games ADD COLUMN reminder_turn {REAL};
        ALTER TABLE games ADD COLUMN reminded INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE games ADD COLUMN remind_at {REAL};
        CREATE INDEX games_by_deadline ON games ((turn_started_at + time_limit))
            WHERE status = 'active' AND time_limit IS NOT NULL;
        CREATE INDEX games_by_reminder ON games (remind_at) WHERE status = 'active';
        CREATE INDEX games_unplanned ON games (id)
            WHERE status = 'active' AND reminder_turn {IS_DISTINCT} turn_started_at;

        CREATE TABLE server_settings (
            guild_id {BIGINT} PRIMARY KEY,
            time_limit {REAL},
            reminder_delay {REAL},
            threads INTEGER NOT NULL
        );
        CREATE TABLE user_settings (
            user_id {BIGINT} PRIMARY KEY,
            dm_reminders INTEGER NOT NULL
        );
        """,
    ),
    (
        4,
        """
        CREATE TABLE claims (
            kind TEXT NOT NULL,
            key TEXT NOT NULL,
            claimed_by TEXT NOT NULL,
            claimed_until {REAL} NOT NULL,
            PRIMARY KEY (kind, key)
        ){WITHOUT_ROWID};
        """,
    ),
    (
        5,
        """
        CREATE TABLE announcements (
            id TEXT PRIMARY KEY,
            game_id {BIGINT} NOT NULL REFERENCES games (id),
            version INTEGER NOT NULL,
            place_id {BIGINT} NOT NULL,
            post TEXT NOT NULL,
            created_at {REAL} NOT NULL
        ){WITHOUT_ROWID};
        CREATE INDEX announcements_by_age ON announcements (created_at, game_id, version);
        """,
    ),
    (
        6,
        """
        CREATE TABLE command_syncs (
            scope TEXT PRIMARY KEY,
            digest TEXT NOT NULL,
            synced_at {REAL} NOT NULL
        ){WITHOUT_ROWID};
        """,
    ),
    (
        7,
        """
        ALTER TABLE announcements ADD COLUMN slot TEXT NOT NULL DEFAULT '';
        ALTER TABLE announcements ADD COLUMN writer TEXT NOT NULL DEFAULT '';
        """,
    ),
    (
        8,
        """
        ALTER TABLE announcements ADD COLUMN reply_token TEXT;
        """,
    ),
    (
        9,
        """
        ALTER TABLE games ADD COLUMN time_increment {REAL};
        ALTER TABLE games ADD COLUMN time_cap {REAL};
        ALTER TABLE games ADD COLUMN clock TEXT;
        ALTER TABLE games ADD COLUMN deadline {REAL};
        UPDATE games SET deadline = turn_started_at + time_limit
            WHERE status = 'active' AND time_limit IS NOT NULL
            AND coalesce(turn_user_id, 0) >= 0;
        DROP INDEX games_by_deadline;
        CREATE INDEX games_by_deadline_at ON games (deadline)
            WHERE status = 'active' AND deadline IS NOT NULL;
        ALTER TABLE server_settings ADD COLUMN time_increment {REAL};
        ALTER TABLE server_settings ADD COLUMN time_cap {REAL};
        ALTER TABLE server_settings ADD COLUMN on_time_out TEXT NOT NULL DEFAULT 'lose';
        """,
    ),
    (
        10,
        """
        ALTER TABLE user_settings ADD COLUMN quiet_start INTEGER;
        ALTER TABLE user_settings ADD COLUMN quiet_end INTEGER;
        ALTER TABLE user_settings ADD COLUMN quiet_zone TEXT;
        CREATE TABLE held_pings (
            game_id {BIGINT} NOT NULL REFERENCES games (id),
            turn {REAL} NOT NULL,
            user_id {BIGINT} NOT NULL,
            place_id {BIGINT} NOT NULL,
            due_at {REAL} NOT NULL,
            PRIMARY KEY (game_id, turn)
        ){WITHOUT_ROWID};
        CREATE INDEX held_pings_by_due ON held_pings (due_at);
        CREATE TABLE vacations (
            user_id {BIGINT} NOT NULL,
            started_at {REAL} NOT NULL,
            ends_at {REAL} NOT NULL,
            automatic INTEGER NOT NULL,
            PRIMARY KEY (user_id, started_at)
        ){WITHOUT_ROWID};
        """,
    ),
    (
        11,
        """
        CREATE TABLE tournaments (
            id {ID},
            guild_id {BIGINT} NOT NULL,
            channel_id {BIGINT} NOT NULL,
            creator_id {BIGINT} NOT NULL,
            game TEXT NOT NULL,
            options TEXT NOT NULL,
            format TEXT NOT NULL,
            rounds INTEGER,
            time_control TEXT,
            max_players INTEGER,
            starts_at {REAL},
            status TEXT NOT NULL,
            round INTEGER NOT NULL DEFAULT 0,
            message_id {BIGINT},
            created_at {REAL} NOT NULL,
            ended_at {REAL}
        );
        CREATE INDEX tournaments_by_guild ON tournaments (guild_id, status, id);
        CREATE INDEX tournaments_by_status ON tournaments (status, starts_at);

        CREATE TABLE entrants (
            tournament_id {BIGINT} NOT NULL REFERENCES tournaments (id),
            user_id {BIGINT} NOT NULL,
            name TEXT NOT NULL,
            rating {REAL} NOT NULL DEFAULT 0,
            joined_at {REAL} NOT NULL,
            withdrawn INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (tournament_id, user_id)
        ){WITHOUT_ROWID};

        CREATE TABLE pairings (
            id {ID},
            tournament_id {BIGINT} NOT NULL REFERENCES tournaments (id),
            round INTEGER NOT NULL,
            board INTEGER NOT NULL,
            first_id {BIGINT} NOT NULL,
            second_id {BIGINT},
            thread_id {BIGINT},
            forfeit_by {BIGINT},
            UNIQUE (tournament_id, round, board)
        );

        ALTER TABLE games ADD COLUMN pairing_id {BIGINT};
        CREATE UNIQUE INDEX games_by_pairing ON games (pairing_id) WHERE pairing_id IS NOT NULL;
        """,
    ),
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
)
"""Never edit a released migration: add the next number."""


def migrations(dialect: Dialect) -> tuple[Migration, ...]:
    """Every migration, in order, in `dialect`'s words."""
    return tuple((number, script.format_map(dialect.words)) for number, script in MIGRATIONS)
