"""Pictures drawn in the bot's drawing processes: the same bytes as drawn here, in order,
boards apart from replays, replays capped, and a new process when one dies."""

from __future__ import annotations

import asyncio
import os
import random
import signal
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

import engine
import render
from bot.play.words.pictures import picture_words
from bot.workers.drawing import DrawingError, DrawingProcess

PICTURE_WORDS = picture_words("en")

NAMES = ["Alice", "Bob"]


def played(name: str, moves: int, seed: int = 1) -> engine.Game:
    """A game of `name` after up to `moves` random moves."""
    game = engine.new_game(name, 2, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.result is not None:
            break
        game.play(rng.choice(game.legal_moves()))
    return game


pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def shared() -> AsyncIterator[DrawingProcess]:
    """One drawing process for the tests that leave it running."""
    process = DrawingProcess()
    await process.start()
    yield process
    await process.close()


@pytest_asyncio.fixture(loop_scope="module")
async def drawing() -> AsyncIterator[DrawingProcess]:
    """A drawing process of the test's own."""
    process = DrawingProcess()
    await process.start()
    yield process
    await process.close()


@pytest.mark.parametrize("name", sorted(engine.GAMES))
async def test_a_board_is_drawn_as_it_would_be_here(shared: DrawingProcess, name: str) -> None:
    game = played(name, 9)
    assert await shared.board_png(game, NAMES) == render.board_png(game, NAMES, PICTURE_WORDS)


async def test_a_replay_is_drawn_as_it_would_be_here(shared: DrawingProcess) -> None:
    game = played("folio", 6)
    assert await shared.replay_gif(game, NAMES, max_frames=50) == render.replay_gif(
        game, NAMES, PICTURE_WORDS
    )


async def test_pictures_asked_for_at_once_come_back_to_whoever_asked(
    shared: DrawingProcess,
) -> None:
    games = [played("tink", moves, seed=moves) for moves in range(24)]
    pictures = await asyncio.gather(*(shared.board_png(game, NAMES) for game in games))
    assert pictures == [render.board_png(game, NAMES, PICTURE_WORDS) for game in games]
    assert len(set(pictures)) == len(games)


async def test_a_failed_picture_says_why_and_the_next_one_is_drawn(
    shared: DrawingProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = played("bridge", 3)
    monkeypatch.setattr(broken, "to_json", lambda: "{}")
    with pytest.raises(DrawingError, match="that saved game cannot be read"):
        await shared.replay_gif(broken, NAMES, max_frames=50)
    game = played("bridge", 4)
    assert await shared.board_png(game, NAMES) == render.board_png(game, NAMES, PICTURE_WORDS)


async def test_when_the_process_dies_a_new_one_draws_the_next_picture(
    drawing: DrawingProcess,
) -> None:
    game = played("tingle", 5)
    first = drawing.pid
    assert first is not None
    os.kill(first, signal.SIGSTOP)  # the picture asked for below stays unanswered
    # The process dies once that picture has been asked for and waits for its answer.
    asyncio.get_running_loop().call_soon(os.kill, first, signal.SIGKILL)
    with pytest.raises(DrawingError, match="stopped"):
        await drawing.board_png(played("tink", 40), NAMES)
    assert await drawing.board_png(game, NAMES) == render.board_png(game, NAMES, PICTURE_WORDS)
    assert drawing.pid not in (None, first)


async def test_closing_waits_for_the_pictures_asked_for_then_ends_the_process_for_good() -> None:
    drawing = DrawingProcess()
    await drawing.start()
    pid = drawing.pid
    assert pid is not None
    game = played("tink", 7)
    picture = asyncio.ensure_future(drawing.board_png(game, NAMES))
    await asyncio.sleep(0)
    await drawing.close()
    assert picture.done() and picture.result() == render.board_png(game, NAMES, PICTURE_WORDS)
    assert drawing.pid is None
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)
    with pytest.raises(DrawingError, match="closed"):
        await drawing.board_png(game, NAMES)
    assert drawing.pid is None


async def test_closing_ends_a_process_whose_answers_no_one_reads_any_more() -> None:
    """As when every task of a closing bot is cancelled: the answers stay unread."""
    drawing = DrawingProcess()
    await drawing.start()
    game = played("tink", 9)
    pictures = [
        asyncio.ensure_future(drawing.replay_gif(game, NAMES, max_frames=50)) for _ in range(12)
    ]
    lane = drawing._replays
    while lane.pid is None:  # the replay process starts with the first replay asked for
        await asyncio.sleep(0.01)
    pid = lane.pid
    assert pid is not None and lane._worker is not None
    lane._worker._reading.cancel()
    await asyncio.wait_for(drawing.close(), 10)
    for picture in pictures:
        picture.cancel()
    await asyncio.sleep(0.1)
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


async def test_a_board_picture_never_waits_behind_a_replay(shared: DrawingProcess) -> None:
    replay = asyncio.ensure_future(shared.replay_gif(played("tink", 60), NAMES, max_frames=100))
    game = played("folio", 5)
    board = await shared.board_png(game, NAMES)
    assert not replay.done()
    assert board == render.board_png(game, NAMES, PICTURE_WORDS)
    assert (await replay).startswith(b"GIF8")
    assert shared.replay_pid not in (None, shared.pid)


async def test_a_replay_is_capped_in_frames_as_asked(shared: DrawingProcess) -> None:
    game = played("tink", 30)
    capped = await shared.replay_gif(game, NAMES, max_frames=8)
    assert capped == render.replay_gif(game, NAMES, PICTURE_WORDS, max_frames=8)
    assert capped != render.replay_gif(game, NAMES, PICTURE_WORDS)
