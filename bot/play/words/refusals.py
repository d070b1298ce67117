"""The refusals every game command shares, as values: what was refused and about whom,
worded only when a front end shows one (`text`, or `str()` in plain words).

The use cases raise them where they decide (finding the channel's game, whose turn it
is, whether a move is legal); other refusals are still worded where they are raised."""

from __future__ import annotations

from dataclasses import dataclass

import engine
from bot.play.table.values import Refusal
from bot.play.words.text import Command, Name, Text, excerpt, names, say, t
from bot.play.words.wording import result_text, title
from bot.storage import GameRecord, Status


@dataclass(eq=False)
class NoGame(Refusal):
    """No game of `game_name`'s commands in the channel: none, a challenge that lapsed,
    or another game's finished one."""

    game_name: str

    @property
    def text(self) -> Text:
        start = Command(self.game_name, "start")
        return t("There is no game in this channel; start one with {start}.", start=start)


@dataclass(eq=False)
class OtherGame(Refusal):
    """The game being played in the channel is of another game's commands (`game_name`)."""

    game_name: str

    @property
    def text(self) -> Text:
        game, use = engine.GAMES[self.game_name].title, Command(self.game_name)
        return t("The game in this channel is {game}; use {use} instead.", game=game, use=use)


@dataclass(eq=False)
class NotBegun(Refusal):
    """The channel's game is a challenge still waiting for these players to accept."""

    waiting: tuple[str, ...]

    @property
    def text(self) -> Text:
        waiting = names(self.waiting)
        return t("The game has not begun: waiting for {waiting} to accept.", waiting=waiting)


@dataclass(eq=False)
class GameOver(Refusal):
    """The channel's last game of `game_name` is over."""

    game_name: str

    @property
    def text(self) -> Text:
        start = Command(self.game_name, "start")
        return t("The last game here is over; start a new one with {start}.", start=start)


class NotAPlayer(Refusal):
    """The user does not play in the game."""

    def __init__(self) -> None:
        super().__init__(t("You are not playing in this game."))


@dataclass(eq=False)
class NotYourTurn(Refusal):
    """It is another player's turn: `turn` is their name."""

    turn: str

    @property
    def text(self) -> Text:
        return t("It is {player}'s turn.", player=Name(self.turn))


@dataclass(eq=False)
class OutOfGame(Refusal):
    """The player is out of a game the others play on, by `ending` (resigned, out of
    time) when known."""

    ending: engine.Ending | None

    @property
    def text(self) -> Text:
        if self.ending is engine.Ending.RESIGNATION:
            return t("You resigned from this game; the others play on.")
        if self.ending is engine.Ending.TIME:
            return t("Your time ran out, so you are out of this game; the others play on.")
        return t("You are out of this game; the others play on.")


@dataclass(eq=False)
class IllegalMove(Refusal):
    """What the player typed is no legal move, for the rules' `reason`."""

    typed: str
    reason: Text

    @property
    def text(self) -> Text:
        move = Name(excerpt(self.typed))
        return t("You cannot play {move}: {reason}.", move=move, reason=self.reason)


@dataclass(eq=False)
class EndedMeanwhile(Refusal):
    """A move lost its race to the game's end (a claim, a time-out, a resignation): the
    game as it ended, and its result when it was played out."""

    record: GameRecord
    result: engine.Result | None

    @property
    def text(self) -> Text:
        game = title(self.record)
        if self.record.status is Status.ABORTED:
            return t("{game} was aborted meanwhile.", game=game)
        if self.record.status is not Status.FINISHED:
            return say(f"{game} was {self.record.status.value} meanwhile.")
        ended = say(t("{game} ended meanwhile.", game=game), " ")
        if self.result is None:
            return ended
        return say(ended, result_text(self.result, self.record.names))
