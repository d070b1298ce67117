"""The local console: the same use cases, typed as lines, pictures written to a folder."""

from __future__ import annotations

import asyncio
import dataclasses
import os
import signal
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterable, Iterator, Sequence
from pathlib import Path
from types import MappingProxyType

import pytest

import ai
import bot.console as console_package
import engine
from bot.console import MOVES_LISTED, Console, run_console
from bot.console.commands import COMMANDS
from bot.console.words import HELP, HELP_COLUMN
from bot.discord_ui.game_commands import build_groups
from bot.play.clocks.clock import DAY
from bot.play.host import Host
from bot.play.ranking.ratings import rate_game
from bot.play.words import languages
from bot.play.words.languages import SOURCE, posix_language, translations
from bot.storage.sqlite import SqliteStorage
from bot.workers.drawing import ThreadDrawing
from tests.bot.discord_ui.test_ai_games import ScriptedThinker
from tests.bot.stand_in_catalogs import stand_in
from tests.bot.support import SCRIPTS, Clock, StubRenderer, long_bridge

DISCORD_MARKS = ("**", "`", "<t:", "<#", "<@", "](", "__")
DISCORD_WORDS = ("/tink", "/tingle", "/folio", "/bridge", "button", "press", "slash")


NOT_TYPED = {
    "move": "a move is typed after its player's name: alice s d4",
    "web": "the console serves no pages",
}
"""The game commands of Discord's the console has no command for, and why."""
STUDIES = ("puzzle", "stats", "leaderboard")
"""Discord's commands of a player's learning and standing, which the console has too."""


@pytest.fixture
async def console(tmp_path: Path, clock: Clock) -> AsyncIterator[Console]:
    storage = await SqliteStorage.open(str(tmp_path / "console.sqlite3"), rater=rate_game)
    yield Console(Host(storage, ThreadDrawing(), clock=clock), tmp_path / "out")
    await storage.close()


def scripted(lines: Iterable[str | BaseException]) -> Callable[[str], str]:
    """An input function typing the lines in order; an exception is raised where it comes
    (KeyboardInterrupt is Ctrl-C, EOFError is Ctrl-D). Past the end, it fails the test."""
    left = iter(lines)

    def read(prompt: str) -> str:
        assert prompt == "> "
        line = next(left, None)
        if line is None:
            raise AssertionError("the console read past its script")
        if isinstance(line, BaseException):
            raise line
        return line

    return read


def play(
    tmp_path: Path, lines: Sequence[str | BaseException], renderer: object = None
) -> list[str]:
    """What the console writes for the lines typed, run as `python -m bot local` runs it."""
    written: list[str] = []
    run_console(
        f"sqlite:///{tmp_path / 'console.sqlite3'}",
        tmp_path / "out",
        read=scripted(lines),
        write=written.append,
        renderer=renderer or StubRenderer(),  # type: ignore[arg-type]
    )
    return written


async def test_a_game_played_from_the_console_writes_its_pictures(
    console: Console, tmp_path: Path
) -> None:
    begun = await console.handle("start tink alice bob")
    assert begun.splitlines()[:2] == ["Tink #1 begins: alice and bob.", "Your move, alice."]
    assert (tmp_path / "out" / "tink-1-move-0.png").read_bytes().startswith(b"\x89PNG")
    for line in ["alice s c3", "bob s c5", "alice s d3", "bob s d5", "alice s e3", "bob s e5"]:
        assert "played" in await console.handle(line)
    assert "alice wins: four in a row." in await console.handle("alice s f3")
    kept = sorted((tmp_path / "out").glob("tink-1-move-*.png"))
    assert [path.name for path in kept] == [f"tink-1-move-{n}.png" for n in range(8)]
    assert len({path.read_bytes() for path in kept}) == 8, "one picture a position"
    history = await console.handle("history")
    assert "7. alice: S f3" in history
    assert (tmp_path / "out" / "tink-1.gif").read_bytes().startswith(b"GIF8")


async def test_refusals_and_unknown_lines_are_answered_in_words(console: Console) -> None:
    assert await console.handle("start chess a b") == (
        "Start which game? One of bridge, folio, tink, tingle."
    )
    await console.handle("start folio alice bob grid=fixed")
    assert await console.handle("alice a1") == "It is bob's turn."
    assert await console.handle("dance") == "Unknown command 'dance'; type help."
    assert "give RS: gives the red small" in await console.handle("moves give r")


async def test_a_new_console_resumes_the_open_game(console: Console, tmp_path: Path) -> None:
    await console.handle("start tink alice bob")
    await console.handle("alice s d4")
    later = Console(console.host, tmp_path / "out")
    assert await later.resume() == "Resuming Tink #1: alice, bob.\nYour move, bob."
    assert "bob played S e5: a small on e5." in await later.handle("bob s e5")


