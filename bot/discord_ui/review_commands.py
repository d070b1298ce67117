"""`/<game> review [id]` and the Review button on a game's end: the reply says the review
is under way, counts the positions valued as it goes, and becomes the review (accuracy,
grades, key moments) with its graph."""

from __future__ import annotations

import io
import re
from typing import Any, Self

import discord
from discord import app_commands
from discord.ui import Button, DynamicItem, View

import engine
from bot.discord_ui.buttons import review_button
from bot.discord_ui.markup import markup
from bot.discord_ui.presses import ID, guarded, in_its_channel
from bot.discord_ui.replies import NO_PINGS, host_of, in_time, place_language, reply
from bot.play.table.records import GameRecord
from bot.play.table.values import LARGEST_ID
from bot.play.words.text import t, tn
from bot.play.words.wording import title


async def answer_with_review(interaction: discord.Interaction, record: GameRecord) -> None:
    """Reply that the game's review is under way, update it with the positions valued so
    far, then edit it into the review with its graph: all of it in the language of the
    place, where everyone reads it."""
    reviews = host_of(interaction).reviews
    name, language = title(record), await place_language(interaction)
    under_way = markup(t("Reviewing {game}…", game=name), language)
    await reply(interaction, content=under_way, allowed_mentions=NO_PINGS)

    async def progress(done: int, total: int) -> None:
        valued = tn(
            "Reviewing {game}: {done} of {count} position valued…",
            "Reviewing {game}: {done} of {count} positions valued…",
            total,
            game=name,
            done=str(done),
        )
        await interaction.edit_original_response(content=markup(valued, language))

    post = await reviews.review(record, progress, language)
    files = [discord.File(io.BytesIO(file.data), filename=file.name) for file in post.files]
    await interaction.edit_original_response(content=markup(post.text, language), attachments=files)


def review_command(info: engine.GameInfo) -> app_commands.Command[Any, ..., None]:
    """`/<game> review [id]`: the channel's last finished game, or any of the server's."""

    @app_commands.command(
        name="review", description=f"Review a finished {info.title} game: accuracy, mistakes."
    )
    @app_commands.rename(game_id="id")
    @app_commands.describe(game_id="A finished game's number (default: this channel's last).")
    @app_commands.checks.bot_has_permissions(attach_files=True)
    async def review(
        interaction: discord.Interaction,
        game_id: app_commands.Range[int, 1, LARGEST_ID] | None = None,
    ) -> None:
        if interaction.channel_id is None:
            return
        work = host_of(interaction).reviews.finished(
            interaction.guild_id, interaction.user.id, interaction.channel_id, info.name, game_id
        )
        record = await in_time(interaction, work, ephemeral=True)
        await answer_with_review(interaction, record)

    return review


class ReviewButton(DynamicItem[Button[View]], template=rf"pyr:review:(?P<game>{ID})"):
    """Review, on the message announcing a game's end, for anyone in its channel."""

    def __init__(self, game_id: int) -> None:
        super().__init__(review_button(game_id))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self.game_id, self._review(interaction))

    async def _review(self, interaction: discord.Interaction) -> None:
        await in_its_channel(interaction, self.game_id)
        work = host_of(interaction).reviews.by_id(self.game_id)
        await answer_with_review(interaction, await in_time(interaction, work, ephemeral=True))


REVIEW_ITEMS = (ReviewButton,)
