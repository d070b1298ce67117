"""`/leaderboard` and `/stats`, and the leaderboard's restart-proof page buttons."""

from __future__ import annotations

import re
from typing import Any, Self

import discord
from discord import app_commands
from discord.ui import Button, DynamicItem, View

import engine
from bot.standings import Card, LeaderboardPage, Leaderboards
from bot.views import guarded, service_of

ALL_GAMES = "all"
"""The leaderboard button's name for the board of every game together."""
GAME_CHOICES = [app_commands.Choice(name=i.title, value=i.name) for i in engine.GAMES.values()]


def leaderboards_of(interaction: discord.Interaction) -> Leaderboards:
    return Leaderboards(service_of(interaction).storage.standings)


def standings_commands() -> list[app_commands.Command[Any, ..., None]]:
    """`/leaderboard [game] [page]` and `/stats [player] [game]`."""

    @app_commands.command(description="Players ranked by rating, for one game or all of them.")
    @app_commands.describe(
        game="One game's ratings; leave empty for every game rated together.",
        page="Which page of ten players to show first.",
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(
        interaction: discord.Interaction,
        game: str | None = None,
        page: app_commands.Range[int, 1] = 1,
    ) -> None:
        shown = await _page_for(interaction, game, page - 1)
        await interaction.response.send_message(
            embed=card_embed(shown.card), view=leaderboard_view(shown) or discord.utils.MISSING
        )

    @app_commands.command(description="A player's rating, trend, record, recent games, rivals.")
    @app_commands.describe(
        player="Whose statistics; leave empty for your own.",
        game="One game's statistics; leave empty for every game together.",
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def stats(
        interaction: discord.Interaction,
        player: discord.User | None = None,
        game: str | None = None,
    ) -> None:
        who = player or interaction.user
        card = await leaderboards_of(interaction).stats(
            interaction.guild_id, who.id, who.display_name, game
        )
        await interaction.response.send_message(embed=card_embed(card))

    return [leaderboard, stats]


async def _page_for(
    interaction: discord.Interaction, game: str | None, page: int
) -> LeaderboardPage:
    """One leaderboard page, with the place of whoever asked for it."""
    user = interaction.user
    return await leaderboards_of(interaction).leaderboard(
        interaction.guild_id, game, page, user.id, user.display_name
    )


def card_embed(card: Card) -> discord.Embed:
    embed = discord.Embed(title=card.title, description=card.description or None)
    for name, value in card.fields:
        embed.add_field(name=name, value=value, inline=False)
    if card.footer:
        embed.set_footer(text=card.footer)
    return embed


def leaderboard_view(shown: LeaderboardPage) -> View | None:
    """Previous / Next buttons, when the board has more than one page."""
    if shown.pages == 1:
        return None
    board = shown.game or ALL_GAMES
    last = shown.pages - 1
    view = View(timeout=None)
    view.add_item(
        LeaderboardButton(board, max(shown.page - 1, 0), forward=False, off=shown.page == 0)
    )
    view.add_item(
        LeaderboardButton(board, min(shown.page + 1, last), forward=True, off=shown.page == last)
    )
    return view


class LeaderboardButton(
    DynamicItem[Button[View]],
    template=r"pyr:board:(?P<board>[a-z]+):(?P<page>\d+):(?P<way>back|next)",
):
    """Previous / Next on a leaderboard: the page shows the place of whoever pressed."""

    def __init__(self, board: str, page: int, *, forward: bool, off: bool = False) -> None:
        way = "next" if forward else "back"
        super().__init__(
            Button(
                label="Next" if forward else "Previous",
                style=discord.ButtonStyle.primary if forward else discord.ButtonStyle.secondary,
                custom_id=f"pyr:board:{board}:{page}:{way}",
                disabled=off,
            )
        )
        self.game = None if board == ALL_GAMES else board
        self.page = page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(match["board"], int(match["page"]), forward=match["way"] == "next")

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, None, self._turn(interaction))

    async def _turn(self, interaction: discord.Interaction) -> None:
        shown = await _page_for(interaction, self.game, self.page)
        await interaction.response.edit_message(
            embed=card_embed(shown.card), view=leaderboard_view(shown)
        )


STANDINGS_ITEMS = (LeaderboardButton,)
"""The dynamic items the standings commands' messages carry."""
