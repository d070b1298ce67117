"""Buttons that survive restarts (the game id is in each custom_id) and sending posts.

Challenge: Accept / Decline. Offers (draw, take-back): Agree / Decline. Resigning: a
confirm button. Rules: Previous / Next pages.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from typing import Any, Self

import discord
from discord.ui import Button, DynamicItem, View

from bot.replies import answer_failure, message_kwargs
from bot.rules import rules_pages
from bot.service import Answer, Post, Prompt, Service

DEFER_AFTER = 2.0
"""Seconds of work after which the reply is deferred, well inside Discord's three."""


def service_of(interaction: discord.Interaction) -> Service:
    service = getattr(interaction.client, "service", None)
    if not isinstance(service, Service):
        raise RuntimeError("the client has no game service")
    return service


async def guarded(
    interaction: discord.Interaction, game_id: int | None, action: Awaitable[None]
) -> None:
    """Run a button's work, answering any failure the way commands' failures are."""
    try:
        await action
    except Exception as error:
        await answer_failure(interaction, error, game_id)


def prompt_view(post: Post) -> View | None:
    """The buttons a post asks for, if any."""
    if post.prompt is Prompt.CHALLENGE:
        return challenge_view(post.game_id)
    if post.prompt in (Prompt.DRAW, Prompt.UNDO):
        return offer_view(post.game_id, post.prompt)
    return None


async def send_post(interaction: discord.Interaction, post: Post, **extra: Any) -> int | None:
    """Answer with a post, or follow up when the answer is used; the new message's id."""
    kwargs = message_kwargs(post, prompt_view(post)) | extra
    if interaction.response.is_done():
        message = await interaction.followup.send(wait=True, **kwargs)
        return message.id
    callback = await interaction.response.send_message(**kwargs)
    return callback.message_id


async def respond(interaction: discord.Interaction, work: Awaitable[Post]) -> None:
    """Post the result of some work, deferring first if it is slow to come."""
    task = asyncio.ensure_future(work)
    done, _ = await asyncio.wait({task}, timeout=DEFER_AFTER)
    if not done:
        await interaction.response.defer(thinking=True)
    await send_post(interaction, await task)


async def apply_answer(
    interaction: discord.Interaction, answer: Answer, open_view: Callable[[], View]
) -> None:
    """Update the message a button sits on, then post what follows."""
    view = None if answer.closed else open_view()
    await interaction.response.edit_message(content=answer.text, view=view)
    if answer.post is not None:
        await send_post(interaction, answer.post)


def challenge_view(game_id: int) -> View:
    view = View(timeout=None)
    view.add_item(ChallengeButton(game_id, "accept"))
    view.add_item(ChallengeButton(game_id, "decline"))
    return view


def offer_view(game_id: int, kind: Prompt) -> View:
    view = View(timeout=None)
    view.add_item(OfferButton(game_id, kind, agree=True))
    view.add_item(OfferButton(game_id, kind, agree=False))
    return view


def resign_view(game_id: int) -> View:
    view = View(timeout=None)
    view.add_item(ResignButton(game_id))
    return view


def rules_view(game: str, page: int) -> View | None:
    last = len(rules_pages(game)) - 1
    if last == 0:
        return None
    view = View(timeout=None)
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


class ChallengeButton(
    DynamicItem[Button[View]], template=r"pyr:challenge:(?P<game>\d+):(?P<answer>accept|decline)"
):
    """Accept or Decline on a challenge: only the invitees may use it."""

    def __init__(self, game_id: int, answer: str) -> None:
        accept = answer == "accept"
        super().__init__(
            _yes_no_button("Accept", yes=accept, custom_id=f"pyr:challenge:{game_id}:{answer}")
        )
        self.game_id = game_id
        self.accept = accept

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["game"]), match["answer"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self.game_id, self._answer(interaction))

    async def _answer(self, interaction: discord.Interaction) -> None:
        service = service_of(interaction)
        if self.accept:
            answer = await service.accept(self.game_id, interaction.user.id)
        else:
            answer = await service.decline(self.game_id, interaction.user.id)
        await apply_answer(interaction, answer, lambda: challenge_view(self.game_id))


def _yes_no_button(label: str, *, yes: bool, custom_id: str) -> Button[View]:
    """The agreeing button (green, `label`) or the declining one (grey, Decline)."""
    return Button(
        label=label if yes else "Decline",
        style=discord.ButtonStyle.success if yes else discord.ButtonStyle.secondary,
        custom_id=custom_id,
    )


class OfferButton(
    DynamicItem[Button[View]], template=r"pyr:(?P<kind>draw|undo):(?P<game>\d+):(?P<agree>yes|no)"
):
    """Agree or Decline on a draw or take-back offer: only the other players may use it."""

    def __init__(self, game_id: int, kind: Prompt, *, agree: bool) -> None:
        custom_id = f"pyr:{kind.value}:{game_id}:{'yes' if agree else 'no'}"
        super().__init__(_yes_no_button("Agree", yes=agree, custom_id=custom_id))
        self.game_id = game_id
        self.kind = kind
        self.agree = agree

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["game"]), Prompt(match["kind"]), agree=match["agree"] == "yes")

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self.game_id, self._answer(interaction))

    async def _answer(self, interaction: discord.Interaction) -> None:
        service = service_of(interaction)
        answer = await service.answer_offer(
            self.game_id, self.kind, interaction.user.id, agree=self.agree
        )
        await apply_answer(interaction, answer, lambda: offer_view(self.game_id, self.kind))


class ResignButton(DynamicItem[Button[View]], template=r"pyr:resign:(?P<game>\d+)"):
    """The confirmation of a resignation, shown only to the player resigning."""

    def __init__(self, game_id: int) -> None:
        super().__init__(
            Button(
                label="Resign",
                style=discord.ButtonStyle.danger,
                custom_id=f"pyr:resign:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self.game_id, self._resign(interaction))

    async def _resign(self, interaction: discord.Interaction) -> None:
        post = await service_of(interaction).resign(self.game_id, interaction.user.id)
        await interaction.response.edit_message(content="You resigned.", view=None)
        await send_post(interaction, post)


class RulesButton(
    DynamicItem[Button[View]],
    template=r"pyr:rules:(?P<game>[a-z]+):(?P<page>\d+):(?P<way>back|next)",
):
    """Previous / Next on a rules page."""

    def __init__(self, game: str, page: int, *, forward: bool, disabled: bool = False) -> None:
        way = "next" if forward else "back"
        super().__init__(
            Button(
                label="Next" if forward else "Previous",
                style=discord.ButtonStyle.primary if forward else discord.ButtonStyle.secondary,
                custom_id=f"pyr:rules:{game}:{page}:{way}",
                disabled=disabled,
            )
        )
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
        page = min(self.page, len(rules_pages(self.game)) - 1)
        await interaction.response.edit_message(
            embed=rules_embed(self.game, page), view=rules_view(self.game, page)
        )


DYNAMIC_ITEMS = (ChallengeButton, OfferButton, ResignButton, RulesButton)
