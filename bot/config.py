"""Settings from the environment, or from a `.env` file in the working directory."""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path

from dotenv import dotenv_values

from bot.play.clocks.vacations import DAYS_A_YEAR
from bot.storage import ALL_SHARDS, SQLITE_PREFIX

DEFAULT_DATABASE_URL = f"{SQLITE_PREFIX}data/pyramids.sqlite3"
DEFAULT_VACATION_DAYS = DAYS_A_YEAR
DEFAULT_WEB_PORT = 8080
MOST_VACATION_DAYS = 366
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
LOG_FORMATS = ("text", "json")
NO_TOKEN = (
    "DISCORD_TOKEN is not set. Copy .env.example to .env and put your bot's token in it "
    "(Discord Developer Portal > your application > Bot > Reset Token), or set the "
    "DISCORD_TOKEN environment variable. To try the games without Discord, run "
    "`make local`."
)


def default_ai_processes() -> int:
    """One thinking process for every core but one, which is left to people's replies."""
    return max((os.cpu_count() or 1) - 1, 1)


def settings_help() -> str:
    """Every setting, what it does and its default, for `python -m bot --help`."""
    settings = [
        ("DISCORD_TOKEN", "the bot's token (Developer Portal > Bot)", "none; required"),
        (
            "DATABASE_URL",
            "where games are kept: sqlite:///FILE here, sqlite:////FILE from /, or postgresql://...",
            DEFAULT_DATABASE_URL,
        ),
        ("DEV_GUILD_ID", "a server to register the commands to at once", "none; global"),
        ("LOG_LEVEL", "DEBUG, INFO, WARNING, ERROR or CRITICAL", "INFO"),
        ("LOG_FORMAT", "text, or json for log collectors", "text"),
        (
            "AI_PROCESSES",
            "processes the AI thinks in",
            f"one per core but one ({default_ai_processes()} here)",
        ),
        ("SHARD_COUNT", "the shards of the whole bot", "Discord's recommendation"),
        ("SHARD_IDS", "the shards this process runs, like 0-3 or 4,5", "every shard"),
        ("VACATION_DAYS", "vacation days each player has a calendar year", DEFAULT_VACATION_DAYS),
        ("WEB_PORT", "the port of the games' pages and /healthz, or off", DEFAULT_WEB_PORT),
        ("PUBLIC_URL", "the address people reach the pages at", "http://localhost:WEB_PORT"),
        ("WEB_SECRET", "the secret the pages' links are signed with", "made from the token"),
        (
            "DISCORD_CLIENT_SECRET",
            "the application's OAuth2 client secret, for the board inside Discord (Activity)",
            "none; no Activity",
        ),
    ]
    width = max(len(name) for name, _, _ in settings)
    lines = [f"  {name:<{width}} {what} (default: {default})" for name, what, default in settings]
    return "settings (environment variables, or a .env file in this directory):\n" + "\n".join(
        lines
    )


class ConfigError(Exception):
    """A setting is missing or unusable; the message says what to do."""


