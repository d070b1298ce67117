"""How fast and how small our board pictures are, next to the usual chess-bot pipeline.

Plays random two-player Tink games and draws the board after every move with
`render.board_png`, in the order a bot draws them (each picture once; the parts a move
leaves unchanged are reused from the pictures before). Every eighth of those positions is
also drawn by python-chess's SVG board (pieces on the same squares, the last move filled)
turned into a PNG by CairoSVG, with squares of the same size. Prints the median time per
picture and the median PNG size for each. Times are CPU time of this process, so that
other work on a busy machine does not distort the comparison; wall time is printed too.

It also prints what the bundled fonts cost (opening them, the memory they take, and the
time per picture with names in six scripts next to plain Latin names), and the replay
GIFs of a 100-move Tink game and a 300-move Bridge game: size and time per frame, drawn at
the board picture's full size and at the compact size replays use, side by side.

The comparison needs two packages that the bot does not use; install them next to it:

    .venv/bin/pip install chess cairosvg
    sudo apt-get install libcairo2      # the C library CairoSVG draws with

Run with `.venv/bin/python benchmarks/render_speed.py`.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

import engine
import render
from bot.play.words.pictures import picture_words
from render import lettering
from render.tink import TINK

PICTURE_WORDS = picture_words("en")

GAMES = 8
MOVES = 40
CHESS_EVERY = 8
PLAYERS = ("Alice", "Bob")
SCRIPTS = ("Zoë Ψυχή Дмитрий 🎲", "山田 محمد דוד")
"""Latin with diacritics, Greek, Cyrillic, emoji; CJK, Arabic, Hebrew."""
CHESS_PIECE = {engine.Size.SMALL: "p", engine.Size.MEDIUM: "b", engine.Size.LARGE: "q"}


def tink_positions(first_seed: int = 0, games: int = GAMES) -> list[engine.Game]:
    """The position after every move of seeded random games, in the order they are played."""
    positions = []
    for seed in range(first_seed, first_seed + games):
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
        import cairosvg
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


def resident_kib() -> int:
    """This process's resident memory in KiB (Linux), or 0 where it cannot be read."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024
    except OSError:
        return 0


def font_start_up() -> tuple[float, int]:
    """Wall seconds and KiB of memory to open every bundled font and find one glyph in each."""
    before, start = resident_kib(), time.perf_counter()
    for index in range(len(lettering.FACES)):
        for size in (render.FULL.text_size, render.FULL.small_size):
            lettering.face(index, size)
    lettering.line("".join(SCRIPTS), render.FULL.text_size)
    return time.perf_counter() - start, resident_kib() - before


def played(name: str, actions: int, first_seed: int = 0, **options: object) -> engine.Game:
    """The first seeded random 2-player game from `first_seed` on that lasts `actions`
    actions, cut there."""
    for seed in range(first_seed, first_seed + 1000):
        game = engine.new_game(name, 2, seed=seed, **options)
        chooser = random.Random(seed)
        while game.result is None and len(game.actions) < actions:
            game.play(chooser.choice(game.legal_moves()))
        if len(game.actions) == actions:
            return game
    raise RuntimeError(f"no random {name} game lasts {actions} actions")


REPLAY_LAYOUTS = {"full": render.FULL, "compact": render.COMPACT}
REPLAY_TARGETS = "targets: Tink <= 1.5 KiB and 1.5 ms CPU a frame, Bridge 300 moves < 400 KB"


def replay_figures(label: str, games: tuple[engine.Game, engine.Game]) -> None:
    """Size and time per frame of the replays of two games at each layout: the first drawn
    first in this process (the palette, tiles and their differences made on the way), the
    other next (what the first made reused, its own captions and squares new)."""
    for when, game in zip(("first", "next"), games, strict=True):
        frames = len(game.actions) + 1
        for size, layout in REPLAY_LAYOUTS.items():
            started, started_cpu = time.perf_counter(), time.process_time()
            data = render.replay_gif(game, PLAYERS, PICTURE_WORDS, layout=layout)
            cpu, wall = time.process_time() - started_cpu, time.perf_counter() - started
            print(
                f"replay {label}, {size:7}, {when}: {frames} frames, "
                f"{len(data) / 1024 / frames:.2f} KiB and {cpu * 1000 / frames:.2f} ms CPU "
                f"({wall * 1000 / frames:.2f} ms wall) a frame, "
                f"{len(data) / 1024:.0f} KiB ({len(data) / 1000:.0f} kB) in {cpu:.2f} s"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--quick",
        action="store_true",
        help="one game and short replays, without the chess comparison: checks it runs",
    )
    quick = parser.parse_args().quick
    seconds, kib = font_start_up()
    print(f"fonts: {seconds * 1000:.1f} ms to open all {len(lettering.FACES)}, {kib} KiB memory")
    games = tink_positions(games=1 if quick else GAMES)
    start = time.perf_counter()
    render.board_png(engine.new_game("tink", 2, seed=GAMES), PLAYERS, PICTURE_WORDS)
    first = time.perf_counter() - start
    ours = measure(lambda game: render.board_png(game, PLAYERS, PICTURE_WORDS), games)
    scripts = measure(
        lambda game: render.board_png(game, SCRIPTS, PICTURE_WORDS), tink_positions(GAMES + 1)
    )
    print(
        f"positions: {len(games)} from {GAMES} random 2-player Tink games (chess: every "
        f"{CHESS_EVERY}th), {TINK.square} px squares"
    )
    print(f"ours:  first picture {first * 1000:.0f} ms wall (palette and sprites made once)")
    print(f"ours:  {ours}")
    print(f"ours, names in six scripts and emoji (other games): {scripts}")
    print(f"replays ({REPLAY_TARGETS}):")
    tink, bridge_moves = (10, 20) if quick else (100, 300)
    replay_figures(
        f"Tink, {tink} moves", (played("tink", tink), played("tink", tink, first_seed=50))
    )
    bridge = {"rounds": 50, "repetition_draw": False}
    replay_figures(
        f"Bridge, {bridge_moves} moves",
        (
            played("bridge", bridge_moves, **bridge),
            played("bridge", bridge_moves, first_seed=50, **bridge),
        ),
    )
    chess_draw = None if quick else chess_pipeline()
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
