"""Hypothesis strategies that play random games of any registered game through the public API."""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import strategies as st

import engine


@st.composite
def games(
    draw: st.DrawFn,
    name: str,
    players: int | None = None,
    max_plies: int = 80,
    forfeits: bool = True,
) -> engine.Game:
    """A game of `name` after a random number of random legal moves.

    With `forfeits`, a random seat now and then resigns (refusals are skipped), so
    multi-player forfeits are explored too.
    """
    info = engine.GAMES[name]
    count = players or draw(st.integers(info.min_players, info.max_players), label="players")
    game = engine.new_game(name, count, seed=draw(st.integers(0, 2**32 - 1), label="seed"))
    for _ in range(draw(st.integers(0, max_plies), label="plies")):
        moves = game.legal_moves()
        if game.result is not None or not moves:
            break
        if forfeits and draw(st.integers(0, 40)) == 0:
            seat = draw(st.integers(0, count - 1))
            try:
                game.forfeit(seat, engine.Ending.RESIGNATION)
            except engine.IllegalMove:
                continue
        else:
            game.play(draw(st.sampled_from(moves)))
    return game


OPTIONS = {
    "tink": st.fixed_dictionaries({"repetition_draw": st.booleans()}),
    "tingle": st.fixed_dictionaries({"repetition_draw": st.booleans()}),
    "folio": st.fixed_dictionaries(
        {
            "grid": st.sampled_from(["floating", "fixed", "none"]),
            "extras": st.sampled_from(["RS YM GL BM", "random"]),
        }
    ),
    "bridge": st.fixed_dictionaries(
        {"win": st.sampled_from(["instant", "delayed"]), "rounds": st.integers(1, 3)}
    ),
}
"""Options worth varying, per game."""


@st.composite
def varied_games(draw: st.DrawFn, name: str, max_plies: int = 120) -> engine.Game:
    """A game of `name` with any options and player count after random legal moves."""
    info = engine.GAMES[name]
    players = draw(st.integers(info.min_players, info.max_players), label="players")
    seed = draw(st.integers(0, 2**32 - 1), label="seed")
    game = engine.new_game(name, players, seed=seed, **draw(OPTIONS[name], label="options"))
    for _ in range(draw(st.integers(0, max_plies), label="plies")):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(draw(st.sampled_from(moves)))
    return game


def replayed(game: engine.Game) -> Iterator[engine.Game]:
    """The game rebuilt from scratch: one object, yielded before and after each action."""
    copy = engine.new_game(game.name, game.players, seed=game.seed, **game.options)
    yield copy
    for action in game.actions:
        copy.apply(action)
        yield copy