async def test_resuming_says_which_offer_waits_and_who_answers_it(
    console: Console, tmp_path: Path
) -> None:
    await console.handle("start tink alice bob carol")
    await console.handle("alice s d4")
    await console.handle("draw bob")
    await console.handle("agree alice")
    later = Console(console.host, tmp_path / "out")
    assert (await later.resume()).splitlines() == [
        "Resuming Tink #1: alice, bob, carol.",
        "Your move, bob.",
        "bob offers a draw.",
        'To answer, type "agree carol" or "decline carol".',
    ]
    assert "The players agreed to a draw." in await later.handle("agree carol")


async def test_a_draw_offer_waits_for_the_others_and_can_be_declined(console: Console) -> None:
    await console.handle("start tink alice bob carol")
    await console.handle("alice s d4")
    assert (await console.handle("draw bob")).splitlines() == [
        "bob offers a draw. alice and carol: do you agree?",
        'To answer, type "agree alice" or "decline alice"; "agree carol" or "decline carol".',
    ]
    assert await console.handle("agree bob") == "Only alice and carol can answer this offer."
    assert await console.handle("agree alice") == "alice agrees to bob's offer."
    assert await console.handle("decline carol") == "carol declined bob's offer."
    record = await console.host.storage.latest_game_in(1)
    assert record is not None and record.offer is None and record.status.is_open
    assert await console.handle("agree alice") == "No offer is waiting for an answer."
    assert await console.handle("decline") == 'Who declines? For example "decline alice".'


async def test_an_undo_is_carried_out_once_agreed(console: Console) -> None:
    await console.handle("start tink alice bob")
    await console.handle("alice s d4")
    asked = await console.handle("undo alice")
    assert asked.splitlines()[-1] == 'To answer, type "agree bob" or "decline bob".'
    undone = (await console.handle("agree bob")).splitlines()
    assert undone[:2] == ["alice's last move S d4 was taken back.", "Your move, alice."]
    assert undone[-1].endswith("tink-1-move-0.png]")
    await console.handle("draw bob")
    assert "The players agreed to a draw." in await console.handle("agree alice")


async def test_clocks_are_paused_resumed_and_given_time_from_the_console(
    console: Console, clock: Clock
) -> None:
    await console.handle("start tink alice bob time_limit=2d+1d")
    asked = (await console.handle("pause alice")).splitlines()
    assert asked == [
        "alice offers to pause the game, stopping the clocks. bob: do you agree?",
        'To answer, type "agree bob" or "decline bob".',
    ]
    assert await console.handle("agree bob") == (
        'The clocks are stopped; any player may start them again with "resume tink".'
    )
    clock.now += 5 * DAY
    assert "Your move, alice. The clocks are stopped." in await console.handle("board")
    assert (await console.handle("resume bob")).splitlines() == [
        "bob started the clocks again.",
        "Your move, alice. Time runs out in 2 days. bob has 2 days left.",
    ]
    assert await console.handle("resume bob") == "The clocks are not stopped."
    assert await console.handle("give_time bob alice 1d") == (
        "bob gives 1 day to alice, who now has 3 days."
    )
    assert await console.handle("give_time bob bob 1d") == "You cannot give time to yourself."
    assert await console.handle("give_time bob") == (
        'Who gives whom how much? For example "give_time alice bob 1d".'
    )
    assert await console.handle("resume") == "The clocks are not stopped."
    assert "Time runs out in 3 days." in await console.handle("board")
    for amount in ("none", "-1d"):
        refused = await console.handle(f"give_time alice bob {amount}")
        assert refused == (
            "The time given must be a number of minutes, hours or days, like 12h or 3d, "
            f"not '{amount}'."
        )


async def test_the_clocks_start_again_as_the_pause_message_says(console: Console) -> None:
    await console.handle("start tink alice bob time_limit=2d")
    await console.handle("pause alice")
    stopped = await console.handle("agree bob")
    assert stopped.endswith('start them again with "resume tink".')
    assert (await console.handle("resume tink")).startswith("alice started the clocks again.")


async def test_the_board_says_what_offer_waits_and_an_offer_a_move_ends_is_said_to_lapse(
    console: Console,
) -> None:
    await console.handle("start tink alice bob")
    await console.handle("alice s d4")
    await console.handle("undo alice")
    board = (await console.handle("board")).splitlines()
    assert board[-2:] == [
        "alice offers to take back their last move.",
        'To answer, type "agree bob" or "decline bob".',
    ]
    moved = (await console.handle("bob s e5")).splitlines()
    assert moved[0].startswith("bob played S e5")
    assert moved[-1] == "alice offered to take back their last move; the offer lapsed."
    assert "offers" not in await console.handle("board")


