"""What tournaments say: announcements, the news of rounds and withdrawals, standings,
and the rows of the crosstable picture."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import engine
from bot.play.tournaments.pairings import BYE_POINTS
from bot.play.tournaments.reading import Table, time_control
from bot.play.words.clocks import control_words
from bot.play.words.text import Moment, Name, Strong, Text, joined, lines, say
from bot.play.words.wording import names
from bot.storage.tournaments import (
    Entrant,
    Format,
    NewPairing,
    PairingRecord,
    TournamentRecord,
    TournamentStatus,
)
from render.crosstable import CrossRow

OPENING = "its games are being opened, each in its own thread under this channel."
"""What the start says: the threads follow one by one (a large round takes minutes)."""


def game_heading(
    tournament: TournamentRecord, pairing: PairingRecord, entrants: dict[int, Entrant]
) -> Text:
    """The line above a tournament game's first board: which tournament, round, players."""
    assert pairing.second_id is not None
    players = [entrants[pairing.first_id].name, entrants[pairing.second_id].name]
    return say(
        f"Tournament #{tournament.number}, round {pairing.round}: ",
        names(players, strong=True),
        ".",
    )


_STAGES = {
    TournamentStatus.RUNNING: "the games are being played",
    TournamentStatus.FINISHED: "the tournament is over",
    TournamentStatus.CANCELLED: "the tournament was cancelled",
}
"""What a closed tournament's announcement says of where it stands."""


SHOWN_UNPLAYED = 5
"""Games named at most in the sentence about games that cannot be played."""


def unplayed_text(
    tournament: TournamentRecord, refused: Sequence[PairingRecord], entrants: dict[int, Entrant]
) -> Text:
    """One sentence: which games Discord would not open a thread for, and what follows."""
    games: list[Text] = [
        say(
            Strong(Name(entrants[p.first_id].name)),
            " v ",
            Strong(Name(entrants[p.second_id or p.first_id].name)),
            f" (round {p.round})",
        )
        for p in refused[:SHOWN_UNPLAYED]
    ]
    if len(refused) > SHOWN_UNPLAYED:
        games.append(say(f"{len(refused) - SHOWN_UNPLAYED} more"))
    listed = games[0] if len(games) == 1 else say(joined(", ", games[:-1]), " and ", games[-1])
    what = (
        "is not played: it scores nothing for either player and is not rated"
        if len(refused) == 1
        else "are not played: they score nothing for either player and are not rated"
    )
    return say(
        f"Tournament #{tournament.number}: Discord refuses to open a thread in this channel "
        "(the bot may have lost access to it), so the game",
        "" if len(refused) == 1 else "s",
        " of ",
        listed,
        f" {what}.",
    )


def describe(tournament: TournamentRecord) -> str:
    title = engine.GAMES[tournament.game].title
    kind = "round robin" if tournament.format is Format.ROUND_ROBIN else "Swiss"
    rounds = f", {tournament.rounds} rounds" if tournament.rounds else ""
    return f"{title} {kind}{rounds}"


def announcement_text(tournament: TournamentRecord, entrants: Sequence[Entrant]) -> Text:
    shown = [say(Strong(f"Tournament #{tournament.number}: {describe(tournament)}"))]
    if tournament.format is Format.ROUND_ROBIN:
        shown.append(
            say(
                "Everyone meets everyone once; all rounds are played at once, each game in "
                "its own thread."
            )
        )
    else:
        shown.append(
            say(
                "Swiss: each round pairs players with equal scores; the next round is paired "
                "when the last game of a round ends. An odd player out gets a bye (one point)."
            )
        )
    control = time_control(tournament)
    limit = "no time limit" if control is None else f"a clock of {control_words(control)}"
    shown.append(
        say(
            f"Points: win 1, draw ½, loss 0; {limit}. A player who withdraws loses their "
            "unfinished games."
        )
    )
    if tournament.status is TournamentStatus.OPEN:
        if tournament.starts_at is None:
            shown.append(say("Starts when its creator starts it; press Join to enter."))
        else:
            shown.append(say("Starts ", Moment(tournament.starts_at), "; press Join to enter."))
    else:
        shown.append(say(f"Entries are closed: {_STAGES[tournament.status]}."))
    room = "" if tournament.max_players is None else f"/{tournament.max_players}"
    shown.append(
        say(
            f"Players ({len(entrants)}{room}): ",
            names([e.name for e in entrants]) if entrants else "none yet",
        )
    )
    return lines(shown)


