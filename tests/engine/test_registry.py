"""The facade's registry, option checking and the parts a move is asked for in."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from tests.engine.strategies import games
from tests.profiles import examples


def test_every_game_is_registered_with_its_command_name() -> None:
    assert sorted(engine.GAMES) == ["bridge", "folio", "tingle", "tink"]
    for name, info in engine.GAMES.items():
        assert info.name == name
        assert info.min_players <= info.max_players
        assert info.summary


def test_unknown_game_is_refused_with_the_known_names() -> None:
    with pytest.raises(engine.InvalidOption, match="no game called 'chess'"):
        engine.new_game("chess", 2)


def test_player_count_outside_the_range_is_refused() -> None:
    with pytest.raises(engine.InvalidOption, match="Folio is played by 2 players, not 3"):
        engine.new_game("folio", 3)


def test_unknown_option_is_refused() -> None:
    with pytest.raises(engine.InvalidOption, match="no option called 'speed'"):
        engine.new_game("tink", 2, speed=3)


def test_option_text_is_coerced_to_its_type() -> None:
    option = engine.GAMES["bridge"].option("rounds")
    assert option.coerce("3") == 3
    with pytest.raises(engine.InvalidOption, match="at least 1"):
        option.coerce(0)
    with pytest.raises(engine.InvalidOption, match="whole number"):
        option.coerce("many")


def test_freeform_folio_is_refused_with_the_reason() -> None:
    with pytest.raises(engine.InvalidOption, match="real table"):
        engine.GAMES["folio"].option("grid").coerce("freeform")


@pytest.mark.parametrize("name", list(engine.GAMES))
@settings(max_examples=examples(40), deadline=None)
@given(data=st.data())
def test_every_legal_move_splits_into_its_parts_and_joins_back(
    name: str, data: st.DataObject
) -> None:
    game = data.draw(games(name, forfeits=False))
    part_names = {part.name for part in game.info.move_parts}
    for move in game.legal_moves():
        parts = game.split_move(move)
        assert parts and set(parts) <= part_names
        trial = engine.load_game(game.to_json())
        assert trial.play(game.join_move(parts)) == move


def test_folio_asks_for_the_square_and_the_gift_on_their_own() -> None:
    game = engine.new_game("folio", 2, seed=0)
    assert [part.name for part in game.info.move_parts] == ["square", "give"]
    assert game.split_move("give RS") == {"give": "RS"}
    game.play(game.join_move({"give": "red small"}))
    assert game.split_move("d4 give BL") == {"square": "d4", "give": "BL"}
    assert game.split_move("d4") == {"square": "d4"}
    assert game.join_move({"square": "D4", "give": "blue large"}) == "D4 give blue large"
    assert game.play(game.join_move({"square": "D4", "give": "blue large"})) == "d4 give BL"
    with pytest.raises(engine.IllegalMove, match="empty"):
        game.play(game.join_move({}))