async def test_a_player_out_of_a_game_is_told_so_when_moving(console: Console) -> None:
    await console.handle("start tink alice bob carol")
    await console.handle("alice s d4")
    await console.handle("resign bob")
    await console.handle("y")
    refused = await console.handle("bob s e5")
    assert refused == "You resigned from this game; the others play on."


@pytest.mark.parametrize("line", ["start tink alice bob players=5", "start folio a b players=2"])
async def test_every_console_line_is_answered_in_a_sentence(console: Console, line: str) -> None:
    answered = await console.handle(line)
    assert answered.startswith("Name each player instead, e.g.")
    assert "Traceback" not in answered


async def test_moves_says_how_many_more_there_are_and_a_start_narrows_them(
    console: Console,
) -> None:
    await console.handle("start tink alice bob")
    await console.handle("alice s d4")
    listed = (await console.handle("moves")).splitlines()
    assert len(listed) == MOVES_LISTED + 1
    assert listed[-1] == '... and 38 more: narrow them with a move\'s start, e.g. "moves S a".'
    narrowed = (await console.handle("moves S a")).splitlines()
    assert narrowed == [f"S a{rank}: a small on a{rank}" for rank in range(1, 9)]


async def test_the_console_speaks_plain_text_without_discord_markup(
    console: Console, tmp_path: Path
) -> None:
    answers = [
        await console.handle("start tink alice bob time_limit=12h"),
        await console.handle("start tink carol dave"),
        await console.handle("alice s d4"),
        await console.handle("draw bob"),
    ]
    text = "\n".join(answers)
    assert "Your move, alice. Time runs out in 12 hours." in text
    assert 'Tink #1 is being played; finish it, or type "abort" to end it first.' in text
    assert "alice played S d4: a small on d4." in text
    assert "bob offers a draw. alice: do you agree?" in text
    for markup in ("**", "`", "<t:", "<#", "<@", "](", "__"):
        assert markup not in text


def test_ctrl_c_at_the_prompt_leaves_at_once_and_the_game_is_kept(tmp_path: Path) -> None:
    written = play(tmp_path, ["start tink alice bob", "alice s d4", KeyboardInterrupt()])
    assert "alice played S d4: a small on d4." in written[2]
    assert written[-1] == ""
    again = play(tmp_path, ["bob s e5", EOFError()])
    assert again[1] == "Resuming Tink #1: alice, bob.\nYour move, bob."
    assert again[2].startswith("bob played S e5")


def test_ctrl_d_and_quit_leave(tmp_path: Path) -> None:
    assert play(tmp_path, [EOFError()])[-1] == ""
    assert play(tmp_path, ["start tink alice bob", "quit"])[-1].startswith("Tink #1 begins")


class InterruptedWhileDrawing(StubRenderer):
    """Ctrl-C pressed while a picture is being drawn."""

    async def board_png(
        self,
        game: engine.Game,
        player_names: Sequence[str],
        clocks: Sequence[str | None] = (),
        *,
        language: str = SOURCE,
    ) -> bytes:
        signal.raise_signal(signal.SIGINT)
        await asyncio.sleep(30)
        raise AssertionError("Ctrl-C did not stop the wait")


def test_ctrl_c_while_an_answer_is_worked_out_leaves_at_once(tmp_path: Path) -> None:
    started = time.monotonic()
    written = play(tmp_path, ["start tink alice bob", "never typed"], InterruptedWhileDrawing())
    assert time.monotonic() - started < 10
    assert written[1:] == [""]
    assert play(tmp_path, [EOFError()])[1] == "Resuming Tink #1: alice, bob.\nYour move, alice."


@pytest.mark.parametrize("inherited", ["ignored", "blocked"])
def test_ctrl_c_leaves_whatever_the_process_inherited(tmp_path: Path, inherited: str) -> None:
    previous = signal.getsignal(signal.SIGINT)
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, set())
    if inherited == "ignored":
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    else:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        started = time.monotonic()
        written = play(tmp_path, ["start tink alice bob"], InterruptedWhileDrawing())
        assert time.monotonic() - started < 10
        assert written[1:] == [""]
        assert signal.getsignal(signal.SIGINT) is (
            signal.SIG_IGN if inherited == "ignored" else previous
        )
        assert (signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, set())) is (
            inherited == "blocked"
        )
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        signal.signal(signal.SIGINT, previous)


