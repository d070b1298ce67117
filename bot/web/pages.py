"""The pages' HTML: complete without JavaScript (a reload brings a page up to date, links
step through the replay, forms build and play a move), live with it (the page follows
its game's changes as they come, and the arrow keys step through the replay). Nothing is
fetched from elsewhere: the style and the script are in the page."""

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
from bot.play.words.text import Text, plain
from bot.web.records import RECORD_FILES
from render import BoardMap

_PIECES = re.compile(r"[\s-]+")
"""What separates the pieces of a move's text: spaces, or Bridge's dash."""

STYLE = """
:root { color-scheme: light dark; --ink: #1d1d1f; --paper: #fbfaf7; --soft: #6b6b70;
  --line: #d9d6cf; --accent: #2b6cb0; --win: #1f7a3a; }
@media (prefers-color-scheme: dark) { :root { --ink: #ececec; --paper: #18181a;
  --soft: #a3a3a8; --line: #3a3a3e; --accent: #7fb2f0; --win: #6fcf8f; } }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif;
  color: var(--ink); background: var(--paper); }
main { max-width: 1100px; margin: 0 auto; padding: 12px; display: grid; gap: 16px; }
@media (min-width: 900px) { main { grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  padding: 24px; } header { grid-column: 1 / -1; } }
h1 { font-size: 1.4rem; margin: 0 0 4px; }
.said { margin: 0; font-size: 1.05rem; }
figure { margin: 0; }
figure img { width: 100%; height: auto; display: block; border-radius: 8px;
  border: 1px solid var(--line); }
.board { position: relative; }
.spot { position: absolute; margin: 0; padding: 0; border: 0; border-radius: 0;
  background: transparent; cursor: pointer; }
.spot::after { content: ""; position: absolute; inset: 37%; border-radius: 50%;
  background: color-mix(in srgb, var(--accent) 65%, transparent); }
.spot.wins::after { inset: 31%; background: color-mix(in srgb, var(--win) 85%, transparent); }
.spot.picked { pointer-events: none; box-shadow: inset 0 0 0 4px var(--accent); }
.spot.picked::after { content: none; }
.spot:hover, .spot:focus-visible { outline: 3px solid var(--accent); outline-offset: -3px; }
.hint { color: var(--soft); margin: 4px 0; }
figcaption { color: var(--soft); font-size: .9rem; margin-top: 4px; }
nav.replay { display: flex; gap: 8px; margin-top: 8px; flex-wrap: wrap; }
a, button { color: var(--accent); }
nav.replay a, nav.replay span, .choices button, .play button, .back {
  display: inline-block; min-width: 44px; min-height: 44px; padding: 10px 14px;
  border: 1px solid var(--line); border-radius: 8px; text-align: center;
  text-decoration: none; background: transparent; font: inherit; cursor: pointer; }
nav.replay a, nav.replay span { flex: 1 1 auto; padding: 10px 4px; white-space: nowrap; }
nav.replay span { color: var(--soft); }
a:focus-visible, button:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
ul.seats { list-style: none; padding: 0; margin: 0 0 12px; }
ul.seats li { padding: 6px 0; border-bottom: 1px solid var(--line); display: flex;
  justify-content: space-between; gap: 8px; }
ul.seats li.to-move { font-weight: 700; }
ul.seats li.to-move span:first-child::before { content: "\\25B6\\FE0E"; margin-right: 6px;
  color: var(--accent); }
.clock { font-variant-numeric: tabular-nums; color: var(--soft); }
ol.moves { padding-left: 2.2em; margin: 0; max-height: 50vh; overflow: auto; }
ol.moves li.here { background: color-mix(in srgb, var(--accent) 18%, transparent); }
.mark { color: var(--soft); font-size: .9rem; display: block; }
section.builder { border: 1px solid var(--line); border-radius: 10px; padding: 12px;
  margin-top: 12px; }
section.builder h2 { font-size: 1.1rem; margin: 0 0 8px; }
.choices { display: flex; flex-wrap: wrap; gap: 8px; margin: 8px 0; }
.choices button.wins { border-color: var(--win); color: var(--win); font-weight: 700; }
.play button { background: var(--accent); color: var(--paper); border-color: var(--accent);
  font-weight: 700; }
code { font-family: ui-monospace, "SF Mono", Menlo, monospace; }
"""

