"""`/<game> web`: the channel's game on the web, privately: its Watch link to share, and
for its players a Play on the web link of their own."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ui import Button

import engine
from bot.discord_ui.buttons import Buttons, label
from bot.discord_ui.markup import markup
from bot.discord_ui.picker_views import PLAY_ON_THE_WEB
from bot.discord_ui.post_buttons import WATCH
from bot.discord_ui.replies import host_of, in_time, reader, reply
from bot.play.table.values import Refusal
from bot.play.words.text import Strong, t
from bot.web.links import WebLinks

NO_PAGES = t("This bot serves no pages.")


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
        language = reader(interaction)
        view = Buttons()
        view.add_item(Button(label=label(WATCH, language), url=links.watch(page.game_id)))
        watch = Strong(label(WATCH, language))
        said = t("{title} on the web: share {watch} with anyone.", title=page.title, watch=watch)
        if page.plays:
            now = host.games.clock()
            mine = links.play(page.game_id, interaction.user.id, now)
            view.add_item(Button(label=label(PLAY_ON_THE_WEB, language), url=mine))
            said = t(
                "{title} on the web: share {watch} with anyone; {play} is yours alone, for a day.",
                title=page.title,
                watch=watch,
                play=Strong(label(PLAY_ON_THE_WEB, language)),
            )
        await reply(interaction, content=markup(said, language), view=view, ephemeral=True)

    return web
