"""Buttons that survive restarts (the game id is in each custom_id), in the language of
the message they are on, and sending posts. Challenge: Accept / Decline. Offers (draw,
take-back, pause): Agree / Decline. Resigning: a confirm button. A time-out the others may
claim: Claim win. A game's end: Replay. Each custom_id template is bounded (an id has at
most 20 digits), so no custom_id (Discord's have at most 100) costs more than a glance;
one that no template takes is answered "This button no longer works" (`answer_unknown`).
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any, Self, TypeVar

import discord
from discord.ui import Button, DynamicItem, View

from bot.discord_ui.buttons import (
    GameAction,
)
from bot.discord_ui.markup import markup
from bot.discord_ui.post_buttons import (
    challenge_button,
    challenge_view,
    game_button,
    game_view,
    offer_button,
    offer_view,
    pages_on,
    prompt_view,
)
from bot.discord_ui.presses import ID, guarded, in_its_channel
from bot.discord_ui.replies import (
    DISCORD_TROUBLE,
    NO_PINGS,
    answers_in_original,
    client_host,
    game_language,
    host_of,
    in_time,
    message_kwargs,
    place_language,
    reader,
    replies_only,
    reply,
    said_to,
    update,
)
from bot.play.playing.endings import NothingToClaim
from bot.play.table.values import Answer, Post, Prompt, Refusal
from bot.play.words.languages import SOURCE
from bot.play.words.text import t
from bot.runtime.answers import answer

log = logging.getLogger(__name__)
T = TypeVar("T")

AFTER_EARLIER_POSTS = t(
    "Done. Discord has not taken this game's earlier posts yet: the post about this one "
    "follows them in the channel."
)
NONCE_LENGTH = 25
"""The longest nonce Discord takes, in characters."""


async def send_post(interaction: discord.Interaction, post: Post) -> int | None:
    """Answer with a post as every front end does (`bot.runtime.answers`); the new
    message's id, or None when it goes in the channel later."""
    via, host = InteractionAnswer(interaction), host_of(interaction)
    return await answer(via, post, host.outbox, host.answering)


class InteractionAnswer:
    """Answering an interaction: the Discord transport of `bot.runtime.answers`."""

    def __init__(self, interaction: discord.Interaction) -> None:
        self._interaction = interaction
        self.token = interaction.token
        self.place_id = interaction.channel_id

    def answers_first(self) -> bool:
        return answers_in_original(self._interaction)

    def answered(self) -> bool:
        return self._interaction.response.is_done()

    def posts_here(self) -> bool:
        return not replies_only(self._interaction)

    def posts_pictures_here(self) -> bool:
        allowed = self._interaction.app_permissions
        return self.posts_here() and allowed.send_messages and allowed.attach_files

    async def in_time(self, work: Awaitable[T]) -> T:
        return await in_time(self._interaction, work, ephemeral=True)

    async def reply(self, post: Post) -> int | None:
        private = {"ephemeral": True} if post.private else {}
        interaction = self._interaction
        language = reader(interaction) if post.private else await place_language(interaction)
        pages = await pages_on(interaction.client, interaction.guild_id, post)
        view = prompt_view(post, interaction.client, language, pages=pages)
        return await reply(self._interaction, **(message_kwargs(post, view, language) | private))

    async def to_place(self, post: Post) -> int | None:
        place_id = self.place_id
        assert place_id is not None, "an answer in its place comes from a place"
        try:
            return await post_in_channel(self._interaction.client, place_id, post)
        except discord.Forbidden as error:
            log.info(
                "could not post about game %s in channel %s: %s", post.game_id, place_id, error
            )
            return None

    async def after_earlier_posts(self) -> None:
        told = said_to(self._interaction, AFTER_EARLIER_POSTS)
        await reply(self._interaction, content=told, ephemeral=True)

    async def meanwhile(self, text: str) -> bool:
        try:
            said = markup(
                t("Meanwhile: {text}", text=text), await place_language(self._interaction)
            )
            await reply(self._interaction, content=said, allowed_mentions=NO_PINGS)
        except DISCORD_TROUBLE as error:
            log.warning("could not say what was missed in channel %s: %s", self.place_id, error)
            return False
        return True

    async def disable_lapsed(self, post: Post) -> None:
        if self.place_id is not None:
            await disable_lapsed(self._interaction.client, self.place_id, post)


