"""A finished game as record files: Abstract Play's game record, valid against its
published schema (vendored in tests/schemas/), and the move list in the games' own
notation, which replays to the very same game."""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

import engine
from bot.play.learning.exports import (
    AGREED_DRAW,
    FORFEIT_LINES,
    game_record,
    move_list,
    record_files,
)
from bot.play.playing.ai_seats import ai_user_id
from bot.storage import GameRecord, Seat, Status

SCHEMA = json.loads((Path(__file__).parents[2] / "schemas" / "gamerecord.json").read_text())
VALIDATOR = Draft202012Validator(SCHEMA)
NAMES = ("Alice", "Bob", "Carol", "Dan")
USER_IDS = (11, 12, 13, 14)
STARTED = 1_735_812_000.0
"""2025-01-02 10:00 UTC."""
GENERATED = STARTED + 86_400


def played_out(game: engine.Game, seed: int) -> engine.Game:
    """The game played on to its end by random moves, a win in one taken half the time."""
    rng = random.Random(seed)
    while game.result is None:
        wins = game.winning_moves()
        game.play(wins[0] if wins and rng.random() < 0.5 else rng.choice(game.legal_moves()))
    return game


def tink_resigned_then_drawn() -> engine.Game:
    """Three players: Carol resigns after a few moves, the others agree a draw later."""
    game = engine.new_game("tink", 3, seed=4)
    for move in ("S d4", "S e5", "S c3", "S f6", "S h1"):
        game.play(move)
    game.forfeit(2)
    for move in ("S d6", "S a8"):
        game.play(move)
    game.agree_draw()
    return game


def bridge_match_out_of_time() -> engine.Game:
    """A two-round match whose second seat runs out of time in the first round."""
    game = engine.new_game("bridge", 2, seed=5, rounds=2)
    for _ in range(6):
        game.play(game.legal_moves()[0])
    game.forfeit(1, engine.Ending.TIME)
    return game


GAMES: dict[str, Callable[[], engine.Game]] = {
    "tink": lambda: played_out(engine.new_game("tink", 2, seed=1), 1),
    "tingle": lambda: played_out(engine.new_game("tingle", 2, seed=2), 2),
    "folio": lambda: played_out(
        engine.new_game("folio", 2, seed=3, grid="fixed", extras="random"), 3
    ),
    "bridge": bridge_match_out_of_time,
    "tink-3": tink_resigned_then_drawn,
}
"""A finished game of each of the four games, and one with a forfeit and a draw."""


def finished_record(
    game: engine.Game, *, game_id: int = 1, user_ids: tuple[int, ...] = USER_IDS
) -> GameRecord:
    """The game as storage keeps it once finished (ranked seats, its state, its end)."""
    assert game.result is not None
    seats = tuple(
        Seat(seat, user_ids[seat], NAMES[seat], accepted=True, rank=game.result.ranks[seat])
        for seat in range(game.players)
    )
    return GameRecord(
        game=game.name,
        guild_id=1,
        channel_id=500,
        thread_id=None,
        options=dict(game.options),
        seed=game.seed,
        starter_id=user_ids[0],
        players=seats,
        state=game.to_json(),
        expires_at=None,
        id=game_id,
        status=Status.FINISHED,
        version=len(game.actions) + 1,
        created_at=STARTED,
        updated_at=STARTED + 3_600,
        ending=game.result.ending,
        ended_at=STARTED + 3_600,
    )


def replayed(text: str) -> engine.Game:
    """The game a move list stands for, read back from its header and its lines."""
    header, _, body = text.partition("\n\n")
    fields = dict(line.split(": ", 1) for line in header.splitlines())
    names = {info.title: name for name, info in engine.GAMES.items()}
    seats = {name: int(key.split()[1]) - 1 for key, name in fields.items() if key[:7] == "Player "}
    listed = fields["Options"]
    options = {} if listed == "the defaults" else dict(o.split(" ", 1) for o in listed.split(", "))
    game_name = names[fields["Game"].split(" #")[0]]
    game = engine.new_game(game_name, len(seats), seed=int(fields["Seed"]), **options)
    for line in body.splitlines():
        numbered = re.fullmatch(r"\d+\. (.+): (.+)", line)
        if numbered and numbered[2] != "pass":  # a forced pass comes by itself
            game.play(numbered[2])
        elif line == AGREED_DRAW:
            game.agree_draw()
        elif not numbered:
            ending = next(e for e, said in FORFEIT_LINES.items() if line.endswith(f" {said}"))
            game.forfeit(seats[line.removesuffix(f" {FORFEIT_LINES[ending]}")], ending)
    return game


