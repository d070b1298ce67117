"""The AI's promises: legal, harmless, repeatable moves; wins taken; threats blocked."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from types import MappingProxyType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ai
import engine
from ai import _pick, _unrepeated
from ai.mcts import Node, Search
from ai.policy import policy
from ai.tactics import has_safe_move, read
from tests.engine.strategies import OPTIONS, varied_games
from tests.engine.test_bridge import won_round_one
from tests.profiles import examples

TINY = MappingProxyType({"default": 12})


@pytest.fixture(autouse=True)
def tiny_budgets(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every level thinks a few iterations only, keeping its deliberate mistakes."""
    for name, level in ai.SETTINGS.items():
        monkeypatch.setitem(ai.SETTINGS, name, replace(level, iterations=TINY))
    yield


def played(name: str, moves: str, players: int = 2, **options: object) -> engine.Game:
    game = engine.new_game(name, players, seed=3, **options)
    for move in moves.split(", "):
        game.play(move)
    return game


@pytest.mark.parametrize("name", OPTIONS)
@settings(max_examples=examples(15))
@given(data=st.data())
def test_a_move_is_legal_leaves_the_game_alone_and_repeats_with_its_seed(
    name: str, data: st.DataObject
) -> None:
    game = data.draw(varied_games(name))
    if game.result is not None:
        return
    level = data.draw(st.sampled_from(ai.LEVELS))
    seed = data.draw(st.integers(0, 2**31))
    before = game.to_json()
    move = ai.choose_move(game, level, seed=seed)
    assert move in game.legal_moves()
    assert game.to_json() == before
    assert ai.choose_move(engine.load_game(before), level, seed=seed) == move
    assert ai.choose_move(game, level, seed=seed) == move


@pytest.mark.parametrize("level", ai.LEVELS)
def test_every_level_takes_a_win_in_one(level: str) -> None:
    game = played("tink", "S c3, S a8, S d3, S h8, S e3, S a6")
    assert ai.choose_move(game, level) in {"S b3", "S f3"}
    assert ai.evaluate(game, level) == 1.0


SINGLE_THREAT = "S c3, S b3, S d3, S h8, S e3"
"""The first seat threatens four in a row on f3 only; the second seat is to move."""


@pytest.mark.parametrize("level", ["medium", "hard"])
@pytest.mark.parametrize("seed", range(5))
def test_a_single_threat_of_a_win_in_one_is_blocked(level: str, seed: int) -> None:
    game = played("tink", SINGLE_THREAT)
    assert ai.choose_move(game, level, seed=seed).split()[1] == "f3"


LINE_RUSH = "S c3, S c4, S d4"
"""Two in a diagonal: unless the second seat plays b2 or e5, the first makes an open three
next, a double threat no move stops."""


@pytest.mark.parametrize("seed", range(5))
def test_hard_stops_an_open_two_from_becoming_a_double_threat(seed: int) -> None:
    game = played("tink", LINE_RUSH)
    assert ai.choose_move(game, "hard", seed=seed) in {"S b2", "S e5"}


