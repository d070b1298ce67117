"""What the leaderboards and players' statistics say, in the reader's language: the boards'
titles, footers and refusals, and the fields and lines of a player's statistics.

A board is one game's (`game` its title, shown as it is) or every game's (`game=None`);
ratings are kept in each server (`direct=False`) and once for the games played outside
servers (`direct=True`). Ratings are shown with one decimal, and counts of games with
thousands grouped as in English: digits, in every language.
"""

from __future__ import annotations

from bot.play.ranking.trophies import Bests, Trophy
from bot.play.words.text import (
    GameLink,
    Highlight,
    Moment,
    Name,
    Number,
    Strong,
    Text,
    joined,
    say,
    t,
    tn,
)
from bot.play.words.tournaments import description
from bot.storage.standings import Opponent, RatedGame, Standing
from bot.storage.tournaments import TournamentRecord

RATING_NOTE = t("Rating: skill minus three times its uncertainty. Record: wins-losses-draws.")
STATS_FOOTER = t(
    "See any game's moves and replay with {command}.", command="/<game> history id:<number>"
)
"""A player's statistics' footer (it speaks of Discord's commands)."""
RATING = t("Rating")
RECORD = t("Record")
BEST = t("Best")
RECENT_GAMES = t("Recent games")
TROPHIES = t("Trophies")
PUZZLES = t("Puzzles")
OPPONENTS = t("Most frequent opponents")
"""The names of a player's statistics' fields."""


def counted(number: int) -> Text:
    """A count as the boards show it, thousands grouped as the reader's language groups
    them: `1,234`, `1.234` (so the sentences that show one name it other than `{count}`,
    which `tn` fills with bare digits)."""
    return say(Number(number))


def rating(value: float) -> Text:
    """A rating as shown: `12.3` (`12,3` in German)."""
    return say(Number(value, 1))


def change(value: float) -> Text:
    """A change of rating as shown: `+1.5`, `-0.3`."""
    return say(Number(value, 1, signed=True))


def no_such_game(game: str) -> Text:
    return t("There is no game called {game}.", game=Name(game))


def board_title(game: str | None, *, direct: bool) -> Text:
    """`Tink leaderboard`, `All games leaderboard: direct games`."""
    if game is None:
        if direct:
            return t("All games leaderboard: direct games")
        return t("All games leaderboard")
    if direct:
        return t("{game} leaderboard: direct games", game=game)
    return t("{game} leaderboard", game=game)


def empty_board(game: str | None, *, direct: bool) -> Text:
    """What an empty board says instead of its players."""
    if game is None:
        if direct:
            return t(
                "No rated games in direct games (played outside servers) yet: "
                "finish one to appear here."
            )
        return t("No rated games in this server yet: finish one to appear here.")
    if direct:
        return t(
            "No rated {game} games in direct games (played outside servers) yet: "
            "finish one to appear here.",
            game=game,
        )
    return t("No rated {game} games in this server yet: finish one to appear here.", game=game)


def no_such_page(pages: int) -> Text:
    return tn(
        "This leaderboard has {pages} page.",
        "This leaderboard has {pages} pages.",
        pages,
        pages=counted(pages),
    )


def board_footer(page: int, pages: int, players: int) -> Text:
    """`Page 1 of 2 · 12 players`, and what the ratings and records mean (`page` counts
    from 0)."""
    at = t("Page {page} of {pages}", page=str(page + 1), pages=str(pages))
    many = tn("{players} player", "{players} players", players, players=counted(players))
    return say(at, " · ", many, "\n", RATING_NOTE)


def unrated_viewer(name: str, game: str | None) -> Text:
    """The line under a board for whoever looks at it and has no place on it."""
    who = Strong(Name(name))
    if game is None:
        return t("{name} has no rated games yet.", name=who)
    return t("{name} has no rated {game} games yet.", name=who, game=game)


def unrated_player(name: str, game: str | None, *, direct: bool) -> Text:
    """The refusal of a player's statistics before they have any."""
    who = Name(name)
    if game is None:
        if direct:
            return t(
                "{name} has no rated games in direct games (played outside servers) yet.", name=who
            )
        return t("{name} has no rated games in this server yet.", name=who)
    if direct:
        return t(
            "{name} has no rated {game} games in direct games (played outside servers) yet.",
            name=who,
            game=game,
        )
    return t("{name} has no rated {game} games in this server yet.", name=who, game=game)


def stats_title(name: str, game: str | None) -> Text:
    """`alice: Tink`, `alice: All games`."""
    if game is None:
        return t("{name}: All games", name=Name(name))
    return t("{name}: {game}", name=Name(name), game=game)


