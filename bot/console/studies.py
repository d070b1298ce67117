"""The console's `rules`, `review`, `puzzle`, `stats` and `leaderboard`: the use cases
Discord's commands of those names call, answered in the console's words."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import engine
from bot.console.words import card_lines, is_empty, plain_markdown, puzzle_words
from bot.play.host import Host
from bot.play.learning.rules import rules_pages
from bot.play.playing.ai_seats import LEVELS, ai_person, ai_user_id, checked_level
from bot.play.table.values import Person, Post, Refusal
from bot.play.words.learning import rules_page_title
from bot.play.words.text import Name, Text, excerpt, joined, t, tn
from bot.play.words.wording import title

Show = Callable[[Post], Awaitable[str]]
"""A post as the console shows it, its files written to the output folder."""
Plain = Callable[[Text | str], str]
"""Text in the console's plain words."""
Write = Callable[[str], object]
"""Writes a line at once, before the answer is complete."""


class Studies:
    """The rules, learning from finished games, and the ratings, for the console's players."""

    def __init__(
        self, host: Host, show: Show, plain: Plain, write: Write | None, language: str
    ) -> None:
        self.host = host
        self._show = show
        self._plain = plain
        self._write = write
        self._language = language

    def rules(self, game: str) -> Text | str:
        """Every page of a game's rules, in plain words; which game, when none is named."""
        if game not in engine.GAMES:
            which = t("Rules of which game? One of {games}.", games=", ".join(engine.GAMES))
            if not game:
                return which
            return joined(
                " ", [t("There is no game called {game}.", game=Name(excerpt(game))), which]
            )
        return "\n\n".join(
            f"{self._plain(rules_page_title(p.title))}\n{plain_markdown(self._plain(p.body))}"
            for p in rules_pages(game)
        )

    async def review(self, place_id: int, game: str) -> str:
        """The review of the place's last finished game of `game`, its progress written
        as it goes."""
        reviews = self.host.reviews
        record = await reviews.finished(None, 0, place_id, game, None)
        self._say(t("Reviewing {game}…", game=title(record)))

        async def progress(done: int, total: int) -> None:
            self._say(
                tn(
                    "{done} of {count} position valued…",
                    "{done} of {count} positions valued…",
                    total,
                    done=str(done),
                )
            )

        return await self._show(await reviews.review(record, progress, self._language))

    async def puzzle(self, person: Person, args: list[str]) -> str:
        """`puzzle alice [game]`: alice's puzzle; `puzzle alice <move>` her answer;
        `puzzle alice solution` its solution."""
        puzzles, user_id = self.host.puzzles, person.user_id
        typed = " ".join(args)
        try:
            if typed.lower() == "solution":
                post = await puzzles.solution(None, user_id)
            elif not args or typed.lower() in engine.GAMES:
                post = await puzzles.ask(None, user_id, typed.lower() or None, self._language)
            else:
                post = await puzzles.answer(None, user_id, typed)
        except Refusal as refusal:
            refused = self._plain(puzzle_words(refusal.text, person.name))
            # a sentence may name the command itself: `ask for another with /puzzle`
            return refused.replace("/puzzle", f'"puzzle {person.name}"')
        text = puzzle_words(post.text, person.name)
        return await self._show(Post(post.game_id, text, post.files))

    async def stats(self, person: Person, game: str | None) -> str:
        """A player's rating, record, best, recent games and opponents."""
        try:
            card = await self.host.standings.stats(None, person.user_id, person.name, game)
        except Refusal:
            return self._plain(_none_rated(person.name, game))
        return self._lines(card_lines(card, footer=False))

    def ai(self, level: str | None) -> Person:
        """The AI at `level` (medium when None), as a player of the ratings."""
        chosen = checked_level(level)
        return Person(ai_user_id(chosen), ai_person(self.host.ai.name, chosen).name)

    async def leaderboard(self, game: str | None, page: int) -> str:
        """A page of the players by rating."""
        shown = await self.host.standings.leaderboard(None, game, page - 1, None)
        if is_empty(shown.card.footer):
            return self._plain(_none_on_the_board(game))
        heading = (
            t("All games leaderboard")
            if game is None
            else t("{game} leaderboard", game=engine.GAMES[game].title)
        )
        return self._lines(card_lines(shown.card, heading))

    def _lines(self, lines: list[Text | str]) -> str:
        return "\n".join(self._plain(line) for line in lines)

    def _say(self, line: Text) -> None:
        if self._write is not None:
            self._write(self._plain(line))


def _none_rated(player: str, game: str | None) -> Text:
    """That a player has no rated game (of `game`, if named)."""
    if game is None:
        return t("{player} has no rated games yet.", player=Name(player))
    named = engine.GAMES[game].title
    return t("{player} has no rated {game} games yet.", player=Name(player), game=named)


def _none_on_the_board(game: str | None) -> Text:
    """That no game (of `game`, if named) is rated yet."""
    if game is None:
        return t("No rated games yet: finish one to appear here.")
    named = engine.GAMES[game].title
    return t("No rated {game} games yet: finish one to appear here.", game=named)


def game_and_rest(args: list[str]) -> tuple[str | None, list[str]]:
    """The game named among `args` (None if none), and the other words."""
    games = [a.lower() for a in args if a.lower() in engine.GAMES]
    return (games[0] if games else None), [a for a in args if a.lower() not in engine.GAMES]


def level_of(args: list[str]) -> str | None:
    """The AI level named among `args`, if any."""
    return next((a.lower() for a in args if a.lower() in LEVELS), None)