@dataclass(frozen=True, slots=True)
class Settings:
    token: str
    database_url: str = DEFAULT_DATABASE_URL
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    log_format: str = "text"
    """`text` lines, or `json` objects a line for log collectors."""
    shard_count: int | None = None
    """The number of shards of the whole bot; None lets Discord recommend it."""
    shard_ids: tuple[int, ...] | None = None
    """The shards this process runs; None for every shard."""
    ai_processes: int = field(default_factory=default_ai_processes)
    """The number of processes the AI thinks in, each playing one game's turn at a time."""
    vacation_days: int = DEFAULT_VACATION_DAYS
    """The vacation days each player has each calendar year."""
    web_port: int | None = None
    """The port the games' pages are served on; None serves none."""
    public_url: str | None = None
    """Where people reach the pages (links start so); None: http://localhost:web_port."""
    web_secret: str = ""
    """What the pages' links are signed with; empty: a secret made from the token."""
    client_secret: str = ""
    """The application's OAuth2 client secret, with which the Activity learns who opened
    it; empty: the bot offers no Activity."""
    gateway: bool = True
    """Whether this process connects to Discord's gateway and runs shards; False for
    `python -m bot web`, which serves the pages (and the work due) through Discord's HTTP
    API alone."""

    @property
    def web_address(self) -> str | None:
        """The address links to the pages start with; None when no pages are served."""
        if self.web_port is None:
            return None
        return (self.public_url or f"http://localhost:{self.web_port}").rstrip("/")

    @property
    def activity(self) -> bool:
        """Whether the bot offers its board inside Discord (an Activity): it needs the
        pages, at a public address, and the client secret."""
        return bool(self.client_secret) and None not in (self.public_url, self.web_port)

    @property
    def link_secret(self) -> bytes:
        """The key the pages' links are signed with."""
        if self.web_secret:
            return self.web_secret.encode()
        return hashlib.sha256(b"pyramid-host pages:" + self.token.encode()).digest()

    @property
    def slot(self) -> str:
        """The part of the bot this process serves, which no other process serves while it
        runs: every shard, or the shards it runs out of the bot's."""
        if not self.gateway:
            return f"pages on port {self.web_port}"
        if self.shard_ids is None:
            return ALL_SHARDS
        return f"shards {','.join(map(str, self.shard_ids))} of {self.shard_count}"

    @property
    def runs_first_shard(self) -> bool:
        """Whether this process runs shard 0, the one that registers the commands."""
        return self.gateway and (self.shard_ids is None or 0 in self.shard_ids)


def load_settings() -> Settings:
    """Read the settings (the environment wins over `.env`), refusing any that cannot work.

    The database DATABASE_URL names is the storage's to check, when it opens it.
    """
    values = _values()
    token = values.get("DISCORD_TOKEN", "").strip()
    if not token:
        raise ConfigError(NO_TOKEN)
    guild = values.get("DEV_GUILD_ID", "").strip()
    if guild and not guild.isdigit():
        raise ConfigError(f"DEV_GUILD_ID must be a server id (a number), not {guild!r}.")
    database_url = values.get("DATABASE_URL", "").strip() or DEFAULT_DATABASE_URL
    misplaced = misplaced_sqlite_file(database_url)
    if misplaced is not None:
        raise ConfigError(misplaced)
    shard_count = _shard_count(values.get("SHARD_COUNT", "").strip())
    shard_ids = _shard_ids(values.get("SHARD_IDS", "").strip(), shard_count)
    if shard_ids is not None and database_url.startswith(SQLITE_PREFIX):
        raise ConfigError(
            "SHARD_IDS runs only some shards in this process, so the other processes must "
            "share its database: set DATABASE_URL to a PostgreSQL database (postgresql://"
            "...), as a SQLite file serves one process on one machine."
        )
    return Settings(
        token=token,
        database_url=database_url,
        dev_guild_id=int(guild) if guild else None,
        log_level=_log_level(values.get("LOG_LEVEL", "").strip()),
        log_format=_log_format(values.get("LOG_FORMAT", "").strip()),
        shard_count=shard_count,
        shard_ids=shard_ids,
        ai_processes=_ai_processes(values.get("AI_PROCESSES", "").strip()),
        vacation_days=_vacation_days(values.get("VACATION_DAYS", "").strip()),
        web_port=_web_port(values.get("WEB_PORT", "").strip()),
        public_url=_public_url(values.get("PUBLIC_URL", "").strip()),
        web_secret=values.get("WEB_SECRET", "").strip(),
        client_secret=values.get("DISCORD_CLIENT_SECRET", "").strip(),
    )


def load_database_url() -> str:
    """DATABASE_URL alone (the environment wins over `.env`), for the modes that need no
    token: backing up, restoring and exporting; ConfigError for a SQLite path most
    likely meant from the root (see `misplaced_sqlite_file`)."""
    url = _values().get("DATABASE_URL", "").strip() or DEFAULT_DATABASE_URL
    misplaced = misplaced_sqlite_file(url)
    if misplaced is not None:
        raise ConfigError(misplaced)
    return url


