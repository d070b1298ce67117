"""A move in words is said from the engine's description of it as data: in English it
reads exactly as the engine's own words, for every legal move of every game met in
random games, and in another language it goes through the catalogs."""

from __future__ import annotations

import random

import pytest

import engine
from bot.play.words.moves import move_text
from bot.play.words.text import Said, plain


def positions(name: str, seed: int, plies: int = 40) -> list[engine.Game]:
    """The positions of a random game of `name`, from its start."""
    chooser = random.Random(seed)
    game = engine.new_game(name, 2, seed=seed)
    seen = [game]
    for _ in range(plies):
        moves = game.legal_moves()
        if game.result is not None or not moves:
            break
        game = engine.load_game(game.to_json())
        game.play(chooser.choice(moves))
        seen.append(game)
    return seen


@pytest.mark.parametrize("name", sorted(engine.GAMES))
def test_every_legal_move_reads_as_the_engines_own_words_in_english(name: str) -> None:
    met = 0
    for seed in range(4):
        for game in positions(name, seed):
            for move in game.legal_moves():
                said = move_text(game, move)
                assert plain(said) == game.describe(move), (name, move)
                assert isinstance(said.segments[0], Said), f"{name} {move}: not from the catalogs"
                met += 1
    assert met > 100


def test_a_played_move_is_described_after_it_is_played() -> None:
    game = engine.new_game("folio", 2, seed=3)
    move = game.legal_moves()[0]
    done = game.play(move)
    assert plain(move_text(game, done)) == game.describe(done)
