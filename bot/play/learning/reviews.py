"""A finished game's review (see `ai.review`): every position valued by the search in the
thinking processes, never on the event loop, the moves graded, each player's accuracy,
the moments the game turned, and a graph of who was winning."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence

import engine
from ai.review import (
    BLUNDER,
    INACCURACY,
    LEVEL,
    MISTAKE,
    GameReview,
    Grade,
    Position,
    ReviewedMove,
    grade_game,
    position_before,
    review_from_json,
    review_positions,
    review_to_json,
)
from bot.play.learning.history import server_game
from bot.play.playing.ai_turns import Thinker
from bot.play.table.games import GameTable
from bot.play.table.pictures import Renderer
from bot.play.table.values import File, Post, Refusal
from bot.play.words.languages import SOURCE
from bot.play.words.learning import grade_count, grade_word, moment_captions
from bot.play.words.pictures import picture_words
from bot.play.words.text import (
    Command,
    Name,
    Number,
    Strong,
    Text,
    joined,
    lines,
    names,
    plain,
    t,
)
from bot.play.words.wording import title
from bot.storage import GameRecord, Status
from bot.storage.reviews import KeptReviews
from render.key_moments import Moment, key_moments_png
from render.review_graph import Mark, review_graph_png

Progress = Callable[[int, int], Awaitable[None]]
"""Told the positions valued so far, and how many there are."""
PROGRESS_EVERY = 10
"""Positions valued between two words of progress."""
GRADE_ORDER = (Grade.MISS, Grade.BLUNDER, Grade.MISTAKE, Grade.INACCURACY)


class Reviews:
    """Reviews of finished games, by number within the asker's server or in a channel."""

    def __init__(
        self, games: GameTable, kept: KeptReviews, thinker: Thinker, renderer: Renderer
    ) -> None:
        self._games = games
        self._kept = kept
        self._thinker = thinker
        self._renderer = renderer

    async def made_at(self, game_id: int) -> float | None:
        """When the game's review was made, if one was."""
        return await self._kept.made_at(game_id)

    async def kept(self, record: GameRecord) -> GameReview | None:
        """The game's review, if one was made of it as it stands."""
        stored = await self._kept.review(record.id, record.version)
        return None if stored is None else review_from_json(stored)

    async def finished(
        self, guild_id: int | None, user_id: int, place_id: int, game_name: str, game_id: int | None
    ) -> GameRecord:
        """The game to review: the one numbered (of the asker's server), else the last
        finished in the channel. Refused, in a sentence, when it is not finished."""
        if game_id is None:
            record = await self._games.played(place_id, game_name)
        else:
            game = engine.GAMES[game_name].title
            record = await server_game(self._games, guild_id, user_id, game_id, game)
        if record.status is not Status.FINISHED:
            raise Refusal(
                t("{game} is not finished: a review is of a finished game.", game=title(record))
            )
        return record

    async def by_id(self, game_id: int) -> GameRecord:
        """A game to review known to be of the asker's channel (its end's Review button)."""
        record = await self._games.by_id(game_id)
        if record is None or record.status is not Status.FINISHED:
            raise Refusal(t("That game is not finished: a review is of a finished game."))
        return record

    async def review(self, record: GameRecord, progress: Progress, language: str = SOURCE) -> Post:
        """Value every position (saying how far it got every `PROGRESS_EVERY`), grade
        the moves, and draw the graph and key moments with their words in `language`."""
        async with self._games.borrow(record) as loan:
            game = engine.load_game(loan.game.to_json())
        review = await self.kept(record)
        if review is None:
            positions = await asyncio.to_thread(review_positions, game)
            review = await self._made(game, positions, progress)
            made = review_to_json(review)
            await self._kept.keep(record.id, record.version, made, self._games.clock())
        graph = await asyncio.to_thread(graph_png, record.names, review, language)
        files = [File(f"{record.game}-{record.id}-review.png", graph)]
        if review.key_moments():
            moments = await self._moments(record, game, review, language)
            files.append(File(f"{record.game}-{record.id}-key-moments.png", moments))
        return Post(record.id, review_text(record, review), tuple(files))

    async def _made(
        self, game: engine.Game, positions: Sequence[Position], progress: Progress
    ) -> GameReview:
        """Every position appraised in the thinking processes, then the moves graded."""
        appraisals = []
        for index, position in enumerate(positions):
            if index % PROGRESS_EVERY == 0:
                await progress(index, len(positions))
            state = position.game.to_json()
            appraisals.append(await self._thinker.appraise(state, LEVEL, position.move))
        return grade_game(game, positions, appraisals)

    async def _moments(
        self, record: GameRecord, game: engine.Game, review: GameReview, language: str
    ) -> bytes:
        """The key moments' boards: after the move played, and after the better move."""
        moments = []
        for move in review.key_moments():
            before = position_before(game, move.ply)
            assert move.grade is not None
            played = await self._board_after(record, before, move.move, language)
            better = None
            if move.better is not None:
                better = await self._board_after(record, before, move.better, language)
            captions = moment_captions(move, record.players[move.seat].name)
            heading, played_words, better_words = (
                plain(caption, language=language) for caption in captions
            )
            moments.append(Moment(heading, played, played_words, better, better_words))
        return await asyncio.to_thread(key_moments_png, moments)

    async def _board_after(
        self, record: GameRecord, game: engine.Game, move: str, language: str
    ) -> bytes:
        after = engine.load_game(game.to_json())
        after.play(move)
        return await self._renderer.board_png(after, record.names, language=language)


