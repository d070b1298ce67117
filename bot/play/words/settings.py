"""How a server's settings and the clocks' durations are said, in the reader's language:
`duration` (`3 days`), `control_text` (`5 days, 1 day more a move`) and the lines of
`/gamehost settings` (`settings_text`)."""

from __future__ import annotations

from bot.play.clocks.clock import DAY, HOUR, MINUTE, TimeControl, control_of
from bot.play.words.languages import own_name
from bot.play.words.text import Text, lines, t, tn
from bot.storage.clocks import Hints, OnTimeOut, ServerSettings


def duration(seconds: float) -> Text:
    """`3 days`, `12 hours`, `90 minutes`: whole days, else whole hours, else minutes."""
    if seconds >= DAY and seconds % DAY == 0:
        return tn("{count} day", "{count} days", int(seconds // DAY))
    if seconds >= HOUR and seconds % HOUR == 0:
        return tn("{count} hour", "{count} hours", int(seconds // HOUR))
    return tn("{count} minute", "{count} minutes", round(seconds / MINUTE))


def control_text(control: TimeControl) -> Text:
    """`3 days a move`, `5 days, 1 day more a move`, `..., up to 10 days`."""
    time = duration(control.initial)
    if control.increment is None:
        return t("{time} a move", time=time)
    more = duration(control.increment)
    if control.cap is None:
        return t("{time}, {more} more a move", time=time, more=more)
    return t(
        "{time}, {more} more a move, up to {most}", time=time, more=more, most=duration(control.cap)
    )


HINTS_LINES = {
    Hints.BOT_GAMES: t(
        "Winning moves shown as hints: in games against the bot only (games between people "
        "are rated)"
    ),
    Hints.EVERY_GAME: t("Winning moves shown as hints: in every game"),
    Hints.NO_GAME: t("Winning moves shown as hints: in no game"),
}
"""What each value of the `hints` setting means, as the settings say it."""
TIME_OUT_LINES = {
    OnTimeOut.LOSE: t("When time runs out: the game is lost (out, with 3 or 4 players)"),
    OnTimeOut.CLAIM: t("When time runs out: the others may claim the win"),
}
"""What running out of time means, as the settings say it."""


def settings_text(settings: ServerSettings, language: str) -> Text:
    """A server's settings, one per line; `language` is what its posts are in now (its
    own Discord settings' language unless it chose one)."""
    control = control_of(settings)
    clock = (
        t("Time limit in new games: none")
        if control is None
        else t(
            "Time limit in new games: {control} ({words})",
            control=str(control),
            words=control_text(control),
        )
    )
    delay = (
        t("Reminder when a turn has waited: never")
        if settings.reminder_delay is None
        else t("Reminder when a turn has waited: {delay}", delay=duration(settings.reminder_delay))
    )
    threads = (
        t("New games open a thread: yes") if settings.threads else t("New games open a thread: no")
    )
    pages = (
        t("Games have pages on the web (Watch links): yes")
        if settings.pages
        else t("Games have pages on the web (Watch links): no")
    )
    hints = HINTS_LINES[settings.hints]
    name = own_name(language)
    spoken = (
        t("Language of posts: {language}", language=name)
        if settings.language
        else t("Language of posts: {language}, from the server's Discord settings", language=name)
    )
    return lines(
        [clock, TIME_OUT_LINES[settings.on_time_out], delay, threads, pages, hints, spoken]
    )