async def post_in_channel(client: discord.Client, place_id: int, post: Post) -> int:
    """Send a post as a message in a channel or thread, an announcement with a nonce made
    from its id, which Discord enforces: the same post sent again within a few minutes
    (after a restart) is not posted twice. The message's id."""
    language, guild_id = await game_language(client, place_id, post.game_id)
    view = prompt_view(post, client, language, pages=await pages_on(client, guild_id, post))
    kwargs = message_kwargs(post, view, language) | nonce_of(post)
    message = await client.get_partial_messageable(place_id).send(**kwargs)
    return message.id


def nonce_of(post: Post) -> dict[str, str]:
    """The nonce an announcement is sent with, by which Discord keeps one message when the
    same post is sent twice within minutes; none for another post."""
    return {} if post.announcement is None else {"nonce": post.announcement[:NONCE_LENGTH]}


async def disable_lapsed(client: discord.Client, place_id: int, post: Post) -> None:
    """Disable the buttons of the offer or claim a post's change ended, if any; a message
    deleted, or one the bot may no longer edit, is logged and left."""
    for lapsed in post.lapsed:
        await disable_buttons(client, place_id, post.game_id, lapsed.message_id, lapsed.prompt)


async def note_claim(client: discord.Client, place_id: int, post: Post, message_id: int) -> None:
    """Remember the message carrying a time-out's Claim win button, so that a late move
    disables it; when the late move came first, disable it now. A failure is logged: the
    button's press still finds out that the late move came first."""
    try:
        noted = await client_host(client).endings.note_claim_message(post.game_id, message_id)
    except Exception:
        log.exception("could not note the claim message of game %s", post.game_id)
        return
    if not noted:
        await disable_buttons(client, place_id, post.game_id, message_id, Prompt.CLAIM)


async def disable_buttons(
    client: discord.Client, place_id: int, game_id: int, message_id: int, prompt: Prompt
) -> None:
    """Disable the buttons of a game's message asking for `prompt` (an offer, a claim)."""
    message = client.get_partial_messageable(place_id).get_partial_message(message_id)
    language, _ = await game_language(client, place_id, game_id)
    view = (
        game_view(game_id, GameAction.CLAIM, disabled=True, language=language)
        if prompt is Prompt.CLAIM
        else offer_view(game_id, prompt, disabled=True, language=language)
    )
    try:
        await message.edit(view=view)
    except DISCORD_TROUBLE as error:
        log.info("could not disable the %s buttons of game %s: %s", prompt.value, game_id, error)


async def respond(interaction: discord.Interaction, work: Awaitable[Post]) -> int | None:
    """Post the result of some work, deferring first if it is slow to come."""
    return await send_post(interaction, await in_time(interaction, work))


async def apply_answer(
    interaction: discord.Interaction, work: Awaitable[Answer], open_view: Callable[[str], View]
) -> None:
    """Update the message a button sits on (deferring if the work is slow), its buttons
    still open made by `open_view` in its language, then post what follows."""
    answer = await in_time(interaction, work, updating=True)
    language = await place_language(interaction)
    view = None if answer.closed else open_view(language)
    await update(interaction, content=markup(answer.text, language), view=view)
    if answer.post is not None:
        await send_post(interaction, answer.post)


class ChallengeButton(
    DynamicItem[Button[View]], template=rf"pyr:challenge:(?P<game>{ID}):(?P<answer>accept|decline)"
):
    """Accept or Decline on a challenge: only the invitees may use it."""

    def __init__(self, game_id: int, answer: str, language: str = SOURCE) -> None:
        accept = answer == "accept"
        super().__init__(challenge_button(game_id, answer, language))
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
        await in_its_channel(interaction, self.game_id)
        challenges = host_of(interaction).challenges
        answering = challenges.accept if self.accept else challenges.decline
        work = answering(self.game_id, interaction.user.id)
        await apply_answer(interaction, work, functools.partial(challenge_view, self.game_id))


