"""How the use cases say things: titles, lists of names, whose turn, results."""

from __future__ import annotations

from collections.abc import Sequence
from string import Formatter

import engine
from bot.play.clocks.clock import facts_of
from bot.play.playing.ai_seats import is_ai
from bot.play.table.values import Handed, Headline, Hint, Played, RanOut, Resent
from bot.play.words.clocks import span
from bot.play.words.endings import ending_text
from bot.play.words.text import (
    Code,
    Command,
    GameLink,
    Moment,
    Name,
    Segment,
    Strong,
    Text,
    joined,
    lines,
    names,
    say,
    t,
    tn,
    versus,
)
from bot.storage import GameRecord, Seat


def title(record: GameRecord) -> str:
    """`Tink #12`."""
    return f"{engine.GAMES[record.game].title} #{record.id}"


def sentence(text: str) -> str:
    """The text with a capital first letter and a full stop at the end."""
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else f"{text}."


def event_text(event: engine.Event, player_names: Sequence[str]) -> Text:
    """What the rules did by themselves, each seat's name kept exactly as its player wrote it.

    The engine writes its events as whole sentences naming seats as `{0}`, `{1}`, so a
    sentence that starts with a name is never capitalized.
    """
    parts: list[Segment] = []
    for literal, seat, _, _ in Formatter().parse(event.text):
        parts.append(literal)
        if seat is not None:
            parts.append(Name(player_names[int(seat)]))
    return say(*parts)


def change_text(
    record: GameRecord, game: engine.Game, headline: Headline, events_before: int
) -> Text:
    """What the post of a game's change says: its `headline`, what the rules did since
    the game's first `events_before` events, then the result or whose turn it is; under a
    move `Resent`, the game as it stands (see `standing_text`)."""
    first = headline_text(headline)
    events = [event_text(e, record.names) for e in game.events[events_before:]]
    now = _next(record, game)
    if isinstance(headline, Resent):
        return lines([first, standing_text(record, game)])
    return lines([first, *events, now])


def standing_text(record: GameRecord, game: engine.Game) -> Text:
    """How a game stands, under its title: whose turn it is, or its result."""
    return say(f"{title(record)}: ", _next(record, game))


def _next(record: GameRecord, game: engine.Game) -> Text:
    """Whose turn it is, or the result of a game over."""
    result = game.result
    return turn_line(record, game) if result is None else result_text(result, record.names)


def headline_text(headline: Headline) -> Text:
    """The first line of a change's post."""
    match headline:
        case Played(name, move, described, handed):
            player, played = Strong(Name(name)), Code(move)
            line = t(
                "{player} played {move}: {described}.",
                player=player,
                move=played,
                described=described,
            )
            return line if handed is None else lines([line, handed_text(handed)])
        case RanOut(name):
            return t("{player} ran out of time before moving.", player=Strong(Name(name)))
        case Resent(move):
            return t("Your move {move} was played already.", move=Code(move))
        case Text():
            return headline


def thread_name(game_title: str, players: Sequence[str]) -> Text:
    """The name of a game's own thread: the game and its players."""
    return t("{game}: {players}", game=game_title, players=versus(players))


def handed_text(handed: Handed) -> Text:
    """The coach's warning: what the move just played lets the bot do."""
    bot, move = Strong(Name(handed.bot)), Code(handed.move)
    if handed.forced:
        return t(
            "Coach: this lets {bot} force a win with {move}, a double threat one move cannot stop.",
            bot=bot,
            move=move,
        )
    return t("Coach: this lets {bot} win at once with {move}.", bot=bot, move=move)


def hint_text(hint: Hint) -> Text:
    """The coach's hint: the player's win in one, else the block a threat calls for, or
    that there is none this turn."""
    player = Strong(Name(hint.player))
    if hint.wins:
        return t(
            "Coach: {player} can win at once with {move}.", player=player, move=Code(hint.wins[0])
        )
    if hint.lost:
        return t(
            "Coach: {player} has no win at once, and every move lets the next player win at once.",
            player=player,
        )
    if hint.blocks:
        return t(
            "Coach: {player} has no win at once, and most moves let the next player win at once;"
            " {move} stops that.",
            player=player,
            move=Code(hint.blocks[0]),
        )
    return t(
        "Coach: {player} has no win at once this turn; look for the other side's threats to block.",
        player=player,
    )


