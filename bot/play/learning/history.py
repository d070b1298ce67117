"""A game's history: its move list and an animated replay.

Once a game is over, its move list marks what it teaches: every win in one a player
missed, every move that let the next player win in one, and every move that let the next
player force a win in two (an unstoppable double threat)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence

import engine
from ai.review import GameReview, Grade
from bot.play.learning.exports import event_of, record_files
from bot.play.table.games import GameTable
from bot.play.table.pictures import Renderer
from bot.play.table.values import File, Post, Refusal
from bot.play.words.languages import SOURCE
from bot.play.words.learning import (
    LISTED_WINS,
    graded_lesson,
    lesson_text,
    no_such_game,
    not_played,
)
from bot.play.words.text import Command, Name, Text, lines, plain, say, t, tn
from bot.play.words.wording import title
from bot.storage import GameRecord, Status
from bot.storage.tournaments import Tournaments as TournamentStore

MAX_TEXT = 1900
"""Characters of move list shown in the post; a longer list comes as a file."""
REPLAY_FRAMES = 300
"""Positions a replay shows at most: a longer game's shows its last ones, earlier ones sampled."""
FORCED_WIN_PUSHES = 40_000
"""Moves tried looking for forced wins in two, over a whole game: about 0.8 s on one core,
enough for every position of a 300-move game (a longer one's earliest stay unmarked)."""


class History:
    """The move list and the replay of a game in a channel, or of any finished one."""

    def __init__(
        self, games: GameTable, renderer: Renderer, graded: Graded, tournaments: TournamentStore
    ) -> None:
        self._games = games
        self._renderer = renderer
        self._graded = graded
        self._tournaments = tournaments

    async def record_files(self, record: GameRecord) -> tuple[File, File]:
        """A finished game's record files (see `record_files`), naming its tournament."""
        event = await event_of(self._tournaments, record)
        return record_files(record, self._games.clock(), event)

    async def in_channel(self, place_id: int, game_name: str, language: str = SOURCE) -> Post:
        """The game being played in a channel, or the last one finished there; the
        replay's words in `language` (as the words of each of these posts)."""
        return await self._post(await self._games.played(place_id, game_name), language)

    async def finished(
        self,
        guild_id: int | None,
        user_id: int,
        game_name: str,
        game_id: int,
        language: str = SOURCE,
    ) -> Post:
        """Any finished game of the asker's server (outside servers, of their own), by id."""
        game_title = engine.GAMES[game_name].title
        record = await server_game(self._games, guild_id, user_id, game_id, game_title)
        if record.game != game_name:
            history = Command(record.game, "history")
            raise Refusal(
                t(
                    "Game #{number} is {game}; use {history}.",
                    number=str(game_id),
                    game=title(record),
                    history=history,
                )
            )
        return await self._finished(record, language)

    async def replay(
        self, guild_id: int | None, user_id: int, game_id: int, language: str = SOURCE
    ) -> Post:
        """A finished game's history, asked for from the message announcing its end."""
        record = await server_game(self._games, guild_id, user_id, game_id, None)
        return await self._finished(record, language)

    async def _finished(self, record: GameRecord, language: str) -> Post:
        if record.status is not Status.FINISHED:
            history = Command(record.game, "history")
            raise Refusal(
                t(
                    "{game} is not finished; use {history} in its channel.",
                    game=title(record),
                    history=history,
                )
            )
        return await self._post(record, language)

    async def _post(self, record: GameRecord, language: str) -> Post:
        async with self._games.borrow(record) as loan:
            game = engine.load_game(loan.game.to_json())
        replay = self._renderer.replay_gif(
            game, record.names, max_frames=REPLAY_FRAMES, language=language
        )
        taught, gif = await asyncio.gather(lessons(game), replay)
        review = await self._graded(record)
        grades = {} if review is None else {m.ply: m.grade for m in review.moves if m.grade}
        moves = [
            say(
                f"{ply}. ",
                Name(record.players[seat].name),
                f": {move}",
                _marked(grades.get(ply - 1), taught.get(ply - 1)),
            )
            for ply, (seat, move) in enumerate(zip(game.movers, game.history, strict=True), 1)
        ]
        files = [File(f"{record.game}-{record.id}.gif", gif)]
        if record.status is Status.FINISHED:
            files += await self.record_files(record)
        count = tn("{game}, {count} move", "{game}, {count} moves", len(moves), game=title(record))
        listing = lines(moves) if moves else t("No moves yet.")
        left = forfeits(game, record.names)
        capped = len(game.actions) + 1 > REPLAY_FRAMES
        if not capped and len(plain(listing)) + len(plain(count)) < MAX_TEXT:
            return Post(record.id, lines([say(count, ":\n", listing), *left]), tuple(files))
        files.append(File(f"{record.game}-{record.id}-moves.txt", plain(listing).encode()))
        if capped:
            positions = len(game.actions) + 1
            said = tn(
                "{moves}: the replay shows {shown} of its {count} positions, the last ones "
                "one by one; the list is attached.",
                "{moves}: the replay shows {shown} of its {count} positions, the last ones "
                "one by one; the list is attached.",
                positions,
                moves=count,
                shown=str(REPLAY_FRAMES),
            )
        else:
            said = t("{moves}: the list is attached.", moves=count)
        return Post(record.id, lines([said, *left]), tuple(files))


