"""The console's commands: one line at a time, answered through the use cases in plain
words, with pictures written to a folder."""

from __future__ import annotations

import json
import logging
import shlex
from collections import deque
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import engine
from bot.console.starting import StartLine, invitation, read_start
from bot.console.studies import Studies, Write, game_and_rest, level_of
from bot.console.words import (
    NO,
    NO_GAME,
    YES,
    busy,
    confirm_abort,
    confirm_resign,
    help_text,
    how_to_answer,
    more_moves,
    offer_lapsed,
    offer_made,
    refusal_words,
    start_of,
    who_does,
    with_list,
)
from bot.play.host import Host
from bot.play.playing.ai_seats import is_ai
from bot.play.table.announcements import CONSOLE_PLACE
from bot.play.table.events import TurnWaiting
from bot.play.table.records import GameRecord, Status
from bot.play.table.values import Person, Post, Prompt, Refusal
from bot.play.words.languages import SOURCE
from bot.play.words.reasons import refusal_text
from bot.play.words.text import Name, Text, excerpt, joined, plain, t
from bot.play.words.wording import hint_text, title, turn_line

log = logging.getLogger(__name__)

CHANNEL = CONSOLE_PLACE
"""The place the console's games are played in, which owes no post to Discord."""
LOG_FILE = "console.log"
"""Where, in the output folder, what went wrong on the bot's side is written."""
MOVES_LISTED = 25
"""Moves `moves` lists at most; it says how many more match."""
Answer = Text | str
"""What a command answers: a sentence to say in the console's language, or words said."""


@dataclass(frozen=True, slots=True)
class Confirming:
    """An abort or a resignation asked for, carried out once confirmed with y."""

    act: Callable[[], Awaitable[str]]
    kept: Text
    """What the console says when it is not confirmed."""


