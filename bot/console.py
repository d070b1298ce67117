"""Local play without Discord: the same service, seats played as named users, boards to files.

start tink alice bob            challenge and accept at once (options as name=value)
alice s d4                      alice plays "s d4"
moves [typed]                   legal moves for the player to move
board | history | rules
resign alice | draw alice | undo alice | abort
quit
"""

from __future__ import annotations

import asyncio
import shlex
import sys
from pathlib import Path

import engine
from bot.rules import rules_pages
from bot.service import Invitation, Person, Post, Prompt, Refusal, Service
from bot.storage import open_storage

CHANNEL = 1
HELP = __doc__ or ""


class Console:
    """Reads one command line at a time and answers in text, writing pictures to `out`."""

    def __init__(self, service: Service, out: Path) -> None:
        self.service = service
        self.out = out
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
        try:
            return await self._dispatch(words[0].lower(), words[1:])
        except (Refusal, engine.GameError) as refusal:
            return str(refusal)

    async def resume(self) -> str:
        """Pick up the game left open in the console's database, if any."""
        record = await self.service.storage.latest_game_in(CHANNEL)
        if record is None or not record.status.is_open:
            return ""
        self.game = record.game
        self._people = {s.name.lower(): Person(s.user_id, s.name) for s in record.players}
        return (
            f"Resuming {engine.GAMES[record.game].title} #{record.id}: {', '.join(record.names)}."
        )

    async def _dispatch(self, command: str, args: list[str]) -> str:
        if command == "help":
            return HELP
        if command == "start":
            return await self._start(args)
        if command == "rules":
            return "\n\n".join(f"{p.title}\n{p.body}" for p in rules_pages(self.game or "tink"))
        if command == "moves":
            return await self._moves(" ".join(args))
        if command == "board":
            return self._show(await self.service.board(CHANNEL, self.game))
        if command == "history":
            return self._show(await self.service.history(CHANNEL, self.game))
        if command == "abort":
            return self._show(await self.service.abort(CHANNEL, self.game, 0, moderator=True))
        if command in ("resign", "draw", "undo") and args:
            return await self._leave(command, self.person(args[0]))
        if command in self._people and args:
            user = self._people[command].user_id
            return self._show(await self.service.move(CHANNEL, self.game, user, " ".join(args)))
        return f"Unknown command {command!r}; type help."

    async def _start(self, args: list[str]) -> str:
        if not args or args[0] not in engine.GAMES:
            return f"Start which game? One of {', '.join(engine.GAMES)}."
        names = [a for a in args[1:] if "=" not in a]
        if not names:
            return "Name the players: start tink alice bob."
        options = dict(a.split("=", 1) for a in args[1:] if "=" in a)
        random_order = options.pop("order", "listed") == "random"
        people = [self.person(n) for n in names]
        invitation = Invitation(
            args[0], None, CHANNEL, people[0], tuple(people[1:]), options, random_order
        )
        post = await self.service.start(invitation)
        self.game = args[0]
        answers = [await self.service.accept(post.game_id, p.user_id) for p in people[1:]]
        begun = answers[-1].post if answers else None
        return self._show(begun) if begun is not None else self._show(post)

    async def _moves(self, typed: str) -> str:
        record = await self.service.storage.latest_game_in(CHANNEL)
        if record is None or record.turn_user_id is None:
            return "No one is to move."
        pairs = await self.service.suggestions(CHANNEL, self.game, record.turn_user_id, typed)
        return "\n".join(f"{text}: {words}" for text, words in pairs) or "No move matches that."

    async def _leave(self, command: str, person: Person) -> str:
        if command == "resign":
            record = await self.service.storage.latest_game_in(CHANNEL)
            await self.service.resign_check(CHANNEL, self.game, person.user_id)
            assert record is not None
            return self._show(await self.service.resign(record.id, person.user_id))
        kind = Prompt.DRAW if command == "draw" else Prompt.UNDO
        offer = await self.service.offer(CHANNEL, self.game, person.user_id, kind)
        lines = [offer.text]
        for user in offer.pings:
            answer = await self.service.answer_offer(offer.game_id, kind, user, agree=True)
            lines.append(answer.text)
            if answer.post is not None:
                lines.append(self._show(answer.post))
        return "\n".join(lines)

    def _show(self, post: Post) -> str:
        """The post's text, with its files written to the output folder."""
        self.out.mkdir(parents=True, exist_ok=True)
        lines = [post.text.replace("**", "")]
        for file in post.files:
            path = self.out / file.name
            path.write_bytes(file.data)
            lines.append(f"[{path}]")
        return "\n".join(lines)


async def run_console(database_url: str, out: Path) -> None:
    """Read commands from standard input until `quit` or end of input."""
    storage = await open_storage(database_url)
    console = Console(Service(storage), out)
    print(f"Pyramid Host console. Pictures go to {out}/. Type help.")
    print(await console.resume())
    try:
        while True:
            line = await asyncio.to_thread(_read_line)
            if line is None or line.strip().lower() in ("quit", "exit"):
                break
            print(await console.handle(line))
    finally:
        await storage.close()


def _read_line() -> str | None:
    try:
        return input("> ")
    except EOFError:
        return None
    finally:
        sys.stdout.flush()