SCRIPT = """
(() => {
  const body = document.body;
  let version = Number(body.dataset.version);
  async function refresh() {
    const answer = await fetch(location.href, {cache: "no-store"});
    if (!answer.ok) return;
    const page = new DOMParser().parseFromString(await answer.text(), "text/html");
    const fresh = page.querySelector("main");
    if (!fresh) return;
    document.querySelector("main").replaceWith(fresh);
    version = Number(page.body.dataset.version);
    body.dataset.version = String(version);
    document.title = page.title;
  }
  const events = new EventSource(body.dataset.events);
  events.addEventListener("version", (event) => {
    if (Number(event.data) !== version) refresh();
  });
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, textarea, select")) return;
    const rel = {ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last"}[event.key];
    const link = rel && document.querySelector(`nav.replay a[rel="${rel}"]`);
    if (link) { event.preventDefault(); location.href = link.href; }
  });
})();
"""


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
    view: GameView, links: PageLinks, at: int | None, builder: Builder | None = None
) -> str:
    """A game's page: the board (now, or after `at` actions in the replay), who plays
    and whose turn it is, the moves, and the `builder` of a player's move, if any: its
    spots make the board as it stands a board to tap."""
    shown = at if at is not None and 0 <= at < view.positions - 1 else None
    panel = builder.panel if builder else ""
    spots = builder.spots if builder and shown is None else ""
    width, height = (view.board.width, view.board.height) if view.board else (960, 960)
    said = plain(view.said)
    title = f"{view.title}: {', '.join(seat.name for seat in view.seats)}"
    board = (
        f"{links.board}?{urlencode({'at': shown} if shown is not None else {'v': view.version})}"
    )
    caption = "Now" if shown is None else f"After move {shown}" if shown else "The start"
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<meta property="og:type" content="website">
<meta property="og:title" content="{escape(title)}">
<meta property="og:description" content="{escape(said)}">
<meta property="og:url" content="{escape(links.address)}">
<meta property="og:image" content="{escape(links.image)}">
<meta name="twitter:card" content="summary_large_image">
<style>{STYLE}</style>
</head>
<body data-version="{view.version}" data-events="{escape(links.events)}">
<main>
<header>
<h1>{escape(view.title)}</h1>
<p class="said" aria-live="polite">{escape(said)}</p>
{panel}
</header>
<div>
<figure>
<div class="board">
<img src="{escape(board)}" alt="{escape(f"The board of {view.title}: {caption.lower()}")}"
 width="{width}" height="{height}">{spots}
</div>
<figcaption>{escape(caption)}</figcaption>
</figure>
{_replay_nav(links.path, shown, view.positions)}
</div>
<div>
<h2>Players</h2>
{_seats(view.seats)}
{_review(view, links.path)}
<h2>Moves</h2>
{_moves(links.path, view.moves, shown)}
{_records(view, links.path)}
</div>
</main>
<script>{SCRIPT}</script>
</body>
</html>
"""


def _review(view: GameView, path: str) -> str:
    """A reviewed game's accuracy per player and its graph of who was winning."""
    if view.review is None:
        return ""
    accuracy = ", ".join(
        f"{escape(name)} {value:.0f}"
        for name, value in zip(view.names, view.review.accuracy, strict=False)
    )
    alt = f"Who was winning, move by move, in {view.title}"
    return (
        f"<h2>Review</h2><p>Accuracy: {accuracy}.</p>"
        f'<figure><img src="{escape(path)}/review.png?v={view.version}" alt="{escape(alt)}" '
        'width="720" height="400"></figure>'
    )


def _records(view: GameView, path: str) -> str:
    """A finished game's record files to take away."""
    if view.status is not Status.FINISHED:
        return ""
    record, moves = (escape(f"{path}/{name}") for name in RECORD_FILES)
    return (
        f'<h2>Record</h2><p><a href="{record}" download>Game record</a> '
        "(JSON, in Abstract Play's format, modelled on chess's PGN) &middot; "
        f'<a href="{moves}" download>Move list</a> '
        "(text, in the game's own notation)</p>"
    )