async def test_rules_of_any_game_in_plain_words(console: Console) -> None:
    assert (await console.handle("rules")).startswith("Rules of which game? One of bridge, folio,")
    await console.handle("start tink alice bob")
    tink = await console.handle("rules")
    folio = await console.handle("rules Folio")
    assert tink.startswith("Tink: Summary\n") and folio.startswith("Folio: Summary\n")
    assert "d4 give BL  place your piece on d4, give the blue large" in folio
    assert "---" not in folio
    for marks in DISCORD_MARKS:
        assert marks not in tink + folio
    assert (await console.handle("rules chess")).startswith("There is no game called 'chess'.")


async def test_long_input_is_quoted_only_in_part(console: Console) -> None:
    long = "x" * 500
    assert await console.handle(long) == f"Unknown command '{'x' * 39}…'; type help."
    answers = [
        await console.handle(f"start folio alice bob grid={long}"),
        await console.handle(f"start tink alice bob time_limit={long}"),
        await console.handle("start tink alice bob"),
        await console.handle(f"alice s d4 {long}"),
    ]
    for answer in answers:
        assert long[:41] not in answer, answer
    assert answers[0] == f"Grid must be one of floating, fixed, none, not '{'x' * 39}…'."
    assert answers[-1].startswith(f"You cannot play 's d4 {'x' * 34}…': ")


async def test_a_match_says_who_chooses_and_what_to_type(console: Console) -> None:
    await console.handle("start bridge alice bob rounds=2")
    record = await console.host.storage.latest_game_in(1)
    assert record is not None
    answer = ""
    for move in SCRIPTS["bridge"].moves:
        record = await console.host.storage.latest_game_in(1)
        assert record is not None and record.turn_seat is not None
        answer = await console.handle(f"{record.names[record.turn_seat]} {move}")
    loser = record.names[1 - record.turn_seat]
    assert f"{loser} chooses who starts round 2." in answer
    assert f'Your move, {loser}: type "{loser} first" or "{loser} second".' in answer
    assert "Round 2" not in await console.handle(f"{loser} second")


async def test_every_answer_is_plain_console_text(console: Console, clock: Clock) -> None:
    lines = [
        "help",
        "board",
        "alice s d4",
        "start tink alice bob time_limit=1h",
        "start tink carol dave",
        "alice s d4",
        "bob s z9",
        "draw bob",
        "agree alice",
        "start tink alice bob",
        "undo alice",
        "alice s d4",
        "resign bob",
        "y",
        "history",
        "start folio alice bob",
        "abort",
        "y",
        "board",
        "start tink alice bob time_limit=1h",
    ]
    answers = [await console.handle(line) for line in lines]
    clock.now += 2 * 3600
    answers.append(await console.handle("alice s d4"))
    said = "\n".join(answers).splitlines()
    text = "\n".join(line for line in said if not line.startswith("[/"))  # pictures' paths
    assert "rules [game]" in answers[0]
    assert 'No game is being played; start one, e.g. "start tink alice bob".' in text
    assert "bob offers a draw. alice: do you agree?" in text
    assert "bob resigned.\nalice wins: resignation." in text
    assert "alice ran out of time before moving.\nbob wins: time ran out." in text
    for marks in (*DISCORD_MARKS, *DISCORD_WORDS):
        assert marks not in text, marks


