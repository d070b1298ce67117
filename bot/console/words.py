"""The console's own words: its help, its sentences for the refusals that speak of Discord's
channels and slash commands, and Discord's commands in a post turned into console lines."""

from __future__ import annotations

import re
from dataclasses import replace

import engine
from bot.play.learning.puzzles import ANSWER_BUTTON as PUZZLE_BUTTON
from bot.play.playing.ai_seats import LEVELS
from bot.play.ranking.standings import Card
from bot.play.table.values import Prompt, Refusal
from bot.play.words.refusals import GameOver, NoGame, OtherGame
from bot.play.words.text import (
    Code,
    Command,
    Name,
    Said,
    Segment,
    Text,
    joined,
    plain,
    say,
    t,
    tn,
)
from engine.folio import read_pieces

HELP_COLUMN = 26
"""Where the help's words on a command start, after the command as it is typed."""
EXAMPLE = '"start tink alice bob"'
NO_GAME = t("No game is being played; start one, e.g. {example}.", example=EXAMPLE)
YES, NO = ("y", "yes"), ("n", "no")
"""The answers that confirm an abort or a resignation, and those that keep playing."""
PUZZLE_ANSWER, PUZZLE_SOLUTION = "/puzzle move:<your move>", "/puzzle solution:True"
"""How a puzzle's post tells to answer it and to see its solution on Discord."""
ANSWER_BUTTON = say(PUZZLE_BUTTON)
"""The button a puzzle's post on Discord offers to answer it with, as its sentence's part:
the console's sentence, which has none, stands for that sentence."""
_TABLE_RULE = re.compile(r"^\|[\s:|-]+\|$")
LIST_ATTACHED = "the list is attached."
"""How a long history's post ends, its move list a file."""


HELP = (
    (
        "start tink alice bob",
        t(
            "start a game, the players named in seat order; options as\n"
            "name=value, e.g. {order}, {time_limit} (and the\n"
            "game's own, e.g. {extras})",
            order="order=random",
            time_limit="time_limit=12h",
            extras="start folio alice bob extras=RS YM GL BM",
        ),
    ),
    (
        "start tink alice ai=hard",
        t(
            "play against the AI ({levels}); {ai} as a\n"
            "player's name gives it a seat, e.g. {example};\n"
            "{order} lets the AI move first (in {folio}, by giving you\n"
            "your first piece, as the second player always does)",
            levels=", ".join(LEVELS),
            ai='"ai"',
            example="start tink alice ai bob ai",
            order="order=ai",
            folio=engine.GAMES["folio"].title,
        ),
    ),
    ("alice s d4", t("{player} plays the move {move}", player="alice", move='"s d4"')),
    ("moves [start]", t("the legal moves of the player to move (those that start so)")),
    (
        "hint alice",
        t(
            "the coach names {player}'s win at once, if she has one (in games\nagainst the AI)",
            player="alice",
        ),
    ),
    ("board", t("the picture of the game")),
    ("history", t("the move list and a replay")),
    ("review [game]", t("the last finished game's review: accuracy, mistakes, graph")),
    ("rules [game]", t("the rules of the game being played, or of the game named")),
    (
        "resign alice",
        t("{player} resigns (asks to confirm: {yes} or {no})", player="alice", yes="y", no="n"),
    ),
    (
        "draw alice, undo alice",
        t("{player} offers a draw or to take back her move", player="alice"),
    ),
    (
        "agree bob, decline bob",
        t("{player} answers the offer (the AI answers at once)", player="bob"),
    ),
    (
        "pause alice",
        t("{player} asks the others to stop the clocks (answered as above)", player="alice"),
    ),
    ("resume", t("start the stopped clocks again")),
    (
        "give_time alice bob 1d",
        t("{giver} gives {receiver} a day on his clock", giver="alice", receiver="bob"),
    ),
    ("abort", t("end the game, unrated (asks to confirm: {yes} or {no})", yes="y", no="n")),
    (
        "puzzle alice [game]",
        t(
            "a win a player missed in a finished game, for {player} to find;\n"
            "{answer} answers, {solution} shows it",
            player="alice",
            answer='"puzzle alice s f3"',
            solution='"puzzle alice solution"',
        ),
    ),
    (
        "stats alice [game]",
        t(
            "{player}'s rating, record and recent games ({example}:\nthe AI's at that level)",
            player="alice",
            example='"stats ai hard"',
        ),
    ),
    ("leaderboard [game] [page]", t("the players by rating")),
    ("quit", t("leave (Ctrl-C and Ctrl-D leave too)")),
)
"""The console's commands as they are typed, and what each does (its lines as written)."""