def _seats(seats: tuple[SeatView, ...]) -> str:
    items = []
    for seat in seats:
        marked = ' class="to-move"' if seat.to_move else ""
        clock = f'<span class="clock">{escape(seat.clock)}</span>' if seat.clock else ""
        items.append(f"<li{marked}><span>{escape(seat.name)}</span>{clock}</li>")
    return f'<ul class="seats">{"".join(items)}</ul>'


def _moves(path: str, moves: tuple[MoveView, ...], shown: int | None) -> str:
    if not moves:
        return "<p>No moves yet.</p>"
    items = []
    for move in moves:
        marked = ' class="here"' if move.ply == shown else ""
        lesson = f'<span class="mark">{escape(move.mark)}</span>' if move.mark else ""
        link = f'<a href="{escape(path)}?at={move.ply}">{escape(move.player)}: '
        items.append(f"<li{marked}>{link}<code>{escape(move.move)}</code></a>{lesson}</li>")
    return f'<ol class="moves">{"".join(items)}</ol>'


def _replay_nav(path: str, shown: int | None, positions: int) -> str:
    """Links to the start, the move before and after, and now; where none leads, a mark."""
    last = positions - 1
    here = last if shown is None else shown
    steps = (
        ("first", "\u00ab Start", 0 if here > 0 else None),
        ("prev", "\u2039 Back", here - 1 if here > 0 else None),
        ("next", "Forward \u203a", here + 1 if here < last else None),
        ("last", "Now \u00bb", last if shown is not None else None),
    )
    parts = []
    for rel, label, target in steps:
        if target is None:
            parts.append(f"<span>{escape(label)}</span>")
            continue
        href = path if target == last else f"{path}?at={target}"
        parts.append(f'<a rel="{rel}" href="{escape(href)}">{escape(label)}</a>')
    return f'<nav class="replay" aria-label="Replay">{"".join(parts)}</nav>'


def move_builder(step: Step, action: str, board: BoardMap | None = None) -> Builder:
    """A player's move being built: the choices that follow what is picked (the winning
    ones marked), Back, and Play once the move is whole, posted to `action`. Choices that
    name a square of the `board` are picked by tapping it on the picture."""
    squares = board.squares if board else {}
    heading = plain(step.heading)
    if step.moved_on:
        heading = f"The game moved on; here is your move afresh. {heading}"
    parts = [f"<h2>{escape(heading)}</h2>"]
    tapped = [choice for choice in step.choices if choice.label in squares]
    if tapped:
        parts.append('<p class="hint">Tap a marked square on the board.</p>')
    if step.choices:
        listed = "".join(_choice_button(c) for c in step.choices if c.label not in squares)
        version = f'<input type="hidden" name="v" value="{step.version}">'
        parts.append(f'<form method="get" class="choices" id="pick">{version}{listed}</form>')
    if step.complete is not None:
        parts.append(
            f'<form method="post" action="{escape(action)}" class="play">'
            f'<input type="hidden" name="chosen" value="{escape(step.complete)}">'
            f'<input type="hidden" name="v" value="{step.version}">'
            f"<button>Play <code>{escape(step.complete)}</code></button></form>"
        )
    if step.back is not None:
        back = urlencode({"chosen": step.back, "v": step.version})
        parts.append(f'<p><a class="back" href="?{escape(back)}">Back</a></p>')
    panel = f'<section class="builder" aria-label="Your move">{"".join(parts)}</section>'
    if board is None:
        return Builder(panel)
    picked = [piece for piece in _PIECES.split(step.chosen) if piece in squares]
    spots = [f'<span class="spot picked" style="{_over(board, piece)}"></span>' for piece in picked]
    spots.extend(_spot(choice, board) for choice in tapped)
    return Builder(panel, "".join(spots))


def _spot(choice: Choice, board: BoardMap) -> str:
    """A square to tap over the board's picture: it picks `choice`."""
    marked, wins = (" wins", " (wins)") if choice.wins else ("", "")
    said = escape(f"{choice.label}{wins}")
    return (
        f'<button form="pick" name="chosen" value="{escape(choice.value)}" class="spot{marked}" '
        f'style="{_over(board, choice.label)}" aria-label="{said}" '
        f'title="{escape(choice.words) or said}"></button>'
    )