class Console:
    """Reads one command line at a time (see `COMMANDS`) and answers in text, writing
    pictures to `out`.

    Given `write`, it writes what it has said at once, before the AI thinks or a review
    is worked out; `handle` returns the rest."""

    def __init__(
        self, host: Host, out: Path, language: str = SOURCE, write: Write | None = None
    ) -> None:
        self.host = host
        self.out = out
        self.language = language
        """The language the console speaks (Discord's code; English when not shipped)."""
        self.log_file = out / LOG_FILE
        self.game = ""
        self._people: dict[str, Person] = {}
        self._write = write
        self._confirming: Confirming | None = None
        self.studies = Studies(host, self._show, self._plain, write, language)

    def person(self, name: str) -> Person:
        key = name.lower()
        if key not in self._people:
            self._people[key] = Person(len(self._people) + 1, name)
        return self._people[key]

    async def handle(self, line: str) -> str:
        """The answer to one command line; refusals come back as their sentence."""
        try:
            words = shlex.split(line)
        except ValueError as error:
            return self._plain(t("Cannot read that line: {error}.", error=str(error)))
        if not words:
            return ""
        command = words[0].lower()
        try:
            waiting = await self._offer_waiting()
            answer = await self._confirmed_or(command, words[1:])
            lapsed = "" if command in ("agree", "decline") else await self._lapsed(waiting)
            return await self.bot_turns(said=_joined([answer, lapsed]))
        except Refusal as refusal:
            return self._plain(refusal_words(refusal) or refusal.text)
        except engine.GameError as error:
            return self._plain(refusal_text(error))
        except Exception:
            log.exception("the console command %r failed", line)
            return self._plain(
                t(
                    "Sorry, something went wrong on my side; the details are in {file}.",
                    file=str(self.log_file),
                )
            )

    async def bot_turns(self, game_ids: Iterable[int] = (), said: str = "") -> str:
        """What was `said`, then the AI's moves, one after another, in the games given and
        in those whose turn the use cases' journal says is now the AI's. When the console
        writes, what is known is written before each move is thought of, and the rest
        returned."""
        shown = [said]
        waiting = deque(game_ids)
        while True:
            waiting.extend(
                written.event.game_id
                for written in self.host.events.read()
                if isinstance(written.event, TurnWaiting) and is_ai(written.event.user_id)
            )
            if not waiting:
                return _joined(shown)
            if self._write is not None and _joined(shown):
                self._write(_joined(shown))
                shown = []
            played = await self.host.ai.take_turn(waiting.popleft())
            if played is not None:
                shown.append(await self._show(played))

    async def resume(self) -> str:
        """Pick up the game left open in the console's database, if any; the AI plays
        if it was its turn."""
        record = await self.host.games.newest_in(CHANNEL)
        if record is None or not record.status.is_open:
            return ""
        self.game = record.game
        self._people = {s.name.lower(): Person(s.user_id, s.name) for s in record.players}
        players = joined(", ", [Name(name) for name in record.names])
        resuming = t("Resuming {game}: {players}.", game=title(record), players=players)
        said = _joined([self._plain(resuming), await self._where_it_stands(record)])
        return await self.bot_turns([record.id], said)

    async def _where_it_stands(self, record: GameRecord) -> str:
        """Whose move it is, and who still has to answer an offer waiting."""
        if record.status is not Status.ACTIVE or record.turn_seat is None:
            return ""
        async with self.host.games.borrow(record) as loan:
            said = self._plain(turn_line(record, loan.game))
        return "\n".join(filter(None, [said, await self._offer_lines(record)]))

    async def _offer_lines(self, record: GameRecord) -> str:
        """The offer waiting in a game, and who still has to answer it; none: nothing."""
        offer = record.offer
        if offer is None or record.status is not Status.ACTIVE:
            return ""
        waiting = await self.host.offers.waiting_on(record)
        made = offer_made(Prompt(offer.kind), record.players[offer.seat].name)
        answers = how_to_answer([seat.name for seat in waiting])
        return "\n".join([self._plain(made), self._plain(answers)])

    async def _offer_waiting(self) -> GameRecord | None:
        """The game of this console, when an offer waits in it."""
        record = await self.host.games.newest_in(CHANNEL)
        return record if record is not None and record.offer is not None else None

    async def _lapsed(self, waiting: GameRecord | None) -> str:
        """Say so when the offer that was waiting is gone without an answer (a move or a
        resignation ended it)."""
        if waiting is None or waiting.offer is None:
            return ""
        now = await self.host.games.by_id(waiting.id)
        if now is not None and now.offer is not None:
            return ""
        maker = waiting.players[waiting.offer.seat].name
        return self._plain(offer_lapsed(Prompt(waiting.offer.kind), maker))

    async def _confirmed_or(self, command: str, args: list[str]) -> str:
        """The answer to an abort or a resignation waiting for y or n; any other command
        leaves it undone and is carried out."""
        confirming, self._confirming = self._confirming, None
        if confirming is None:
            return self._plain(await self._dispatch(command, args))
        if command in YES:
            return await confirming.act()
        kept = self._plain(confirming.kept)
        if command in NO:
            return kept
        return "\n".join([kept, self._plain(await self._dispatch(command, args))])

    async def _dispatch(self, command: str, args: list[str]) -> Answer:
        found = COMMANDS.get(command)
        if found is None:
            if command in self._people and args:
                user = self._people[command].user_id
                move = self.host.moves.move(CHANNEL, self.game, user, " ".join(args))
                return await self._show(await move)
            unknown = Name(excerpt(command))
            return t("Unknown command {command}; type {help}.", command=unknown, help="help")
        if found.in_a_game and not self.game:
            return NO_GAME
        if found.names_a_player and not args:
            return who_does(command)
        return await found.run(self, args)

    async def _help(self, args: list[str]) -> Answer:
        return help_text(self.language)

    async def _hint(self, args: list[str]) -> Answer:
        user = self.person(args[0]).user_id
        return hint_text(await self.host.coach.hint(CHANNEL, self.game, user))

    async def _board(self, args: list[str]) -> Answer:
        board = await self._show(await self.host.moves.board(CHANNEL, self.game))
        record = await self.host.games.newest_in(CHANNEL)
        offer = "" if record is None else await self._offer_lines(record)
        return "\n".join(filter(None, [board, offer]))

    async def _start(self, args: list[str]) -> Answer:
        line = read_start(args)
        if isinstance(line, Text):
            return line
        record = await self.host.games.newest_in(CHANNEL)
        if record is not None and record.status.is_open:
            return busy(title(record))
        return await self._started(line)

    async def _started(self, line: StartLine) -> str:
        challenges = self.host.challenges
        asked = invitation(line, CHANNEL, self.person)
        post = await challenges.start(asked)
        self.game = line.game
        invited = [p for p in asked.invitees if not p.plays_ai]
        answers = [await challenges.accept(post.game_id, p.user_id) for p in invited]
        begun = answers[-1].post if answers else None
        return await self._show(begun) if begun is not None else await self._show(post)

    async def _rules(self, args: list[str]) -> Answer:
        """The rules of the game named, or of the game being played."""
        return self.studies.rules(args[0].lower() if args else self.game)

    async def _review(self, args: list[str]) -> Answer:
        """`review [game]`: the last finished game's review, of the game named if any."""
        game, _ = game_and_rest(args)
        record = await self.host.games.newest_in(CHANNEL)
        last = game or self.game or (record.game if record is not None else "")
        return await self.studies.review(CHANNEL, last) if last else NO_GAME

    async def _leaderboard(self, args: list[str]) -> Answer:
        """`leaderboard [game] [page]`."""
        game, rest = game_and_rest(args)
        page = next((int(a) for a in rest if a.isdigit()), 1)
        return await self.studies.leaderboard(game, page)

    async def _puzzle(self, args: list[str]) -> Answer:
        """`puzzle alice [game | answer | solution]`."""
        return await self.studies.puzzle(self.person(args[0]), args[1:])

    async def _stats(self, args: list[str]) -> Answer:
        """`stats alice [game]`, or `stats ai [level] [game]`."""
        game, rest = game_and_rest(args)
        asked = args[0].lower()
        who = self.studies.ai(level_of(rest)) if asked == "ai" else self.person(args[0])
        return await self.studies.stats(who, game)

    async def _history(self, args: list[str]) -> str:
        """The move list, in full, with the resignations and time-outs, and the replay."""
        post = await self.host.history.in_channel(CHANNEL, self.game, self.language)
        shown = await self._show(post)
        listed = next((f for f in post.files if f.name.endswith("-moves.txt")), None)
        if listed is not None:
            path = self.out / listed.name
            text, _, files = shown.partition("\n")
            shown = "\n".join([with_list(text, str(path), listed.data.decode()), files])
        return shown

    async def _abort(self, args: list[str]) -> Answer:
        """Abort the game, once confirmed."""
        record = await self.host.games.newest_in(CHANNEL)
        if record is None or not record.status.is_open:
            return await self._aborted()
        self._confirming = Confirming(self._aborted, t("{game} goes on.", game=title(record)))
        return confirm_abort(title(record))

    async def _aborted(self) -> str:
        aborted = await self.host.endings.abort(CHANNEL, self.game, 0, moderator=True)
        self.game = ""
        return await self._show(aborted)

    async def _moves(self, args: list[str]) -> Answer:
        typed = " ".join(args)
        record = await self.host.games.newest_in(CHANNEL)
        if record is None or record.turn_user_id is None:
            return t("No one is to move.")
        moves = self.host.moves
        pairs = await moves.suggestions(
            CHANNEL, self.game, record.turn_user_id, typed, language=self.language
        )
        start = " ".join(typed.lower().split())
        pairs = [pair for pair in pairs if pair[0].lower().startswith(start)] or pairs
        if not pairs:
            return t("No move matches that.")
        listed = [f"{text}: {self._plain(words)}" for text, words in pairs[:MOVES_LISTED]]
        more = len(pairs) - MOVES_LISTED
        if more > 0:
            listed.append(self._plain(more_moves(more, start_of(pairs[0][0]))))
        return "\n".join(listed)

    async def _resign(self, args: list[str]) -> Answer:
        """`resign alice`, once confirmed."""
        person = self.person(args[0])
        endings = self.host.endings
        game_id = await endings.resign_check(CHANNEL, self.game, person.user_id)

        async def resign() -> str:
            return await self._show(await endings.resign(game_id, person.user_id))

        kept = t("{player} plays on.", player=Name(person.name))
        self._confirming = Confirming(resign, kept)
        return confirm_resign(person.name)

    async def _offer(self, args: list[str], *, kind: Prompt) -> Answer:
        """`draw alice`, `undo alice`, `pause alice`: an offer the others answer."""
        person = self.person(args[0])
        offer = await self.host.offers.offer(CHANNEL, self.game, person.user_id, kind)
        if offer.prompt is not kind:
            return await self._show(offer)
        names = {p.user_id: p.name for p in self._people.values()}
        waiting = [names[user_id] for user_id in offer.pings]
        return "\n".join([await self._show(offer), self._plain(how_to_answer(waiting))])

    async def _resume(self, args: list[str]) -> str:
        """`resume`, `resume tink` (as the bot's words put it) or `resume alice`: any
        player may start the clocks, the player to move unless one is named."""
        names = [a for a in args if a.lower() != self.game]
        if names:
            user_id = self.person(names[0]).user_id
        else:
            record = await self.host.games.newest_in(CHANNEL)
            user_id = 0 if record is None or record.turn_user_id is None else record.turn_user_id
        resumed = self.host.clock_changes.resume(CHANNEL, self.game, user_id)
        return await self._show(await resumed)

    async def _give_time(self, args: list[str]) -> Answer:
        """`give_time alice bob 1d`: alice gives bob time on his clock."""
        if len(args) != 3:
            return who_does("give_time")
        giver, receiver = self.person(args[0]), self.person(args[1])
        given = self.host.clock_changes.give_time(
            CHANNEL, self.game, giver.user_id, receiver.user_id, args[2]
        )
        return await self._show(await given)

    async def _answer(self, args: list[str], *, agree: bool) -> Answer:
        """`agree bob` or `decline bob`: a player's answer to the offer waiting; the last
        agreement carries it out."""
        person = self.person(args[0])
        record = await self.host.games.newest_in(CHANNEL)
        if record is None or record.offer is None or record.status is not Status.ACTIVE:
            return t("No offer is waiting for an answer.")
        kind = Prompt(record.offer.kind)
        answer = await self.host.offers.answer(record.id, kind, person.user_id, agree)
        return answer.text if answer.post is None else await self._show(answer.post)

    async def _show(self, post: Post) -> str:
        """The post's text, with its files written to the output folder: each board
        picture under the number of moves made, so that every position stays there to be
        looked at again (`tink-1-move-7.png`)."""
        self.out.mkdir(parents=True, exist_ok=True)
        lines = [self._plain(post.text)]
        for file in post.files:
            path = self.out / await self._file_name(post.game_id, file.name)
            path.write_bytes(file.data)
            lines.append(f"[{path}]")
        return "\n".join(lines)

    async def _file_name(self, game_id: int, name: str) -> str:
        record = await self.host.games.by_id(game_id)
        if record is None or name != f"{record.game}-{record.id}.png":
            return name
        moves = len(json.loads(record.state)["history"])
        return f"{name.removesuffix('.png')}-move-{moves}.png"

    def _plain(self, text: Text | str) -> str:
        """Plain words, with times relative to now."""
        return plain(text, self.host.games.clock(), self.language)


