"""Watching a game from outside Discord: what its page shows (the players and their
clocks, whose turn it is or how it ended, the moves with a finished game's lessons) and
its board at any point, read by the game's number."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import engine
import render
from ai.review import GameReview
from bot.play.clocks.clock import SeatClock
from bot.play.learning.history import Graded, lessons
from bot.play.table.games import GameTable
from bot.play.table.pictures import Renderer
from bot.play.table.values import Refusal
from bot.play.words.clocks import short_clock
from bot.play.words.languages import SOURCE
from bot.play.words.pictures import picture_words
from bot.play.words.text import Text, t
from bot.play.words.wording import result_text, title, turn_line
from bot.storage import GameRecord, Status
from bot.storage.clock_queries import ClockStorage


@dataclass(frozen=True, slots=True)
class SeatView:
    """A player as the page shows them: the name, the time left (if a clock runs) and
    whether it is their move."""

    name: str
    clock: SeatClock | None
    to_move: bool


@dataclass(frozen=True, slots=True)
class MoveView:
    """One move of the list: its number, who played it, its text and any lesson."""

    ply: int
    player: str
    move: str
    mark: Text


@dataclass(frozen=True, slots=True)
class GameView:
    """Everything a game's page shows, at the game's saved `version`."""

    game_id: int
    game: str
    title: str
    version: int
    status: Status
    guild_id: int | None
    seats: tuple[SeatView, ...]
    moves: tuple[MoveView, ...]
    said: Text
    """Whose turn it is, or how the game ended."""
    positions: int
    """Positions a replay steps through: the start, and one after each action."""
    names: tuple[str, ...] = ()
    review: GameReview | None = None
    """The finished game's review, once one was made."""
    board: render.BoardMap | None = None
    """Where the board picture of the game as it stands shows each square."""


PAGES_OFF = t("This server has turned its games' pages off.")
MAP_WORDS = picture_words(SOURCE)
"""The words of the scene a page's map of the board is made from: where each square is
does not depend on the language, as the headline and the labels have heights of their own."""


@dataclass(frozen=True, slots=True)
class PageOf:
    """A channel's game as its page names it: its number and title, and whether the
    asker plays in it (and so may play from a page of their own)."""

    game_id: int
    title: str
    plays: bool


class Watching:
    """Games read for their pages, by number: nothing here changes a game."""

    def __init__(
        self, games: GameTable, clocks: ClockStorage, renderer: Renderer, graded: Graded
    ) -> None:
        self._games = games
        self._clocks = clocks
        self._renderer = renderer
        self._graded = graded

    async def view(self, game_id: int) -> GameView:
        """The page of a game that began (a challenge not yet accepted has none)."""
        record = await self._started(game_id)
        async with self._games.borrow(record) as loan:
            game = engine.load_game(loan.game.to_json())
        clocks = await self._games.seat_clocks(record)
        taught = await lessons(game)
        moves = tuple(
            MoveView(ply, record.players[seat].name, move, taught.get(ply - 1, Text()))
            for ply, (seat, move) in enumerate(zip(game.movers, game.history, strict=True), 1)
        )
        seats = tuple(
            SeatView(
                seat.name, clocks[seat.seat] if clocks else None, seat.seat == record.turn_seat
            )
            for seat in record.players
        )
        return GameView(
            record.id,
            record.game,
            title(record),
            record.version,
            record.status,
            record.guild_id,
            seats,
            moves,
            _said(record, game),
            len(game.actions) + 1,
            record.names,
            await self._graded(record) if record.status is Status.FINISHED else None,
            render.board_map(render.board_scene(game, record.names, MAP_WORDS)),
        )

    async def here(self, place_id: int, game: str, user_id: int) -> PageOf:
        """The page of the channel's game of `game` (the one being played, or the last to
        end there); refused as a page is, or when there is no such game."""
        record = await self._started((await self._games.played(place_id, game)).id)
        return PageOf(record.id, title(record), record.seat_of(user_id) is not None)

    async def in_channel(self, place_id: int, user_id: int) -> PageOf | None:
        """The newest game of a channel or thread if it began (being played, or over), as
        the board inside Discord shows it; refused as a page is; None when there is none."""
        record = await self._games.newest_in(place_id)
        if record is None or record.status not in (Status.ACTIVE, Status.FINISHED):
            return None
        await self._refuse_pages_off(record)
        return PageOf(record.id, title(record), record.seat_of(user_id) is not None)

    async def board(self, game_id: int, at: int | None = None, language: str = SOURCE) -> bytes:
        """The board picture now, or after the first `at` actions (0: the start), its
        words in `language`."""
        record = await self._started(game_id)
        async with self._games.borrow(record) as loan:
            game = engine.load_game(loan.game.to_json())
        clocks: Sequence[SeatClock | None] = await self._games.seat_clocks(record)
        if at is not None and at < len(game.actions):
            info = (record.game, len(record.players), record.seed, record.options)
            game = engine.replay(*info, game.actions[: max(at, 0)])
            clocks = ()
        shown = [None if clock is None else short_clock(clock, language) for clock in clocks]
        return await self._renderer.board_png(game, record.names, shown, language=language)

    async def place_of(self, game_id: int) -> int:
        """The channel or thread the game is played in."""
        return (await self._started(game_id)).place_id

    async def on_saves(self, heard: Callable[[], None]) -> None:
        """Call `heard` whenever any process saves a game, so pages look again at once."""
        await self._games.on_saves(heard)

    async def versions(self, game_ids: Sequence[int]) -> dict[int, int]:
        """The saved version of each of these games, by id."""
        return await self._games.versions(game_ids)

    async def _started(self, game_id: int) -> GameRecord:
        record = await self._games.by_id(game_id)
        if record is None or record.status in (Status.CHALLENGE, Status.DECLINED, Status.EXPIRED):
            raise Refusal(t("There is no game #{number} to watch.", number=str(game_id)))
        await self._refuse_pages_off(record)
        return record

    async def _refuse_pages_off(self, record: GameRecord) -> None:
        """Refuse the page of a game whose server turned its pages off."""
        if (
            record.guild_id is not None
            and not (await self._clocks.server_settings(record.guild_id)).pages
        ):
            raise Refusal(PAGES_OFF)


def _said(record: GameRecord, game: engine.Game) -> Text:
    if game.result is not None:
        return result_text(game.result, record.names)
    if record.status is not Status.ACTIVE or record.turn_seat is None:
        return t("The game is over.")
    return turn_line(record, game)
