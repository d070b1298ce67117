"""`/vacation start`, `/vacation end` and `/vacation status`: a player's days away, which
stop every clock of theirs in every game and server."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord_ui.features import Feature
from bot.discord_ui.replies import host_of, in_time, reply, said_to
from bot.discord_ui.tree import anywhere, installed_to_anyone
from bot.play.clocks.vacations import VacationChange, Vacations, left_this_year
from bot.play.words.text import Moment, Text, joined, say, t, tn
from bot.runtime.scheduler import Scheduler


def vacations_of(interaction: discord.Interaction) -> Vacations:
    return host_of(interaction).vacations


def vacation_group() -> app_commands.Group:
    """Fresh command objects for one command tree."""
    group = app_commands.Group(
        name="vacation",
        description="Days away: every clock of yours waits meanwhile.",
        allowed_contexts=anywhere(),
        allowed_installs=installed_to_anyone(),
    )

    @group.command(name="start", description="Stop every clock of yours, in every game.")
    @app_commands.describe(days="How many days you are away.")
    async def start(interaction: discord.Interaction, days: int) -> None:
        user = interaction.user
        work = vacations_of(interaction).start(user.id, user.display_name, days)
        change = await in_time(interaction, work, ephemeral=True)
        until = t("Your vacation runs until {until}.", until=Moment(change.vacation.ends_at))
        text = say(until, " ", _waiting(change), " ", left_this_year(change.left))
        await reply(interaction, content=said_to(interaction, text), ephemeral=True)
        await _deliver(interaction, change)

    @group.command(name="end", description="End your vacation: your clocks run again.")
    async def end(interaction: discord.Interaction) -> None:
        user = interaction.user
        work = vacations_of(interaction).end(user.id, user.display_name)
        change = await in_time(interaction, work, ephemeral=True)
        text = say(_back(change), " ", left_this_year(change.left))
        await reply(interaction, content=said_to(interaction, text), ephemeral=True)
        await _deliver(interaction, change)

    @group.command(name="status", description="Your vacation left this year, and what waits.")
    async def status(interaction: discord.Interaction) -> None:
        work = vacations_of(interaction).status(interaction.user.id)
        found = await in_time(interaction, work, ephemeral=True)
        text = left_this_year(found.left)
        if found.current is not None:
            waiting = joined(", ", found.games) if found.games else t("no game yet")
            away = t(
                "You are on vacation until {until}; your clocks wait in {games}.",
                until=Moment(found.current.ends_at),
                games=waiting,
            )
            text = say(text, " ", away)
        await reply(interaction, content=said_to(interaction, text), ephemeral=True)

    return group


def _waiting(change: VacationChange) -> Text:
    """That the clocks wait, and in how many games' channels that was said."""
    count = len(change.deliveries)
    if not count:
        return t("Every clock of yours waits meanwhile.")
    return tn(
        "Every clock of yours waits meanwhile (said in the channel of your {count} game).",
        "Every clock of yours waits meanwhile (said in the channel of your {count} games).",
        count,
    )


def _back(change: VacationChange) -> Text:
    """That the clocks run again, and in how many games' channels that was said."""
    count = len(change.deliveries)
    if not count:
        return t("Welcome back: your clocks run again.")
    return tn(
        "Welcome back: your clocks run again (said in the channel of your {count} game).",
        "Welcome back: your clocks run again (said in the channel of your {count} games).",
        count,
    )


async def _deliver(interaction: discord.Interaction, change: VacationChange) -> None:
    scheduler = getattr(interaction.client, "scheduler", None)
    if isinstance(scheduler, Scheduler):
        await scheduler.deliver(change.deliveries)


VACATIONS = Feature(lambda: [vacation_group()])
"""`/vacation`: time away that stops one's clocks."""
