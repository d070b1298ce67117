"""A game's rules in pages: the embed of one page, and the restart-proof Previous and
Next buttons that turn them."""

from __future__ import annotations

import re
from typing import Any, Self

import discord
from discord.ui import Button, DynamicItem, View

import engine
from bot.discord_ui.buttons import Buttons, page_button
from bot.discord_ui.presses import NAME, PAGE, guarded
from bot.discord_ui.replies import update
from bot.play.learning.rules import rules_pages
from bot.play.table.values import Refusal


def rules_view(game: str, page: int) -> View | None:
    last = len(rules_pages(game)) - 1
    if last == 0:
        return None
    view = Buttons()
    view.add_item(RulesButton(game, max(page - 1, 0), forward=False, disabled=page == 0))
    view.add_item(RulesButton(game, min(page + 1, last), forward=True, disabled=page == last))
    return view


def rules_embed(game: str, page: int) -> discord.Embed:
    pages = rules_pages(game)
    shown = pages[page]
    embed = discord.Embed(title=shown.title, description=shown.body)
    if len(pages) > 1:
        embed.set_footer(text=f"Page {page + 1} of {len(pages)}")
    return embed


class RulesButton(
    DynamicItem[Button[View]],
    template=rf"pyr:rules:(?P<game>{NAME}):(?P<page>{PAGE}):(?P<way>back|next)",
):
    """Previous / Next on a rules page."""

    def __init__(self, game: str, page: int, *, forward: bool, disabled: bool = False) -> None:
        super().__init__(page_button(f"pyr:rules:{game}:{page}", forward=forward, off=disabled))
        self.game = game
        self.page = page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(match["game"], int(match["page"]), forward=match["way"] == "next")

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, None, self._turn(interaction))

    async def _turn(self, interaction: discord.Interaction) -> None:
        if self.game not in engine.GAMES:
            raise Refusal("These rules are no longer available; use /<game> rules.")
        page = min(self.page, len(rules_pages(self.game)) - 1)
        await update(
            interaction, embed=rules_embed(self.game, page), view=rules_view(self.game, page)
        )


RULES_ITEMS = (RulesButton,)
