"""Local play without Discord: the same use cases, seats played as named users, pictures
written to a folder, every answer in plain words."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import shlex
import signal
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import engine
from bot.config import Settings
from bot.logs import PLAIN
from bot.play.host import Host
from bot.play.learning.rules import rules_pages
from bot.play.playing.ai_seats import is_ai
from bot.play.playing.challenges import Invitation
from bot.play.playing.offers import offer_words
from bot.play.table.events import TurnWaiting
from bot.play.table.pictures import Renderer
from bot.play.table.records import GameRecord, Status
from bot.play.table.values import Person, Post, Prompt, Refusal
from bot.play.words.languages import SOURCE, shipped
from bot.play.words.text import Text, excerpt, plain
from bot.play.words.wording import turn_line
from bot.runtime.app import App

log = logging.getLogger(__name__)

CHANNEL = 1
LOG_FILE = "console.log"
"""Where, in the output folder, what went wrong on the bot's side is written."""
AI = "ai"
"""The name, and the option, that seat the AI."""
HELP = """\
start tink alice bob      start a game, the players named in seat order; options as
                          name=value, e.g. order=random, time_limit=12h (and the
                          game's own, e.g. start folio alice bob grid=fixed)
start tink alice ai=hard  play against the AI (easy, medium, hard); "ai" as a player's
                          name gives it a seat, e.g. start tink alice ai bob ai;
                          order=ai lets the AI move first
alice s d4                alice plays the move "s d4"
moves [start]             the legal moves of the player to move (those that start so)
board                     the picture of the game
history                   the move list and a replay
rules [game]              the rules of the game being played, or of the game named
resign alice              alice resigns
draw alice, undo alice    alice offers a draw or to take back her move
agree bob, decline bob    bob answers the offer (the AI answers at once)
pause alice               alice asks the others to stop the clocks (answered as above)
resume                    start the stopped clocks again
give_time alice bob 1d    alice gives bob a day on his clock
abort                     end the game, unrated
quit                      leave (Ctrl-C and Ctrl-D leave too)"""
NO_GAME = 'No game is being played; start one, e.g. "start tink alice bob".'
OFFERS = {"draw": Prompt.DRAW, "undo": Prompt.UNDO, "pause": Prompt.PAUSE}
"""The console's commands offering something the others answer."""
GAME_COMMANDS = (
    *("moves", "board", "history", "resign", "agree", "decline", "abort"),
    *("resume", "give_time", *OFFERS),
)
MOVES_LISTED = 25
"""Moves `moves` lists at most; it says how many more match."""
_TABLE_RULE = re.compile(r"^\|[\s:|-]+\|$")


