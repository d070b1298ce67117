"""Puzzles from a server's own finished games: positions where a player missed a forced
win, in one move or in two (an unstoppable double threat), that the rules prove have
exactly one winning move. A player gets one at a time, never one given to them before,
answers with a move, hears what refutes a wrong one, and sees the solution after three
tries or on asking."""

from __future__ import annotations

import asyncio
import dataclasses
from dataclasses import dataclass

import engine
from ai.review import position_before
from bot.play.playing.ai_turns import Thinker
from bot.play.playing.choices import MoveChoices, Step
from bot.play.table.games import GameTable
from bot.play.table.pictures import Renderer
from bot.play.table.values import File, Post, Prompt, Refusal
from bot.play.words.languages import SOURCE
from bot.play.words.text import Code, Command, Name, Strong, Text, say, t, tn
from bot.play.words.wording import title
from bot.storage import GameRecord
from bot.storage.puzzles import PuzzleTries, PuzzleTry

TRIES = 3
"""Wrong answers after which the solution is shown."""
GAMES_SEARCHED = 200
"""The newest finished games of a server searched for a puzzle not given yet."""
FORCED_WIN_PUSHES = 20_000
"""Moves the rules try, in each game searched, looking for forced wins in two."""
COLOURS = (t("orange"), t("blue"), t("yellow"), t("green"))
"""The seats' colours in the board pictures, in turn order."""
REFUTING_LEVEL = "medium"
Key = tuple[int, int]
"""A puzzle: the game it comes from and the moves played before its position."""

ANSWER_BUTTON = Strong(t("Answer"))
"""The Answer button, as the puzzle's post names it (not inside the sentence's call:
Babel reads no message inside another's)."""


@dataclass(frozen=True, slots=True)
class Found:
    """A puzzle: the position before move `ply` of a game, its one winning move, and in
    how many moves it wins."""

    record: GameRecord
    ply: int
    position: engine.Game
    solution: str
    moves: int


class Puzzles:
    """Finding, giving and checking puzzles."""

    def __init__(
        self, games: GameTable, tries: PuzzleTries, renderer: Renderer, thinker: Thinker
    ) -> None:
        self._games = games
        self._tries = tries
        self._renderer = renderer
        self._thinker = thinker

    async def ask(
        self, guild_id: int | None, user_id: int, game: str | None, language: str = SOURCE
    ) -> Post:
        """The player's open puzzle of this server, else a new one (of `game` if named),
        its board's words in `language` (the player's)."""
        current = await self._tries.current(user_id, guild_id)
        if current is not None and (game is None or await self._of_game(current, game)):
            return await self._shown(await self._found(current), current, language)
        new = await self._new(guild_id, user_id, game)
        given = await self._tries.give(user_id, guild_id, new.record.id, new.ply, self._now())
        return await self._shown(new, given, language)

    async def answer(self, guild_id: int | None, user_id: int, move: str) -> Post:
        """Check the player's answer to their open puzzle."""
        current = await self._open(guild_id, user_id)
        found = await self._found(current)
        position = engine.load_game(found.position.to_json())
        played = position.play(move)
        if played == found.solution:
            await self._tries.save(
                dataclasses.replace(current, tries=current.tries + 1, solved=True, closed=True)
            )
            return _post(found, say(_solved(found, played), _next()))
        tried = dataclasses.replace(current, tries=current.tries + 1)
        refuted = await self._refutation(found, position, played)
        if tried.tries >= TRIES:
            await self._tries.save(dataclasses.replace(tried, closed=True))
            return _post(found, say(refuted, " ", _solution(found), _next()))
        await self._tries.save(tried)
        left = TRIES - tried.tries
        again = say(
            refuted,
            " ",
            tn("Try again ({count} try left).", "Try again ({count} tries left).", left),
        )
        return dataclasses.replace(_post(found, again), prompt=Prompt.PUZZLE)

    async def step(
        self, guild_id: int | None, user_id: int, chosen: str = "", puzzle: Key | None = None
    ) -> Step:
        """The answer to the player's open puzzle picked up to `chosen`, as the Move
        picker picks a move (winning moves unmarked); a picker opened on another `puzzle`
        starts afresh."""
        current = await self._open(guild_id, user_id)
        found = await self._found(current)
        key = (current.game_id, current.ply)
        moved_on = puzzle is not None and puzzle != key
        moves = MoveChoices.of(found.position, wins_marked=False)
        heading = t("Puzzle from {game}: your answer", game=title(found.record))
        return moves.step(key, "" if moved_on else chosen, heading, moved_on)

    async def solution(self, guild_id: int | None, user_id: int) -> Post:
        """The solution of the player's open puzzle, which closes it."""
        current = await self._open(guild_id, user_id)
        found = await self._found(current)
        await self._tries.save(dataclasses.replace(current, closed=True))
        return _post(found, say(_solution(found), _next()))

    async def _open(self, guild_id: int | None, user_id: int) -> PuzzleTry:
        current = await self._tries.current(user_id, guild_id)
        if current is None:
            raise Refusal(
                t("You have no puzzle open: ask for one with {command}.", command=Command("puzzle"))
            )
        return current

    async def _of_game(self, current: PuzzleTry, game: str) -> bool:
        record = await self._games.by_id(current.game_id)
        return record is not None and record.game == game

    async def _new(self, guild_id: int | None, user_id: int, game: str | None) -> Found:
        given = await self._tries.given(user_id)
        for game_id in await self._tries.finished_games(guild_id, game, GAMES_SEARCHED):
            record = await self._games.by_id(game_id)
            if record is None:
                continue
            for found in await asyncio.to_thread(_puzzles_in, record):
                if (game_id, found.ply) not in given:
                    return found
        if game is None:
            raise Refusal(
                t(
                    "No new puzzle here yet: puzzles come from this server's finished games "
                    "where a player missed a forced win."
                )
            )
        raise Refusal(
            t(
                "No new {game} puzzle here yet: puzzles come from this server's finished games "
                "where a player missed a forced win.",
                game=engine.GAMES[game].title,
            )
        )

    async def _found(self, current: PuzzleTry) -> Found:
        record = await self._games.by_id(current.game_id)
        found = None if record is None else await asyncio.to_thread(_given, record, current.ply)
        if found is None:
            raise Refusal(t("That puzzle's game is gone; ask for another with /puzzle."))
        return found

    async def _shown(self, found: Found, given: PuzzleTry, language: str) -> Post:
        names = found.record.names
        board = await self._renderer.board_png(found.position, names, language=language)
        seat = found.position.to_move or 0
        puzzle: dict[str, Text | str | Strong] = {
            "game": title(found.record),
            "move": str(found.ply + 1),
            "player": Strong(Name(found.record.players[seat].name)),
            "colour": COLOURS[seat % len(COLOURS)],
        }
        if found.moves == 1:
            asked = t(
                "Puzzle from {game}, before move {move}: {player} ({colour}) to play and win "
                "in one move.",
                **puzzle,
            )
        else:
            asked = t(
                "Puzzle from {game}, before move {move}: {player} ({colour}) to play and win "
                "in two moves (a double threat).",
                **puzzle,
            )
        how = tn(
            "Answer with {answer} or {button} ({count} try), or see the solution with {solution}.",
            "Answer with {answer} or {button} ({count} tries), or see the solution with "
            "{solution}.",
            TRIES - given.tries,
            answer=Code("/puzzle move:<your move>"),
            button=ANSWER_BUTTON,
            solution=Code("/puzzle solution:True"),
        )
        text = say(asked, " ", how)
        files = (File(f"puzzle-{found.record.id}-{found.ply}.png", board),)
        return Post(found.record.id, text, files, prompt=Prompt.PUZZLE, private=True)

    async def _refutation(self, found: Found, after: engine.Game, played: str) -> Text:
        """What answers a wrong move: the next player's win, if it has one, or its reply."""
        if after.result is not None:
            return t("{move} ends the game without the win.", move=played)
        names = found.record.names
        reply_seat = after.to_move or 0
        replier = Name(names[reply_seat])
        wins = after.winning_moves()
        if wins:
            return t(
                "{move} does not win: {player} answers {reply} and wins.",
                move=played,
                player=replier,
                reply=wins[0],
            )
        reply = await self._thinker.choose_move(after.to_json(), REFUTING_LEVEL)
        return t(
            "{move} does not win: {player} answers {reply}, and no win is forced.",
            move=played,
            player=replier,
            reply=reply,
        )

    def _now(self) -> float:
        return self._games.clock()


