"""What tournaments say, in the reader's language: announcements, the news of rounds and
withdrawals, standings, the use cases' posts, and the rows of the crosstable picture."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import engine
from bot.play.clocks.clock import DAY, HOUR, TimeControl
from bot.play.tournaments.pairings import BYE_POINTS, Standing
from bot.play.tournaments.reading import Table, time_control
from bot.play.words.text import (
    Moment,
    Name,
    Said,
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
from bot.storage.tournaments import (
    Entrant,
    Format,
    NewPairing,
    PairingRecord,
    TournamentRecord,
    TournamentStatus,
)
from render.crosstable import CrossRow

SHOWN_UNPLAYED = 5
"""Games named at most in the sentence about games that cannot be played."""
SHOWN_PLAYERS = 16
"""Players the crosstable picture shows at most."""


def game_title(game: str) -> Text:
    """The game's title in the reader's language (the catalogs hold it as a choice of the
    commands)."""
    return Text((Said(engine.GAMES[game].title),))


def description(tournament: TournamentRecord) -> Text:
    """`Tink Swiss, 3 rounds`, `Bridge round robin`."""
    game = game_title(tournament.game)
    if tournament.format is Format.ROUND_ROBIN:
        return t("{game} round robin", game=game)
    if tournament.rounds:
        return tn(
            "{game} Swiss, {count} round",
            "{game} Swiss, {count} rounds",
            tournament.rounds,
            game=game,
        )
    return t("{game} Swiss", game=game)


def _versus(first: str, second: str) -> Text:
    return t("{first} v {second}", first=Strong(Name(first)), second=Strong(Name(second)))


def game_heading(
    tournament: TournamentRecord, pairing: PairingRecord, entrants: dict[int, Entrant]
) -> Text:
    """The line above a tournament game's first board: which tournament, round, players."""
    assert pairing.second_id is not None
    players = [entrants[pairing.first_id].name, entrants[pairing.second_id].name]
    return t(
        "Tournament #{number}, round {round}: {players}.",
        number=str(tournament.number),
        round=str(pairing.round),
        players=names(players, strong=True),
    )


def starter_text(
    tournament: TournamentRecord, pairing: PairingRecord, players: Sequence[str]
) -> Text:
    """The message a pairing's thread is opened from."""
    return t(
        "Tournament #{number}, round {round}: {players} play in this thread.",
        number=str(tournament.number),
        round=str(pairing.round),
        players=names(players, strong=True),
    )


def thread_name(
    tournament: TournamentRecord, pairing: PairingRecord, players: Sequence[str]
) -> Text:
    """The name of a pairing's thread: the tournament, the round, the players, the game."""
    return t(
        "#{number} R{round}: {players} ({game})",
        number=str(tournament.number),
        round=str(pairing.round),
        players=versus(players),
        game=engine.GAMES[tournament.game].title,
    )


def unplayed_text(
    tournament: TournamentRecord, refused: Sequence[PairingRecord], entrants: dict[int, Entrant]
) -> Text:
    """One sentence: which games Discord would not open a thread for, and what follows."""
    games: list[Text] = [
        t(
            "{game} (round {round})",
            game=_versus(entrants[p.first_id].name, entrants[p.second_id or p.first_id].name),
            round=str(p.round),
        )
        for p in refused[:SHOWN_UNPLAYED]
    ]
    if len(refused) > SHOWN_UNPLAYED:
        left = len(refused) - SHOWN_UNPLAYED
        games.append(tn("{count} more", "{count} more", left))
    listed = games[0]
    if len(games) > 1:
        listed = t("{listed} and {last}", listed=joined(", ", games[:-1]), last=games[-1])
    return tn(
        "Tournament #{number}: Discord refuses to open a thread in this channel (the bot may "
        "have lost access to it), so the game of {games} is not played: it scores nothing for "
        "either player and is not rated.",
        "Tournament #{number}: Discord refuses to open a thread in this channel (the bot may "
        "have lost access to it), so the games of {games} are not played: they score nothing "
        "for either player and are not rated.",
        len(refused),
        number=str(tournament.number),
        games=listed,
    )