def points(value: Fraction) -> str:
    """`2½`, `½`, `3`."""
    whole = int(value)
    if value == whole:
        return str(whole)
    return f"{whole or ''}½"


def _point_noun(value: Fraction) -> str:
    """`point` for ½ and 1, `points` otherwise."""
    return "point" if 0 < value <= 1 else "points"


def standings_text(table: Table) -> Text:
    tournament = table.tournament
    swiss = tournament.format is Format.SWISS
    tie_break = "Buchholz" if swiss else "Sonneborn-Berger"
    shown = [say(Strong(f"Tournament #{tournament.number} standings ({describe(tournament)})"))]
    for row in table.rows:
        second = row.buchholz if swiss else row.sonneborn_berger
        out = " (withdrawn)" if row.player in table.withdrawn else ""
        direct = "" if row.direct is None else f", direct {points(row.direct)}"
        bye = table.byes.get(row.player)
        had_bye = "" if bye is None else f", a bye in round {bye} (+{points(BYE_POINTS)})"
        shown.append(
            say(
                f"{row.place}. ",
                Strong(Name(table.names[row.player])),
                f"{out}: {points(row.points)} {_point_noun(row.points)}, {tie_break} "
                f"{points(second)}{direct}, rating {row.rating:.1f}, "
                f"{row.games} game{'' if row.games == 1 else 's'}{had_bye}",
            )
        )
    return lines(shown)


SHOWN_PLAYERS = 16
"""Players the crosstable picture shows at most."""


def crosstable_rows(table: Table, asker: int | None) -> tuple[str, str, list[CrossRow]]:
    """The crosstable's rows: everyone in a field of up to 16, else the top and the
    asker's own row."""
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
    title = f"Tournament #{table.tournament.number}: {describe(table.tournament)}"
    return title, "BH" if swiss else "SB", rows


def round_text(
    tournament: TournamentRecord, number: int, paired: Sequence[NewPairing], names: dict[int, str]
) -> Text:
    """The news of a Swiss round paired: who meets whom, and who has the bye."""
    games = [
        say(Strong(Name(names[p.first_id])), " v ", Strong(Name(names[p.second_id])))
        for p in paired
        if p.second_id is not None
    ]
    shown = [say(f"Tournament #{tournament.number}, round {number} is paired:")]
    shown.extend(say(f"{board}. ", game) for board, game in enumerate(games, 1))
    shown.extend(
        say(Strong(Name(names[p.first_id])), f" has a bye (+{points(BYE_POINTS)}).")
        for p in paired
        if p.second_id is None
    )
    return lines(shown)


def withdrawn_text(
    tournament: TournamentRecord, pairing: PairingRecord, user_id: int, names: dict[int, str]
) -> Text:
    """The note in a game's thread that one of its players withdrew."""
    winner = pairing.second_id if pairing.first_id == user_id else pairing.first_id
    return say(
        Strong(Name(names.get(user_id, ""))),
        f" withdrew from tournament #{tournament.number}, so ",
        Strong(Name(names.get(winner or 0, "their opponent"))),
        " wins this game's point.",
    )


def final_text(table: Table) -> Text:
    top = [table.names[r.player] for r in table.rows if r.place == 1]
    won = say(f"Tournament #{table.tournament.number} is over: ", names(top, strong=True), " won!")
    return lines([won, standings_text(table)])
