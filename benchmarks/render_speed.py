"""How fast and how small our board pictures are, next to the usual chess-bot pipeline.

Renders the same 30 positions from random two-player Tink games with `render.board_png`
and with python-chess's SVG board (pieces on the same squares, the last move filled)
turned into a PNG by CairoSVG, both with squares of the same size, and prints the
median time per picture and the median PNG size for each. Times are CPU time of this
process, so that other work on a busy machine does not distort the comparison; wall
time is printed too.

The comparison needs two packages that the bot does not use; install them next to it:

    .venv/bin/pip install chess cairosvg
    sudo apt-get install libcairo2      # the C library CairoSVG draws with

Run with `.venv/bin/python benchmarks/render_speed.py`.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

import engine
import render
from render.tink import TINK

POSITIONS = 30
ROUNDS = 5
PLAYERS = ("Alice", "Bob")
CHESS_PIECE = {engine.Size.SMALL: "p", engine.Size.MEDIUM: "b", engine.Size.LARGE: "q"}


def tink_positions() -> list[engine.Game]:
    """Positions after a random number of random moves, from seeded games."""
    positions = []
    for seed in range(POSITIONS):
        chooser = random.Random(seed)
        game = engine.new_game("tink", 2, seed=seed)
        for _ in range(chooser.randrange(4, 40)):
            if game.result is not None:
                break
            game.play(chooser.choice(game.legal_moves()))
        positions.append(game)
    return positions


@dataclass(frozen=True)
class Figures:
    """Medians over every picture drawn."""

    cpu: float
    wall: float
    size: int

    def __str__(self) -> str:
        return (
            f"median {self.cpu * 1000:.2f} ms CPU ({self.wall * 1000:.2f} ms wall) per picture, "
            f"median PNG {self.size / 1000:.1f} kB"
        )


def measure(draw: Callable[[engine.Game], bytes], games: list[engine.Game]) -> Figures:
    """Draw every position several times over."""
    cpu, wall, sizes = [], [], []
    for _ in range(ROUNDS):
        for game in games:
            started, started_cpu = time.perf_counter(), time.process_time()
            data = draw(game)
            cpu.append(time.process_time() - started_cpu)
            wall.append(time.perf_counter() - started)
            sizes.append(len(data))
    return Figures(statistics.median(cpu), statistics.median(wall), round(statistics.median(sizes)))


def chess_pipeline() -> Callable[[engine.Game], bytes] | None:
    """python-chess + CairoSVG drawing a Tink position, or None when they are missing."""
    try:
        import cairosvg  # type: ignore[import-untyped]
        import chess
        import chess.svg
    except (ImportError, OSError) as error:
        print(f"chess pipeline skipped ({error}); see this script's docstring to install it")
        return None
    pixels = round(
        (8 * chess.svg.SQUARE_SIZE + 2 * chess.svg.MARGIN) * TINK.square / chess.svg.SQUARE_SIZE
    )

    def draw(game: engine.Game) -> bytes:
        view = game.view()
        board = chess.BaseBoard.empty()
        for name, piece in view.squares.items():
            symbol = CHESS_PIECE[piece.size]
            board.set_piece_at(
                chess.parse_square(name),
                chess.Piece.from_symbol(symbol.upper() if piece.colour == 0 else symbol),
            )
        last = [view.placed, *view.cleared] if view.placed else []
        fill = {chess.parse_square(name): "#56b4e980" for name in last}
        svg = chess.svg.board(board, fill=fill, size=pixels)
        png: bytes = cairosvg.svg2png(bytestring=svg.encode())
        return png

    return draw


def main() -> None:
    games = tink_positions()
    start = time.perf_counter()
    render.board_png(games[0], PLAYERS)
    first = time.perf_counter() - start
    ours = measure(lambda game: render.board_png(game, PLAYERS), games)
    print(f"positions: {POSITIONS} from random 2-player Tink games, {TINK.square} px squares")
    print(f"ours:  first picture {first * 1000:.0f} ms wall (palette and sprites made once)")
    print(f"ours:  {ours}")
    chess_draw = chess_pipeline()
    if chess_draw is None:
        return
    theirs = measure(chess_draw, games)
    print(f"chess: {theirs}")
    print(
        f"ours is {theirs.cpu / ours.cpu:.1f}x faster in CPU time (target 20x) and "
        f"{ours.size / theirs.size:.0%} of the size (target under 50%)"
    )


if __name__ == "__main__":
    main()
