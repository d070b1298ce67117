"""The Game base: the action log, JSON round trip, take back, forfeit, agreed draw, events."""

from __future__ import annotations

import json

import pytest

import engine
from engine import IllegalMove, InvalidOption


def started(*moves: str, players: int = 2) -> engine.Game:
    game = engine.new_game("tink", players, seed=7)
    for move in moves:
        game.play(move)
    return game


def test_play_returns_the_canonical_text_and_logs_it() -> None:
    game = started()
    assert game.play("s D4") == "S d4"
    assert game.actions == (engine.Action(engine.ActionKind.MOVE, move="S d4"),)
    assert game.history == ("S d4",)
    assert game.movers == (0,)


def test_a_move_must_be_text() -> None:
    with pytest.raises(IllegalMove, match="a move must be text"):
        started().play(42)  # type: ignore[arg-type]


def test_json_round_trip_gives_an_equal_game() -> None:
    game = started("S d4", "S a8", "S e4")
    game.forfeit(1, engine.Ending.TIME)
    loaded = engine.load_game(game.to_json())
    assert loaded == game
    assert hash(loaded) == hash(game)
    assert (loaded.history, loaded.result, loaded.seed) == (game.history, game.result, 7)


def test_take_back_removes_the_last_action_only() -> None:
    game = started("S d4", "S a8", "S e4")
    back = game.take_back()
    assert back == started("S d4", "S a8")
    assert game.history == ("S d4", "S a8", "S e4")
    with pytest.raises(IllegalMove, match="no move to take back"):
        started().take_back()


def test_take_back_undoes_a_forfeit() -> None:
    game = started("S d4")
    game.forfeit(0)
    assert game.result == engine.Result((1,), engine.Ending.RESIGNATION, (1, 0))
    assert game.take_back().result is None


def test_forfeit_checks_the_seat_and_the_reason() -> None:
    game = started()
    with pytest.raises(IllegalMove, match="there is no seat 3 in this game"):
        game.forfeit(2)
    with pytest.raises(IllegalMove, match="a forfeit is a resignation or time running out"):
        game.forfeit(0, engine.Ending.REPETITION)
    game.forfeit(0, engine.Ending.TIME)
    with pytest.raises(IllegalMove, match="the game is over"):
        game.forfeit(1)
    assert game.actions == (
        engine.Action(engine.ActionKind.FORFEIT, seat=0, ending=engine.Ending.TIME),
    )


def test_agree_draw_ends_the_game_once() -> None:
    game = started("S d4")
    game.agree_draw()
    assert game.result == engine.Result((), engine.Ending.AGREEMENT, (0, 0))
    assert game.result.is_draw
    assert game.to_move is None
    with pytest.raises(IllegalMove, match="the game is over"):
        game.agree_draw()
    assert engine.load_game(game.to_json()) == game


def test_event_say_puts_in_player_names() -> None:
    event = engine.Event(3, "{1} has no legal move and passes.")
    assert event.say(["Ann", "Bob"]) == "Bob has no legal move and passes."


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "cannot be read"),
        ("{}", "cannot be read"),
        ('{"game": "chess", "players": 2, "seed": 1, "options": {}, "actions": []}', "chess"),
        ('{"game": "tink", "players": 2, "seed": 1, "options": {}, "actions": ["S a1"]}', "c3"),
    ],
)
def test_load_game_refuses_what_it_cannot_replay(text: str, message: str) -> None:
    with pytest.raises(InvalidOption, match=message):
        engine.load_game(text)


def test_load_game_refuses_a_history_that_does_not_match() -> None:
    data = json.loads(started("S d4").to_json())
    data["history"] = ["S e4"]
    with pytest.raises(InvalidOption, match="does not replay to its own history"):
        engine.load_game(json.dumps(data))


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (engine.Action(engine.ActionKind.MOVE, move="S d4"), "S d4"),
        (
            engine.Action(engine.ActionKind.FORFEIT, seat=1, ending=engine.Ending.TIME),
            "@forfeit 1 time",
        ),
        (engine.Action(engine.ActionKind.AGREED_DRAW), "@draw"),
    ],
)
def test_an_action_is_logged_as_text_and_parsed_back(action: engine.Action, text: str) -> None:
    assert action.text == text
    assert engine.Action.parse(text) == action


def test_a_logged_forfeit_must_name_its_seat() -> None:
    with pytest.raises(IllegalMove, match="not a logged action"):
        engine.Action.parse("@forfeit nobody resignation")
    with pytest.raises(IllegalMove, match="not a logged action"):
        engine.Action.parse("@forfeit 1 boredom")


def test_the_logged_actions_replay_to_an_equal_game() -> None:
    game = started("S d4", "S a8")
    game.forfeit(1, engine.Ending.TIME)
    logged = [action.text for action in game.actions]
    actions = [engine.Action.parse(text) for text in logged]
    assert engine.replay("tink", 2, 7, {}, actions) == game
    copy = started()
    for action in game.actions:
        copy.apply(action)
    assert copy == game and copy.result == engine.Result((0,), engine.Ending.TIME, (0, 1))