class OfferButton(
    DynamicItem[Button[View]],
    template=rf"pyr:(?P<kind>draw|undo|pause):(?P<game>{ID}):(?P<agree>yes|no)",
):
    """Agree or Decline on an offer (a draw, a take-back, a pause of the clocks): only the
    other players may use it."""

    def __init__(
        self,
        game_id: int,
        kind: Prompt,
        *,
        agree: bool,
        disabled: bool = False,
        language: str = SOURCE,
    ) -> None:
        super().__init__(offer_button(game_id, kind, agree, disabled=disabled, language=language))
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
        await in_its_channel(interaction, self.game_id)
        offers, user_id = host_of(interaction).offers, interaction.user.id
        work = offers.answer(self.game_id, self.kind, user_id, agree=self.agree)
        opened = functools.partial(offer_view, self.game_id, self.kind)
        await apply_answer(interaction, work, opened)


class GameButton(
    DynamicItem[Button[View]],
    template=rf"pyr:(?P<action>resign|replay|rematch|claim):(?P<game>{ID})(?::(?P<user>{ID}))?",
):
    """A button acting on one game: Resign, the confirmation shown only to the player
    resigning (and acting for them alone), Replay, on the message announcing the game's
    end, for anyone, Rematch beside it, for its players, or Claim win, on a time-out's
    post, for the others still playing."""

    def __init__(
        self,
        game_id: int,
        action: GameAction,
        user_id: int | None = None,
        *,
        disabled: bool = False,
        language: str = SOURCE,
    ) -> None:
        super().__init__(
            game_button(game_id, action, user_id, disabled=disabled, language=language)
        )
        self.game_id = game_id
        self.action = action
        self.user_id = user_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        user = int(match["user"]) if match["user"] else None
        return cls(int(match["game"]), GameAction(match["action"]), user)

    async def callback(self, interaction: discord.Interaction) -> None:
        actions = {
            GameAction.RESIGN: self._resign,
            GameAction.REPLAY: self._replay,
            GameAction.REMATCH: self._rematch,
            GameAction.CLAIM: self._claim,
        }
        await guarded(interaction, self.game_id, actions[self.action](interaction))

    async def _claim(self, interaction: discord.Interaction) -> None:
        await in_its_channel(interaction, self.game_id)
        work = host_of(interaction).endings.claim(self.game_id, interaction.user.id)
        try:
            claim = functools.partial(game_view, self.game_id, GameAction.CLAIM, None)
            await apply_answer(interaction, work, claim)
        except NothingToClaim:
            message, place_id = interaction.message, interaction.channel_id
            if message is not None and place_id is not None and not replies_only(interaction):
                await disable_buttons(
                    interaction.client, place_id, self.game_id, message.id, Prompt.CLAIM
                )
            raise

    async def _resign(self, interaction: discord.Interaction) -> None:
        if self.user_id != interaction.user.id:
            raise Refusal(t("Only the player who asked to resign can confirm it."))
        await in_its_channel(interaction, self.game_id)
        work = host_of(interaction).endings.resign(self.game_id, interaction.user.id)
        post = await in_time(interaction, work, updating=True)
        await update(interaction, content=said_to(interaction, t("You resigned.")), view=None)
        await send_post(interaction, post)

    async def _rematch(self, interaction: discord.Interaction) -> None:
        await in_its_channel(interaction, self.game_id)
        challenges = host_of(interaction).challenges
        post = await in_time(interaction, challenges.rematch(self.game_id, interaction.user.id))
        message_id = await send_post(interaction, post)
        if message_id is not None:
            await challenges.note_message(post.game_id, message_id)

    async def _replay(self, interaction: discord.Interaction) -> None:
        history, language = host_of(interaction).history, await place_language(interaction)
        asked = (interaction.guild_id, interaction.user.id, self.game_id)
        await respond(interaction, history.replay(*asked, language))


DYNAMIC_ITEMS = (ChallengeButton, OfferButton, GameButton)