def standing_line(standing: Standing, *, mark: bool) -> Text:
    """A row of a board: `1. alice · 12.3 · 4-1-0`, the viewer's name marked."""
    name = Name(standing.name)
    record = f"{standing.wins}-{standing.losses}-{standing.draws}"
    return say(
        Strong(f"{standing.rank}."),
        " ",
        Highlight(name) if mark else name,
        " · ",
        Strong(rating(standing.rating)),
        f" · {record}",
    )


def place(rank: int, players: int) -> Text:
    """`#2 of 5`."""
    return t("#{rank} of {total}", rank=str(rank), total=str(players))


def rating_line(standing: Standing, players: int) -> Text:
    """`12.3, #2 of 5`."""
    return say(Strong(rating(standing.rating)), ", ", place(standing.rank, players))


def trend_line(trend: str, games: int) -> Text:
    """The rating's trend (a sparkline and its change) over the last games."""
    return tn(
        "{trend} over the last {games} game",
        "{trend} over the last {games} games",
        games,
        games=counted(games),
        trend=trend,
    )


def record_line(standing: Standing) -> Text:
    """`1 win, 0 losses, 0 draws in 1 game`."""
    return t(
        "{wins}, {losses}, {draws} in {games}",
        wins=tn("{wins} win", "{wins} wins", standing.wins, wins=counted(standing.wins)),
        losses=tn(
            "{losses} loss", "{losses} losses", standing.losses, losses=counted(standing.losses)
        ),
        draws=tn("{draws} draw", "{draws} draws", standing.draws, draws=counted(standing.draws)),
        games=tn("{games} game", "{games} games", standing.games, games=counted(standing.games)),
    )


def bests_line(best: Bests) -> Text:
    """`Highest rating 12.3 · longest streak: 2 wins in a row`."""
    if best.streak:
        streak = tn(
            "{wins} win in a row",
            "{wins} wins in a row",
            best.streak,
            wins=counted(best.streak),
        )
    else:
        streak = t("no win yet")
    return t(
        "Highest rating {rating} · longest streak: {streak}",
        rating=rating(best.rating),
        streak=streak,
    )


def tournament_name(tournament: TournamentRecord) -> Text:
    """`Tournament #1: Tink round robin`."""
    return t(
        "Tournament #{number}: {tournament}",
        number=str(tournament.number),
        tournament=description(tournament),
    )


def trophy_line(trophy: Trophy) -> Text:
    """`🏆 Tournament #1: Tink round robin, won` when, and whether first place was shared."""
    number, tournament = str(trophy.tournament.number), description(trophy.tournament)
    when = Moment(trophy.ended_at)
    if trophy.shared:
        won = t(
            "Tournament #{number}: {tournament}, won {when} (shared first place)",
            number=number,
            tournament=tournament,
            when=when,
        )
    else:
        won = t(
            "Tournament #{number}: {tournament}, won {when}",
            number=number,
            tournament=tournament,
            when=when,
        )
    return say("🏆 ", won)


def game_line(game: RatedGame, title: str) -> Text:
    """`Tink #3 won vs bob · +1.5`, the game's title leading to it."""
    link = GameLink(f"{title} #{game.game_id}", game.guild_id, game.place_id, game.message_id)
    return say(_outcome(game, link), " · ", change(game.rating_after - game.rating_before))


def _outcome(game: RatedGame, link: GameLink) -> Text:
    if not game.opponents:
        if game.outcome == "win":
            return t("{game} won", game=link)
        if game.outcome == "loss":
            return t("{game} lost", game=link)
        return t("{game} drew", game=link)
    them = joined(", ", map(Name, game.opponents))
    if game.outcome == "win":
        return t("{game} won vs {opponents}", game=link, opponents=them)
    if game.outcome == "loss":
        return t("{game} lost vs {opponents}", game=link, opponents=them)
    return t("{game} drew vs {opponents}", game=link, opponents=them)


def puzzles_line(solved: int, tried: int) -> Text:
    """`3 solved of 5 tried` (the form chosen by the puzzles tried)."""
    return tn(
        "{solved} solved of {count} tried",
        "{solved} solved of {count} tried",
        tried,
        solved=str(solved),
    )


def opponent_line(opponent: Opponent) -> Text:
    """`bob: 3 games, 2-1-0 against them`."""
    record = f"{opponent.wins}-{opponent.losses}-{opponent.draws}"
    return tn(
        "{name}: {games} game, {record} against them",
        "{name}: {games} games, {record} against them",
        opponent.games,
        games=counted(opponent.games),
        name=Name(opponent.name),
        record=record,
    )
