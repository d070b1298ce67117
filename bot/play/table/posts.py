"""Posts that show the board: the text, who is pinged, the buttons of earlier messages a
change ends, and the picture (see `bot.play.table.pictures`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from bot.play.clocks.clock import Following, SeatClock
from bot.play.playing.ai_seats import humans, is_ai
from bot.play.table.announcements import announcement, picture_name
from bot.play.table.pictures import BoardPictures
from bot.play.table.saving import Loan
from bot.play.table.values import Headline, Lapsed, Post, Prompt, Resent
from bot.play.words.text import Text
from bot.play.words.wording import change_text
from bot.storage import Announcement, GameRecord

Audible = Callable[[Sequence[int]], Awaitable[tuple[int, ...]]]
"""Which of these users may be pinged now (those not in their quiet hours)."""


async def everyone_audible(user_ids: Sequence[int]) -> tuple[int, ...]:
    return tuple(user_ids)


@dataclass(frozen=True, slots=True)
class Change:
    """The post announcing a change of a game before it is saved (its picture not yet
    drawn), the announcement to save with the change, and the picture's file name."""

    post: Post
    owed: Announcement | None
    picture: str


class BoardPosts:
    """Makes the posts that carry a board picture; a player in their quiet hours is named
    but not pinged (`audible` says who may be)."""

    def __init__(self, pictures: BoardPictures, audible: Audible = everyone_audible) -> None:
        self._pictures = pictures
        self._audible = audible

    async def board(self, loan: Loan, text: Text, clocks: Sequence[SeatClock | None]) -> Post:
        """A post with the picture of the lent game, the seats' `clocks` beside their names,
        pinging no one; without the picture when drawing fails (logged)."""
        record = loan.record
        files = await self._pictures.drawn(
            picture_name(record), loan.game, record.names, clocks, record
        )
        return Post(record.id, text, files=files)

    async def change_post(
        self,
        loan: Loan,
        following: Following,
        headline: Headline,
        events_before: int,
        *,
        ends_offer: bool = False,
        ends_claim: bool = False,
        said: Text | None = None,
        ping_all: bool = False,
        reply_token: str | None = None,
    ) -> Change:
        """The post announcing that the lent game changed, to be saved as `following`: what
        happened (`headline`), what the rules did, what is next (or `said` alone, when
        given); with the announcement to save with the change. The buttons of the offer
        the change ends (`ends_offer`) and of the Claim win of the turn it ends
        (`ends_claim`) go; `ping_all` pings every player, not only the one to move;
        `reply_token` names the interaction whose reply the post is to be. A move `Resent`
        changed nothing: its player alone is shown the board as it stands."""
        game, record = loan.game, following.record
        resent = isinstance(headline, Resent)
        offer = lapsed_offer(loan.record) if ends_offer else ()
        lapsed = (*offer, *(lapsed_claim(loan.record) if ends_claim else ()))
        pings, prompt = ((), None) if resent else _addressed(record, game.result is not None)
        pings = humans([s.user_id for s in record.players]) if ping_all else pings
        pings = await self._audible(pings)
        text = change_text(record, game, headline, events_before) if said is None else said
        post = Post(
            record.id,
            text,
            pings=pings,
            prompt=prompt,
            lapsed=lapsed,
            private=resent,
            reply_token=None if resent else reply_token,
        )
        owed = None if resent else announcement(record, post, following.clocks)
        return Change(post, owed, picture_name(record))


def _addressed(record: GameRecord, ended: bool) -> tuple[tuple[int, ...], Prompt | None]:
    """Whom the post of a change pings and the buttons it offers: everyone, with Replay
    (and Rematch, but in a tournament), once the game `ended`, else the player to move
    with Move. The bot's own seats are never pinged."""
    if ended:
        players = humans([s.user_id for s in record.players])
        return players, Prompt.REPLAY if record.pairing_id is not None else Prompt.REMATCH
    turn = record.turn_user_id
    if turn is None:
        return (), None
    return humans([turn]), None if is_ai(turn) else Prompt.MOVE


def lapsed_offer(record: GameRecord) -> tuple[Lapsed, ...]:
    """The offer message whose buttons go when a change ends the record's offer."""
    offer = record.offer
    if offer is None or offer.message_id is None:
        return ()
    return (Lapsed(offer.message_id, Prompt(offer.kind)),)


def lapsed_claim(record: GameRecord) -> tuple[Lapsed, ...]:
    """The message whose Claim win button goes when a change ends the record's turn."""
    message_id = record.clock.claim_message_id
    return () if message_id is None else (Lapsed(message_id, Prompt.CLAIM),)