def graph_png(names: Sequence[str], review: GameReview, language: str) -> bytes:
    """The review's graph: each player's expected score (as `GameReview.shown_curve`
    shows it), the graded moves marked, its words in `language`."""
    marks = [
        Mark(index + 1, move.seat, move.grade.value)
        for index, move in enumerate(review.moves)
        if move.grade is not None
    ]
    return review_graph_png(names, review.shown_curve(), marks, picture_words(language))


def review_text(record: GameRecord, review: GameReview) -> Text:
    """The review in words: accuracy and grades per player, then the key moments."""
    players = [seat.name for seat in record.players]
    heading = t(
        "Review of {game}: {players}.", game=title(record), players=names(players, strong=True)
    )
    per_player = [_accuracy(review, seat, name) for seat, name in enumerate(players)]
    moments = [_moment(record, move) for move in review.key_moments()]
    told = [heading, *per_player]
    if moments:
        told += [t("Key moments:"), *moments]
    else:
        told.append(t("No move lost as much as an inaccuracy: a clean game."))
    lost = {"inaccuracy": INACCURACY, "mistake": MISTAKE, "blunder": BLUNDER}
    thresholds = {grade: Number(score, 2) for grade, score in lost.items()}
    told.append(
        t(
            "Grades by the expected score a move lost: inaccuracy {inaccuracy}, mistake "
            "{mistake}, blunder {blunder}; see {history} for the moves.",
            history=Command(record.game, "history"),
            **thresholds,
        )
    )
    return lines(told)


def _accuracy(review: GameReview, seat: int, name: str) -> Text:
    """`Alice: accuracy 87, 1 miss, 2 mistakes.`"""
    player, accuracy = Strong(Name(name)), f"{review.accuracy[seat]:.0f}"
    graded = [move.grade for move in review.moves if move.seat == seat and move.grade]
    counted = [grade_count(grade, graded.count(grade)) for grade in GRADE_ORDER if grade in graded]
    if not counted:
        return t("{player}: accuracy {accuracy}, no graded move.", player=player, accuracy=accuracy)
    return t(
        "{player}: accuracy {accuracy}, {grades}.",
        player=player,
        accuracy=accuracy,
        grades=joined(", ", counted),
    )


def _moment(record: GameRecord, move: ReviewedMove) -> Text:
    """`12. Bob S d5: blunder, 55% to 20%; better: S e3`: how much a key move lost of
    its player's expected score, and the better move."""
    assert move.grade is not None
    parts: dict[str, Text | str | Name] = {
        "ply": str(move.ply + 1),
        "player": Name(record.players[move.seat].name),
        "move": move.move,
        "grade": grade_word(move.grade),
        "before": f"{move.before * 100:.0f}",
        "after": f"{move.after * 100:.0f}",
    }
    if move.better is None:
        return t("{ply}. {player} {move}: {grade}, {before}% to {after}%", **parts)
    return t(
        "{ply}. {player} {move}: {grade}, {before}% to {after}%; better: {better}",
        better=move.better,
        **parts,
    )
