"""A game's rules in pages: the embed of one page, and the restart-proof Previous and
Next buttons that turn them. The rules documents are the licensed English originals,
shown as they are in every language; the page's own words (its title, its footer) are
the reader's."""

from __future__ import annotations

import re
from typing import Any, Self

import discord
from discord.ui import Button, DynamicItem, View

import engine
from bot.discord_ui.buttons import Buttons, page_button
from bot.discord_ui.presses import NAME, PAGE, guarded
from bot.discord_ui.replies import reader, update
from bot.play.learning.rules import rules_pages
from bot.play.table.values import Refusal
from bot.play.words.languages import SOURCE, shipped
from bot.play.words.learning import rules_page_title
from bot.play.words.text import Text, plain, t, tn

ORIGINAL = t("These rules are the licensed English original, shown as they are written.")
"""Under a rules page read in another language than English."""


def rules_view(game: str, page: int, language: str = SOURCE) -> View | None:
    """Previous and Next under a page of the game's rules, labelled in `language`; none
    when the rules fit one page."""
    last = len(rules_pages(game)) - 1
    if last == 0:
        return None
    view = Buttons()
    back, ahead = max(page - 1, 0), min(page + 1, last)
    view.add_item(RulesButton(game, back, forward=False, disabled=page == 0, language=language))
    view.add_item(RulesButton(game, ahead, forward=True, disabled=page == last, language=language))
    return view


def rules_embed(game: str, page: int, language: str = SOURCE) -> discord.Embed:
    """A page of the game's rules (the English document's), its footer in `language`
    (its reader's): which page it is, and to a reader of another language than English
    that the rules are the licensed English original."""
    pages = rules_pages(game)
    shown = pages[page]
    title = plain(rules_page_title(shown.title), language=language)
    embed = discord.Embed(title=title, description=shown.body)
    footer: list[Text] = []
    if len(pages) > 1:
        footer.append(
            tn("Page {page} of {count}", "Page {page} of {count}", len(pages), page=str(page + 1))
        )
    if shipped(language) != SOURCE:
        footer.append(ORIGINAL)
    if footer:
        embed.set_footer(text="\n".join(plain(line, language=language) for line in footer))
    return embed


class RulesButton(
    DynamicItem[Button[View]],
    template=rf"pyr:rules:(?P<game>{NAME}):(?P<page>{PAGE}):(?P<way>back|next)",
):
    """Previous / Next on a rules page."""

    def __init__(
        self,
        game: str,
        page: int,
        *,
        forward: bool,
        disabled: bool = False,
        language: str = SOURCE,
    ) -> None:
        shown = page_button(
            f"pyr:rules:{game}:{page}", forward=forward, off=disabled, language=language
        )
        super().__init__(shown)
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
            raise Refusal(t("These rules are no longer available; use /<game> rules."))
        page = min(self.page, len(rules_pages(self.game)) - 1)
        language = reader(interaction)
        shown = rules_embed(self.game, page, language)
        await update(interaction, embed=shown, view=rules_view(self.game, page, language))


RULES_ITEMS = (RulesButton,)
