"""`/<game> web`: the channel's game on the web, privately: its Watch link to share, and
for its players a Play on the web link of their own."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ui import Button

import engine
from bot.discord_ui.buttons import Buttons
from bot.discord_ui.replies import host_of, in_time, reply
from bot.play.table.values import Refusal
from bot.web.links import WebLinks

NO_PAGES = "This bot serves no pages."


def web_command(info: engine.GameInfo) -> app_commands.Command[Any, ..., None]:
    """`/<game> web`: the links to the page of the channel's game."""

    @app_commands.command(
        name="web", description=f"Links to this channel's {info.title} game on the web."
    )
    async def web(interaction: discord.Interaction) -> None:
        links = getattr(interaction.client, "links", None)
        if not isinstance(links, WebLinks) or interaction.channel_id is None:
            raise Refusal(NO_PAGES)
        host = host_of(interaction)
        work = host.watching.here(interaction.channel_id, info.name, interaction.user.id)
        page = await in_time(interaction, work, ephemeral=True)
        view = Buttons()
        view.add_item(Button(label="Watch", url=links.watch(page.game_id)))
        said = f"{page.title} on the web: share **Watch** with anyone"
        if page.plays:
            now = host.games.clock()
            view.add_item(
                Button(
                    label="Play on the web", url=links.play(page.game_id, interaction.user.id, now)
                )
            )
            said += "; **Play on the web** is yours alone, for a day"
        await reply(interaction, content=f"{said}.", view=view, ephemeral=True)

    return web