@dataclass(frozen=True, slots=True)
class Command:
    """One of the console's commands: what it runs with the words typed after it."""

    run: Callable[[Console, list[str]], Awaitable[Answer]]
    in_a_game: bool = False
    """Whether it needs a game being played (else it says none is)."""
    names_a_player: bool = False
    """Whether it needs a player named (else it asks who, see `who_does`)."""


COMMANDS: dict[str, Command] = {
    "help": Command(Console._help),
    "start": Command(Console._start),
    "rules": Command(Console._rules),
    "review": Command(Console._review),
    "leaderboard": Command(Console._leaderboard),
    "puzzle": Command(Console._puzzle, names_a_player=True),
    "stats": Command(Console._stats, names_a_player=True),
    "moves": Command(Console._moves, in_a_game=True),
    "board": Command(Console._board, in_a_game=True),
    "history": Command(Console._history, in_a_game=True),
    "abort": Command(Console._abort, in_a_game=True),
    "resume": Command(Console._resume, in_a_game=True),
    "give_time": Command(Console._give_time, in_a_game=True),
    "hint": Command(Console._hint, in_a_game=True, names_a_player=True),
    "resign": Command(Console._resign, in_a_game=True, names_a_player=True),
    "draw": Command(partial(Console._offer, kind=Prompt.DRAW), in_a_game=True, names_a_player=True),
    "undo": Command(partial(Console._offer, kind=Prompt.UNDO), in_a_game=True, names_a_player=True),
    "pause": Command(
        partial(Console._offer, kind=Prompt.PAUSE), in_a_game=True, names_a_player=True
    ),
    "agree": Command(partial(Console._answer, agree=True), in_a_game=True, names_a_player=True),
    "decline": Command(partial(Console._answer, agree=False), in_a_game=True, names_a_player=True),
}
"""The console's commands by the word that starts them; a line starting with a player's
name plays that player's move."""


def _joined(parts: list[str]) -> str:
    """The parts said, one line after another, leaving out those empty."""
    return "\n".join(filter(None, parts))
