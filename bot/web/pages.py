"""The pages' HTML: complete without JavaScript (a reload brings a page up to date, links
step through the replay, forms build and play a move), live with it (the page follows
its game's changes as they come, and the arrow keys step through the replay), in the
language the server makes them in (the reader's: see `bot.web.words`). Nothing is fetched
from elsewhere: the style and the script are in the page (`bot.web.look`)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from html import escape
from urllib.parse import urlencode

from bot.play.learning.watching import GameView, MoveView, SeatView
from bot.play.playing.choices import Choice, Step
from bot.play.ranking.standings import Card
from bot.play.table.records import Status
from bot.play.words.clocks import short_clock
from bot.play.words.languages import SOURCE
from bot.play.words.text import Name, Text, joined, say, t
from bot.web.look import SCRIPT, STYLE
from bot.web.records import RECORD_FILES
from bot.web.words import (
    BACK,
    MOVES,
    NO_MOVES,
    NOW,
    PLAY,
    PLAYERS,
    REPLAY,
    TAP,
    TO_NEXT,
    TO_NOW,
    TO_PREVIOUS,
    TO_START,
    YOUR_MOVE,
    html,
    html_lang,
    moved_on,
    winning,
)
from render import BoardMap

_PIECES = re.compile(r"[\s-]+")
"""What separates the pieces of a move's text: spaces, or Bridge's dash."""


@dataclass(frozen=True, slots=True)
class PageLinks:
    """Where a page is and what it links to: its own path (with no query), its events,
    its picture, and the absolute addresses shared links unfurl with."""

    path: str
    events: str
    board: str
    address: str
    image: str


@dataclass(frozen=True, slots=True)
class Builder:
    """A player's move as their page builds it: the `panel` above the board (what is
    picked, the choices, Play) and the `spots` over the board's squares a tap picks."""

    panel: str
    spots: str = ""


def game_page(
    view: GameView,
    links: PageLinks,
    at: int | None,
    builder: Builder | None = None,
    language: str = SOURCE,
) -> str:
    """A game's page in `language`: the board (now, or after `at` actions in the
    replay), who plays and whose turn it is, the moves, and the `builder` of a player's
    move, if any: its spots make the board as it stands a board to tap."""
    shown = at if at is not None and 0 <= at < view.positions - 1 else None
    panel = builder.panel if builder else ""
    spots = builder.spots if builder and shown is None else ""
    width, height = (view.board.width, view.board.height) if view.board else (960, 960)
    said = html(view.said, language)
    title = f"{view.title}: {', '.join(seat.name for seat in view.seats)}"
    board = (
        f"{links.board}?{urlencode({'at': shown} if shown is not None else {'v': view.version})}"
    )
    caption, alt = _caption(view.title, shown)
    return f"""<!doctype html>
<html lang="{html_lang(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<meta property="og:type" content="website">
<meta property="og:title" content="{escape(title)}">
<meta property="og:description" content="{said}">
<meta property="og:url" content="{escape(links.address)}">
<meta property="og:image" content="{escape(links.image)}">
<meta name="twitter:card" content="summary_large_image">
<style>{STYLE}</style>
</head>
<body data-version="{view.version}" data-events="{escape(links.events)}">
<main>
<header>
<h1>{escape(view.title)}</h1>
<p class="said" aria-live="polite">{said}</p>
{panel}
</header>
<div>
<figure>
<div class="board">
<img src="{escape(board)}" alt="{html(alt, language)}"
 width="{width}" height="{height}">{spots}
</div>
<figcaption>{html(caption, language)}</figcaption>
</figure>
{_replay_nav(links.path, shown, view.positions, language)}
</div>
<div>
<h2>{html(PLAYERS, language)}</h2>
{_seats(view.seats, language)}
{_review(view, links.path, language)}
<h2>{html(MOVES, language)}</h2>
{_moves(links.path, view.moves, shown, language)}
{_records(view, links.path, language)}
</div>
</main>
<script>{SCRIPT}</script>
</body>
</html>
"""


