"""Every reason the engine gives for refusing a move or an option reaches the player in
words of the catalogs, never as the engine's English."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import engine
from bot.play.words.reasons import MOVE_REASONS, OPTION_REASONS, reason_text, refusal_text
from bot.play.words.text import Name, Said, Text, plain

ENGINE = Path(engine.__file__).parent
SAMPLES = {"piece": "medium", "named": "small", "counted": "small", "typed": "xx"}
"""A value the engine may give for each part whose words are looked up by it."""
FOLIO_PIECE = {"square_first", "none_left"}
"""Reasons whose piece is one of Folio's (colour and size)."""


def raised_reasons() -> list[tuple[str, tuple[str, ...]]]:
    """Each `because(kind, english, **parts)` in the engine's source, its kind and parts;
    and each option value a game knows but refuses."""
    found = []
    for path in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "because":
                kind = node.args[0]
                if isinstance(kind, ast.Constant) and isinstance(kind.value, str):
                    found.append((kind.value, tuple(k.arg for k in node.keywords if k.arg)))
    refused = [r for info in engine.GAMES.values() for o in info.options for r in o.refusals]
    found += [(kind, ()) for _, kind, _ in refused]
    assert len(found) > 50 and refused
    return found


def said_messages(text: Text) -> list[str]:
    return [segment.message for segment in text.segments if isinstance(segment, Said)]


@pytest.mark.parametrize(("kind", "parts"), raised_reasons(), ids=lambda v: str(v))
def test_each_reason_the_engine_gives_is_said_from_the_catalogs(
    kind: str, parts: tuple[str, ...]
) -> None:
    assert kind in MOVE_REASONS or kind in OPTION_REASONS, f"no words for {kind!r}"
    values = {name: SAMPLES.get(name, "c3") for name in parts}
    if kind in FOLIO_PIECE:
        values["piece"] = "red small"
    words = {**MOVE_REASONS, **OPTION_REASONS}[kind]
    said = words(values)  # every part the words use is given
    assert said_messages(said), "a sentence of the catalogs"
    error = engine.ForbiddenMove.because(kind, "english", **values)
    assert "english" not in plain(refusal_text(error))


def test_a_move_refused_is_said_in_the_readers_words_and_stays_precise_in_english() -> None:
    game = engine.new_game("tink", 2, seed=1)
    game.play("S d4")
    with pytest.raises(engine.IllegalMove) as refused:
        game.play("M e5")
    assert str(refused.value) == "a medium needs two of your pieces to spend"
    said = reason_text(refused.value)
    assert said_messages(said) == ["{piece} needs two of your pieces to spend"]
    assert plain(said) == "a medium needs two of your pieces to spend"


def test_an_option_refused_is_a_sentence_and_an_unknown_reason_the_engines_english() -> None:
    with pytest.raises(engine.InvalidOption) as refused:
        engine.new_game("folio", 3, seed=1)
    assert plain(refusal_text(refused.value)) == "Folio is played by 2 players, not 3."
    unknown = engine.ForbiddenMove.because("a_kind_added_since", "the {thing} is odd", thing="x")
    assert reason_text(unknown) == Text((Name("the x is odd"),))
    assert plain(refusal_text(unknown)) == "The x is odd."