def help_text(language: str) -> str:
    """The help in `language`: each command, and beside it what it does."""
    shown = []
    for typed, does in HELP:
        first, *more = plain(does, language=language).splitlines()
        shown.append(typed.ljust(HELP_COLUMN) + first)
        shown += [" " * HELP_COLUMN + line for line in more]
    return "\n".join(shown)


def refusal_words(refusal: Refusal) -> Text | None:
    """The console's sentence for a refusal that speaks of channels and slash commands;
    None for the others, whose words fit the console."""
    match refusal:
        case NoGame():
            return NO_GAME
        case GameOver(game_name):
            game = engine.GAMES[game_name].title
            return t(
                "The last {game} game is over; start a new one, e.g. {example}.",
                game=game,
                example=_example(game_name),
            )
        case OtherGame(game_name):
            game = engine.GAMES[game_name].title
            return t("The game being played is {game}; finish it or abort it first.", game=game)
    return None


def busy(record_title: str) -> Text:
    """The refusal of a second game while one is being played."""
    return t(
        "{game} is being played; finish it, or type {abort} to end it first.",
        game=record_title,
        abort='"abort"',
    )


def with_list(text: str, path: str, listing: str) -> str:
    """A long history's post with its move list shown: in English, where its file is in
    place of its being attached; in another language, after the post's own sentence (the
    file's path follows among the files written)."""
    if not text.endswith(LIST_ATTACHED):
        return f"{text}\n{listing}"
    return f"{text.removesuffix(LIST_ATTACHED)}the list is in {path}:\n{listing}"


def puzzle_words(text: Text, name: str) -> Text:
    """A puzzle's post or refusal with the console's lines for `name` in place of
    Discord's command options and Answer button, in its sentences' parts too (a refusal's
    words may name `/puzzle` still: see `Studies.puzzle`)."""
    typed = {
        PUZZLE_ANSWER: f'"puzzle {name} <your move>"',
        PUZZLE_SOLUTION: f'"puzzle {name} solution"',
    }
    said: list[Segment] = []
    for segment in text.segments:
        match segment:
            case Code(code) if code in typed:
                said.append(typed[code])
            case Command("puzzle"):
                said.append(f'"puzzle {name}"')
            case Said(parts=parts, count=count) if ANSWER_BUTTON in dict(parts).values():
                answer, solution = typed[PUZZLE_ANSWER], typed[PUZZLE_SOLUTION]
                said += _answering_a_puzzle(answer, solution, count or 0).segments
            case Said(parts=parts):
                shown = tuple((key, puzzle_words(part, name)) for key, part in parts)
                said.append(replace(segment, parts=shown))
            case _:
                said.append(segment)
    return Text(tuple(said))


def _answering_a_puzzle(answer: str, solution: str, tries: int) -> Text:
    """How to answer a puzzle in the console (there is no Answer button), with the
    number of tries left."""
    return tn(
        "Answer with {answer} ({count} try), or see the solution with {solution}.",
        "Answer with {answer} ({count} tries), or see the solution with {solution}.",
        tries,
        answer=answer,
        solution=solution,
    )


def card_lines(card: Card, heading: Text | None = None, *, footer: bool = True) -> list[Text | str]:
    """A card as console lines: its title (or `heading`), description, fields and (unless
    left out, when it speaks of Discord's commands) its footer."""
    shown: list[Text | str] = [heading or card.title, *card.description]
    for name, listed in card.fields:
        shown += [t("{field}:", field=name), *(Text(("  ", *line.segments)) for line in listed)]
    return [*shown, *([card.footer] if footer and not is_empty(card.footer) else [])]


def is_empty(said: Text | str) -> bool:
    """Whether a text says nothing."""
    return not (said.segments if isinstance(said, Text) else said)