@pytest.fixture
def quick_ai(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every level thinks a few iterations only."""
    for level in ai.LEVELS:
        quick = dataclasses.replace(ai.SETTINGS[level], iterations=MappingProxyType({"default": 4}))
        monkeypatch.setitem(ai.SETTINGS, level, quick)


@pytest.mark.usefixtures("quick_ai")
async def test_the_ai_plays_its_turns_after_each_command(console: Console) -> None:
    begun = await console.handle("start tink alice ai=hard")
    assert begun.splitlines()[:2] == [
        "Tink #1 begins: alice and Pyramid Host (hard).",
        "Your move, alice.",
    ]
    answered = (await console.handle("alice s d4")).splitlines()
    assert answered[0] == "alice played S d4: a small on d4."
    bot_line = next(line for line in answered if line.startswith("Pyramid Host (hard) played"))
    assert answered[answered.index(bot_line) + 1] == "Your move, alice."
    assert answered[-1].endswith(".png]")
    assert await console.handle("ai s e5") == "Unknown command 'ai'; type help."


async def test_the_ai_can_hold_several_seats_and_a_person_starts(console: Console) -> None:
    assert await console.handle("start tink ai alice") == (
        'Name a person first, e.g. "start tink alice ai".'
    )
    begun = await console.handle("start tingle alice ai bob ai ai=easy")
    assert "Tingle #1 challenges" not in begun
    assert begun.splitlines()[0] == (
        "Tingle #1 begins: alice, Pyramid Host (easy), bob and Pyramid Host (easy) 2."
    )


@pytest.mark.usefixtures("quick_ai")
async def test_with_order_ai_the_ai_moves_first_at_once(console: Console, tmp_path: Path) -> None:
    begun = (await console.handle("start folio alice ai=hard order=ai")).splitlines()
    assert begun[:2] == [
        "Folio #1 begins: alice and Pyramid Host (hard).",
        "Pyramid Host (hard) is thinking.",
    ]
    assert begun[3].startswith("Pyramid Host (hard) played give ")
    assert begun[4:] == ["Your move, alice.", f"[{tmp_path / 'out' / 'folio-1-move-1.png'}]"]
    record = await console.host.storage.latest_game_in(1)
    assert record is not None and record.names[1] == "Pyramid Host (hard)"


@pytest.mark.usefixtures("quick_ai")
async def test_an_undo_against_the_ai_names_both_moves_and_shows_the_board(
    console: Console,
) -> None:
    await console.handle("start tink alice ai=easy")
    answered = await console.handle("alice s d4")
    bot_move = next(
        line for line in answered.splitlines() if line.startswith("Pyramid Host (easy) played")
    )
    answer = bot_move.removeprefix("Pyramid Host (easy) played ").split(":")[0]
    undone = (await console.handle("undo alice")).splitlines()
    assert undone == [
        "alice offers to take back their last move. Pyramid Host (easy) agrees.",
        "alice's last move S d4 and the move after it, Pyramid Host (easy)'s "
        f"{answer}, were taken back.",
        "Your move, alice.",
        f"[{console.out / 'tink-1-move-0.png'}]",
    ]
    assert "That offer is no longer open" not in "\n".join(undone)


async def test_the_order_is_checked(console: Console) -> None:
    assert await console.handle("start tink alice bob order=ai") == (
        "The order ai first needs me as a player: choose an ai level."
    )
    assert await console.handle("start tink alice bob order=last") == (
        "There is no order 'last': choose listed, random or ai first."
    )
    assert await console.handle("start bridge alice ai=easy order=ai") == (
        "Bridge draws who moves first, as its rules say, even against me: leave out the order."
    )
    assert await console.host.storage.latest_game_in(1) is None


def test_ctrl_c_while_the_ai_thinks_leaves_at_once(tmp_path: Path) -> None:
    """Folio's hard level thinks about 2 s over its first move; Ctrl-C comes 0.3 s in."""
    pressed: list[float] = []

    def ctrl_c() -> None:
        pressed.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(0.3, ctrl_c)

    def read(prompt: str) -> str:
        if timer.is_alive() or pressed:
            raise AssertionError("the console read again before Ctrl-C left it")
        timer.start()
        return "start folio alice ai=hard order=ai"

    written: list[str] = []
    try:
        run_console(
            f"sqlite:///{tmp_path / 'console.sqlite3'}",
            tmp_path / "out",
            read=read,
            write=written.append,
            renderer=StubRenderer(),
        )
    finally:
        timer.cancel()
    assert time.monotonic() - pressed[0] < 0.5
    assert written[-1] == ""


async def test_a_clock_is_told_with_one_rounding(console: Console, clock: Clock) -> None:
    await console.handle("start tink alice bob time_limit=6d+1d/7d")
    clock.now += 3600
    moved = await console.handle("alice s d4")
    assert "alice has 6 days 23 hours left." in moved
    clock.now += 3600
    moved = await console.handle("bob s e5")
    assert "Your move, alice. Time runs out in 6 days 23 hours." in moved


@pytest.mark.usefixtures("quick_ai")
async def test_the_console_goes_through_the_use_cases_never_the_storage(
    console: Console, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    host = console.host
    monkeypatch.delattr(host, "storage")
    begun = await console.handle("start folio alice ai=easy order=ai")
    assert "Pyramid Host (easy) played give " in begun
    assert "give RS: places" in await console.handle("moves")
    assert (await console.handle("board")).endswith(".png]")
    assert "something went wrong" not in await console.handle("resume")
    later = Console(host, tmp_path / "out")
    assert (await later.resume()).splitlines()[:2] == [
        "Resuming Folio #1: alice, Pyramid Host (easy).",
        "Your move, alice.",
    ]
    for line in ("draw alice", "agree alice"):
        assert "something went wrong" not in await later.handle(line)


async def test_the_console_speaks_the_language_it_is_given(
    console: Console, tmp_path: Path
) -> None:
    polish = Console(console.host, tmp_path / "pl", "pl")
    assert "Tink #1" in await polish.handle("start tink alice bob")
    turn = "It is {player}'s turn."
    refused = await polish.handle("bob s d4")
    translated = translations("pl").gettext(turn)
    assert translated != turn and refused == translated.format(player="alice")


def test_the_console_takes_its_language_from_lang_or_the_environment() -> None:
    named = ["de_DE.UTF-8", "pt_BR", "C", "es_MX.UTF-8", "ja", None]
    assert [posix_language(value) for value in named] == [
        "de",
        "pt-BR",
        "en-US",
        "es-ES",
        "ja",
        "en-US",
    ]


MISSED = ["S c3", "S b3", "S d3", "S c5", "S e3", "S d5", "S a8", "S h8", "S f3"]
"""Tink: alice (first) misses her only win, S f3, with S a8, and takes it later."""


async def finish_with_a_missed_win(console: Console) -> None:
    await console.handle("start tink alice bob")
    for ply, move in enumerate(MISSED):
        await console.handle(f"{('alice', 'bob')[ply % 2]} {move}")


@pytest.mark.usefixtures("quick_ai")
@pytest.mark.parametrize(
    ("line", "first"),
    [
        ("start tink alice ai=easy order=ai", "Pyramid Host (easy) played S "),
        ("start tingle alice bob ai=easy order=ai first", "Pyramid Host (easy) played S "),
        ("start folio alice ai=easy order=ai first", "Pyramid Host (easy) played give "),
    ],
)
async def test_order_ai_as_the_readme_writes_it_lets_the_ai_move_first(
    console: Console, line: str, first: str
) -> None:
    begun = (await console.handle(line)).splitlines()
    assert begun[1] == "Pyramid Host (easy) is thinking."
    assert begun[3].startswith(first)
    assert begun[4] == "Your move, alice."
    record = await console.host.games.newest_in(1)
    assert record is not None and "first" not in record.names
    assert "in Folio, by giving you\n" in await console.handle("help")


async def test_bridge_draws_who_moves_first_even_asked_for_the_ai(console: Console) -> None:
    refused = await console.handle("start bridge alice ai=easy order=ai first")
    assert refused.startswith("Bridge draws who moves first, as its rules say")


@pytest.mark.usefixtures("quick_ai")
def test_the_console_says_the_ai_is_thinking_before_it_thinks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    printed: list[tuple[str, bool]] = []
    monkeypatch.setattr(
        "builtins.print", lambda text, flush=False: printed.append((str(text), flush))
    )
    run_console(
        f"sqlite:///{tmp_path / 'console.sqlite3'}",
        tmp_path / "out",
        read=scripted(["start tink alice ai=easy", "alice s d4", EOFError()]),
        renderer=StubRenderer(),
    )
    moved = next(i for i, (text, _) in enumerate(printed) if text.startswith("alice played"))
    assert printed[moved][0].splitlines()[-2] == "Pyramid Host (easy) is thinking."
    assert printed[moved + 1][0].startswith("Pyramid Host (easy) played")
    assert all(flush for _, flush in printed)


async def test_abort_and_resign_ask_to_confirm(console: Console) -> None:
    await console.handle("start tink alice bob carol")
    assert await console.handle("abort") == (
        "Abort Tink #1? It will not be rated. Type y to abort, n to play on."
    )
    assert await console.handle("n") == "Tink #1 goes on."
    await console.handle("alice s d4")
    assert await console.handle("resign bob") == (
        "Does bob resign? This cannot be undone. Type y to resign, n not to."
    )
    not_resigned = (await console.handle("bob s e5")).splitlines()
    assert not_resigned[:2] == ["bob plays on.", "bob played S e5: a small on e5."]
    await console.handle("resign carol")
    assert (await console.handle("y")).startswith("carol resigned.")
    assert "carol resigned after move 2." in (await console.handle("history")).splitlines()
    assert await console.handle("y") == "Unknown command 'y'; type help."
    await console.handle("abort")
    assert (await console.handle("yes")).startswith("Tink #1 was aborted")


async def test_review_puzzle_stats_and_leaderboard_through_the_use_cases(
    console: Console, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delattr(console.host, "storage")
    await finish_with_a_missed_win(console)
    reviewed = (await console.handle("review")).splitlines()
    assert reviewed[0] == "Review of Tink #1: alice and bob."
    assert f"[{tmp_path / 'out' / 'tink-1-review.png'}]" in reviewed
    puzzle = await console.handle("puzzle alice")
    assert puzzle.splitlines()[0] == (
        "Puzzle from Tink #1, before move 7: alice (orange) to play and win in one move. "
        'Answer with "puzzle alice <your move>" (3 tries), or see the solution with '
        '"puzzle alice solution".'
    )
    assert (await console.handle("puzzle alice s f3")).startswith("Solved: S f3 wins at once.")
    assert (await console.handle("puzzle alice solution")) == (
        'You have no puzzle open: ask for one with "puzzle alice".'
    )
    stats = (await console.handle("stats alice tink")).splitlines()
    assert stats[0] == "alice: Tink"
    assert "Puzzles:" in stats and "  1 solved of 1 tried" in stats
    assert await console.handle("stats carol") == "carol has no rated games yet."
    board = (await console.handle("leaderboard")).splitlines()
    assert board[0] == "All games leaderboard"
    assert board[1].startswith("1. alice · ")
    assert await console.handle("leaderboard folio") == (
        "No rated Folio games yet: finish one to appear here."
    )
    said = [*reviewed, *puzzle.splitlines(), *stats, *board]
    text = "\n".join(line for line in said if not line.startswith("[/"))  # pictures' paths
    for marks in (*DISCORD_MARKS, *DISCORD_WORDS, "/puzzle", "direct games", "server"):
        assert marks not in text, marks


async def test_the_console_says_its_own_words_for_discords(tmp_path: Path, clock: Clock) -> None:
    storage = await SqliteStorage.open(str(tmp_path / "stub.sqlite3"), rater=rate_game)
    console = Console(Host(storage, StubRenderer(), clock=clock), tmp_path / "out")
    await console.handle("start bridge alice bob")
    for move in long_bridge(150).history[:150]:
        record = await console.host.games.newest_in(1)
        assert record is not None and record.turn_seat is not None
        await console.handle(f"{record.names[record.turn_seat]} {move}")
    history = (await console.handle("history")).splitlines()
    listed = tmp_path / "out" / "bridge-1-moves.txt"
    assert history[0] == f"Bridge #1, 150 moves: the list is in {listed}:"
    assert history[1].startswith("1. ") and history[150].startswith("150. ")
    await console.handle("resign alice")
    await console.handle("y")
    assert await console.handle("bob c1-d3") == (
        'The last Bridge game is over; start a new one, e.g. "start bridge alice bob".'
    )
    await storage.close()


async def test_folio_extras_as_the_readme_writes_them_and_any_case(console: Console) -> None:
    begun = await console.handle("start folio alice bob extras=RS YM GL BM grid=fixed")
    assert begun.startswith("Folio #1 begins: alice and bob.")
    await console.handle("abort")
    await console.handle("y")
    refused = await console.handle("start folio alice bob extras=RS YM GL")
    assert refused == "The extras must be four pieces such as RS YM GL BM."
    assert (await console.handle("start Tink alice bob")).startswith("Tink #2 begins")


async def test_the_coach_names_a_win_at_once_when_asked_against_the_bot_only(
    tmp_path: Path, clock: Clock
) -> None:
    storage = await SqliteStorage.open(str(tmp_path / "coached.sqlite3"), rater=rate_game)
    thinker = ScriptedThinker(["S a8", "S h8", "S b8"])
    console = Console(Host(storage, StubRenderer(), clock=clock, thinker=thinker), tmp_path)
    try:
        await console.handle("start tink alice ai=beginner")
        assert (await console.handle("hint alice")).startswith(
            "Coach: alice has no win at once this turn"
        )
        for move in ("s c3", "s d3", "s e3"):
            await console.handle(f"alice {move}")
        assert await console.handle("hint alice") in (
            "Coach: alice can win at once with S b3.",
            "Coach: alice can win at once with S f3.",
        )
        for line in ("abort", "y", "start tink bob carol"):
            await console.handle(line)
        assert await console.handle("hint bob") == (
            "Hints are given in games against the bot only: between people, it is rated."
        )
    finally:
        await storage.close()


CONSOLE_SOURCE = Path(console_package.__file__).parent
"""Where the console's own sentences are written."""


def marked(english: str) -> str:
    """A sentence as the marked German catalog says it."""
    return f"[de] {english}"


@pytest.fixture
def marked_german(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """A German catalog of the console's own sentences only, each marked `[de]`: what a
    German console says shows which of its words went through the catalog (the use
    cases' sentences, missing from it, stay English)."""
    messages = languages.spoken_messages(CONSOLE_SOURCE)
    with stand_in(monkeypatch, tmp_path, "de", marked, messages):
        yield


@pytest.mark.usefixtures("marked_german")
async def test_a_german_console_says_its_own_words_through_the_catalog(
    console: Console, tmp_path: Path
) -> None:
    german = Console(console.host, tmp_path / "de", "de")
    games = "One of bridge, folio, tink, tingle."
    which = marked(f"Rules of which game? {games}")
    assert [await german.handle(line) for line in ("dance", "board", "rules chess", "'")] == [
        marked("Unknown command 'dance'; type help."),
        marked('No game is being played; start one, e.g. "start tink alice bob".'),
        marked("There is no game called 'chess'.") + " " + which,
        marked("Cannot read that line: No closing quotation."),
    ]
    assert await german.handle("start chess") == marked(f"Start which game? {games}")
    assert await german.handle("start tink ai") == marked(
        'Name a person first, e.g. "start tink alice ai".'
    )
    assert await german.handle("stats carol") == marked("carol has no rated games yet.")
    assert await german.handle("leaderboard folio") == marked(
        "No rated Folio games yet: finish one to appear here."
    )
    begun = (await german.handle("start tink alice bob carol")).splitlines()
    use_cases = ["Tink #1 begins: alice, bob and carol.", "Your move, alice."]
    assert begun[:2] == use_cases, "the use cases' sentences: not in this catalog"
    assert await german.handle("start tink dave erin") == marked(
        'Tink #1 is being played; finish it, or type "abort" to end it first.'
    )
    assert [await german.handle(line) for line in ("abort", "n", "resign bob", "n")] == [
        marked("Abort Tink #1? It will not be rated. Type y to abort, n to play on."),
        marked("Tink #1 goes on."),
        marked("Does bob resign? This cannot be undone. Type y to resign, n not to."),
        marked("bob plays on."),
    ]
    await german.handle("alice s d4")
    assert (await german.handle("moves")).splitlines()[-1] == marked(
        '... and 38 more: narrow them with a move\'s start, e.g. "moves S a".'
    )
    offered = (await german.handle("draw bob")).splitlines()
    alice, carol = (marked(f'"agree {n}" or "decline {n}"') for n in ("alice", "carol"))
    assert offered[-1] == marked(f"To answer, type {alice}; {carol}.")
    later = Console(console.host, tmp_path / "de", "de")
    assert (await later.resume()).splitlines()[::2] == [
        marked("Resuming Tink #1: alice, bob, carol."),
        marked("bob offers a draw."),
    ]
    for line in ("agree alice", "bob s e5", "resign carol"):
        await later.handle(line)
    lapsed = (await later.handle("y")).splitlines()
    assert lapsed[-1] == marked("bob offered a draw; the offer lapsed.")
    assert await later.handle("give_time") == marked(
        'Who gives whom how much? For example "give_time alice bob 1d".'
    )


@pytest.mark.usefixtures("marked_german")
async def test_a_german_console_says_the_help_beside_the_commands_as_typed(
    console: Console, tmp_path: Path
) -> None:
    english = (await console.handle("help")).splitlines()
    german = (await Console(console.host, tmp_path / "de", "de").handle("help")).splitlines()
    assert len(german) == len(english)
    for line_de, line_en in zip(german, english, strict=True):
        typed, does = line_en[:HELP_COLUMN], line_en[HELP_COLUMN:]
        if typed.strip():
            assert line_de == typed + marked(does)
        else:
            assert line_de == line_en, "a line going on from the one above"
    assert german[0].startswith("start tink alice bob      [de] start a game, the players")


@pytest.mark.usefixtures("marked_german", "quick_ai")
def test_a_german_terminal_greets_and_reviews_in_german(tmp_path: Path) -> None:
    written: list[str] = []
    lines = ["start tink alice bob", "alice s d4", "resign bob", "y", "review", EOFError()]
    run_console(
        f"sqlite:///{tmp_path / 'console.sqlite3'}",
        tmp_path / "out",
        read=scripted(lines),
        write=written.append,
        renderer=StubRenderer(),
        language="de",
    )
    assert written[0] == marked(
        f"Pyramid Host console. Pictures go to {tmp_path / 'out'}/. Type help, or quit to leave."
    )
    reviewing = written.index(marked("Reviewing Tink #1…"))
    assert written[reviewing + 1] == marked("0 of 1 position valued…")


def test_every_game_command_of_discords_is_a_console_command_in_its_help() -> None:
    in_discord = {c.name for group in build_groups() for c in group.walk_commands()}
    assert sorted(in_discord - COMMANDS.keys()) == sorted(NOT_TYPED)
    assert set(STUDIES) <= COMMANDS.keys()
    helped = {typed.split()[0] for line, _ in HELP for typed in line.split(", ")}
    assert sorted(COMMANDS.keys() - {"help"}) == sorted(helped - {"alice", "quit"})
