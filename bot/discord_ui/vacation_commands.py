"""`/vacation start`, `/vacation end` and `/vacation status`: a player's days away, which
stop every clock of theirs in every game and server."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord_ui.markup import markup
from bot.discord_ui.replies import host_of, in_time, reply
from bot.discord_ui.tree import anywhere, installed_to_anyone
from bot.play.clocks.vacations import VacationChange, Vacations, describe_left
from bot.play.words.text import Moment, joined, say
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
        text = say(
            "Your vacation runs until ",
            Moment(change.vacation.ends_at),
            f". Every clock of yours waits meanwhile{_told(change)}. "
            f"Vacation left this year: {describe_left(change.left)}.",
        )
        await reply(interaction, content=markup(text), ephemeral=True)
        await _deliver(interaction, change)

    @group.command(name="end", description="End your vacation: your clocks run again.")
    async def end(interaction: discord.Interaction) -> None:
        user = interaction.user
        work = vacations_of(interaction).end(user.id, user.display_name)
        change = await in_time(interaction, work, ephemeral=True)
        text = (
            f"Welcome back: your clocks run again{_told(change)}. "
            f"Vacation left this year: {describe_left(change.left)}."
        )
        await reply(interaction, content=text, ephemeral=True)
        await _deliver(interaction, change)

    @group.command(name="status", description="Your vacation left this year, and what waits.")
    async def status(interaction: discord.Interaction) -> None:
        work = vacations_of(interaction).status(interaction.user.id)
        found = await in_time(interaction, work, ephemeral=True)
        text = say(f"Vacation left this year: {describe_left(found.left)}.")
        if found.current is not None:
            waiting = joined(", ", found.games) if found.games else say("no game yet")
            text = say(
                text,
                " You are on vacation until ",
                Moment(found.current.ends_at),
                "; your clocks wait in ",
                waiting,
                ".",
            )
        await reply(interaction, content=markup(text), ephemeral=True)

    return group


def _told(change: VacationChange) -> str:
    count = len(change.deliveries)
    if not count:
        return ""
    return f" (said in the channel of your {count} game{'' if count == 1 else 's'})"


async def _deliver(interaction: discord.Interaction, change: VacationChange) -> None:
    scheduler = getattr(interaction.client, "scheduler", None)
    if isinstance(scheduler, Scheduler):
        await scheduler.deliver(change.deliveries)
