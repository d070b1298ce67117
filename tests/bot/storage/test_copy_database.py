"""`python -m bot copy-database`: SQLite to PostgreSQL and back, every table, ids kept."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot.__main__ import main
from bot.play.playing.challenges import Invitation
from bot.play.ranking.ratings import rate_game
from bot.storage import Action, Backend, open_backend
from bot.storage.clocks import DAY, Vacation
from bot.storage.copy import TABLES
from bot.storage.tournaments import NewPairing, TournamentDraft
from tests.bot.rated_games import finish
from tests.bot.support import ALICE, BOB, CAROL, Clock, built
from tests.postgres_server import PostgresServer

GUILD = 10


async def fill(url: str) -> None:
    """Finished and rated games, a game in play with its clock and reminders planned and
    a ping held by quiet hours, a taken-back move, a move not yet announced, an open
    challenge, settings of a server and a player, a vacation, a group DM the bot only
    answers in, and a puzzle given."""
    storage = await open_backend(url, rater=rate_game)
    clock = Clock()
    host = built(storage, clock).host
    play = host.slow_games
    try:
        await play.change_settings(GUILD, time_limit="1d", reminder_delay="2h")
        await play.set_dm_reminders(BOB.user_id, True)
        await play.set_quiet_hours(BOB.user_id, "13:00-14:00", "UTC")
        await storage.clocks.add_vacation(Vacation(CAROL.user_id, clock.now, clock.now + DAY))
        for ranks in ([0, 1], [1, 0]):
            await finish(storage, [ALICE.user_id, BOB.user_id], ranks, guild_id=GUILD)
        timed = await host.challenges.start(Invitation("tink", GUILD, 3, ALICE, (BOB,)))
        await host.challenges.accept(timed.game_id, BOB.user_id)
        record = await storage.game(timed.game_id)
        assert record is not None
        record = await storage.save(record, clock.now, [Action("S d4", 0, ALICE.user_id)])
        await storage.save(record, clock.now, take_back=1)
        await host.moves.move(3, "tink", ALICE.user_id, "S e4")
        await play.plan_turns()
        await host.challenges.start(Invitation("tink", GUILD, 4, CAROL, (ALICE,)))
        await entered_tournament(storage)
        await storage.reply_places.note(5, "interaction-token", clock.now)
        await storage.reply_places.hold(5, "**alice** ran out of time.", clock.now)
        await storage.reply_places.refused(6, "Missing Access", clock.now)
        await storage.puzzles.give(CAROL.user_id, GUILD, 1, 4, clock.now)
        await storage.reviews.keep(1, 1, '{"kept": "as made"}', clock.now)
    finally:
        await storage.close()


async def entered_tournament(storage: Backend) -> None:
    """A Swiss tournament with two entrants and its first round paired."""
    draft = TournamentDraft(GUILD, 3, ALICE.user_id, "tink", {}, "swiss", 3, None, None, None)
    tournament = await storage.tournaments.create(draft, 1.0)
    for person in (ALICE, BOB):
        await storage.tournaments.join(tournament.id, person.user_id, person.name, 2.0, None)
    await storage.tournaments.close_entries(tournament.id, {ALICE.user_id: 1.5})
    pairing = NewPairing(1, 0, ALICE.user_id, BOB.user_id)
    await storage.tournaments.add_round(tournament.id, 0, 1, [pairing])


async def everything(url: str) -> dict[str, list[tuple[Any, ...]]]:
    storage = await open_backend(url, rater=None)
    try:
        return {
            table: [row async for rows in storage.read_rows(table, columns, 3) for row in rows]
            for table, columns in TABLES.items()
        }
    finally:
        await storage.close()


async def test_a_copy_to_postgresql_and_back_keeps_every_row(
    postgres_server: PostgresServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    original = f"sqlite:///{tmp_path / 'original.sqlite3'}"
    await fill(original)
    expected = await everything(original)
    assert all(expected.values()), expected
    server = postgres_server.new_database()
    assert await asyncio.to_thread(main, ["copy-database", original, server]) == 0
    assert await everything(server) == expected
    printed = capsys.readouterr().out.splitlines()
    assert printed[0] == "games: 4 rows in the source, 4 in the target"
    assert len(printed) == len(TABLES)
    back = f"sqlite:///{tmp_path / 'back.sqlite3'}"
    assert await asyncio.to_thread(main, ["copy-database", server, back]) == 0
    assert await everything(back) == expected
    for copy in (server, back):
        await next_game_follows_the_copied_ones(copy)


async def next_game_follows_the_copied_ones(url: str) -> None:
    storage: Backend = await open_backend(url, rater=None)
    try:
        host = built(storage, Clock()).host
        post = await host.challenges.start(Invitation("tink", GUILD, 5, ALICE, (BOB,)))
        assert post.game_id == 5
    finally:
        await storage.close()


async def test_a_target_holding_games_is_refused(
    postgres_server: PostgresServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = f"sqlite:///{tmp_path / 'source.sqlite3'}"
    await fill(source)
    target = postgres_server.new_database()
    await fill(target)
    assert await asyncio.to_thread(main, ["copy-database", source, target]) == 1
    assert capsys.readouterr().err == (
        "TO_URL already holds 4 games: copy-database only copies into a database without games.\n"
    )


def test_an_unusable_source_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = f"sqlite:///{tmp_path / 'to.sqlite3'}"
    assert main(["copy-database", "mysql://x/y", target]) == 1
    assert capsys.readouterr().err.startswith("FROM_URL must look like sqlite:///")


def test_a_missing_source_file_is_refused_and_not_made(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    typo, target = tmp_path / "typo.sqlite3", tmp_path / "out.sqlite3"
    assert main(["copy-database", f"sqlite:///{typo}", f"sqlite:///{target}"]) == 1
    assert (
        capsys.readouterr().err
        == f"FROM_URL names the SQLite file '{typo}', which does not exist.\n"
    )
    assert not typo.exists() and not target.exists()
