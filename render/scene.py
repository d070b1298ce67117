"""What every game's picture says the same way: names, headline, highlights, seat lines;
and which function makes each game's scene."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

import engine
from render.lettering import isolated, printable
from render.model import Marks, Scene, Seat
from render.sprites import Look
from render.words import Label, PictureWords

SceneMaker = Callable[[engine.Game, Sequence[str], PictureWords], Scene]
"""Makes a game's scene from the game, one drawable name per seat and the words to say."""

_MAKERS: dict[str, SceneMaker] = {}


def register_scene(name: str) -> Callable[[SceneMaker], SceneMaker]:
    """Decorator: the function makes the scene of the game called `name` in `engine.GAMES`."""

    def registered(maker: SceneMaker) -> SceneMaker:
        if _MAKERS.setdefault(name, maker) is not maker:
            raise ValueError(f"the game {name!r} has a picture already")
        return maker

    return registered


def unregister_scene(name: str) -> None:
    """Forget a game's scene maker: the opposite of `register_scene`."""
    del _MAKERS[name]


def scene_maker(name: str) -> SceneMaker:
    """The registered scene maker of a game."""
    try:
        return _MAKERS[name]
    except KeyError:
        raise LookupError(f"no picture is registered for the game {name!r}") from None


def drawable_names(game: engine.Game, names: Sequence[str], words: PictureWords) -> tuple[str, ...]:
    """One drawable name per seat; `Player N` where a name is missing or unprintable.

    Each name keeps its own direction in sentences: an Arabic or Hebrew name in the
    headline does not turn the words around it.
    """
    return tuple(
        isolated(printable(names[seat] if seat < len(names) else "", words.player(seat + 1)))
        for seat in range(game.players)
    )


def headline(game: engine.Game, names: Sequence[str], words: PictureWords) -> str:
    """The result once the game is over, else the last move, else the game's title."""
    result = game.result
    if result is not None:
        if result.is_draw:
            return words.drawn(result.ending)
        return words.won([names[seat] for seat in result.winners], result.ending)
    if game.history:
        return words.moved(len(game.history), game.history[-1])
    return words.new_game(game.info.title)


def board_marks(view: engine.BoardView) -> dict[str, Marks]:
    """The last move's squares and the winning line or bridge."""
    last = set(view.cleared) if view.placed is None else {view.placed, *view.cleared}
    won = set(view.highlight)
    return {square: Marks(last=square in last, win=square in won) for square in last | won}


def seat_lines(
    game: engine.Game,
    view: engine.BoardView,
    names: Sequence[str],
    icon: Callable[[int], Look | None],
    stash: Callable[[int], tuple[tuple[Look, int], ...]],
    words: PictureWords,
    note: Callable[[int], str] = lambda seat: "",
) -> tuple[Seat, ...]:
    """One panel line per seat: whose turn it is, who won, who is out."""
    result = game.result
    lines = []
    for seat in range(game.players):
        won = result is not None and seat in result.winners
        status = (
            words.label(Label.WINS)
            if won
            else words.label(Label.OUT)
            if seat in view.out
            else note(seat)
        )
        lines.append(Seat(names[seat], icon(seat), game.to_move == seat, status, stash(seat), won))
    return tuple(lines)


def with_clocks(scene: Scene, clocks: Sequence[str | None]) -> Scene:
    """The scene with each seat's clock text, where given, after its note."""
    if not any(clocks):
        return scene
    seats = tuple(
        dataclasses.replace(seat, note=" · ".join(filter(None, (seat.note, clock))))
        for seat, clock in zip(scene.seats, (*clocks, *(None,) * len(scene.seats)), strict=False)
    )
    return dataclasses.replace(scene, seats=seats)