Graded = Callable[[GameRecord], Awaitable[GameReview | None]]
"""A finished game's review, if one was made of it."""


def forfeits(game: engine.Game, names: Sequence[str]) -> list[Text]:
    """Who resigned or ran out of time, and after which move."""
    said: list[Text] = []
    moves = 0
    for action in game.actions:
        if action.kind is engine.ActionKind.MOVE:
            moves += 1
        elif action.seat is not None and action.ending in FORFEIT_ENDINGS:
            said.append(_forfeit(action.ending, Name(names[action.seat]), moves))
    return said


FORFEIT_ENDINGS = (engine.Ending.RESIGNATION, engine.Ending.TIME)
"""The endings by which the history says that a player left the game."""


def _forfeit(ending: engine.Ending | None, player: Name, moves: int) -> Text:
    """`Bob resigned after move 6.`, `Bob ran out of time before any move.`"""
    move = str(moves)
    if ending is engine.Ending.RESIGNATION:
        if moves:
            return t("{player} resigned after move {move}.", player=player, move=move)
        return t("{player} resigned before any move.", player=player)
    if moves:
        return t("{player} ran out of time after move {move}.", player=player, move=move)
    return t("{player} ran out of time before any move.", player=player)


def _marked(grade: Grade | None, lesson: Text | None) -> Text:
    """A move's grade (from its game's review, if made) and its exact lessons, in
    brackets after it."""
    marked = graded_lesson(grade, lesson)
    return say("") if marked is None else say(" (", marked, ")")


async def server_game(
    games: GameTable, guild_id: int | None, user_id: int, game_id: int, game: str | None
) -> GameRecord:
    """The game, if it is of the asker's server, or outside servers one they played:
    any other reads as none. `game` is the title of the kind of game asked for (None:
    any kind), as the refusal names it."""
    record = await games.by_id(game_id)
    if record is None or record.guild_id != guild_id:
        raise Refusal(no_such_game(game, game_id))
    if guild_id is None and record.seat_of(user_id) is None:
        raise Refusal(not_played(game, game_id))
    return record


async def lessons(game: engine.Game) -> dict[int, Text]:
    """A finished game's lessons by ply, in words (`missed a win: S b3 or S f3`), worked
    out on a thread while its replay is drawn."""
    return await asyncio.to_thread(_lessons, game) if game.result is not None else {}


def _lessons(game: engine.Game) -> dict[int, Text]:
    """What a finished game teaches, by ply: each missed win in one, and each move after
    which the next player could win in one, or force a win in two."""
    taught = {}
    reviews = engine.review(
        game, most_forced_wins=LISTED_WINS + 1, forced_win_pushes=FORCED_WIN_PUSHES
    )
    for review in reviews:
        lesson = lesson_text(review.missed_wins, review.allowed_wins, review.allowed_forced_wins)
        if lesson is not None:
            taught[review.ply] = lesson
    return taught
