"""The schema's first eleven migrations, as released (see `bot.storage.migrations` for
the words their scripts are written in). Never edit them: add the next number there."""

FIRST_SCHEMA: tuple[tuple[int, str], ...] = (
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
)
