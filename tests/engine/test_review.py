"""`engine.review`: each move's missed wins in one, the wins in one it handed over and the
forced wins in two it let the next player have."""

from __future__ import annotations

import random
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.review import forced_wins_in_two
from tests.engine.strategies import OPTIONS, varied_games
from tests.profiles import examples


def played(name: str, moves: str, players: int = 2, **options: object) -> engine.Game:
    game = engine.new_game(name, players, seed=3, **options)
    for move in moves.split(", "):
        game.play(move)
    return game


def test_a_missed_win_and_a_threat_left_open_are_named() -> None:
    game = played("tink", "S c3, S a8, S d3, S h8, S e3, S a6, S a1, S b3")
    reviews = engine.review(game)
    assert [(r.ply, r.seat, r.move) for r in reviews[4:]] == [
        (4, 0, "S e3"),
        (5, 1, "S a6"),
        (6, 0, "S a1"),
        (7, 1, "S b3"),
    ]
    assert [(r.missed_wins, r.allowed_wins) for r in reviews[4:]] == [
        ((), ()),
        ((), ("S b3", "S f3")),
        (("S b3", "S f3"), ()),
        ((), ("S f3",)),
    ]


def test_a_win_taken_is_not_a_miss() -> None:
    game = played("folio", "give RS, a1 give YS, b1 give GS, c1 give BS, d1", grid="fixed")
    last = engine.review(game)[-1]
    assert (last.move, last.missed_wins, last.allowed_wins) == ("d1", (), ())
    assert engine.review(game)[-2].allowed_wins == ("d1",)


def test_forced_passes_and_resignations_are_not_reviewed() -> None:
    game = engine.new_game("tink", 3, seed=1)
    game.play("S d4")
    game.forfeit(2)
    game.play("S a1")
    assert [review.move for review in engine.review(game)] == ["S d4", "S a1"]


@settings(max_examples=examples(10))
@given(data=st.data())
def test_every_move_but_forced_passes_is_reviewed_with_its_mover(data: st.DataObject) -> None:
    game = data.draw(varied_games(data.draw(st.sampled_from(list(OPTIONS)))))
    reviews = engine.review(game)
    moves = [move for move in game.history if move != "pass"]
    assert [review.move for review in reviews] == moves
    for review in reviews:
        assert review.seat == game.movers[review.ply]


def test_a_move_that_lets_the_next_player_open_a_double_threat_is_marked() -> None:
    # After S a7, S e3 (or S b3) makes c3-d3-e3 open at both ends: two threats, one block.
    reviews = engine.review(played("tink", "S c3, S a8, S d3, S a7, S h1"))
    assert [(r.move, r.allowed_forced_wins) for r in reviews[2:]] == [
        ("S d3", ()),
        ("S a7", ("S b3", "S e3")),
        ("S h1", ()),
    ]
    assert [r.allowed_wins for r in reviews] == [()] * 5


def test_a_threat_that_one_move_blocks_is_not_a_forced_win() -> None:
    game = played("tink", "S c3, S a8, S d3, S b3")
    assert forced_wins_in_two(game) == ()
    assert engine.review(game)[-1].allowed_forced_wins == ()


def test_no_forced_win_when_the_opponent_wins_in_one_first() -> None:
    # Seat 0 could open c3-d3-e3, but seat 1 then completes a5-a8.
    game = played("tink", "S c3, S a8, S d3, S a7, S h1, S a6")
    assert game.search_wins() == []
    assert forced_wins_in_two(game) == ()
    assert engine.review(game)[-1].allowed_forced_wins == ()


def test_a_win_in_one_is_marked_as_such_not_as_a_forced_win() -> None:
    last = engine.review(played("tink", "S c3, S a8, S d3, S h8, S e3, S a6"))[-1]
    assert last.allowed_wins == ("S b3", "S f3") and last.allowed_forced_wins == ()


def test_with_three_players_a_forced_win_needs_two_to_answer_and_is_not_claimed() -> None:
    assert forced_wins_in_two(played("tink", "S c3, S a8, S h8, S d3, S a1, S h1", 3)) == ()


def test_the_forced_wins_listed_can_be_capped() -> None:
    game = played("tink", "S c3, S a8, S d3, S a7")
    assert forced_wins_in_two(game, most=1) == ("S b3",)
    assert engine.review(game, most_forced_wins=1)[-1].allowed_forced_wins == ("S b3",)


def test_a_capped_reading_marks_the_latest_moves_first() -> None:
    game = played("tink", "S c3, S a8, S d3, S h8, S c4, S a1")
    marked = [r.ply for r in engine.review(game) if r.allowed_forced_wins]
    assert marked == [3, 5]
    assert [r.allowed_forced_wins for r in engine.review(game, forced_win_pushes=0)] == [()] * 6
    low, high = 0, 10_000  # the fewest pushes that read the last position: in (low, high]
    while high - low > 1:
        middle = (low + high) // 2
        if engine.review(game, forced_win_pushes=middle)[5].allowed_forced_wins:
            high = middle
        else:
            low = middle
    pushes = high
    capped = engine.review(game, forced_win_pushes=pushes)
    assert [r.ply for r in capped if r.allowed_forced_wins] == [5]
    assert [r.allowed_wins for r in capped] == [r.allowed_wins for r in engine.review(game)]


def forced_wins_by_the_rules(game: engine.Game) -> set[str]:
    """Forced wins in two found the slow way, through the move API on replayed games."""

    def after(position: engine.Game, move: str) -> engine.Game:
        copy = engine.load_game(position.to_json())
        copy.play(move)
        return copy

    def answered(threat: engine.Game) -> Iterator[engine.Game]:
        if threat.to_move == seat:
            yield threat
        else:
            yield from (after(threat, reply) for reply in threat.legal_moves())

    seat = game.to_move
    if seat is None or game.winning_moves():
        return set()
    forcing = set()
    for move in game.legal_moves():
        threat = after(game, move)
        if threat.result is None and all(
            a.result is None and a.to_move == seat and a.winning_moves() for a in answered(threat)
        ):
            forcing.add(move)
    return forcing


def random_folio_positions(count: int) -> Iterator[engine.Game]:
    for seed in range(count):
        rng = random.Random(seed)
        game = engine.new_game("folio", 2, seed=seed, grid="fixed")
        for _ in range(rng.randrange(6, 14)):
            if game.result is None:
                game.play(rng.choice(game.legal_moves()))
        yield game


def test_forced_wins_in_two_agree_with_the_rules() -> None:
    tink = (
        "S c3, S a8, S d3, S a7",
        "S c3, S a8, S d3, S b3",
        "S c3, S a8, S d3, S a7, S h1, S a6",
    )
    positions = [*(played("tink", moves) for moves in tink), *random_folio_positions(40)]
    found = [forced_wins_in_two(game) for game in positions]
    assert [set(f) for f in found] == [forced_wins_by_the_rules(game) for game in positions]
    assert sum(1 for f in found if f) >= 2 and not all(found)
