"""A game's history: its move list and an animated replay.

Once a game is over, its move list marks what it teaches: every win in one a player
missed, every move that let the next player win in one, and every move that let the next
player force a win in two (an unstoppable double threat)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence

import engine
from ai.review import GameReview, Grade
from bot.play.learning.exports import record_files
from bot.play.table.games import GameTable
from bot.play.table.pictures import Renderer
from bot.play.table.values import File, Post, Refusal
from bot.play.words.text import Command, Name, lines, plain, say
from bot.play.words.wording import title
from bot.storage import GameRecord, Status

MAX_TEXT = 1900
"""Characters of move list shown in the post; a longer list comes as a file."""
REPLAY_FRAMES = 300
"""Positions a replay shows at most: a longer game's shows its last ones, earlier ones sampled."""
LISTED_WINS = 3
"""Winning moves named in a mark of a finished game's move list; the rest are counted."""
FORCED_WIN_PUSHES = 40_000
"""Moves tried looking for forced wins in two, over a whole game: about 0.8 s on one core,
enough for every position of a 300-move game (a longer one's earliest stay unmarked)."""


class History:
    """The move list and the replay of a game in a channel, or of any finished one."""

    def __init__(self, games: GameTable, renderer: Renderer, graded: Graded) -> None:
        self._games = games
        self._renderer = renderer
        self._graded = graded

    async def in_channel(self, place_id: int, game_name: str) -> Post:
        """The game being played in a channel, or the last one finished there."""
        return await self._post(await self._games.played(place_id, game_name))

    async def finished(
        self, guild_id: int | None, user_id: int, game_name: str, game_id: int
    ) -> Post:
        """Any finished game of the asker's server (outside servers, of their own), by id."""
        game_title = engine.GAMES[game_name].title
        record = await server_game(self._games, guild_id, user_id, game_id, f"{game_title} game")
        if record.game != game_name:
            history = Command(record.game, "history")
            raise Refusal(say(f"Game #{game_id} is {title(record)}; use ", history, "."))
        return await self._finished(record)

    async def replay(self, guild_id: int | None, user_id: int, game_id: int) -> Post:
        """A finished game's history, asked for from the message announcing its end."""
        record = await server_game(self._games, guild_id, user_id, game_id, "game")
        return await self._finished(record)

    async def _finished(self, record: GameRecord) -> Post:
        if record.status is not Status.FINISHED:
            history = Command(record.game, "history")
            raise Refusal(
                say(f"{title(record)} is not finished; use ", history, " in its channel.")
            )
        return await self._post(record)

    async def _post(self, record: GameRecord) -> Post:
        async with self._games.borrow(record) as loan:
            game = engine.load_game(loan.game.to_json())
        lessons, gif = await asyncio.gather(
            marks(game), self._renderer.replay_gif(game, record.names, max_frames=REPLAY_FRAMES)
        )
        review = await self._graded(record)
        grades = {} if review is None else {m.ply: m.grade for m in review.moves if m.grade}
        moves = [
            say(
                f"{ply}. ",
                Name(record.players[seat].name),
                f": {move}{_marked(grades.get(ply - 1), lessons.get(ply - 1, ''))}",
            )
            for ply, (seat, move) in enumerate(zip(game.movers, game.history, strict=True), 1)
        ]
        files = [File(f"{record.game}-{record.id}.gif", gif)]
        if record.status is Status.FINISHED:
            files += record_files(record, self._games.clock())
        count = f"{title(record)}, {len(moves)} move{'' if len(moves) == 1 else 's'}"
        listing = lines(moves) if moves else say("No moves yet.")
        left = [say(line) for line in forfeits(game, record.names)]
        capped = len(game.actions) + 1 > REPLAY_FRAMES
        if not capped and len(plain(listing)) + len(count) < MAX_TEXT:
            return Post(record.id, lines([say(f"{count}:\n", listing), *left]), tuple(files))
        files.append(File(f"{record.game}-{record.id}-moves.txt", plain(listing).encode()))
        shortened = f"the replay shows {REPLAY_FRAMES} of its {len(game.actions) + 1} positions, "
        replay = f"{shortened}the last ones one by one; " if capped else ""
        said = say(f"{count}: {replay}the list is attached.")
        return Post(record.id, lines([said, *left]), tuple(files))


Graded = Callable[[GameRecord], Awaitable[GameReview | None]]
"""A finished game's review, if one was made of it."""


FORFEITED = {engine.Ending.RESIGNATION: "resigned", engine.Ending.TIME: "ran out of time"}
"""How the history says that a player left the game."""


def forfeits(game: engine.Game, names: Sequence[str]) -> list[str]:
    """Who resigned or ran out of time, and after which move."""
    said, moves = [], 0
    for action in game.actions:
        if action.kind is engine.ActionKind.MOVE:
            moves += 1
        elif action.seat is not None and action.ending in FORFEITED:
            when = f"after move {moves}" if moves else "before any move"
            said.append(f"{names[action.seat]} {FORFEITED[action.ending]} {when}.")
    return said


def _marked(grade: Grade | None, lesson: str) -> str:
    """A move's grade (from its game's review, if made) and its exact lessons."""
    if grade is None:
        return lesson
    return f" ({grade.value}; {lesson.strip(' ()')})" if lesson else f" ({grade.value})"


async def server_game(
    games: GameTable, guild_id: int | None, user_id: int, game_id: int, kind: str
) -> GameRecord:
    """The game, if it is of the asker's server, or outside servers one they played:
    any other reads as none."""
    record = await games.by_id(game_id)
    if record is None or record.guild_id != guild_id:
        raise Refusal(f"There is no {kind} #{game_id} in this server.")
    if guild_id is None and record.seat_of(user_id) is None:
        raise Refusal(f"You played no {kind} #{game_id}.")
    return record


async def marks(game: engine.Game) -> dict[int, str]:
    """A finished game's lessons, worked out on a thread while its replay is drawn."""
    return await asyncio.to_thread(_lessons, game) if game.result is not None else {}


def _lessons(game: engine.Game) -> dict[int, str]:
    """What a finished game teaches, by ply: each missed win in one, and each move after
    which the next player could win in one, or force a win in two."""
    marks = {}
    reviews = engine.review(
        game, most_forced_wins=LISTED_WINS + 1, forced_win_pushes=FORCED_WIN_PUSHES
    )
    for review in reviews:
        said = []
        if review.missed_wins:
            said.append(f"missed a win: {_listed(review.missed_wins)}")
        if review.allowed_wins:
            said.append(f"allowed a win: {_listed(review.allowed_wins)}")
        if review.allowed_forced_wins:
            said.append(f"allowed a forced win in two: {_first_listed(review.allowed_forced_wins)}")
        if said:
            marks[review.ply] = f" ({'; '.join(said)})"
    return marks


def _listed(moves: tuple[str, ...]) -> str:
    """Up to `LISTED_WINS` moves, and how many more there are."""
    shown = " or ".join(moves[:LISTED_WINS])
    more = len(moves) - LISTED_WINS
    return shown if more <= 0 else f"{shown} or {more} more"


def _first_listed(moves: tuple[str, ...]) -> str:
    """Up to `LISTED_WINS` moves, and whether there are more (they were not all counted)."""
    shown = " or ".join(moves[:LISTED_WINS])
    return shown if len(moves) <= LISTED_WINS else f"{shown} or more"