def _over(board: BoardMap, square: str) -> str:
    """Where a square lies on the picture, as shares of its size (the picture scales)."""
    left, top, right, bottom = board.squares[square]
    wide, high = (right - left + 1) / board.width, (bottom - top + 1) / board.height
    return (
        f"left:{left / board.width:.3%};top:{top / board.height:.3%};"
        f"width:{wide:.3%};height:{high:.3%}"
    )


def _choice_button(choice: Choice) -> str:
    marked, wins = (' class="wins"', " (wins)") if choice.wins else ("", "")
    value, words = escape(choice.value), escape(choice.words or choice.label)
    return (
        f'<button name="chosen" value="{value}"{marked} title="{words}">'
        f"{escape(choice.label)}{wins}</button>"
    )


def waiting_builder(said: str) -> Builder:
    """A player's page while it is not their move (or the game is over)."""
    return Builder(
        f'<section class="builder" aria-label="Your move"><p>{escape(said)}</p></section>'
    )


def card_page(card: Card, picture: str | None = None, nav: str = "") -> str:
    """A leaderboard or a tournament's standings: the card's lines, its fields, its
    footer, and a picture (the crosstable) when given."""
    title = plain(card.title)
    parts = [f"<p>{_lines(card.description)}</p>"] if card.description else []
    for name, lines in card.fields:
        parts.append(f"<h2>{escape(name)}</h2><p>{_lines(lines)}</p>")
    if picture is not None:
        parts.append(f'<figure><img src="{escape(picture)}" alt="{escape(title)}"></figure>')
    footer = f'<p class="said">{_lines([card.footer])}</p>' if card.footer else ""
    return f"""<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title><meta property="og:title" content="{escape(title)}">
<style>{STYLE}</style></head>
<body><main><header><h1>{escape(title)}</h1>{nav}</header>
<div class="card">{"".join(parts)}{footer}</div>
</main></body>
</html>
"""


def pages_nav(path: str, game: str | None, page: int, pages: int, games: dict[str, str]) -> str:
    """Links to each game's board (and all games together) and to the pages before and after."""
    boards = [("", "All games"), *games.items()]
    links = []
    for name, title in boards:
        current = ' aria-current="page"' if (name or None) == game else ""
        query = urlencode({"game": name} if name else {})
        links.append(f'<a href="{escape(path)}?{query}"{current}>{escape(title)}</a>')
    stepped = []
    for target, label in ((page - 1, "\u2039 Previous"), (page + 1, "Next \u203a")):
        if 0 <= target < pages:
            query = urlencode({**({"game": game} if game else {}), "page": target + 1})
            stepped.append(f'<a href="{escape(path)}?{query}">{label}</a>')
    return (
        f'<nav class="replay" aria-label="Boards">{"".join(links)}</nav>'
        f'<nav class="replay" aria-label="Pages">{"".join(stepped)}</nav>'
    )


def _lines(lines: Iterable[Text | str]) -> str:
    return "<br>".join(escape(plain(line)) for line in lines)


def home_page(titles: list[str], leaderboard: str) -> str:
    """What these pages are: the games of the bot on Discord, whose pages its links open,
    and the `leaderboard` of the games played outside servers."""
    games = f"{', '.join(titles[:-1])} and {titles[-1]}"
    return f"""<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pyramid Host</title><meta property="og:title" content="Pyramid Host">
<style>{STYLE}</style></head>
<body><main><header><h1>Pyramid Host</h1>
<p class="said">These are the pages of the Pyramid Host bot: games of {escape(games)},
Looney Pyramid games played on Discord.</p></header>
<div>
<h2>Games</h2>
<p>Each game has a page to watch it on, live or move by move once it is over, with its
record to download when it is finished; each player has one to move on. They open from
the Watch and Play on the web buttons in Discord.</p>
<h2>Leaderboards</h2>
<p><a href="{escape(leaderboard)}">Leaderboards of the games played outside servers</a>.
A server's own leaderboards open from the Open on the web button of /leaderboard
there.</p>
</div>
</main></body>
</html>
"""


def message_page(sentence: str) -> str:
    """A page saying one sentence: a link that opens nothing, or has expired."""
    return f"""<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pyramid Host</title><style>{STYLE}</style></head>
<body><main><header><h1>Pyramid Host</h1><p class="said">{escape(sentence)}</p></header>
</main></body>
</html>
"""
