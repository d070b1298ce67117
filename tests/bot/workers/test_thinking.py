"""The AI thinking in the bot's thinking processes: the same answers as here, as many
processes as asked thinking at once, a new process when one dies, and a clean close."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

import pytest

import ai
import engine
from bot.workers.thinking import ThinkingError, ThinkingProcesses

WINNABLE = ("S c3", "S a8", "S d3", "S h8", "S e3", "S b8")
"""Tink where the first player, to move, wins with b3 or f3."""


def position(moves: tuple[str, ...] = WINNABLE) -> engine.Game:
    game = engine.new_game("tink", 2, seed=4)
    for move in moves:
        game.play(move)
    return game


async def test_moves_and_judgements_are_those_of_the_ai_here() -> None:
    thinking = ThinkingProcesses()
    await thinking.start()
    try:
        game = position()
        state = game.to_json()
        assert await thinking.choose_move(state, "easy") == ai.choose_move(game, "easy")
        assert await thinking.evaluate(state, "hard", 0) == 1.0
        assert await thinking.evaluate(state, "hard", 1) == 0.0
        quiet = position(WINNABLE[:2]).to_json()
        assert await thinking.appraise(quiet, "review", "S h1") == ai.appraise(
            position(WINNABLE[:2]), "review", "S h1"
        )
        with pytest.raises(ThinkingError, match="no level called 'wise'"):
            await thinking.choose_move(state, "wise")
    finally:
        await thinking.close()


async def test_a_thought_cut_short_by_the_process_dying_fails_and_the_next_one_is_answered() -> (
    None
):
    thinking = ThinkingProcesses()
    await thinking.start()
    try:
        (first,) = thinking.pids
        opening = position(("S d4",)).to_json()
        os.kill(first, signal.SIGSTOP)  # the thought asked for below stays unanswered
        # The process dies once that thought has been asked for and waits for its answer.
        asyncio.get_running_loop().call_soon(os.kill, first, signal.SIGKILL)
        with pytest.raises(ThinkingError, match="stopped"):
            await thinking.choose_move(opening, "hard")
        assert await thinking.choose_move(position().to_json(), "hard") in ("S b3", "S f3")
        (second,) = thinking.pids
        assert second != first
    finally:
        await thinking.close()
    assert thinking.pids == []
    with pytest.raises(ThinkingError, match="closed"):
        await thinking.evaluate(position().to_json(), "easy", 0)


async def test_two_processes_think_about_two_positions_at_once_and_a_dead_one_is_replaced() -> None:
    thinking = ThinkingProcesses(2)
    await thinking.start()
    try:
        first, second = thinking.pids
        assert first != second
        os.kill(first, signal.SIGKILL)
        while first in thinking.pids:
            await asyncio.sleep(0.01)
        thoughts = [thinking.choose_move(position().to_json(), "easy") for _ in range(2)]
        assert set(await asyncio.gather(*thoughts)) <= {"S b3", "S f3"}
        now = thinking.pids
        assert len(now) == 2 and second in now and first not in now
        opening = position(("S d4",)).to_json()
        thinking_at_once = 0
        under_way = asyncio.gather(*(thinking.choose_move(opening, "medium") for _ in now))
        while not under_way.done():
            thinking_at_once = max(thinking_at_once, thinking_now(now))
            await asyncio.sleep(0.02)
        await under_way
        assert thinking_at_once == 2
    finally:
        await thinking.close()
    assert thinking.pids == []


def thinking_now(pids: list[int]) -> int:
    """How many of the processes are running on a core or waiting for one (Linux)."""
    states = [Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] for pid in pids]
    return states.count("R")


async def test_the_bots_turn_comes_before_reviews_waiting_for_a_process() -> None:
    """Two processes, four reviews' appraisals asked for at once, then a turn of the bot:
    the appraisals take one process between them, so the turn is thought about at once
    in the other, and done before the last appraisal."""
    thinking = ThinkingProcesses(2)
    await thinking.start()
    done: list[str] = []
    try:
        state = position(WINNABLE[:2]).to_json()

        async def appraised(index: int) -> None:
            await thinking.appraise(state, "review", "S h1")
            done.append(f"appraisal {index}")

        async def turn() -> None:
            await thinking.choose_move(state, "easy")
            done.append("turn")

        reviews = [asyncio.create_task(appraised(index)) for index in range(4)]
        await asyncio.sleep(0)
        await asyncio.gather(*reviews, turn())
    finally:
        await thinking.close()
    assert done.index("turn") < done.index("appraisal 3")
