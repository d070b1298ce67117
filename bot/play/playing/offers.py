"""Offers the other players answer by button: a draw, taking back the last move, or
pausing the game's clocks."""

from __future__ import annotations

import dataclasses

import engine
from bot.play.clocks.clock import control_of, paused_clock
from bot.play.playing.ai_seats import is_ai
from bot.play.playing.ai_turns import AiPlayers, DrawAnswer
from bot.play.table.changes import Changes
from bot.play.table.games import GameTable, player
from bot.play.table.values import Answer, Post, Prompt, Refusal
from bot.play.words.text import Code, Command, Name, Strong, Text, joined, lines, names, say, t, tn
from bot.play.words.wording import agreed_draw
from bot.storage import Action, GameRecord, Offer, OfferKind, Seat

OFFERED = (Prompt.DRAW, Prompt.UNDO, Prompt.PAUSE)
"""The buttons of an offer the others answer (one for each `OfferKind`)."""


class Offers:
    """Making an offer, and each answer to it; the last agreement carries it out.

    The bot's seats answer at once: a take-back they always agree to, a draw only when
    they judge their position lost, or level once the game is under way (see
    `AiPlayers.answer_draw`).
    """

    def __init__(self, games: GameTable, changes: Changes, ai: AiPlayers) -> None:
        self._games = games
        self._changes = changes
        self._ai = ai

    async def offer(self, place_id: int, game_name: str, user_id: int, kind: Prompt) -> Post:
        """Offer a draw, or ask to take back your last move; the others answer by button."""
        return await self._games.retrying(lambda: self._offer(place_id, game_name, user_id, kind))

    async def answer(self, game_id: int, kind: Prompt, user_id: int, agree: bool) -> Answer:
        """One answer to an offer; the last agreement carries it out, any refusal ends it."""
        return await self._games.retrying(lambda: self._answer(game_id, kind, user_id, agree))

    async def _offer(self, place_id: int, game_name: str, user_id: int, kind: Prompt) -> Post:
        record = await self._games.active(place_id, game_name)
        seat = player(record, user_id)
        if record.offer is not None:
            raise Refusal(t("An offer is already waiting for an answer in this game."))
        if kind is Prompt.UNDO:
            await self._moves_to_take_back(record, seat)
        if kind is Prompt.PAUSE:
            _check_pausable(record, game_name)
        others = await self._answerers(record, seat.seat)
        said = [_offered(kind, seat)]
        bots = [s for s in others if is_ai(s.user_id)]
        for bot in bots:
            answer = DrawAnswer.AGREES
            if kind is Prompt.DRAW:
                answer = await self._ai.answer_draw(record, bot, len(others) + 1)
            if answer is not DrawAnswer.AGREES:
                said.append(_declined(answer, Strong(Name(bot.name))))
                return Post(record.id, joined(" ", said))
            said.append(t("{player} agrees.", player=Strong(Name(bot.name))))
        offered = dataclasses.replace(
            record, offer=Offer(OfferKind(kind), seat.seat, frozenset(b.seat for b in bots))
        )
        people = [s for s in others if not is_ai(s.user_id)]
        if not people:
            carried_out = (await self._carry_out(offered, kind, joined(" ", said))).post
            assert carried_out is not None
            return carried_out
        saved = await self._games.save(offered)
        said.append(t("{players}: do you agree?", players=names(s.name for s in people)))
        pings = tuple(s.user_id for s in people)
        return Post(saved.id, joined(" ", said), pings=pings, prompt=kind)

    async def _answer(self, game_id: int, kind: Prompt, user_id: int, agree: bool) -> Answer:
        record = await self._games.active_by_id(game_id)
        offer = record.offer
        if offer is None or offer.kind != OfferKind(kind):
            raise Refusal(t("That offer is no longer open."))
        answerers = await self._answerers(record, offer.seat)
        seat = record.seat_of(user_id)
        if seat is None or seat not in answerers:
            asked = names(s.name for s in answerers)
            raise Refusal(t("Only {players} can answer this offer.", players=asked))
        by, answering = Name(record.players[offer.seat].name), Strong(Name(seat.name))
        if not agree:
            await self._games.save(dataclasses.replace(record, offer=None))
            declined = t("{player} declined {offerer}'s offer.", player=answering, offerer=by)
            return Answer(declined, closed=True)
        accepted = offer.accepted | {seat.seat}
        if accepted < {s.seat for s in answerers}:
            pending = dataclasses.replace(offer, accepted=accepted)
            await self._games.save(dataclasses.replace(record, offer=pending))
            agrees = t("{player} agrees to {offerer}'s offer.", player=answering, offerer=by)
            return Answer(agrees, closed=False)
        return await self._carry_out(record, kind)

    async def _carry_out(
        self, record: GameRecord, kind: Prompt, opening: Text | None = None
    ) -> Answer:
        """Everyone agreed to the offer in `record`; its announcement starts with `opening`
        (the offer and the bot's answers, when only the bot was asked)."""
        if kind is Prompt.DRAW:
            return await self._agree_draw(record, opening)
        if kind is Prompt.PAUSE:
            return await self._pause(record, opening)
        return await self._take_back(record, opening)

    async def note_message(self, post: Post, message_id: int) -> None:
        """Remember the message carrying an offer's buttons, so that a change ending the
        offer can disable them."""
        if post.prompt in OFFERED:
            kind = OfferKind(post.prompt)
            await self._games.note_offer_message(post.game_id, kind, message_id)

    async def waiting_on(self, record: GameRecord) -> list[Seat]:
        """The people whose answer the record's offer still needs (none without one)."""
        offer = record.offer
        if offer is None:
            return []
        answerers = await self._answerers(record, offer.seat)
        return [s for s in answerers if s.seat not in offer.accepted and not is_ai(s.user_id)]

    async def _answerers(self, record: GameRecord, offered_by: int) -> list[Seat]:
        """The seats whose agreement an offer needs: every other player still in."""
        async with self._games.borrow(record) as loan:
            out = loan.game.view().out
        return [s for s in record.players if s.seat != offered_by and s.seat not in out]

    async def _moves_to_take_back(self, record: GameRecord, seat: Seat) -> list[tuple[Seat, str]]:
        """The moves taking back the seat's last move undoes, with who made them: that move
        and every move the bot's seats made since. Refused unless the seat moved last but
        for them."""
        actions = await self._games.actions(record.id)
        for taken, action in enumerate(reversed(actions), 1):
            forfeit = engine.Action.parse(action.action).kind is engine.ActionKind.FORFEIT
            if forfeit or action.seat is None:
                break
            if action.seat == seat.seat:
                return [
                    (record.players[a.seat], engine.Action.parse(a.action).move)
                    for a in actions[-taken:]
                    if a.seat is not None
                ]
            if not is_ai(record.players[action.seat].user_id):
                break
        raise Refusal(t("You can only ask to take back a move when the last move was yours."))

    async def _agree_draw(self, record: GameRecord, opening: Text | None) -> Answer:
        """The draw, announced in one sentence; the offer's message keeps who offered it."""
        assert record.offer is not None
        by = Strong(Name(record.players[record.offer.seat].name))
        offered = t("{player} offered a draw.", player=by)
        async with self._games.borrow(record) as loan:
            game = loan.game
            game.agree_draw()
            assert game.result is not None
            said = _after(opening, agreed_draw(game.result, record.names))
            actions = [Action(game.actions[-1].text, None, None)]
            post = await self._changes.made(
                loan, say(), len(game.events), actions=actions, said=said
            )
        return Answer(offered, closed=True, post=post)

    async def _take_back(self, record: GameRecord, opening: Text | None) -> Answer:
        assert record.offer is not None
        by = record.players[record.offer.seat]
        moves = await self._moves_to_take_back(record, by)
        taken = len(moves)
        async with self._games.borrow(record) as loan:
            for _ in range(taken):
                loan.game = loan.game.take_back()
            headline = _taken_back(moves)
            said = _after(opening, headline)
            post = await self._changes.made(loan, said, len(loan.game.events), taken_back=taken)
        return Answer(t("Everyone agreed to take the move back."), closed=True, post=post)

    async def _pause(self, record: GameRecord, opening: Text | None) -> Answer:
        """Everyone agreed: the clocks stop until a player resumes them."""
        now = self._games.clock()
        paused = await self._games.with_deadline(
            dataclasses.replace(record, offer=None, clock=paused_clock(record.clock, now))
        )
        resume = Command(record.game, "resume")
        stopped = t(
            "The clocks are stopped; any player may start them again with {resume}.", resume=resume
        )
        post = Post(record.id, _after(opening, stopped))
        saved = await self._games.save_with_post(paused, post)
        return Answer(t("Everyone agreed to pause the game."), closed=True, post=saved)