def _caption(title: str, shown: int | None) -> tuple[Text, Text]:
    """What the board shows (now, the start, after a move), and its picture's words."""
    if shown is None:
        return NOW, t("The board of {title}: now", title=title)
    if shown == 0:
        return t("The start"), t("The board of {title}: the start", title=title)
    number = str(shown)
    return (
        t("After move {number}", number=number),
        t("The board of {title}: after move {number}", title=title, number=number),
    )


def _review(view: GameView, path: str, language: str) -> str:
    """A reviewed game's accuracy per player and its graph of who was winning."""
    if view.review is None:
        return ""
    accuracy = joined(
        ", ",
        (
            say(Name(name), f" {value:.0f}")
            for name, value in zip(view.names, view.review.accuracy, strict=False)
        ),
    )
    alt = t("Who was winning, move by move, in {title}", title=view.title)
    heading, said = t("Review"), t("Accuracy: {accuracy}.", accuracy=accuracy)
    return (
        f"<h2>{html(heading, language)}</h2><p>{html(said, language)}</p>"
        f'<figure><img src="{escape(path)}/review.png?v={view.version}" '
        f'alt="{html(alt, language)}" width="720" height="400"></figure>'
    )


def _records(view: GameView, path: str, language: str) -> str:
    """A finished game's record files to take away."""
    if view.status is not Status.FINISHED:
        return ""
    record, moves = (escape(f"{path}/{name}") for name in RECORD_FILES)
    heading, game_record, move_list = t("Record"), t("Game record"), t("Move list")
    json = t("(JSON, in Abstract Play's format, modelled on chess's PGN)")
    text = t("(text, in the game's own notation)")
    return (
        f"<h2>{html(heading, language)}</h2>"
        f'<p><a href="{record}" download>{html(game_record, language)}</a> '
        f"{html(json, language, quote=False)} &middot; "
        f'<a href="{moves}" download>{html(move_list, language)}</a> '
        f"{html(text, language, quote=False)}</p>"
    )


def _seats(seats: tuple[SeatView, ...], language: str) -> str:
    items = []
    for seat in seats:
        marked = ' class="to-move"' if seat.to_move else ""
        left = "" if seat.clock is None else short_clock(seat.clock, language)
        clock = f'<span class="clock">{escape(left)}</span>' if left else ""
        items.append(f"<li{marked}><span>{escape(seat.name)}</span>{clock}</li>")
    return f'<ul class="seats">{"".join(items)}</ul>'


def _moves(path: str, moves: tuple[MoveView, ...], shown: int | None, language: str) -> str:
    if not moves:
        return f"<p>{html(NO_MOVES, language)}</p>"
    items = []
    for move in moves:
        marked = ' class="here"' if move.ply == shown else ""
        mark = html(move.mark, language)
        lesson = f'<span class="mark">{mark}</span>' if mark else ""
        link = f'<a href="{escape(path)}?at={move.ply}">{escape(move.player)}: '
        items.append(f"<li{marked}>{link}<code>{escape(move.move)}</code></a>{lesson}</li>")
    return f'<ol class="moves">{"".join(items)}</ol>'


def _replay_nav(path: str, shown: int | None, positions: int, language: str) -> str:
    """Links to the start, the move before and after, and now; where none leads, a mark."""
    last = positions - 1
    here = last if shown is None else shown
    steps = (
        ("first", TO_START, 0 if here > 0 else None),
        ("prev", TO_PREVIOUS, here - 1 if here > 0 else None),
        ("next", TO_NEXT, here + 1 if here < last else None),
        ("last", TO_NOW, last if shown is not None else None),
    )
    parts = []
    for rel, label, target in steps:
        if target is None:
            parts.append(f"<span>{html(label, language)}</span>")
            continue
        href = path if target == last else f"{path}?at={target}"
        parts.append(f'<a rel="{rel}" href="{escape(href)}">{html(label, language)}</a>')
    return f'<nav class="replay" aria-label="{html(REPLAY, language)}">{"".join(parts)}</nav>'


