"""Places where the bot may only answer (a group DM, a server it is not in; see
`bot.storage.reply_places`), or where Discord refused it, as the front ends use them: each
interaction there noted, and what the bot could not say there in time taken up to be said
on its next answer."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.storage import ReplyPlaces


class AnsweringPlaces:
    """The tokens of the places the bot may only answer in, and what waits to be said."""

    def __init__(self, places: ReplyPlaces, clock: Callable[[], float]) -> None:
        self._places = places
        self._clock = clock

    async def note(self, place_id: int, token: str) -> None:
        """An interaction came in such a place: its token lets the bot follow up there."""
        await self._places.note(place_id, token, self._clock())

    async def unsaid(self, place_id: int, *, reachable: bool = False) -> list[str]:
        """What the bot could not say in the place in time, oldest first, now taken; when
        the bot may post there again (`reachable`), the place is no longer held refused."""
        texts = await self._places.take_unsaid(place_id)
        if texts and reachable:
            await self._places.reachable(place_id)
        return texts

    async def hold_again(self, place_id: int, texts: Sequence[str]) -> None:
        """Hold again what could not be said after all, for the next answer."""
        for text in texts:
            await self._places.hold(place_id, text, self._clock())