@pytest.fixture(params=list(GAMES))
def game(request: pytest.FixtureRequest) -> engine.Game:
    return GAMES[request.param]()


def test_a_finished_games_record_is_valid_against_abstract_plays_schema(
    game: engine.Game,
) -> None:
    VALIDATOR.check_schema(SCHEMA)
    record = game_record(finished_record(game), GENERATED)
    errors = [f"{error.json_path}: {error.message}" for error in VALIDATOR.iter_errors(record)]
    assert errors == []
    header = record["header"]
    for stamp in ("date-start", "date-end", "date-generated"):
        assert header[stamp].endswith("Z") and datetime.fromisoformat(header[stamp])
    assert header["date-start"] == "2025-01-02T10:00:00Z"
    assert header["game"]["name"] == engine.GAMES[game.name].title
    assert header["site"] == {"name": "Pyramid Host", "gameid": 1}
    made = [entry for turn in record["moves"] for entry in turn if entry is not None]
    assert [m for m in made if m not in ("resign", "timeout")] == list(game.history)


def test_the_move_list_replays_to_the_same_game(game: engine.Game) -> None:
    text = move_list(finished_record(game))
    assert replayed(text).to_json() == game.to_json()


def test_the_record_says_who_won_and_keeps_the_seats_in_order() -> None:
    game = GAMES["tink"]()
    assert game.result is not None and len(game.result.winners) == 1
    (winner,) = game.result.winners
    players = game_record(finished_record(game), GENERATED)["header"]["players"]
    assert [p["name"] for p in players] == ["Alice", "Bob"]
    assert [p["result"] for p in players] == [int(seat == winner) for seat in range(2)]
    assert [p["userid"] for p in players] == ["11", "12"]


def test_a_forfeit_and_an_agreed_draw_are_listed_where_they_came() -> None:
    game = tink_resigned_then_drawn()
    record = finished_record(game)
    assert game_record(record, GENERATED)["moves"] == [
        ["S d4", "S e5", "S c3"],
        ["S f6", "S h1", "resign"],
        ["S d6", "S a8", None],
    ]
    players = game_record(record, GENERATED)["header"]["players"]
    assert [p["result"] for p in players] == [1, 1, 0], "Carol finished behind the draw"
    lines = move_list(record).split("\n\n")[1].splitlines()
    assert lines == [
        "1. Alice: S d4",
        "2. Bob: S e5",
        "3. Carol: S c3",
        "4. Alice: S f6",
        "5. Bob: S h1",
        "Carol resigns.",
        "6. Alice: S d6",
        "7. Bob: S a8",
        AGREED_DRAW,
    ]


def test_the_move_lists_header_names_the_game_its_players_result_dates_and_clock() -> None:
    game = bridge_match_out_of_time()
    record = finished_record(game, game_id=12, user_ids=(11, ai_user_id("hard")))
    timed = dataclasses.replace(record, time_limit=3 * 86_400.0)
    header = move_list(timed).split("\n\n")[0].splitlines()
    assert header == [
        "Game: Bridge #12",
        "Site: Pyramid Host",
        "Options: rounds 2",
        "Seed: 5",
        "Player 1: Alice",
        "Player 2: Bob",
        "Result: Alice wins: time ran out.",
        "Started: 2025-01-02 10:00 UTC",
        "Ended: 2025-01-02 11:00 UTC",
        "Clock: 3 days a move",
    ]
    ap = game_record(timed, GENERATED)["header"]
    assert (ap["clock"], ap["ending"], ap["game"]["variants"]) == ("3d", "time", ["rounds 2"])
    assert [(p["is_ai"], p["score"]) for p in ap["players"]] == [(False, 0), (True, 0)]
    assert ap["players"][1]["userid"] == str(ai_user_id("hard"))


def test_the_record_files_are_the_json_record_and_the_move_list() -> None:
    record = finished_record(GAMES["folio"](), game_id=7)
    json_file, text_file = record_files(record, GENERATED)
    assert (json_file.name, text_file.name) == ("folio-7.json", "folio-7.txt")
    assert json.loads(json_file.data) == game_record(record, GENERATED)
    assert text_file.data.decode() == move_list(record)


def test_a_game_not_over_has_no_record() -> None:
    game = engine.new_game("tink", 2, seed=1)
    game.play("S d4")
    unfinished = dataclasses.replace(finished_record(GAMES["tink"]()), state=game.to_json())
    with pytest.raises(ValueError, match="Tink #1 is not finished"):
        move_list(unfinished)