def move_builder(
    step: Step, action: str, board: BoardMap | None = None, language: str = SOURCE
) -> Builder:
    """A player's move being built: the choices that follow what is picked (the winning
    ones marked), Back, and Play once the move is whole, posted to `action`. Choices that
    name a square of the `board` are picked by tapping it on the picture."""
    squares = board.squares if board else {}
    heading = moved_on(step.heading) if step.moved_on else step.heading
    parts = [f"<h2>{html(heading, language)}</h2>"]
    tapped = [choice for choice in step.choices if choice.label in squares]
    if tapped:
        parts.append(f'<p class="hint">{html(TAP, language)}</p>')
    if step.choices:
        listed = "".join(
            _choice_button(c, language) for c in step.choices if c.label not in squares
        )
        version = f'<input type="hidden" name="v" value="{step.version}">'
        parts.append(f'<form method="get" class="choices" id="pick">{version}{listed}</form>')
    if step.complete is not None:
        parts.append(
            f'<form method="post" action="{escape(action)}" class="play">'
            f'<input type="hidden" name="chosen" value="{escape(step.complete)}">'
            f'<input type="hidden" name="v" value="{step.version}">'
            f"<button>{html(PLAY, language)} <code>{escape(step.complete)}</code></button></form>"
        )
    if step.back is not None:
        back = urlencode({"chosen": step.back, "v": step.version})
        parts.append(f'<p><a class="back" href="?{escape(back)}">{html(BACK, language)}</a></p>')
    panel = _panel("".join(parts), language)
    if board is None:
        return Builder(panel)
    picked = [piece for piece in _PIECES.split(step.chosen) if piece in squares]
    spots = [f'<span class="spot picked" style="{_over(board, piece)}"></span>' for piece in picked]
    spots.extend(_spot(choice, board, language) for choice in tapped)
    return Builder(panel, "".join(spots))


def _panel(inside: str, language: str) -> str:
    return f'<section class="builder" aria-label="{html(YOUR_MOVE, language)}">{inside}</section>'


def _spot(choice: Choice, board: BoardMap, language: str) -> str:
    """A square to tap over the board's picture: it picks `choice`."""
    marked = " wins" if choice.wins else ""
    said = html(winning(choice.label) if choice.wins else choice.label, language)
    return (
        f'<button form="pick" name="chosen" value="{escape(choice.value)}" class="spot{marked}" '
        f'style="{_over(board, choice.label)}" aria-label="{said}" '
        f'title="{html(choice.words, language) or said}"></button>'
    )


def _over(board: BoardMap, square: str) -> str:
    """Where a square lies on the picture, as shares of its size (the picture scales)."""
    left, top, right, bottom = board.squares[square]
    wide, high = (right - left + 1) / board.width, (bottom - top + 1) / board.height
    return (
        f"left:{left / board.width:.3%};top:{top / board.height:.3%};"
        f"width:{wide:.3%};height:{high:.3%}"
    )


def _choice_button(choice: Choice, language: str) -> str:
    marked = ' class="wins"' if choice.wins else ""
    label = html(winning(choice.label) if choice.wins else choice.label, language)
    value, words = escape(choice.value), html(choice.words or say(choice.label), language)
    return f'<button name="chosen" value="{value}"{marked} title="{words}">{label}</button>'


def waiting_builder(said: Text, language: str = SOURCE) -> Builder:
    """A player's page while it is not their move (or the game is over)."""
    return Builder(_panel(f"<p>{html(said, language)}</p>", language))