def _check_pausable(record: GameRecord, game_name: str) -> None:
    if control_of(record) is None:
        raise Refusal(t("This game has no clock to pause."))
    if record.clock.paused:
        resume = Command(game_name, "resume")
        raise Refusal(
            t("The clocks are already stopped; start them again with {resume}.", resume=resume)
        )


def _declined(answer: DrawAnswer, bot: Text | Strong) -> Text:
    """The bot's seat declining a draw, and why."""
    if answer is DrawAnswer.TOO_EARLY:
        return t("{player} declines: the game has only begun.", player=bot)
    return t("{player} declines: it still sees a way to win.", player=bot)


def _offered(kind: Prompt, by: Seat) -> Text:
    """The sentence making an offer of `kind`."""
    player = Strong(Name(by.name))
    if kind is Prompt.DRAW:
        return t("{player} offers a draw.", player=player)
    if kind is Prompt.UNDO:
        return t("{player} offers to take back their last move.", player=player)
    return t("{player} offers to pause the game, stopping the clocks.", player=player)


def _after(opening: Text | None, text: Text) -> Text:
    """`text` on a line after `opening`, when there is one."""
    return text if opening is None else lines([opening, text])


def _taken_back(moves: list[tuple[Seat, str]]) -> Text:
    """What a take-back undid: the asker's last move, and the bot's moves after it."""
    (by, move), *after = moves
    player, last = Strong(Name(by.name)), Code(move)
    if not after:
        return t("{player}'s last move {move} was taken back.", player=player, move=last)
    each = [t("{player}'s {move}", player=Name(s.name), move=Code(m)) for s, m in after]
    answers = (
        each[0]
        if len(each) == 1
        else t("{listed} and {last}", listed=joined(", ", each[:-1]), last=each[-1])
    )
    return tn(
        "{player}'s last move {move} and the move after it, {moves}, were taken back.",
        "{player}'s last move {move} and the {count} moves after it, {moves}, were taken back.",
        len(after),
        player=player,
        move=last,
        moves=answers,
    )