def _puzzles_in(record: GameRecord) -> list[Found]:
    """Every puzzle of a finished game, in the order of its moves."""
    game = engine.load_game(record.state)
    marks = engine.review(game, most_forced_wins=2, forced_win_pushes=FORCED_WIN_PUSHES)
    puzzles = []
    for index, mark in enumerate(marks):
        handed = marks[index - 1].allowed_forced_wins if index else ()
        if mark.missed_wins or (handed and mark.move not in handed):
            found = _puzzle_at(record, game, mark.ply)
            if found is not None:
                puzzles.append(found)
    return puzzles


def _given(record: GameRecord, ply: int) -> Found | None:
    """The puzzle given before move `ply` of the record's game (read off the game again:
    the rules prove it each time)."""
    return _puzzle_at(record, engine.load_game(record.state), ply)


def _puzzle_at(record: GameRecord, game: engine.Game, ply: int) -> Found | None:
    """The puzzle before move `ply` of the record's `game`, if its win is proven and has
    one move alone."""
    if not 0 <= ply < len(game.history):
        return None
    position = position_before(game, ply)
    if position.result is not None or position.to_move is None:
        return None
    wins = position.winning_moves()
    if len(wins) == 1:
        return Found(record, ply, position, wins[0], 1)
    if wins:
        return None
    forced = engine.forced_wins_in_two(position, most=2)
    if len(forced) == 1:
        return Found(record, ply, position, forced[0], 2)
    return None


def _solved(found: Found, played: str) -> Text:
    """`Solved: S f3 wins at once.` (the word in bold names the verdict)."""
    solved = Strong(t("Solved"))
    if found.moves == 1:
        return t("{solved}: {move} wins at once.", solved=solved, move=played)
    return t(
        "{solved}: {move} forces the win: no answer stops both threats.",
        solved=solved,
        move=played,
    )


def _solution(found: Found) -> Text:
    solution = Strong(found.solution)
    if found.moves == 1:
        return t("The solution: {move}, which wins at once.", move=solution)
    return t(
        "The solution: {move}, which forces the win: no answer stops both threats.",
        move=solution,
    )


def _next() -> Text:
    return say(" ", t("Another with {command}.", command=Command("puzzle")))


def _post(found: Found, text: Text) -> Post:
    return Post(found.record.id, text, private=True)