class Console:
    """Reads one command line at a time and answers in text, writing pictures to `out`."""

    def __init__(self, host: Host, out: Path, language: str = SOURCE) -> None:
        self.host = host
        self.out = out
        self.language = language
        """The language the console speaks (Discord's code; English when not shipped)."""
        self.log_file = out / LOG_FILE
        self.game = ""
        self._people: dict[str, Person] = {}

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
            return f"Cannot read that line: {error}."
        if not words:
            return ""
        command = words[0].lower()
        try:
            waiting = await self._offer_waiting()
            answer = await self._dispatch(command, words[1:])
            lapsed = "" if command in ("agree", "decline") else await self._lapsed(waiting)
            return "\n".join(filter(None, [answer, lapsed, await self.bot_turns()]))
        except Refusal as refusal:
            return self._plain(refusal.text)
        except engine.GameError as error:
            return str(error)
        except Exception:
            log.exception("the console command %r failed", line)
            return f"Sorry, something went wrong on my side; the details are in {self.log_file}."

    async def bot_turns(self, game_ids: Iterable[int] = ()) -> str:
        """The AI's moves, one after another, in the games given and in those whose turn
        the use cases' journal says is now the AI's."""
        shown: list[str] = []
        waiting = deque(game_ids)
        while True:
            waiting.extend(
                written.event.game_id
                for written in self.host.events.read()
                if isinstance(written.event, TurnWaiting) and is_ai(written.event.user_id)
            )
            if not waiting:
                return "\n".join(shown)
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
        resuming = (
            f"Resuming {engine.GAMES[record.game].title} #{record.id}: {', '.join(record.names)}."
        )
        shown = [resuming, await self._where_it_stands(record)]
        return "\n".join(filter(None, [*shown, await self.bot_turns([record.id])]))

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
        wanted = offer_words(Prompt(offer.kind))
        waiting = await self.host.offers.waiting_on(record)
        made = f"{record.players[offer.seat].name} offers {wanted}."
        return "\n".join([made, _how_to_answer([s.name for s in waiting])])

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
        return f"{maker} offered {offer_words(Prompt(waiting.offer.kind))}; the offer lapsed."

    async def _dispatch(self, command: str, args: list[str]) -> str:
        if command == "help":
            return HELP
        if command == "start":
            return await self._start(args)
        if command == "rules":
            return self._rules(args[0].lower() if args else self.game)
        if command in GAME_COMMANDS and not self.game:
            return NO_GAME
        if command == "moves":
            return await self._moves(" ".join(args))
        if command == "board":
            board = await self._show(await self.host.moves.board(CHANNEL, self.game))
            record = await self.host.games.newest_in(CHANNEL)
            offer = "" if record is None else await self._offer_lines(record)
            return "\n".join(filter(None, [board, offer]))
        if command == "history":
            return await self._show(await self.host.history.in_channel(CHANNEL, self.game))
        if command == "abort":
            aborted = await self.host.endings.abort(CHANNEL, self.game, 0, moderator=True)
            self.game = ""
            return await self._show(aborted)
        if command == "give_time":
            return await self._give_time(args)
        if command == "resume":
            return await self._resume([a for a in args if a.lower() != self.game])
        if command in ("resign", "agree", "decline", *OFFERS):
            if not args:
                return f'Who {command}s? For example "{command} alice".'
            if command in ("agree", "decline"):
                return await self._answer(self.person(args[0]), agree=command == "agree")
            return await self._leave(command, self.person(args[0]))
        if command in self._people and args:
            user = self._people[command].user_id
            move = self.host.moves.move(CHANNEL, self.game, user, " ".join(args))
            return await self._show(await move)
        return f"Unknown command {excerpt(command)}; type help."

    async def _start(self, args: list[str]) -> str:
        if not args or args[0] not in engine.GAMES:
            return f"Start which game? One of {', '.join(engine.GAMES)}."
        names = [a for a in args[1:] if "=" not in a]
        if not names:
            return 'Name the players, e.g. "start tink alice bob".'
        if names[0].lower() == AI:
            return 'Name a person first, e.g. "start tink alice ai".'
        options = dict(a.split("=", 1) for a in args[1:] if "=" in a)
        if "players" in options:
            return f'Name each player instead, e.g. "start {args[0]} alice bob carol".'
        order = options.pop("order", None)
        time_limit = options.pop("time_limit", None)
        ai_level = options.pop(AI, None)
        people = [Person(0, n, plays_ai=True) if n.lower() == AI else self.person(n) for n in names]
        invitation = Invitation(
            args[0],
            None,
            CHANNEL,
            people[0],
            tuple(people[1:]),
            options,
            order,
            time_limit=time_limit,
            ai_level=ai_level,
        )
        challenges = self.host.challenges
        post = await challenges.start(invitation)
        self.game = args[0]
        invited = [p for p in people[1:] if not p.plays_ai]
        answers = [await challenges.accept(post.game_id, p.user_id) for p in invited]
        begun = answers[-1].post if answers else None
        return await self._show(begun) if begun is not None else await self._show(post)

    def _rules(self, game: str) -> str:
        """Every page of a game's rules, in plain words."""
        if game not in engine.GAMES:
            unknown = f"There is no game called {excerpt(game)}. " if game else ""
            return f"{unknown}Rules of which game? One of {', '.join(engine.GAMES)}."
        return "\n\n".join(f"{p.title}\n{plain_markdown(p.body)}" for p in rules_pages(game))

    async def _moves(self, typed: str) -> str:
        record = await self.host.games.newest_in(CHANNEL)
        if record is None or record.turn_user_id is None:
            return "No one is to move."
        pairs = await self.host.moves.suggestions(CHANNEL, self.game, record.turn_user_id, typed)
        start = " ".join(typed.lower().split())
        pairs = [pair for pair in pairs if pair[0].lower().startswith(start)] or pairs
        if not pairs:
            return "No move matches that."
        listed = [f"{text}: {words}" for text, words in pairs[:MOVES_LISTED]]
        more = len(pairs) - MOVES_LISTED
        if more > 0:
            example = f'"moves {_start_of(pairs[0][0])}"'
            listed.append(f"... and {more} more: narrow them with a move's start, e.g. {example}.")
        return "\n".join(listed)

    async def _leave(self, command: str, person: Person) -> str:
        if command == "resign":
            endings = self.host.endings
            game_id = await endings.resign_check(CHANNEL, self.game, person.user_id)
            return await self._show(await endings.resign(game_id, person.user_id))
        kind = OFFERS[command]
        offer = await self.host.offers.offer(CHANNEL, self.game, person.user_id, kind)
        if offer.prompt is not kind:
            return await self._show(offer)
        names = {p.user_id: p.name for p in self._people.values()}
        waiting = [names[user_id] for user_id in offer.pings]
        return "\n".join([await self._show(offer), _how_to_answer(waiting)])

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

    async def _give_time(self, args: list[str]) -> str:
        """`give_time alice bob 1d`: alice gives bob time on his clock."""
        if len(args) != 3:
            return 'Who gives whom how much? For example "give_time alice bob 1d".'
        giver, receiver = self.person(args[0]), self.person(args[1])
        given = self.host.clock_changes.give_time(
            CHANNEL, self.game, giver.user_id, receiver.user_id, args[2]
        )
        return await self._show(await given)

    async def _answer(self, person: Person, *, agree: bool) -> str:
        """A player's answer to the offer waiting; the last agreement carries it out."""
        record = await self.host.games.newest_in(CHANNEL)
        if record is None or record.offer is None or record.status is not Status.ACTIVE:
            return "No offer is waiting for an answer."
        kind = Prompt(record.offer.kind)
        answer = await self.host.offers.answer(record.id, kind, person.user_id, agree)
        return self._plain(answer.text) if answer.post is None else await self._show(answer.post)

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
        if record is None or not name.endswith(".png"):
            return name
        moves = len(json.loads(record.state)["history"])
        return f"{name.removesuffix('.png')}-move-{moves}.png"

    def _plain(self, text: Text) -> str:
        """Plain words, with times relative to now."""
        return plain(text, self.host.games.clock(), self.language)