def test_a_block_is_missed_only_as_often_as_the_level_says(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = played("tink", SINGLE_THREAT)
    monkeypatch.setitem(ai.SETTINGS, "easy", replace(ai.SETTINGS["easy"], miss_block=1.0))
    assert ai.choose_move(game, "easy").split()[1] != "f3"
    monkeypatch.setitem(ai.SETTINGS, "easy", replace(ai.SETTINGS["easy"], miss_block=0.0))
    assert ai.choose_move(game, "easy").split()[1] == "f3"


def test_a_double_threat_is_judged_lost() -> None:
    game = played("tink", "S c3, S a8, S d3, S h8, S e3")
    assert ai.evaluate(game, "hard") == 0.0


def test_another_seat_is_judged_from_its_own_side() -> None:
    lost = played("tink", "S c3, S a8, S d3, S h8, S e3")
    assert ai.evaluate(lost, "hard", seat=0) == 1.0
    winning = played("tink", "S c3, S a8, S d3, S h8, S e3, S b7")
    assert ai.evaluate(winning, "easy", seat=1) == 0.0


@pytest.mark.parametrize("level", ["medium", "hard"])
@pytest.mark.parametrize("seed", range(3))
def test_folio_never_gives_a_piece_that_wins_at_once(level: str, seed: int) -> None:
    game = played("folio", "give RS, a1 give YS, b1 give GS", grid="fixed")
    assert hands_over_a_win(game, "c1 give BS")
    assert not hands_over_a_win(game, ai.choose_move(game, level, seed=seed))


@settings(max_examples=examples(20))
@given(data=st.data())
def test_folio_gives_a_winning_piece_only_when_every_give_is_one(data: st.DataObject) -> None:
    game = data.draw(varied_games("folio"))
    if game.result is not None:
        return
    move = ai.choose_move(game, "hard", seed=1)
    if not hands_over_a_win(game, move):
        return
    assert all(hands_over_a_win(game, other) for other in game.legal_moves())


def hands_over_a_win(game: engine.Game, move: str) -> bool:
    after = game.search_copy()
    after.play(move)
    return bool(after.winning_moves())


CORNERING = (
    "give RS, a4 give RM, b2 give GM, c3 give GS, b3 give YL, c1 give BL, d1 give GL, "
    "d2 give GL, a2 give RL, c2 give YM, c4 give BM, d3 give YM, d4 give RS"
)
"""A fixed-grid Folio position where placing the red small on b1 or b4 and giving the
yellow small leaves the other player only moves that hand over a win in one."""


def test_folio_a_player_left_only_moves_that_hand_over_a_win_is_cornered() -> None:
    game = played("folio", CORNERING, grid="fixed")
    assert has_safe_move(game.search_copy())
    cornered = game.search_copy()
    cornered.play("b1 give YS")
    assert not has_safe_move(cornered)
    assert all(hands_over_a_win(cornered, move) for move in cornered.legal_moves())


@pytest.mark.parametrize("seed", range(3))
def test_folio_search_proves_a_cornering_move_won_as_soon_as_it_tries_it(seed: int) -> None:
    game = played("folio", CORNERING, grid="fixed")
    safe = read(game).safe
    search = Search(game, safe, policy("folio"), random.Random(seed), exploration=0.7)
    search.run(len(safe))
    won = {game.search_text(node.move) for node in search.root.children if node.proven == (1, 0)}
    assert won and won <= {"b1 give YS", "b4 give YS"}
    assert search.root.proven == (1, 0)
    assert ai.choose_move(game, "hard", seed=seed) in won


def test_folio_opening_give_is_answered() -> None:
    game = engine.new_game("folio", 2, seed=1)
    assert ai.choose_move(game, "hard").startswith("give ")


@pytest.mark.parametrize("level", ai.LEVELS)
def test_bridge_loser_chooses_who_starts_the_next_round(level: str) -> None:
    game = won_round_one(rounds=2)
    assert ai.choose_move(game, level) in ("first", "second")
    assert 0.0 <= ai.evaluate(game, level) <= 1.0


@pytest.mark.parametrize("players", [3, 4])
def test_tink_with_more_players_gets_a_move(players: int) -> None:
    game = engine.new_game("tink", players, seed=5)
    for _ in range(3 * players):
        game.play(ai.choose_move(game, "easy"))
    assert game.result is None or game.result.winners


def _ranked(game: engine.Game, *values: tuple[str, float]) -> list[Node]:
    """Searched moves as the search ranks them, from (move, value for the mover) pairs."""
    by_text = {game.search_text(move): move for move in game.search_moves()}
    nodes = []
    for visits, (text, value) in zip(range(100, 0, -10), values, strict=False):
        node = Node(by_text[text], 2)
        node.visits, node.totals = visits, [value * visits, (1 - value) * visits]
        nodes.append(node)
    return nodes


@pytest.mark.parametrize(
    ("best", "other", "played"),
    [(0.8, 0.75, "c1-b3"), (0.8, 0.65, "c1-d3"), (0.55, 0.55, "c1-d3")],
)
def test_a_side_ahead_plays_on_rather_than_repeat_a_position(
    best: float, other: float, played: str
) -> None:
    game = engine.new_game("bridge", 2, seed=1)
    for move in ("c1-d3", "c8-d6", "d3-c1", "d6-c8"):
        game.play(move)
    ranked = _ranked(game, ("c1-d3", best), ("c1-b3", other))
    assert game.search_text(_unrepeated(game, ranked, ranked[0]).move) == played


def test_a_level_with_a_temperature_picks_an_unsearched_move_when_it_is_all_there_is() -> None:
    game = engine.new_game("tink", 2, seed=1)
    (node,) = _ranked(game, (game.legal_moves()[0], 0.5))
    node.visits, node.totals = 0, [0.0, 0.0]
    assert ai.SETTINGS["medium"].temperature > 0
    assert _pick([node], 0, ai.SETTINGS["medium"], random.Random(1)) is node


def test_an_unknown_level_is_refused_in_one_sentence() -> None:
    game = engine.new_game("tink", 2, seed=1)
    with pytest.raises(ValueError, match=r"^there is no level called 'expert'[^.]*$"):
        ai.choose_move(game, "expert")


def test_a_finished_game_is_refused() -> None:
    game = played("tink", "S c3, S a8, S d3, S h8, S e3, S a6, S b3")
    with pytest.raises(ValueError, match="the game is over"):
        ai.choose_move(game, "hard")
    with pytest.raises(ValueError, match="the game is over"):
        ai.evaluate(game, "hard")


def test_a_level_needs_a_budget() -> None:
    with pytest.raises(ValueError):
        ai.Level(MappingProxyType({"tink": 10}))


def test_folio_opening_moves_think_with_a_share_of_the_budget_growing_with_the_pieces() -> None:
    folio = policy("folio")
    game = engine.new_game("folio", 2, seed=3)
    seen = {}
    while game.result is None:
        seen[len(game.view().squares)] = folio.budget(game, 6000)
        game.play(game.legal_moves()[0])
    assert seen[0] == 1500
    assert [seen[placed] for placed in sorted(seen)] == [
        min(6000, round(6000 * (0.25 + 0.75 * placed / 8))) for placed in sorted(seen)
    ]
    settled = replace(folio, settled_at=2)
    assert [settled.budget(_with_pieces(placed), 6000) for placed in (0, 1, 2, 3)] == [
        1500,
        3750,
        6000,
        6000,
    ]
    assert policy("tink").budget(engine.new_game("tink", 2, seed=3), 6000) == 6000


def _with_pieces(count: int) -> engine.Game:
    game = engine.new_game("folio", 2, seed=3)
    while len(game.view().squares) < count:
        game.play(game.legal_moves()[0])
    return game


def replayed(seed: int, moves: str) -> engine.Game:
    game = engine.new_game("tink", 2, seed=seed, repetition_draw=True)
    for move in moves.split(", "):
        game.play(move)
    return game


def after(game: engine.Game, move: str) -> engine.Game:
    following = engine.load_game(game.to_json())
    following.play(move)
    return following


@pytest.mark.parametrize("seed", range(4))
def test_hard_hands_over_no_forced_win_in_two_where_a_move_avoids_one(seed: int) -> None:
    game = replayed(
        110,
        "S e4, S d5, S e3, S e5, S f5, S d3, S d4, S c5, S b5, S c4, M f4 e4 f5, M e4 d3 e5, "
        "S f2, S g1, S c6, S d7, M e2 f2 e3, M b4 c4 c5, S e6, S d6, S d8, S c5, M e7 e6 d8, "
        "M e5 d5 d6, S d3, L d5 e4 e5",
    )
    assert engine.forced_wins_in_two(after(game, "S f5")), "the move it once played"
    move = ai.choose_move(game, "hard", seed=seed)
    assert not engine.forced_wins_in_two(after(game, move))
