"""The buttons posts carry, as they are sent, in the language of the message they are on:
each kind's label and custom id (the dynamic items that answer their presses read the
ids back: `bot.discord_ui.views`, `bot.discord_ui.activities`), and the set of buttons
each kind of post asks for."""

from __future__ import annotations

import functools

import discord
from discord.ui import Button, View

from bot.discord_ui.buttons import (
    GAME_BUTTON_LOOKS,
    Buttons,
    GameAction,
    answer_button,
    label,
    move_button,
    review_button,
)
from bot.discord_ui.replies import client_host
from bot.play.table.values import Post, Prompt
from bot.play.words.languages import SOURCE
from bot.play.words.text import Text, t
from bot.web.links import WebLinks

WATCH, ACCEPT, AGREE, DECLINE = t("Watch"), t("Accept"), t("Agree"), t("Decline")
PLAY_IN_DISCORD = t("Play in Discord")
BUTTON_SETS_KEPT = 4096
"""Posts' sets of buttons kept once made (a game, kind of post and language each)."""


def prompt_view(
    post: Post, client: discord.Client, language: str, *, pages: bool = True
) -> View | None:
    """The buttons a post asks for, if any, with a link to watch the game when the bot
    serves pages (and the game's server has its `pages`) and the post is about a move or
    the end, and Play in Discord on a turn's post when the bot offers its Activity and
    Discord runs it (its flag `embedded`)."""
    links = getattr(client, "links", None)
    settings = getattr(client, "settings", None)
    activity = bool(getattr(settings, "activity", False)) and client.application_flags.embedded
    watch = links if isinstance(links, WebLinks) and pages else None
    return _buttons(post.prompt, post.game_id, watch, activity and pages, language)


async def pages_on(client: discord.Client, guild_id: int | None, post: Post) -> bool:
    """Whether the game of a post carrying the pages' buttons (Watch, Play in Discord)
    has its pages where it is posted: outside servers always, in a server unless it
    turned them off (read for those posts alone)."""
    if guild_id is None or post.prompt not in WATCHED:
        return True
    return (await client_host(client).slow_games.settings(guild_id)).pages


@functools.lru_cache(maxsize=BUTTON_SETS_KEPT)
def _buttons(
    prompt: Prompt | None, game_id: int, links: WebLinks | None, activity: bool, language: str
) -> View | None:
    """The buttons of a post of this kind about this game, in `language`, made once for
    the games in play (a view sent is only read, never kept: see `Buttons`)."""
    view = _prompt_buttons(prompt, game_id, language)
    if prompt is Prompt.MOVE and activity and view is not None:
        view.add_item(activity_button(game_id, language))
    if prompt in WATCHED and links is not None:
        view = view or Buttons()
        view.add_item(Button(label=label(WATCH, language), url=links.watch(game_id)))
    return view


WATCHED = (Prompt.MOVE, Prompt.REPLAY, Prompt.REMATCH)
"""Posts that carry the Watch link: each move's, and each end's."""


def _prompt_buttons(prompt: Prompt | None, game_id: int, language: str) -> View | None:
    if prompt is Prompt.CHALLENGE:
        return challenge_view(game_id, language)
    if prompt in (Prompt.DRAW, Prompt.UNDO, Prompt.PAUSE):
        return offer_view(game_id, prompt, language=language)
    if prompt is Prompt.CLAIM:
        return game_view(game_id, GameAction.CLAIM, language=language)
    if prompt in (Prompt.MOVE, Prompt.PUZZLE):
        view = Buttons()
        move = prompt is Prompt.MOVE
        view.add_item(move_button(game_id, language) if move else answer_button(language))
        return view
    if prompt in (Prompt.REPLAY, Prompt.REMATCH):
        view = game_view(game_id, GameAction.REPLAY, language=language)
        view.add_item(review_button(game_id, language))
        if prompt is Prompt.REMATCH:
            view.add_item(game_button(game_id, GameAction.REMATCH, language=language))
        return view
    return None


def challenge_view(game_id: int, language: str = SOURCE) -> Buttons:
    view = Buttons()
    view.add_item(challenge_button(game_id, "accept", language))
    view.add_item(challenge_button(game_id, "decline", language))
    return view


def offer_view(
    game_id: int, kind: Prompt, language: str = SOURCE, *, disabled: bool = False
) -> Buttons:
    view = Buttons()
    for agree in (True, False):
        view.add_item(offer_button(game_id, kind, agree, disabled=disabled, language=language))
    return view


def game_view(
    game_id: int,
    action: GameAction,
    user_id: int | None = None,
    language: str = SOURCE,
    *,
    disabled: bool = False,
) -> Buttons:
    """One `GameButton`: Resign (for `user_id` alone), Replay or Claim win."""
    view = Buttons()
    view.add_item(game_button(game_id, action, user_id, disabled=disabled, language=language))
    return view


def game_button(
    game_id: int,
    action: GameAction,
    user_id: int | None = None,
    *,
    disabled: bool = False,
    language: str = SOURCE,
) -> Button[View]:
    """Resign (for `user_id` alone), Replay, Rematch or Claim win (`GameButton`)."""
    words, style = GAME_BUTTON_LOOKS[action]
    custom_id = f"pyr:{action}:{game_id}" + ("" if user_id is None else f":{user_id}")
    return Button(label=label(words, language), style=style, custom_id=custom_id, disabled=disabled)


def challenge_button(game_id: int, answer: str, language: str = SOURCE) -> Button[View]:
    """Accept or Decline on a challenge (`ChallengeButton`)."""
    custom_id = f"pyr:challenge:{game_id}:{answer}"
    return _yes_no_button(ACCEPT, answer == "accept", custom_id, language=language)


def offer_button(
    game_id: int, kind: Prompt, agree: bool, *, disabled: bool = False, language: str = SOURCE
) -> Button[View]:
    """Agree or Decline on an offer (`OfferButton`)."""
    custom_id = f"pyr:{kind.value}:{game_id}:{'yes' if agree else 'no'}"
    return _yes_no_button(AGREE, agree, custom_id, disabled=disabled, language=language)


def activity_button(game_id: int, language: str = SOURCE) -> Button[View]:
    """Play in Discord, on a turn's post (`bot.discord_ui.activities.ActivityButton`)."""
    return Button(
        label=label(PLAY_IN_DISCORD, language),
        style=discord.ButtonStyle.success,
        custom_id=f"pyr:activity:{game_id}",
    )


def _yes_no_button(
    agreeing: Text, yes: bool, custom_id: str, *, disabled: bool = False, language: str
) -> Button[View]:
    """The agreeing button (green, `agreeing`) or the declining one (grey, Decline)."""
    return Button(
        label=label(agreeing if yes else DECLINE, language),
        style=discord.ButtonStyle.success if yes else discord.ButtonStyle.secondary,
        custom_id=custom_id,
        disabled=disabled,
    )