def is_piece(word: str) -> bool:
    """Whether a word names one Folio piece (`RS`, `bl`), as its `extras` are written."""
    try:
        return len(read_pieces([word.lower()])) == 1
    except engine.GameError:
        return False


def _example(game: str) -> str:
    """A start line for `game`."""
    return f'"start {game} alice bob"'


def how_to_answer(waiting: list[str]) -> Text:
    """What the players asked type to answer an offer."""
    typed = [_either(f'"agree {name}"', f'"decline {name}"') for name in waiting]
    return t("To answer, type {answers}.", answers=joined("; ", typed))


def _either(agree: str, decline: str) -> Text:
    """The two lines one player may type to answer an offer."""
    return t("{agree} or {decline}", agree=agree, decline=decline)


def who_does(command: str) -> Text:
    """The question a command naming no player answers with (`resign`: who resigns?)."""
    match command:
        case "resign":
            return t("Who resigns? For example {example}.", example='"resign alice"')
        case "agree":
            return t("Who agrees? For example {example}.", example='"agree alice"')
        case "decline":
            return t("Who declines? For example {example}.", example='"decline alice"')
        case "draw":
            return t("Who draws? For example {example}.", example='"draw alice"')
        case "undo":
            return t("Who undos? For example {example}.", example='"undo alice"')
        case "pause":
            return t("Who pauses? For example {example}.", example='"pause alice"')
        case "hint":
            return t("Whose hint? For example {example}.", example='"hint alice"')
        case "puzzle":
            return t("Whose puzzle? For example {example}.", example='"puzzle alice"')
        case "give_time":
            example = '"give_time alice bob 1d"'
            return t("Who gives whom how much? For example {example}.", example=example)
    return t("Whose stats? For example {example}.", example='"stats alice"')


def confirm_abort(game: str) -> Text:
    """The question confirming that a game is to be aborted."""
    return t(
        "Abort {game}? It will not be rated. Type {yes} to abort, {no} to play on.",
        game=game,
        yes=YES[0],
        no=NO[0],
    )


def confirm_resign(player: str) -> Text:
    """The question confirming that a player resigns."""
    return t(
        "Does {player} resign? This cannot be undone. Type {yes} to resign, {no} not to.",
        player=Name(player),
        yes=YES[0],
        no=NO[0],
    )


def more_moves(count: int, start: str) -> Text:
    """That `count` moves more match than are listed, and how to narrow them."""
    example = f'"moves {start}"'
    return tn(
        "... and {count} more: narrow them with a move's start, e.g. {example}.",
        "... and {count} more: narrow them with a move's start, e.g. {example}.",
        count,
        example=example,
    )


def offer_made(kind: Prompt, by: str) -> Text:
    """The offer of `kind` that `by` made, waiting for the others' answers."""
    player = Name(by)
    if kind is Prompt.DRAW:
        return t("{player} offers a draw.", player=player)
    if kind is Prompt.UNDO:
        return t("{player} offers to take back their last move.", player=player)
    return t("{player} offers to pause the game, stopping the clocks.", player=player)


def offer_lapsed(kind: Prompt, by: str) -> Text:
    """The offer of `kind` that `by` made, gone without an answer."""
    player = Name(by)
    if kind is Prompt.DRAW:
        return t("{player} offered a draw; the offer lapsed.", player=player)
    if kind is Prompt.UNDO:
        return t("{player} offered to take back their last move; the offer lapsed.", player=player)
    return t(
        "{player} offered to pause the game, stopping the clocks; the offer lapsed.",
        player=player,
    )


def start_of(move: str) -> str:
    """The start of a move that narrows a long list of moves: `S c` of `S c3`, `c1` of
    `c1-d3` or of `c1 give RS`."""
    first, _, rest = move.partition(" ")
    return f"{first} {rest[0]}" if len(first) == 1 and rest else first[:2]


def plain_markdown(body: str) -> str:
    """A rules page without its markdown: no bold or code marks, tables as lines."""
    lines = []
    for line in body.replace("**", "").replace("`", "").splitlines():
        if _TABLE_RULE.match(line):
            continue
        if line.startswith("|"):
            line = "  ".join(cell.strip() for cell in line.strip("|").split("|"))
        lines.append(line)
    return "\n".join(lines)
