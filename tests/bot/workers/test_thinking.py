"""The AI thinking in the bot's thinking process: the same answers as here, a new process
when the old one dies, and a clean close."""

from __future__ import annotations

import asyncio
import os
import signal

import pytest

import ai
import engine
from bot.workers.thinking import ThinkingError, ThinkingProcess

WINNABLE = ("S c3", "S a8", "S d3", "S h8", "S e3", "S b8")
"""Tink where the first player, to move, wins with b3 or f3."""


def position(moves: tuple[str, ...] = WINNABLE) -> engine.Game:
    game = engine.new_game("tink", 2, seed=4)
    for move in moves:
        game.play(move)
    return game


async def test_moves_and_judgements_are_those_of_the_ai_here() -> None:
    thinking = ThinkingProcess()
    await thinking.start()
    try:
        game = position()
        state = game.to_json()
        assert await thinking.choose_move(state, "easy") == ai.choose_move(game, "easy")
        assert await thinking.evaluate(state, "hard", 0) == 1.0
        assert await thinking.evaluate(state, "hard", 1) == 0.0
        with pytest.raises(ThinkingError, match="no level called 'wise'"):
            await thinking.choose_move(state, "wise")
    finally:
        await thinking.close()


async def test_a_thought_cut_short_by_the_process_dying_fails_and_the_next_one_is_answered() -> (
    None
):
    thinking = ThinkingProcess()
    await thinking.start()
    try:
        first = thinking.pid
        assert first is not None
        opening = position(("S d4",)).to_json()
        in_flight = asyncio.ensure_future(thinking.choose_move(opening, "hard"))
        await asyncio.sleep(0.1)
        os.kill(first, signal.SIGKILL)
        with pytest.raises(ThinkingError, match="stopped"):
            await in_flight
        assert await thinking.choose_move(position().to_json(), "hard") in ("S b3", "S f3")
        assert thinking.pid not in (None, first)
    finally:
        await thinking.close()
    assert thinking.pid is None
    with pytest.raises(ThinkingError, match="closed"):
        await thinking.evaluate(position().to_json(), "easy", 0)
