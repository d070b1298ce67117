"""How fast and how small our board pictures are, next to the usual chess-bot pipeline.

Plays random two-player Tink games and draws the board after every move with
`render.board_png`, in the order a bot draws them (each picture once; the parts a move
leaves unchanged are reused from the pictures before). Every eighth of those positions is
also drawn by python-chess's SVG board (pieces on the same squares, the last move filled)
turned into a PNG by CairoSVG, with squares of the same size. Prints the median time per
picture and the median PNG size for each. Times are CPU time of this process, so that
other work on a busy machine does not distort the comparison; wall time is printed too.

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

GAMES = 8
MOVES = 40
CHESS_EVERY = 8
PLAYERS = ("Alice", "Bob")
CHESS_PIECE = {engine.Size.SMALL: "p", engine.Size.MEDIUM: "b", engine.Size.LARGE: "q"}


def tink_positions() -> list[engine.Game]:
    """The position after every move of seeded random games, in the order they are played."""
    positions = []
    for seed in range(GAMES):
        chooser = random.Random(seed)
        game = engine.new_game("tink", 2, seed=seed)
        while game.result is None and len(game.history) < MOVES:
            game.play(chooser.choice(game.legal_moves()))
            positions.append(engine.load_game(game.to_json()))
    return positions


@dataclass(frozen=True)
class Figures:
    """Medians over the pictures drawn."""

    cpu: float
    wall: float
    size: int

    def __str__(self) -> str:
        return (
            f"median {self.cpu * 1000:.2f} ms CPU ({self.wall * 1000:.2f} ms wall) per picture, "
            f"median PNG {self.size / 1000:.1f} kB"
        )


def measure(draw: Callable[[engine.Game], bytes], games: list[engine.Game]) -> Figures:
    """Draw every position once, in order."""
    cpu, wall, sizes = [], [], []
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
    render.board_png(engine.new_game("tink", 2, seed=GAMES), PLAYERS)
    first = time.perf_counter() - start
    ours = measure(lambda game: render.board_png(game, PLAYERS), games)
    print(
        f"positions: {len(games)} from {GAMES} random 2-player Tink games (chess: every "
        f"{CHESS_EVERY}th), {TINK.square} px squares"
    )
    print(f"ours:  first picture {first * 1000:.0f} ms wall (palette and sprites made once)")
    print(f"ours:  {ours}")
    chess_draw = chess_pipeline()
    if chess_draw is None:
        return
    theirs = measure(chess_draw, games[::CHESS_EVERY])
    print(f"chess: {theirs}")
    print(
        f"ours is {theirs.cpu / ours.cpu:.1f}x faster in CPU time (target 20x) and "
        f"{ours.size / theirs.size:.0%} of the size (target under 50%)"
    )


if __name__ == "__main__":
    main()
