-- A database as schema version 7 left it, with games in it: two finished and rated,
-- one in play with an announcement owed and a claim, one open challenge.
-- Made by the release that introduced version 7, dumped by Python's sqlite3 iterdump.
BEGIN TRANSACTION;
CREATE TABLE actions (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            game_id INTEGER NOT NULL REFERENCES games (id),
            action TEXT NOT NULL,
            seat INTEGER,
            user_id INTEGER,
            created_at REAL NOT NULL,
            taken_back INTEGER NOT NULL DEFAULT 0
        );
INSERT INTO "actions" VALUES(1,3,'S d4',0,101,1000000.0,1);
INSERT INTO "actions" VALUES(2,3,'S e4',0,101,1000000.0,0);
CREATE TABLE announcements (
            id TEXT PRIMARY KEY,
            game_id INTEGER NOT NULL REFERENCES games (id),
            version INTEGER NOT NULL,
            place_id INTEGER NOT NULL,
            post TEXT NOT NULL,
            created_at REAL NOT NULL
        , slot TEXT NOT NULL DEFAULT '', writer TEXT NOT NULL DEFAULT '') WITHOUT ROWID;
INSERT INTO "announcements" VALUES('f21b9964cb594022a0c8fb99f6d77f39',3,4,3,'{"text": [{"strong_name": "Alice"}, " played ", {"code": "S e4"}, ": a small on e4.", "\n", "Your move, ", {"strong_name": "Bob"}, ".", " Time runs out ", {"moment": 1086400.0}, "."], "pings": [102], "prompt": null, "lapsed": null, "picture": "tink-3.png", "state": "{\"format\":1,\"game\":\"tink\",\"players\":2,\"seed\":1252654798,\"options\":{\"repetition_draw\":true},\"actions\":[\"S e4\"],\"history\":[\"S e4\"]}", "names": ["Alice", "Bob"]}',1000000.0,'all shards','host:1:a');
CREATE TABLE claims (
            kind TEXT NOT NULL,
            key TEXT NOT NULL,
            claimed_by TEXT NOT NULL,
            claimed_until REAL NOT NULL,
            PRIMARY KEY (kind, key)
        ) WITHOUT ROWID;
INSERT INTO "claims" VALUES('time-out','3@1.0','host:99:dead',160.0);
CREATE TABLE command_syncs (
            scope TEXT PRIMARY KEY,
            digest TEXT NOT NULL,
            synced_at REAL NOT NULL
        ) WITHOUT ROWID;
CREATE TABLE games (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            game TEXT NOT NULL,
            guild_id INTEGER,
            channel_id INTEGER NOT NULL,
            thread_id INTEGER,
            options TEXT NOT NULL,
            seed INTEGER NOT NULL,
            starter_id INTEGER NOT NULL,
            status TEXT NOT NULL,
            version INTEGER NOT NULL DEFAULT 0,
            state TEXT NOT NULL,
            message_id INTEGER,
            expires_at REAL,
            turn_seat INTEGER,
            turn_user_id INTEGER,
            turn_started_at REAL,
            offer TEXT,
            result_reason TEXT,
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL,
            ended_at REAL
        , time_limit REAL, reminder_turn REAL, reminded INTEGER NOT NULL DEFAULT 0, remind_at REAL);
INSERT INTO "games" VALUES(1,'tink',10,900,NULL,'{}',7,101,'finished',1,'{}',NULL,1000000000000.0,NULL,NULL,NULL,NULL,NULL,1.0,2.0,2.0,NULL,NULL,0,NULL);
INSERT INTO "games" VALUES(2,'tink',10,901,NULL,'{}',7,101,'finished',1,'{}',NULL,1000000000000.0,NULL,NULL,NULL,NULL,NULL,1.0,2.0,2.0,NULL,NULL,0,NULL);
INSERT INTO "games" VALUES(3,'tink',10,3,NULL,'{"repetition_draw": true}',1252654798,101,'active',4,'{"format":1,"game":"tink","players":2,"seed":1252654798,"options":{"repetition_draw":true},"actions":["S e4"],"history":["S e4"]}',NULL,1086400.0,1,102,1000000.0,NULL,NULL,1000000.0,1000000.0,NULL,86400.0,1000000.0,0,1007200.0);
INSERT INTO "games" VALUES(4,'tink',10,4,NULL,'{"repetition_draw": true}',3796836707,103,'challenge',0,'{"format":1,"game":"tink","players":2,"seed":3796836707,"options":{"repetition_draw":true},"actions":[],"history":[]}',NULL,1086400.0,NULL,NULL,NULL,NULL,NULL,1000000.0,1000000.0,NULL,86400.0,NULL,0,NULL);
CREATE TABLE migrations (number INTEGER PRIMARY KEY, applied_at REAL);
INSERT INTO "migrations" VALUES(1,1.79563052645161509517e+09);
INSERT INTO "migrations" VALUES(2,1.79563052645200634006e+09);
INSERT INTO "migrations" VALUES(3,1.7956305264521744251e+09);
INSERT INTO "migrations" VALUES(4,1.79563052645270180705e+09);
INSERT INTO "migrations" VALUES(5,1.79563052645275306705e+09);
INSERT INTO "migrations" VALUES(6,1.79563052645282459265e+09);
INSERT INTO "migrations" VALUES(7,1.79563052645287322996e+09);
CREATE TABLE players (
            game_id INTEGER NOT NULL REFERENCES games (id),
            seat INTEGER NOT NULL,
            user_id INTEGER NOT NULL,
            name TEXT NOT NULL,
            accepted INTEGER NOT NULL DEFAULT 0,
            rank INTEGER,
            PRIMARY KEY (game_id, seat)
        );