def card_page(card: Card, picture: str | None = None, nav: str = "", language: str = SOURCE) -> str:
    """A leaderboard or a tournament's standings in `language`: the card's lines, its
    fields, its footer, and a picture (the crosstable) when given."""
    title = html(card.title, language)
    parts = [f"<p>{_lines(card.description, language)}</p>"] if card.description else []
    for name, lines in card.fields:
        parts.append(f"<h2>{html(name, language)}</h2><p>{_lines(lines, language)}</p>")
    if picture is not None:
        parts.append(f'<figure><img src="{escape(picture)}" alt="{title}"></figure>')
    footer = _lines([card.footer], language)
    shown = f'<p class="said">{footer}</p>' if footer else ""
    return f"""<!doctype html>
<html lang="{html_lang(language)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title><meta property="og:title" content="{title}">
<style>{STYLE}</style></head>
<body><main><header><h1>{title}</h1>{nav}</header>
<div class="card">{"".join(parts)}{shown}</div>
</main></body>
</html>
"""


def pages_nav(
    path: str,
    game: str | None,
    page: int,
    pages: int,
    games: dict[str, str],
    language: str = SOURCE,
) -> str:
    """Links to each game's board (and all games together) and to the pages before and after."""
    boards: list[tuple[str, Text | str]] = [("", t("All games")), *games.items()]
    links = []
    for name, title in boards:
        current = ' aria-current="page"' if (name or None) == game else ""
        query = urlencode({"game": name} if name else {})
        links.append(f'<a href="{escape(path)}?{query}"{current}>{html(title, language)}</a>')
    stepped = []
    previous, following = say("\u2039 ", t("Previous")), say(t("Next"), " \u203a")
    for target, label in ((page - 1, previous), (page + 1, following)):
        if 0 <= target < pages:
            query = urlencode({**({"game": game} if game else {}), "page": target + 1})
            stepped.append(f'<a href="{escape(path)}?{query}">{html(label, language)}</a>')
    boards_said, pages_said = html(t("Boards"), language), html(t("Pages"), language)
    return (
        f'<nav class="replay" aria-label="{boards_said}">{"".join(links)}</nav>'
        f'<nav class="replay" aria-label="{pages_said}">{"".join(stepped)}</nav>'
    )


def _lines(lines: Iterable[Text | str], language: str) -> str:
    return "<br>".join(html(line, language) for line in lines)


def home_page(titles: list[str], leaderboard: str, language: str = SOURCE) -> str:
    """What these pages are, in `language`: the games of the bot on Discord, whose pages
    its links open, and the `leaderboard` of the games played outside servers."""
    games = t("{listed} and {last}", listed=", ".join(titles[:-1]), last=titles[-1])
    what = t(
        "These are the pages of the Pyramid Host bot: games of {games}, Looney Pyramid "
        "games played on Discord.",
        games=games,
    )
    pages = t(
        "Each game has a page to watch it on, live or move by move once it is over, with "
        "its record to download when it is finished; each player has one to move on. "
        "They open from the Watch and Play on the web buttons in Discord."
    )
    games_heading, boards_heading = t("Games"), t("Leaderboards")
    boards = t("Leaderboards of the games played outside servers")
    servers = t(
        "A server's own leaderboards open from the Open on the web button of {command} there.",
        command="/leaderboard",
    )
    return f"""<!doctype html>
<html lang="{html_lang(language)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pyramid Host</title><meta property="og:title" content="Pyramid Host">
<style>{STYLE}</style></head>
<body><main><header><h1>Pyramid Host</h1>
<p class="said">{html(what, language)}</p></header>
<div>
<h2>{html(games_heading, language)}</h2>
<p>{html(pages, language, quote=False)}</p>
<h2>{html(boards_heading, language)}</h2>
<p><a href="{escape(leaderboard)}">{html(boards, language)}</a>.
{html(servers, language, quote=False)}</p>
</div>
</main></body>
</html>
"""


def message_page(sentence: Text, language: str = SOURCE) -> str:
    """A page saying one sentence in `language`: a link that opens nothing, or has expired."""
    return f"""<!doctype html>
<html lang="{html_lang(language)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pyramid Host</title><style>{STYLE}</style></head>
<body><main><header><h1>Pyramid Host</h1><p class="said">{html(sentence, language)}</p></header>
</main></body>
</html>
"""
