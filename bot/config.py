"""Settings from the environment, or from a `.env` file in the working directory."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from dotenv import dotenv_values

DEFAULT_DATABASE_URL = "sqlite:///data/pyramids.sqlite3"
NO_TOKEN = (
    "DISCORD_TOKEN is not set. Copy .env.example to .env and put your bot's token in it "
    "(Discord Developer Portal > your application > Bot > Reset Token), or set the "
    "DISCORD_TOKEN environment variable. To try the games without Discord, run "
    "`python -m bot local`."
)


class ConfigError(Exception):
    """A setting is missing or unusable; the message says what to do."""


@dataclass(frozen=True, slots=True)
class Settings:
    token: str
    database_url: str = DEFAULT_DATABASE_URL
    dev_guild_id: int | None = None
    log_level: str = "INFO"


def load_settings() -> Settings:
    """Read the settings (the environment wins over `.env`), refusing a missing token."""
    found = {k: v for k, v in dotenv_values(Path.cwd() / ".env").items() if v is not None}
    values = {**found, **os.environ}
    token = values.get("DISCORD_TOKEN", "").strip()
    if not token:
        raise ConfigError(NO_TOKEN)
    guild = values.get("DEV_GUILD_ID", "").strip()
    if guild and not guild.isdigit():
        raise ConfigError(f"DEV_GUILD_ID must be a server id (a number), not {guild!r}.")
    return Settings(
        token=token,
        database_url=values.get("DATABASE_URL", "").strip() or DEFAULT_DATABASE_URL,
        dev_guild_id=int(guild) if guild else None,
        log_level=values.get("LOG_LEVEL", "").strip().upper() or "INFO",
    )