def _duration(seconds: float) -> Text:
    """`3 days`, `12 hours`, `90 minutes`: whole days, else whole hours, else minutes."""
    if seconds >= DAY and seconds % DAY == 0:
        return tn("{count} day", "{count} days", int(seconds // DAY))
    if seconds >= HOUR and seconds % HOUR == 0:
        return tn("{count} hour", "{count} hours", int(seconds // HOUR))
    return tn("{count} minute", "{count} minutes", round(seconds / 60))


def _scoring(control: TimeControl | None) -> Text:
    """How games score, and the clock they are played on."""
    if control is None:
        return t("Points: win 1, draw ½, loss 0; no time limit.")
    time = _duration(control.initial)
    if control.increment is None:
        return t("Points: win 1, draw ½, loss 0; a clock of {time} a move.", time=time)
    more = _duration(control.increment)
    if control.cap is None:
        return t(
            "Points: win 1, draw ½, loss 0; a clock of {time}, {more} more a move.",
            time=time,
            more=more,
        )
    return t(
        "Points: win 1, draw ½, loss 0; a clock of {time}, {more} more a move, up to {most}.",
        time=time,
        more=more,
        most=_duration(control.cap),
    )


def _entries(tournament: TournamentRecord) -> Text:
    """Whether and how to enter, or where a closed tournament stands."""
    match tournament.status:
        case TournamentStatus.OPEN:
            if tournament.starts_at is None:
                return t("Starts when its creator starts it; press Join to enter.")
            return t("Starts {moment}; press Join to enter.", moment=Moment(tournament.starts_at))
        case TournamentStatus.RUNNING:
            return t("Entries are closed: the games are being played.")
        case TournamentStatus.FINISHED:
            return t("Entries are closed: the tournament is over.")
    return t("Entries are closed: the tournament was cancelled.")


def announcement_text(tournament: TournamentRecord, entrants: Sequence[Entrant]) -> Text:
    """The announcement: what, how it is paired and scored, when, who entered."""
    number = str(tournament.number)
    shown = [
        t("Tournament #{number}: {tournament}", number=number, tournament=description(tournament))
    ]
    if tournament.format is Format.ROUND_ROBIN:
        shown.append(
            t(
                "Everyone meets everyone once; all rounds are played at once, each game in "
                "its own thread."
            )
        )
    else:
        shown.append(
            t(
                "Swiss: each round pairs players with equal scores; the next round is paired "
                "when the last game of a round ends. An odd player out gets a bye (one point)."
            )
        )
    scoring = _scoring(time_control(tournament))
    shown.append(
        t("{scoring} A player who withdraws loses their unfinished games.", scoring=scoring)
    )
    shown.append(_entries(tournament))
    players = names([e.name for e in entrants]) if entrants else t("none yet")
    count = str(len(entrants))
    if tournament.max_players is None:
        shown.append(t("Players ({count}): {players}", count=count, players=players))
    else:
        most = str(tournament.max_players)
        shown.append(
            t("Players ({count}/{most}): {players}", count=count, most=most, players=players)
        )
    return lines(shown)


def points(value: Fraction) -> str:
    """`2½`, `½`, `3`."""
    whole = int(value)
    if value == whole:
        return str(whole)
    return f"{whole or ''}½"


def _points(value: Fraction) -> Text:
    """`1 point`, `½ point`, `2½ points`."""
    whole = int(value)
    if value == whole:
        return tn("{count} point", "{count} points", whole)
    if whole == 0:
        return t("½ point")
    return t("{points} points", points=points(value))


def _row(table: Table, row: Standing) -> Text:
    """A standings line: place, player, points, tie-breaks, rating, games, bye."""
    player = Strong(Name(table.names[row.player]))
    facts = [_points(row.points)]
    if table.tournament.format is Format.SWISS:
        facts.append(t("Buchholz {score}", score=points(row.buchholz)))
    else:
        facts.append(t("Sonneborn-Berger {score}", score=points(row.sonneborn_berger)))
    if row.direct is not None:
        facts.append(t("direct {points}", points=points(row.direct)))
    facts.append(t("rating {rating}", rating=format(row.rating, ".1f")))
    facts.append(tn("{count} game", "{count} games", row.games))
    bye = table.byes.get(row.player)
    if bye is not None:
        facts.append(
            t("a bye in round {round} (+{points})", round=str(bye), points=points(BYE_POINTS))
        )
    who = t("{player} (withdrawn)", player=player) if row.player in table.withdrawn else player
    return say(f"{row.place}. ", who, ": ", joined(", ", facts))


def standings_text(table: Table) -> Text:
    """The standings, a line a player, under the tournament's heading."""
    tournament = table.tournament
    heading = t(
        "Tournament #{number} standings ({tournament})",
        number=str(tournament.number),
        tournament=description(tournament),
    )
    return lines([heading, *(_row(table, row) for row in table.rows)])


def crosstable_rows(table: Table, asker: int | None) -> tuple[Text, Text, list[CrossRow]]:
    """The crosstable's title, the name of its tie-break column and its rows: everyone in
    a field of up to 16, else the top and the asker's own row."""
    shown = list(table.rows[:SHOWN_PLAYERS])
    mine = next((r for r in table.rows if r.player == asker), None)
    if mine is not None and mine not in shown:
        shown[-1] = mine
    swiss = table.tournament.format is Format.SWISS
    rows = []
    for row in shown:
        cells: list[str | None] = []
        for other in shown:
            if other.player == row.player:
                cells.append(None)
            else:
                result = table.results.get((row.player, other.player))
                cells.append("" if result is None else points(result))
        second = row.buchholz if swiss else row.sonneborn_berger
        rows.append(
            CrossRow(
                str(row.place),
                table.names[row.player],
                tuple(cells),
                points(row.points),
                points(second),
                asker=row.player == asker,
                bye="" if row.player not in table.byes else f"+{points(BYE_POINTS)}",
                direct="" if row.direct is None else points(row.direct),
            )
        )
    title = t(
        "Tournament #{number}: {tournament}",
        number=str(table.tournament.number),
        tournament=description(table.tournament),
    )
    tie_break = t("BH") if swiss else t("SB")
    return title, tie_break, rows


def round_text(
    tournament: TournamentRecord, number: int, paired: Sequence[NewPairing], names: dict[int, str]
) -> Text:
    """The news of a Swiss round paired: who meets whom, and who has the bye."""
    games = [
        _versus(names[p.first_id], names[p.second_id]) for p in paired if p.second_id is not None
    ]
    shown = [
        t(
            "Tournament #{number}, round {round} is paired:",
            number=str(tournament.number),
            round=str(number),
        )
    ]
    shown.extend(say(f"{board}. ", game) for board, game in enumerate(games, 1))
    shown.extend(
        t(
            "{player} has a bye (+{points}).",
            player=Strong(Name(names[p.first_id])),
            points=points(BYE_POINTS),
        )
        for p in paired
        if p.second_id is None
    )
    return lines(shown)


def withdrawn_text(
    tournament: TournamentRecord, pairing: PairingRecord, user_id: int, names: dict[int, str]
) -> Text:
    """The note in a game's thread that one of its players withdrew."""
    winner = pairing.second_id if pairing.first_id == user_id else pairing.first_id
    player, number = Strong(Name(names.get(user_id, ""))), str(tournament.number)
    if winner not in names:
        return t(
            "{player} withdrew from tournament #{number}, so their opponent wins this game's "
            "point.",
            player=player,
            number=number,
        )
    return t(
        "{player} withdrew from tournament #{number}, so {winner} wins this game's point.",
        player=player,
        number=number,
        winner=Strong(Name(names[winner])),
    )


def final_text(table: Table) -> Text:
    """The result, over the final standings."""
    top = [table.names[r.player] for r in table.rows if r.place == 1]
    won = tn(
        "Tournament #{number} is over: {winners} won!",
        "Tournament #{number} is over: {winners} won!",
        len(top),
        number=str(table.tournament.number),
        winners=names(top, strong=True),
    )
    return lines([won, standings_text(table)])


def begun_text(tournament: TournamentRecord, *, on_time: bool) -> Text:
    """The news of the start: by its creator, or at its start time."""
    number = str(tournament.number)
    if on_time:
        return t(
            "Tournament #{number} has begun: entries are closed. Its games are being opened, "
            "each in its own thread under this channel.",
            number=number,
        )
    return t(
        "Tournament #{number} has begun: its games are being opened, each in its own thread "
        "under this channel. Good luck!",
        number=number,
    )


def cancelled_text(tournament: TournamentRecord, *, by_organiser: bool) -> Text:
    """The news of a cancellation: by an organiser, or for want of players."""
    number = str(tournament.number)
    if by_organiser:
        return t(
            "Tournament #{number} was cancelled; its unfinished games are aborted, unrated.",
            number=number,
        )
    return t("Tournament #{number} was cancelled: fewer than 2 players joined.", number=number)


def withdrew_text(tournament: TournamentRecord, name: str) -> Text:
    """The answer to a withdrawal from a running tournament."""
    return t(
        "{player} withdrew from tournament #{number}; their unfinished games are won by their "
        "opponents.",
        player=Strong(Name(name)),
        number=str(tournament.number),
    )


def listing_line(tournament: TournamentRecord, players: int) -> Text:
    """A line of the server's tournaments: what, where it stands, how many play."""
    number, what = str(tournament.number), description(tournament)
    match tournament.status:
        case TournamentStatus.OPEN:
            return tn(
                "#{number} {tournament}: open, {count} player",
                "#{number} {tournament}: open, {count} players",
                players,
                number=number,
                tournament=what,
            )
        case TournamentStatus.RUNNING:
            return tn(
                "#{number} {tournament}: running, {count} player",
                "#{number} {tournament}: running, {count} players",
                players,
                number=number,
                tournament=what,
            )
        case TournamentStatus.FINISHED:
            return tn(
                "#{number} {tournament}: finished, {count} player",
                "#{number} {tournament}: finished, {count} players",
                players,
                number=number,
                tournament=what,
            )
    return tn(
        "#{number} {tournament}: cancelled, {count} player",
        "#{number} {tournament}: cancelled, {count} players",
        players,
        number=number,
        tournament=what,
    )
