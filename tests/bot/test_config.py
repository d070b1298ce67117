"""Settings from the environment."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bot.config import DEFAULT_DATABASE_URL, ConfigError, load_settings
from tests.bot.support import SETTINGS


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    for name in SETTINGS:
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


@pytest.mark.parametrize("level", ["debug", "Warning", "CRITICAL"])
def test_every_log_level_is_taken_in_any_case(monkeypatch: pytest.MonkeyPatch, level: str) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    monkeypatch.setenv("LOG_LEVEL", level)
    assert load_settings().log_level == level.upper()


@pytest.mark.parametrize("level", ["verbose", "10", "WARN"])
def test_an_unknown_log_level_is_refused(monkeypatch: pytest.MonkeyPatch, level: str) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    monkeypatch.setenv("LOG_LEVEL", level)
    with pytest.raises(ConfigError, match=f"LOG_LEVEL must be one of .*, not '{level}'"):
        load_settings()


@pytest.mark.parametrize(
    "url",
    ["sqlite:///games.sqlite3", "sqlite:////srv/bot/games.sqlite3", "postgresql://bot@db/games"],
)
def test_sqlite_and_postgresql_urls_are_taken(monkeypatch: pytest.MonkeyPatch, url: str) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    monkeypatch.setenv("DATABASE_URL", url)
    assert load_settings().database_url == url


def test_without_shard_settings_one_process_runs_every_shard(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    settings = load_settings()
    assert (settings.shard_count, settings.shard_ids, settings.runs_first_shard) == (
        None,
        None,
        True,
    )
    assert settings.slot == "all shards"


@pytest.mark.parametrize(
    ("listed", "ids", "slot"),
    [
        ("0-3", (0, 1, 2, 3), "shards 0,1,2,3 of 8"),
        ("4,5", (4, 5), "shards 4,5 of 8"),
        (" 6 , 1-2,2 ", (1, 2, 6), "shards 1,2,6 of 8"),
        ("0-7", None, "all shards"),
    ],
)
def test_shard_ids_name_the_shards_this_process_runs(
    monkeypatch: pytest.MonkeyPatch, listed: str, ids: tuple[int, ...] | None, slot: str
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    monkeypatch.setenv("DATABASE_URL", "postgresql://bot@db/games")
    monkeypatch.setenv("SHARD_COUNT", "8")
    monkeypatch.setenv("SHARD_IDS", listed)
    settings = load_settings()
    assert (settings.shard_count, settings.shard_ids) == (8, ids)
    assert settings.runs_first_shard == (ids is None or 0 in ids)
    assert settings.slot == slot


def test_a_shard_count_alone_runs_that_many_shards_in_one_process_even_on_sqlite(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    monkeypatch.setenv("SHARD_COUNT", "3")
    settings = load_settings()
    assert (settings.shard_count, settings.shard_ids) == (3, None)


@pytest.mark.parametrize(
    ("shard_settings", "sentence"),
    [
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT must be a number of shards, 1 or more, not '0'."),
        ({"SHARD_COUNT": "four"}, "SHARD_COUNT must be a number of shards, 1 or more, not 'four'."),
        (
            {"SHARD_IDS": "0-3"},
            "SHARD_IDS needs SHARD_COUNT, the number of shards of the whole bot (for example "
            "SHARD_COUNT=8 with SHARD_IDS=0-3 in one process and SHARD_IDS=4-7 in another).",
        ),
        (
            {"SHARD_COUNT": "4", "SHARD_IDS": "2-4"},
            "SHARD_IDS names shard 4, but with SHARD_COUNT=4 the shards are numbered 0 to 3.",
        ),
        (
            {"SHARD_COUNT": "4", "SHARD_IDS": "0-1;3"},
            "SHARD_IDS must list shard numbers and ranges, like 0-3 or 4,5, not '0-1;3'.",
        ),
        (
            {"SHARD_COUNT": "4", "SHARD_IDS": "-1"},
            "SHARD_IDS must list shard numbers and ranges, like 0-3 or 4,5, not '-1'.",
        ),
        (
            {"SHARD_COUNT": "4", "SHARD_IDS": "3-1"},
            "SHARD_IDS names no shard in '3-1': write ranges lowest first.",
        ),
    ],
)
def test_unusable_shard_settings_are_refused_in_one_sentence(
    monkeypatch: pytest.MonkeyPatch, shard_settings: dict[str, str], sentence: str
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    monkeypatch.setenv("DATABASE_URL", "postgresql://bot@db/games")
    for name, value in shard_settings.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(ConfigError) as refused:
        load_settings()
    assert str(refused.value) == sentence


def test_some_shards_on_sqlite_are_refused_for_postgresql(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    monkeypatch.setenv("SHARD_COUNT", "2")
    monkeypatch.setenv("SHARD_IDS", "1")
    with pytest.raises(ConfigError, match=r"SHARD_IDS runs only some shards .* PostgreSQL"):
        load_settings()


@pytest.mark.parametrize(("cores", "processes"), [(8, 7), (2, 1), (1, 1), (None, 1)])
def test_the_ai_thinks_in_a_process_for_every_core_but_one_unless_told(
    monkeypatch: pytest.MonkeyPatch, cores: int | None, processes: int
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    monkeypatch.setattr(os, "cpu_count", lambda: cores)
    assert load_settings().ai_processes == processes


def test_ai_processes_sets_how_many_processes_the_ai_thinks_in(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    monkeypatch.setenv("AI_PROCESSES", " 3 ")
    assert load_settings().ai_processes == 3


@pytest.mark.parametrize("count", ["0", "-1", "many", "1.5"])
def test_an_unusable_number_of_ai_processes_is_refused_in_one_sentence(
    monkeypatch: pytest.MonkeyPatch, count: str
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    monkeypatch.setenv("AI_PROCESSES", count)
    with pytest.raises(ConfigError) as refused:
        load_settings()
    assert str(refused.value) == (
        "AI_PROCESSES must be a number of processes for the AI to think in, 1 or more "
        f"(unset, one for every core but one), not {count!r}."
    )


def test_vacation_days_default_to_15_and_may_be_set(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    assert load_settings().vacation_days == 15
    monkeypatch.setenv("VACATION_DAYS", "0")
    assert load_settings().vacation_days == 0


@pytest.mark.parametrize("days", ["-1", "367", "two"])
def test_unusable_vacation_days_are_refused_in_one_sentence(
    monkeypatch: pytest.MonkeyPatch, days: str
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    monkeypatch.setenv("VACATION_DAYS", days)
    with pytest.raises(ConfigError) as refused:
        load_settings()
    assert str(refused.value) == (
        "VACATION_DAYS must be the vacation days each player has a year, 0 to 366 "
        f"(15 when not set), not {days!r}."
    )


def test_pages_are_served_on_8080_at_localhost_unless_told(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    settings = load_settings()
    assert (settings.web_port, settings.web_address) == (8080, "http://localhost:8080")
    monkeypatch.setenv("WEB_PORT", "9000")
    monkeypatch.setenv("PUBLIC_URL", "https://games.example.org/")
    assert load_settings().web_address == "https://games.example.org"
    monkeypatch.setenv("WEB_PORT", "off")
    assert load_settings().web_address is None


def test_the_activity_is_offered_with_the_client_secret_and_pages_at_a_public_address(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    monkeypatch.setenv("DISCORD_CLIENT_SECRET", " s3cret ")
    assert load_settings().client_secret == "s3cret"
    assert not load_settings().activity, "the pages are at localhost: Discord cannot reach them"
    monkeypatch.setenv("PUBLIC_URL", "https://games.example.org")
    assert load_settings().activity
    monkeypatch.setenv("WEB_PORT", "off")
    assert not load_settings().activity
    monkeypatch.setenv("WEB_PORT", "8080")
    monkeypatch.delenv("DISCORD_CLIENT_SECRET")
    assert not load_settings().activity


def test_the_links_secret_is_the_settings_or_made_from_the_token(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    made = load_settings().link_secret
    assert len(made) == 32 and b"abc" not in made
    monkeypatch.setenv("WEB_SECRET", "a long random text")
    assert load_settings().link_secret == b"a long random text"


@pytest.mark.parametrize(
    ("name", "value", "said"),
    [
        ("WEB_PORT", "http", "WEB_PORT must be a port number, 1 to 65535, or off"),
        ("WEB_PORT", "70000", "WEB_PORT must be a port number"),
        ("PUBLIC_URL", "games.example.org", "PUBLIC_URL must be the address people reach"),
        ("LOG_FORMAT", "xml", "LOG_FORMAT must be text or json"),
    ],
)
def test_unusable_page_and_log_settings_are_refused_in_one_sentence(
    monkeypatch: pytest.MonkeyPatch, name: str, value: str, said: str
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    monkeypatch.setenv(name, value)
    with pytest.raises(ConfigError, match=said):
        load_settings()


def test_three_slashes_before_a_folder_only_at_the_root_are_refused_naming_four(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """`sqlite:///srv/bot/x` would make a new `srv` here: when there is none here but one
    at the root, start-up stops, saying to write four slashes for the root's."""
    here = tmp_path / "bot"
    here.mkdir()
    monkeypatch.chdir(here)
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    meant = tmp_path / "games.sqlite3"
    monkeypatch.setenv("DATABASE_URL", f"sqlite://{meant}")
    with pytest.raises(ConfigError) as refused:
        load_settings()
    said = str(refused.value)
    assert said.count(". ") == 0 and said.endswith(".")
    assert f"for {meant} write four slashes, sqlite:///{meant}" in said
    assert not any(here.iterdir())


@pytest.mark.parametrize(
    ("url", "made_here"),
    [("sqlite:///./{first}/games.sqlite3", False), ("sqlite:///{first}/games.sqlite3", True)],
)
def test_three_slashes_name_a_file_here_when_its_first_folder_is_here_or_written_so(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, url: str, made_here: bool
) -> None:
    first = tmp_path.parts[1]
    if made_here:
        (tmp_path / first).mkdir()
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    monkeypatch.setenv("DATABASE_URL", url.format(first=first))
    assert load_settings().database_url == url.format(first=first)
