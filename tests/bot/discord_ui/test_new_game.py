"""A game registered in the engine, with its picture registered in render, is hosted in full:
its slash commands and its board picture follow from the two registrations alone."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import ClassVar

import pytest

import engine
import render
from bot.play.words.pictures import picture_words
from render.model import BoardStyle, Scene
from render.palette import SEAT_COLOURS
from render.scene import board_marks, headline, seat_lines
from render.sprites import Look, Shape
from tests.bot.harness import DiscordHarness
from tests.bot.support import new_bot

PICTURE_WORDS = picture_words("en")

SQUARES = ("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3")


class ToyGame(engine.Game):
    """Two players take turns putting a small on an empty square of a 3x3 board."""

    info = engine.GameInfo(
        name="toy",
        title="Toy",
        min_players=2,
        max_players=2,
        summary="Take turns putting a small on an empty square; a full board is a draw.",
        options=(),
        width=3,
        height=3,
    )

    @property
    def to_move(self) -> int | None:
        return None if self.result is not None else len(self.history) % 2

    def legal_moves(self) -> list[str]:
        return [] if self.result is not None else [s for s in SQUARES if s not in self.history]

    @property
    def history(self) -> tuple[str, ...]:
        return tuple(action.move for action in self.actions)

    @property
    def movers(self) -> tuple[int, ...]:
        return tuple(ply % 2 for ply in range(len(self.history)))

    def view(self) -> engine.BoardView:
        history = self.history
        pieces = {s: engine.Piece(engine.Size.SMALL, i % 2, i % 2) for i, s in enumerate(history)}
        return engine.BoardView(3, 3, pieces, placed=history[-1] if history else None)

    MOVE_SENTENCES: ClassVar[Mapping[str, str]] = {"mark": "a small on {square}"}

    def move_words(self, move: str) -> engine.MoveWords:
        return engine.MoveWords("mark", (("square", move),))

    def _parse(self, text: str) -> str:
        square = text.strip().lower()
        if square not in SQUARES:
            raise engine.InvalidMove(f"{text!r} is not a square (a1 to c3)")
        return square

    def _play(self, move: str) -> str:
        if move in self.history:
            raise engine.ForbiddenMove(f"{move} is taken")
        if len(self.history) == len(SQUARES) - 1:
            self._finish(engine.Result.draw(self.players, "full board"))
        return move


def toy_look(seat: int) -> Look:
    return Look(Shape.PYRAMID, engine.Size.SMALL, SEAT_COLOURS[seat])


TOY = BoardStyle("toy", 3, 3, looks=(toy_look(0), toy_look(1)))


def toy_scene(game: engine.Game, names: Sequence[str], words: render.PictureWords) -> Scene:
    view = game.view()
    return Scene(
        TOY,
        headline(game, names, words),
        seat_lines(game, view, names, toy_look, lambda seat: (), words),
        {square: toy_look(piece.colour) for square, piece in view.squares.items()},
        board_marks(view),
    )


@pytest.fixture
def toy() -> Iterator[None]:
    """The toy game and its picture registered for one test."""
    engine.register(ToyGame)
    render.register_scene("toy")(toy_scene)
    yield
    render.unregister_scene("toy")
    engine.unregister("toy")


def test_a_registered_game_has_a_picture(toy: None) -> None:
    game = engine.new_game("toy", 2, seed=1)
    game.play("b2")
    picture = render.board_png(game, ["Ann", "Bo"], PICTURE_WORDS)
    assert picture.startswith(b"\x89PNG")
    assert picture != render.board_png(
        engine.new_game("toy", 2, seed=1), ["Ann", "Bo"], PICTURE_WORDS
    )


async def test_a_registered_game_gets_every_slash_command(toy: None, tmp_path: Path) -> None:
    async with DiscordHarness(new_bot(tmp_path)) as discord:
        (sync,) = [r for r in discord.requests if r.method == "PUT" and "commands" in r.path]
        groups = {command["name"]: command for command in sync.body}
        assert "toy" in engine.GAMES and "toy" in groups

        def subcommands(name: str) -> list[str]:
            return [option["name"] for option in groups[name]["options"]]

        assert subcommands("toy") == subcommands("tink")
        assert {"start", "move", "board", "history", "rules"} <= set(subcommands("toy"))
        alice, bob = discord.user("alice"), discord.user("bob")
        challenge = await discord.slash(alice, "toy start", {"opponent": bob})
        await discord.click(bob, challenge.message, "Accept")
        moved = await discord.slash(alice, "toy move", {"move": "B2"})
        assert "played `b2`: a small on b2" in moved.content
        record = await discord.client.host.storage.game(1)  # type: ignore[attr-defined]
        assert moved.png() == render.board_png(
            engine.load_game(record.state), record.names, PICTURE_WORDS
        )


def test_a_game_is_gone_once_unregistered() -> None:
    assert "toy" not in engine.GAMES
    with pytest.raises(engine.InvalidOption, match="no game called 'toy'"):
        engine.new_game("toy", 2)
    with pytest.raises(LookupError, match="no picture is registered for the game 'toy'"):
        render.board_png(ToyGame(2, 1, {}), [], PICTURE_WORDS)


def test_every_hosted_game_has_a_picture() -> None:
    for name, info in engine.GAMES.items():
        assert render.board_png(
            engine.new_game(name, info.min_players), [], PICTURE_WORDS
        ).startswith(b"\x89PNG")