def _how_to_answer(waiting: list[str]) -> str:
    """What the players asked type to answer an offer."""
    typed = "; ".join(f'"agree {name}" or "decline {name}"' for name in waiting)
    return f"To answer, type {typed}."


def _start_of(move: str) -> str:
    """The start of a move that narrows a long list of moves: `S c` of `S c3`, `c1` of
    `c1-d3` or of `c1 give RS`."""
    first, _, rest = move.partition(" ")
    return f"{first} {rest[0]}" if len(first) == 1 and rest else first[:2]


def plain_markdown(body: str) -> str:
    """A rules page without its markdown: no bold or code marks, tables as lines."""
    lines = []
    for line in body.replace("**", "").replace("`", "").splitlines():
        if _TABLE_RULE.match(line):
            continue
        if line.startswith("|"):
            line = "  ".join(cell.strip() for cell in line.strip("|").split("|"))
        lines.append(line)
    return "\n".join(lines)


def run_console(
    database_url: str,
    out: Path,
    *,
    read: Callable[[str], str] = input,
    write: Callable[[str], object] = print,
    renderer: Renderer | None = None,
    language: str = SOURCE,
) -> None:
    """Play from the terminal in `language` until `quit`, end of input (Ctrl-D) or Ctrl-C,
    which leave at once, at the prompt or while an answer is being worked out."""
    try:
        with _ctrl_c_interrupts(), asyncio.Runner() as runner:
            _session(runner, database_url, out, (read, write), renderer, language)
    except KeyboardInterrupt:
        write("")


@contextlib.contextmanager
def _ctrl_c_interrupts() -> Iterator[None]:
    """Let Ctrl-C interrupt the console whatever the process was started with (SIGINT
    ignored, blocked or handled elsewhere); as before afterwards. Main thread only."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    mask = signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        if previous is not None:
            signal.signal(signal.SIGINT, previous)


def _session(
    runner: asyncio.Runner,
    database_url: str,
    out: Path,
    terminal: tuple[Callable[[str], str], Callable[[str], object]],
    renderer: Renderer | None,
    language: str,
) -> None:
    read, write = terminal
    app = App(Settings("", database_url), renderer=renderer, in_threads=True)
    runner.run(app.open())
    out.mkdir(parents=True, exist_ok=True)
    failures = logging.FileHandler(out / LOG_FILE, encoding="utf-8", delay=True)
    failures.setLevel(logging.WARNING)
    failures.setFormatter(PLAIN)
    logging.getLogger().addHandler(failures)
    try:
        console = Console(app.use_cases(), out, shipped(language))
        write(f"Pyramid Host console. Pictures go to {out}/. Type help, or quit to leave.")
        resumed = runner.run(console.resume())
        if resumed:
            write(resumed)
        while True:
            try:
                line = read("> ")
            except EOFError:
                write("")
                return
            if line.strip().lower() in ("quit", "exit"):
                return
            answer = runner.run(console.handle(line))
            if answer:
                write(answer)
    finally:
        logging.getLogger().removeHandler(failures)
        failures.close()
        runner.run(app.close())
