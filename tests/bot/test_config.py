"""Settings from the environment."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import DEFAULT_DATABASE_URL, ConfigError, load_settings


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    for name in ("DISCORD_TOKEN", "DATABASE_URL", "DEV_GUILD_ID", "LOG_LEVEL"):
        monkeypatch.delenv(name, raising=False)


def test_without_a_token_start_up_says_what_to_do() -> None:
    with pytest.raises(ConfigError, match=r"Copy \.env\.example to \.env"):
        load_settings()


def test_settings_come_from_a_dot_env_file(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=abc\nDEV_GUILD_ID=42\nLOG_LEVEL=debug\n")
    settings = load_settings()
    assert (settings.token, settings.dev_guild_id, settings.log_level) == ("abc", 42, "DEBUG")
    assert settings.database_url == DEFAULT_DATABASE_URL


def test_a_malformed_guild_id_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    monkeypatch.setenv("DEV_GUILD_ID", "my server")
    with pytest.raises(ConfigError, match="DEV_GUILD_ID must be a server id"):
        load_settings()
