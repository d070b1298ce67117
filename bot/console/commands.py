"""The console's commands: one line at a time, answered through the use cases in plain
words, with pictures written to a folder."""

from __future__ import annotations

import json
import logging
import shlex
from collections import deque
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
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
    plain_markdown,
    refusal_words,
    start_of,
    who_does,
    with_list,
)
from bot.play.host import Host
from bot.play.learning.rules import rules_pages
from bot.play.playing.ai_seats import is_ai
from bot.play.table.announcements import CONSOLE_PLACE
from bot.play.table.events import TurnWaiting
from bot.play.table.records import GameRecord, Status
from bot.play.table.values import Person, Post, Prompt, Refusal
from bot.play.words.languages import SOURCE
from bot.play.words.learning import rules_page_title
from bot.play.words.reasons import refusal_text
from bot.play.words.text import Name, Text, excerpt, joined, plain, t
from bot.play.words.wording import hint_text, title, turn_line

log = logging.getLogger(__name__)

CHANNEL = CONSOLE_PLACE
"""The place the console's games are played in, which owes no post to Discord."""
LOG_FILE = "console.log"
"""Where, in the output folder, what went wrong on the bot's side is written."""
OFFERS = {"draw": Prompt.DRAW, "undo": Prompt.UNDO, "pause": Prompt.PAUSE}
"""The console's commands offering something the others answer."""
GAME_COMMANDS = (
    *("moves", "hint", "board", "history", "resign", "agree", "decline", "abort"),
    *("resume", "give_time", *OFFERS),
)
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
    """Reads one command line at a time and answers in text, writing pictures to `out`.

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
        if command == "help":
            return help_text(self.language)
        if command == "start":
            return await self._start(args)
        if command == "rules":
            return self._rules(args[0].lower() if args else self.game)
        if command in ("review", "puzzle", "stats", "leaderboard"):
            return await self._study(command, args)
        if command in GAME_COMMANDS and not self.game:
            return NO_GAME
        if command == "moves":
            return await self._moves(" ".join(args))
        if command == "hint":
            if not args:
                return who_does(command)
            user = self.person(args[0]).user_id
            return hint_text(await self.host.coach.hint(CHANNEL, self.game, user))
        if command == "board":
            board = await self._show(await self.host.moves.board(CHANNEL, self.game))
            record = await self.host.games.newest_in(CHANNEL)
            offer = "" if record is None else await self._offer_lines(record)
            return "\n".join(filter(None, [board, offer]))
        if command == "history":
            return await self._history()
        if command == "abort":
            return await self._abort()
        if command == "give_time":
            return await self._give_time(args)
        if command == "resume":
            return await self._resume([a for a in args if a.lower() != self.game])
        if command in ("resign", "agree", "decline", *OFFERS):
            if not args:
                return who_does(command)
            if command in ("agree", "decline"):
                return await self._answer(self.person(args[0]), agree=command == "agree")
            return await self._leave(command, self.person(args[0]))
        if command in self._people and args:
            user = self._people[command].user_id
            move = self.host.moves.move(CHANNEL, self.game, user, " ".join(args))
            return await self._show(await move)
        return t(
            "Unknown command {command}; type {help}.", command=Name(excerpt(command)), help="help"
        )

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

    def _rules(self, game: str) -> Answer:
        """Every page of a game's rules, in plain words."""
        if game not in engine.GAMES:
            which = t("Rules of which game? One of {games}.", games=", ".join(engine.GAMES))
            if not game:
                return which
            return joined(
                " ", [t("There is no game called {game}.", game=Name(excerpt(game))), which]
            )
        pages = rules_pages(game)
        return "\n\n".join(
            f"{self._plain(rules_page_title(p.title))}\n{plain_markdown(self._plain(p.body))}"
            for p in pages
        )

    async def _study(self, command: str, args: list[str]) -> Answer:
        """`review [game]`, `puzzle alice ...`, `stats alice [game]`, `leaderboard [game]
        [page]`."""
        game, rest = game_and_rest(args)
        if command == "review":
            record = await self.host.games.newest_in(CHANNEL)
            last = game or self.game or (record.game if record is not None else "")
            return await self.studies.review(CHANNEL, last) if last else NO_GAME
        if command == "leaderboard":
            page = next((int(a) for a in rest if a.isdigit()), 1)
            return await self.studies.leaderboard(game, page)
        if not args:
            return who_does(command)
        if command == "puzzle":
            return await self.studies.puzzle(self.person(args[0]), args[1:])
        asked = args[0].lower()
        who = self.studies.ai(level_of(rest)) if asked == "ai" else self.person(args[0])
        return await self.studies.stats(who, game)

    async def _history(self) -> str:
        """The move list, in full, with the resignations and time-outs, and the replay."""
        post = await self.host.history.in_channel(CHANNEL, self.game, self.language)
        shown = await self._show(post)
        listed = next((f for f in post.files if f.name.endswith("-moves.txt")), None)
        if listed is not None:
            path = self.out / listed.name
            text, _, files = shown.partition("\n")
            shown = "\n".join([with_list(text, str(path), listed.data.decode()), files])
        return shown

    async def _abort(self) -> Answer:
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

    async def _moves(self, typed: str) -> Answer:
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

    async def _leave(self, command: str, person: Person) -> Answer:
        if command == "resign":
            endings = self.host.endings
            game_id = await endings.resign_check(CHANNEL, self.game, person.user_id)

            async def resign() -> str:
                return await self._show(await endings.resign(game_id, person.user_id))

            kept = t("{player} plays on.", player=Name(person.name))
            self._confirming = Confirming(resign, kept)
            return confirm_resign(person.name)
        kind = OFFERS[command]
        offer = await self.host.offers.offer(CHANNEL, self.game, person.user_id, kind)
        if offer.prompt is not kind:
            return await self._show(offer)
        names = {p.user_id: p.name for p in self._people.values()}
        waiting = [names[user_id] for user_id in offer.pings]
        return "\n".join([await self._show(offer), self._plain(how_to_answer(waiting))])

    async def _resume(self, names: list[str]) -> str:
        """`resume`, `resume tink` (as the bot's words put it) or `resume alice`: any
        player may start the clocks, the player to move unless one is named."""
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

    async def _answer(self, person: Person, *, agree: bool) -> Answer:
        """A player's answer to the offer waiting; the last agreement carries it out."""
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


def _joined(parts: list[str]) -> str:
    """The parts said, one line after another, leaving out those empty."""
    return "\n".join(filter(None, parts))
