"""`/puzzle [game] [move] [solution]`: a puzzle from this server's finished games, an
answer to it, or its solution; every reply seen by the asker alone."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord_ui.features import Feature
from bot.discord_ui.puzzle_views import PUZZLE_ITEMS
from bot.discord_ui.replies import host_of, reader
from bot.discord_ui.standings_commands import GAME_CHOICES
from bot.discord_ui.views import respond


def puzzle_command() -> app_commands.Command[Any, ..., None]:
    @app_commands.command(
        name="puzzle", description="Find the win a player missed in this server's games."
    )
    @app_commands.describe(
        game="A puzzle from this game's games (default: any).",
        move="Your answer to your puzzle, written like a move of its game.",
        solution="Show your puzzle's solution (it counts as tried).",
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=True)
    @app_commands.checks.bot_has_permissions(attach_files=True)
    async def puzzle(
        interaction: discord.Interaction,
        game: str | None = None,
        move: app_commands.Range[str, 1, 40] | None = None,
        solution: bool = False,
    ) -> None:
        puzzles = host_of(interaction).puzzles
        guild_id, user_id = interaction.guild_id, interaction.user.id
        if solution:
            work = puzzles.solution(guild_id, user_id)
        elif move is not None:
            work = puzzles.answer(guild_id, user_id, move)
        else:
            work = puzzles.ask(guild_id, user_id, game, reader(interaction))
        await respond(interaction, work)

    return puzzle


PUZZLES = Feature(lambda: [puzzle_command()], PUZZLE_ITEMS)
"""`/puzzle`, and the answer picker of its messages."""