def misplaced_sqlite_file(url: str) -> str | None:
    """Why a SQLite DATABASE_URL most likely meant an absolute path, or None: three slashes
    name a file from this folder, so `sqlite:///srv/bot/x.sqlite3`, whose first folder is
    not here but at the root, would make a new `srv` here instead of using `/srv`."""
    path = url.removeprefix(SQLITE_PREFIX)
    first, slash, _ = path.partition("/")
    if url == DEFAULT_DATABASE_URL or not url.startswith(SQLITE_PREFIX) or not first or not slash:
        return None
    if Path(first).exists() or not (Path("/") / first).is_dir():
        return None
    return (
        f"DATABASE_URL {url!r} names the file {path!r} in this folder, which has no "
        f"{first!r}: for /{path} write four slashes, {SQLITE_PREFIX}/{path} (or "
        f"{SQLITE_PREFIX}./{path} to make it here)."
    )


def _values() -> dict[str, str]:
    found = {k: v for k, v in dotenv_values(Path.cwd() / ".env").items() if v is not None}
    return {**found, **os.environ}


def _shard_count(count: str) -> int | None:
    if not count:
        return None
    if not count.isdigit() or int(count) < 1:
        raise ConfigError(f"SHARD_COUNT must be a number of shards, 1 or more, not {count!r}.")
    return int(count)


def _shard_ids(listed: str, count: int | None) -> tuple[int, ...] | None:
    """The shards SHARD_IDS names (`0-3`, `4,5`, `0-1,6`), or None when it names every shard."""
    if not listed:
        return None
    if count is None:
        raise ConfigError(
            "SHARD_IDS needs SHARD_COUNT, the number of shards of the whole bot (for example "
            "SHARD_COUNT=8 with SHARD_IDS=0-3 in one process and SHARD_IDS=4-7 in another)."
        )
    ids: set[int] = set()
    for part in listed.split(","):
        first, dash, last = part.strip().partition("-")
        if not first.isdigit() or not (last.isdigit() if dash else not last):
            raise ConfigError(
                f"SHARD_IDS must list shard numbers and ranges, like 0-3 or 4,5, not {listed!r}."
            )
        ids.update(range(int(first), int(last or first) + 1))
    if not ids:
        raise ConfigError(f"SHARD_IDS names no shard in {listed!r}: write ranges lowest first.")
    if max(ids) >= count:
        raise ConfigError(
            f"SHARD_IDS names shard {max(ids)}, but with SHARD_COUNT={count} the shards are "
            f"numbered 0 to {count - 1}."
        )
    return None if len(ids) == count else tuple(sorted(ids))


def _log_level(level: str) -> str:
    if not level:
        return "INFO"
    if level.upper() not in LOG_LEVELS:
        raise ConfigError(
            f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)} (INFO when not set), not {level!r}."
        )
    return level.upper()


def _log_format(given: str) -> str:
    if not given:
        return "text"
    if given.lower() not in LOG_FORMATS:
        raise ConfigError(f"LOG_FORMAT must be text or json (text when not set), not {given!r}.")
    return given.lower()


def _ai_processes(count: str) -> int:
    if not count:
        return default_ai_processes()
    if not count.isdigit() or int(count) < 1:
        raise ConfigError(
            f"AI_PROCESSES must be a number of processes for the AI to think in, 1 or more "
            f"(unset, one for every core but one), not {count!r}."
        )
    return int(count)


def _vacation_days(days: str) -> int:
    if not days:
        return DEFAULT_VACATION_DAYS
    if not days.isdigit() or int(days) > MOST_VACATION_DAYS:
        raise ConfigError(
            f"VACATION_DAYS must be the vacation days each player has a year, 0 to "
            f"{MOST_VACATION_DAYS} ({DEFAULT_VACATION_DAYS} when not set), not {days!r}."
        )
    return int(days)


def _web_port(port: str) -> int | None:
    if not port:
        return DEFAULT_WEB_PORT
    if port.lower() == "off":
        return None
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise ConfigError(
            f"WEB_PORT must be a port number, 1 to 65535, or off (no pages), not {port!r}."
        )
    return int(port)


def _public_url(url: str) -> str | None:
    if not url:
        return None
    if not url.startswith(("http://", "https://")):
        raise ConfigError(
            f"PUBLIC_URL must be the address people reach the pages at, starting with "
            f"https:// (or http://), not {url!r}."
        )
    return url
