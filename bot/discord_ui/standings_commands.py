"""`/leaderboard` and `/stats`, and the leaderboard's restart-proof page buttons."""

from __future__ import annotations

import io
import re
from typing import Any, Self

import discord
from discord import app_commands
from discord.ui import Button, DynamicItem, View

import engine
from bot.discord_ui.buttons import Buttons, page_button
from bot.discord_ui.features import Feature
from bot.discord_ui.game_commands import LEVEL_CHOICES
from bot.discord_ui.markup import fit, markup
from bot.discord_ui.presses import NAME, PAGE, guarded
from bot.discord_ui.replies import host_of, in_time, place_language, reply, update
from bot.play.playing.ai_seats import ai_person, ai_user_id, checked_level
from bot.play.ranking.standings import Card, LeaderboardPage
from bot.play.words.languages import SOURCE
from bot.play.words.text import plain, t
from bot.web.links import WebLinks

ALL_GAMES = "all"
"""The leaderboard button's name for the board of every game together."""
FIELD_LIMIT = 1024
"""The most characters an embed field's value may hold."""
MAX_PAGE = 100_000
"""The highest leaderboard page that may be asked for: a million players, and more."""
GAME_CHOICES = [app_commands.Choice(name=i.title, value=i.name) for i in engine.GAMES.values()]


def standings_commands() -> list[app_commands.Command[Any, ..., None]]:
    """`/leaderboard [game] [page]` and `/stats [player] [game]`."""

    @app_commands.command(description="Players ranked by rating, for one game or all of them.")
    @app_commands.describe(
        game="One game's ratings; leave empty for every game rated together.",
        page="Which page of ten players to show first.",
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=True)
    async def leaderboard(
        interaction: discord.Interaction,
        game: str | None = None,
        page: app_commands.Range[int, 1, MAX_PAGE] = 1,
    ) -> None:
        shown = await in_time(interaction, _page_for(interaction, game, page - 1))
        language = await place_language(interaction)
        await reply(
            interaction,
            embed=card_embed(shown.card, language),
            view=leaderboard_view(shown, interaction, language) or discord.utils.MISSING,
        )

    @app_commands.command(description="A player's rating, trend, record, recent games, rivals.")
    @app_commands.describe(
        player="Whose statistics; leave empty for your own (me: the AI).",
        game="One game's statistics; leave empty for every game together.",
        ai="The AI at this level: my statistics as a player.",
    )
    @app_commands.choices(game=GAME_CHOICES, ai=LEVEL_CHOICES)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=True)
    async def stats(
        interaction: discord.Interaction,
        player: discord.User | None = None,
        game: str | None = None,
        ai: str | None = None,
    ) -> None:
        who = player or interaction.user
        host = host_of(interaction)
        user_id, name = who.id, who.display_name
        if ai is not None or who == interaction.client.user:
            level = checked_level(ai)
            user_id, name = ai_user_id(level), ai_person(host.ai.name, level).name
        language = await place_language(interaction)
        work = host.standings.stats(interaction.guild_id, user_id, name, game, language)
        card = await in_time(interaction, work)
        embed, files = card_embed(card, language), []
        if card.picture is not None:
            embed.set_image(url=f"attachment://{card.picture.name}")
            files = [discord.File(io.BytesIO(card.picture.data), filename=card.picture.name)]
        await reply(interaction, embed=embed, files=files)

    return [leaderboard, stats]


async def _page_for(
    interaction: discord.Interaction, game: str | None, page: int
) -> LeaderboardPage:
    """One leaderboard page, with the place of whoever asked for it."""
    user = interaction.user
    return await host_of(interaction).standings.leaderboard(
        interaction.guild_id, game, page, user.id, user.display_name
    )


def card_embed(card: Card, language: str = SOURCE) -> discord.Embed:
    """The card as an embed, in `language` (its footer in plain words: Discord shows
    no markup there)."""
    description = "\n".join(markup(line, language) for line in card.description)
    embed = discord.Embed(title=markup(card.title, language), description=description or None)
    for name, lines in card.fields:
        value = "\n".join(fit(lines, FIELD_LIMIT, language))
        embed.add_field(name=markup(name, language), value=value, inline=False)
    if card.footer.segments:
        embed.set_footer(text=plain(card.footer, language=language))
    return embed


def leaderboard_view(
    shown: LeaderboardPage, interaction: discord.Interaction, language: str = SOURCE
) -> View | None:
    """Previous / Next buttons, when the board has more than one page, and a link to the
    leaderboards on the web, when the bot serves pages."""
    links = getattr(interaction.client, "links", None)
    web = links.leaderboard(interaction.guild_id) if isinstance(links, WebLinks) else None
    if shown.pages == 1:
        return None if web is None else with_link(Buttons(), web, language)
    board = shown.game or ALL_GAMES
    last = shown.pages - 1
    view = Buttons()
    earlier, later = max(shown.page - 1, 0), min(shown.page + 1, last)
    view.add_item(
        LeaderboardButton(board, earlier, forward=False, off=shown.page == 0, language=language)
    )
    view.add_item(
        LeaderboardButton(board, later, forward=True, off=shown.page == last, language=language)
    )
    return view if web is None else with_link(view, web, language)


def with_link(view: View, url: str, language: str = SOURCE) -> View:
    """The view with a link to the same on the web, its label in `language`."""
    view.add_item(Button(label=plain(t("Open on the web"), language=language), url=url))
    return view


class LeaderboardButton(
    DynamicItem[Button[View]],
    template=rf"pyr:board:(?P<board>{NAME}):(?P<page>{PAGE}):(?P<way>back|next)",
):
    """Previous / Next on a leaderboard: the page shows the place of whoever pressed."""

    def __init__(
        self, board: str, page: int, *, forward: bool, off: bool = False, language: str = SOURCE
    ) -> None:
        shown = page_button(
            f"pyr:board:{board}:{page}", forward=forward, off=off, language=language
        )
        super().__init__(shown)
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
        work = _page_for(interaction, self.game, self.page)
        shown = await in_time(interaction, work, updating=True)
        language = await place_language(interaction)
        await update(
            interaction,
            embed=card_embed(shown.card, language),
            view=leaderboard_view(shown, interaction, language),
        )


STANDINGS = Feature(standings_commands, (LeaderboardButton,))
"""`/leaderboard` and `/stats`, and the leaderboard's page buttons."""