INSERT INTO "players" VALUES(1,0,101,'P101',1,0);
INSERT INTO "players" VALUES(1,1,102,'P102',1,1);
INSERT INTO "players" VALUES(2,0,101,'P101',1,1);
INSERT INTO "players" VALUES(2,1,102,'P102',1,0);
INSERT INTO "players" VALUES(3,0,101,'Alice',1,NULL);
INSERT INTO "players" VALUES(3,1,102,'Bob',1,NULL);
INSERT INTO "players" VALUES(4,0,103,'Carol',1,NULL);
INSERT INTO "players" VALUES(4,1,101,'Alice',0,NULL);
CREATE TABLE rated_seats (
            game_id INTEGER NOT NULL REFERENCES games (id),
            user_id INTEGER NOT NULL,
            guild_id INTEGER NOT NULL,
            game TEXT NOT NULL,
            rank INTEGER NOT NULL,
            outcome TEXT NOT NULL,
            rating_before REAL NOT NULL,
            rating_after REAL NOT NULL,
            overall_before REAL NOT NULL,
            overall_after REAL NOT NULL,
            ended_at REAL NOT NULL,
            PRIMARY KEY (game_id, user_id)
        ) WITHOUT ROWID;
INSERT INTO "rated_seats" VALUES(1,101,10,'tink',0,'win',0.0,3.43768525250945700122e+00,0.0,3.43768525250945700122e+00,2.0);
INSERT INTO "rated_seats" VALUES(1,102,10,'tink',1,'loss',0.0,-1.83309373377153761452e+00,0.0,-1.83309373377153761452e+00,2.0);
INSERT INTO "rated_seats" VALUES(2,101,10,'tink',1,'loss',3.43768525250945700122e+00,1.12002922872429877543e+00,3.43768525250945700122e+00,1.12002922872429877543e+00,2.0);
INSERT INTO "rated_seats" VALUES(2,102,10,'tink',0,'win',-1.83309373377153761452e+00,1.94264761398904539646e+00,-1.83309373377153761452e+00,1.94264761398904539646e+00,2.0);
CREATE TABLE ratings (
            guild_id INTEGER NOT NULL,
            game TEXT NOT NULL,
            user_id INTEGER NOT NULL,
            name TEXT NOT NULL,
            mu REAL NOT NULL,
            sigma REAL NOT NULL,
            rating REAL NOT NULL,
            wins INTEGER NOT NULL,
            losses INTEGER NOT NULL,
            draws INTEGER NOT NULL,
            games INTEGER NOT NULL,
            updated_at REAL NOT NULL,
            PRIMARY KEY (guild_id, game, user_id)
        ) WITHOUT ROWID;
INSERT INTO "ratings" VALUES(10,'*',101,'P101',2.45886908073676266903e+01,7.82288719288111,1.12002922872429877543e+00,1,1,0,2,2.0);
INSERT INTO "ratings" VALUES(10,'*',102,'P102',2.54113091926323733096e+01,7.82288719288111,1.94264761398904539646e+00,1,1,0,2,2.0);
INSERT INTO "ratings" VALUES(10,'tink',101,'P101',2.45886908073676266903e+01,7.82288719288111,1.12002922872429877543e+00,1,1,0,2,2.0);
INSERT INTO "ratings" VALUES(10,'tink',102,'P102',2.54113091926323733096e+01,7.82288719288111,1.94264761398904539646e+00,1,1,0,2,2.0);
CREATE TABLE server_settings (
            guild_id INTEGER PRIMARY KEY,
            time_limit REAL,
            reminder_delay REAL,
            threads INTEGER NOT NULL
        );
INSERT INTO "server_settings" VALUES(10,86400.0,7200.0,0);
CREATE TABLE user_settings (
            user_id INTEGER PRIMARY KEY,
            dm_reminders INTEGER NOT NULL
        );
INSERT INTO "user_settings" VALUES(102,1);
CREATE UNIQUE INDEX games_one_open_per_place
            ON games (coalesce(thread_id, channel_id))
            WHERE status IN ('challenge', 'active');
CREATE INDEX games_by_place ON games (coalesce(thread_id, channel_id), id);
CREATE INDEX games_by_turn ON games (status, turn_started_at);
CREATE INDEX games_by_turn_user ON games (turn_user_id, status);
CREATE INDEX games_by_guild ON games (guild_id, game, status, ended_at);
CREATE INDEX players_by_user ON players (user_id, game_id);
CREATE INDEX actions_by_game ON actions (game_id, id);
CREATE INDEX ratings_by_rank ON ratings (guild_id, game, rating DESC, user_id);
CREATE INDEX rated_seats_by_game ON rated_seats (user_id, guild_id, game, game_id);
CREATE INDEX rated_seats_by_guild ON rated_seats (user_id, guild_id, game_id);
CREATE INDEX games_by_deadline ON games (turn_started_at + time_limit)
            WHERE status = 'active' AND time_limit IS NOT NULL;
CREATE INDEX games_by_reminder ON games (remind_at) WHERE status = 'active';
CREATE INDEX games_unplanned ON games (id)
            WHERE status = 'active' AND reminder_turn IS NOT turn_started_at;
CREATE INDEX announcements_by_age ON announcements (created_at, game_id, version);
DELETE FROM "sqlite_sequence";
INSERT INTO "sqlite_sequence" VALUES('games',4);
INSERT INTO "sqlite_sequence" VALUES('actions',2);
COMMIT;