def seat_of(record: GameRecord, user_id: int) -> Seat:
    """The seat of a user known to play in the game."""
    seat = record.seat_of(user_id)
    assert seat is not None
    return seat


def turn_line(record: GameRecord, game: engine.Game) -> Text:
    """Who is to move, and when their time runs out if the game has a time limit (the
    bot, when it is to move, is thinking: it never runs out of time).

    When the move is a choice of words (Bridge's `first` or `second` between the rounds
    of a match), the line says what to type.
    """
    assert record.turn_seat is not None
    seat = record.players[record.turn_seat]
    name = seat.name
    player = Strong(Name(name))
    if is_ai(seat.user_id):
        return t("{player} is thinking.", player=player)
    choices = game.legal_moves()
    if choices and all(move.isalpha() for move in choices):
        typed = [Command(record.game, "move", move, name) for move in choices]
        either = t("{first} or {second}", first=joined(", ", typed[:-1]), second=typed[-1])
        line = t("Your move, {player}: type {choices}.", player=player, choices=either)
    else:
        line = t("Your move, {player}.", player=player)
    clock = clock_line(record)
    return line if clock is None else say(line, " ", clock)


def result_text(result: engine.Result, player_names: Sequence[str]) -> Text:
    """The result in a sentence; a draw after someone went out says who drew and who
    finished behind them."""
    ending = ending_text(result.ending)
    if result.is_draw:
        drawn, behind = _drawn_and_behind(result, player_names)
        if not behind:
            return t("The game is drawn: {ending}.", ending=ending)
        among, after = names(drawn, strong=True), _finish_behind(behind)
        return t(
            "The game is drawn ({ending}) between {players}; {behind}",
            ending=ending,
            players=among,
            behind=after,
        )
    winners = [player_names[seat] for seat in result.winners]
    return tn(
        "{players} wins: {ending}.",
        "{players} win: {ending}.",
        len(winners),
        players=names(winners, strong=True),
        ending=ending,
    )


def agreed_draw(result: engine.Result, player_names: Sequence[str]) -> Text:
    """An agreed draw in one sentence: between the players still in, ahead of any who
    went out earlier."""
    drawn, behind = _drawn_and_behind(result, player_names)
    if not behind:
        return t("The players agreed to a draw.")
    after = _finish_behind(behind)
    return t(
        "{players} agreed to a draw; {behind}", players=names(drawn, strong=True), behind=after
    )


def _drawn_and_behind(
    result: engine.Result, player_names: Sequence[str]
) -> tuple[list[str], list[str]]:
    """Who shares the first place of a draw, and who went out before it."""
    first = min(result.ranks)
    drawn = [player_names[seat] for seat, rank in enumerate(result.ranks) if rank == first]
    behind = [player_names[seat] for seat, rank in enumerate(result.ranks) if rank != first]
    return drawn, behind


def _finish_behind(behind: Sequence[str]) -> Text:
    return tn(
        "{players}, out earlier, finishes behind them.",
        "{players}, out earlier, finish behind them.",
        len(behind),
        players=names(behind),
    )


def options_text(record: GameRecord) -> str:
    """The options that differ from the game's defaults, e.g. `grid fixed`."""
    info = engine.GAMES[record.game]
    changed = [
        f"{o.name} {record.options[o.name]}"
        for o in info.options
        if record.options.get(o.name, o.default) != o.default
    ]
    return ", ".join(changed)


def game_link(record: GameRecord) -> GameLink:
    """The game's title, leading to the message that opened it, else to its channel."""
    return GameLink(title(record), record.guild_id, record.place_id, record.message_id)


def clock_line(record: GameRecord) -> Text | None:
    """The clock under a turn: when the player to move runs out (or that the clocks are
    stopped), and with banks the time the others have left, in words; None without one."""
    facts = facts_of(record)
    if facts is None:
        return None
    said: list[Text] = []
    if record.clock.paused:
        said.append(t("The clocks are stopped."))
    elif record.clock.flagged:
        said.append(t("Time ran out: the others may claim the win."))
    elif record.deadline is not None:
        said.append(t("Time runs out {moment}.", moment=Moment(record.deadline)))
    others = [
        t("{player} has {time}", player=Name(seat.name), time=span(facts.banks[seat.seat]))
        for seat in record.players
        if seat.seat != facts.turn_seat and not is_ai(seat.user_id)
    ]
    if others and not facts.control.per_move:
        said.append(t("{banks} left.", banks=joined("; ", others)))
    return joined(" ", said) if said else None
