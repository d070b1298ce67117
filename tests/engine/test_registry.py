"""The facade's registry and option checking."""

import pytest

import engine


def test_every_game_is_registered_with_its_command_name() -> None:
    assert list(engine.GAMES) == ["tink", "tingle", "folio", "bridge"]
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
