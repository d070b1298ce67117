"""The console's own words: its help, its sentences for the refusals that speak of Discord's
channels and slash commands, and Discord's commands in a post turned into console lines."""

from __future__ import annotations

import re

import engine
from bot.play.ranking.standings import Card
from bot.play.table.values import Refusal
from bot.play.words.refusals import GameOver, NoGame, OtherGame
from bot.play.words.text import Code, Command, Segment, Strong, Text
from engine.folio import read_pieces

HELP = """\
start tink alice bob      start a game, the players named in seat order; options as
                          name=value, e.g. order=random, time_limit=12h (and the
                          game's own, e.g. start folio alice bob extras=RS YM GL BM)
start tink alice ai=hard  play against the AI (beginner, easy, medium, hard); "ai" as a
                          player's name gives it a seat, e.g. start tink alice ai bob ai;
                          order=ai lets the AI move first (in Folio, by giving you
                          your first piece, as the second player always does)
alice s d4                alice plays the move "s d4"
moves [start]             the legal moves of the player to move (those that start so)
hint alice                the coach names alice's win at once, if she has one (in games
                          against the AI)
board                     the picture of the game
history                   the move list and a replay
review [game]             the last finished game's review: accuracy, mistakes, graph
rules [game]              the rules of the game being played, or of the game named
resign alice              alice resigns (asks to confirm: y or n)
draw alice, undo alice    alice offers a draw or to take back her move
agree bob, decline bob    bob answers the offer (the AI answers at once)
pause alice               alice asks the others to stop the clocks (answered as above)
resume                    start the stopped clocks again
give_time alice bob 1d    alice gives bob a day on his clock
abort                     end the game, unrated (asks to confirm: y or n)
puzzle alice [game]       a win a player missed in a finished game, for alice to find;
                          "puzzle alice s f3" answers, "puzzle alice solution" shows it
stats alice [game]        alice's rating, record and recent games ("stats ai hard":
                          the AI's at that level)
leaderboard [game] [page] the players by rating
quit                      leave (Ctrl-C and Ctrl-D leave too)"""
EXAMPLE = '"start tink alice bob"'
NO_GAME = f"No game is being played; start one, e.g. {EXAMPLE}."
YES, NO = ("y", "yes"), ("n", "no")
"""The answers that confirm an abort or a resignation, and those that keep playing."""
PUZZLE_ANSWER, PUZZLE_SOLUTION = "/puzzle move:<your move>", "/puzzle solution:True"
"""How a puzzle's post tells to answer it and to see its solution on Discord."""
_TABLE_RULE = re.compile(r"^\|[\s:|-]+\|$")
LIST_ATTACHED = "the list is attached."
"""How a long history's post ends, its move list a file."""


def refusal_words(refusal: Refusal) -> str | None:
    """The console's sentence for a refusal that speaks of channels and slash commands;
    None for the others, whose words fit the console."""
    match refusal:
        case NoGame():
            return NO_GAME
        case GameOver(game_name):
            game = engine.GAMES[game_name].title
            return f"The last {game} game is over; start a new one, e.g. {_example(game_name)}."
        case OtherGame(game_name):
            game = engine.GAMES[game_name].title
            return f"The game being played is {game}; finish it or abort it first."
    return None


def busy(record_title: str) -> str:
    """The refusal of a second game while one is being played."""
    return f'{record_title} is being played; finish it, or type "abort" to end it first.'


def with_list(text: str, path: str, listing: str) -> str:
    """A long history's post with its move list shown and where its file is, not said to
    be attached."""
    if not text.endswith(LIST_ATTACHED):
        return text
    return f"{text.removesuffix(LIST_ATTACHED)}the list is in {path}:\n{listing}"


def puzzle_words(text: Text, name: str) -> Text:
    """A puzzle's post or refusal with the console's lines for `name` in place of
    Discord's command options and Answer button."""
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
            case Strong("Answer"):
                if said and isinstance(said[-1], str):
                    said[-1] = said[-1].removesuffix(" or ")
            case str():
                said.append(segment.replace("/puzzle", f'"puzzle {name}"'))
            case _:
                said.append(segment)
    return Text(tuple(said))


def card_lines(card: Card, heading: Text | None = None, *, footer: bool = True) -> list[Text | str]:
    """A card as console lines: its title (or `heading`), description, fields and (unless
    left out, when it speaks of Discord's commands) its footer."""
    shown: list[Text | str] = [heading or card.title, *card.description]
    for name, lines in card.fields:
        shown += [f"{name}:", *(Text(("  ", *line.segments)) for line in lines)]
    return [*shown, *filter(None, [card.footer if footer else ""])]


def game_kind(game: str | None) -> str:
    """`Tink games`, or `games` for every game rated together."""
    return "games" if game is None else f"{engine.GAMES[game].title} games"


def is_piece(word: str) -> bool:
    """Whether a word names one Folio piece (`RS`, `bl`), as its `extras` are written."""
    try:
        return len(read_pieces([word.lower()])) == 1
    except engine.GameError:
        return False


def _example(game: str) -> str:
    """A start line for `game`."""
    return f'"start {game} alice bob"'


def how_to_answer(waiting: list[str]) -> str:
    """What the players asked type to answer an offer."""
    typed = "; ".join(f'"agree {name}" or "decline {name}"' for name in waiting)
    return f"To answer, type {typed}."


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
