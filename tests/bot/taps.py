"""Playing by taps alone, as a player on a phone would: the Move button on the turn's post,
the picker's choices, then Play. Shared by the tests and the taps benchmark."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import engine
from tests.bot.harness import Channel, DiscordHarness, Reply, SentMessage, User
from tests.bot.harness.records import walk_components


async def move_by_taps(
    discord: DiscordHarness,
    user: User,
    turn_post: SentMessage,
    move: str,
    answers: list[float] | None = None,
) -> tuple[Reply, int]:
    """Play `move` through the picker opened from the turn's post: the reply that played
    it (with the new board), and the taps it took, Move and Play included. Each tap's
    time to its first answer is added to `answers`, if given."""
    step = await discord.click(user, turn_post, "Move")
    taps = 1
    while True:
        if answers is not None:
            answers.append(step.requests[0].sent_at - step.started_at)
        shown = step.message
        assert step.ephemeral, shown.content
        labels = [button.label for button in shown.buttons]
        if "Play" in labels:
            played = await discord.click(user, shown, "Play")
            if answers is not None:
                answers.append(played.requests[0].sent_at - played.started_at)
            return played, taps + 1
        (menu,) = [c for c in walk_components(shown.components) if "options" in c]
        value = max(
            (option["value"] for option in menu["options"] if move.startswith(option["value"])),
            key=len,
        )
        step = await discord.select(user, shown, menu["custom_id"], [value])
        taps += 1


def next_turn_post(played: Reply) -> SentMessage:
    """The post a move's reply made that says whose turn is next (its Move button)."""
    turns = [m for m in played.messages if "Move" in labels_of(m)]
    return turns[-1] if turns else played.messages[-1]


def labels_of(message: SentMessage) -> list[str | None]:
    return [button.label for button in message.buttons]


def chosen_move(game: engine.Game, rng: random.Random) -> str:
    """A move a quick player might make: a win when there is one, else any legal move."""
    wins = game.winning_moves()
    return wins[0] if wins else rng.choice(game.legal_moves())


async def game_by_taps(
    discord: DiscordHarness,
    game: str,
    seed: int,
    *,
    script: Sequence[str] = (),
    options: Mapping[str, object] | None = None,
    most_moves: int = 400,
    must_end: bool = True,
    channel: Channel | None = None,
) -> list[int]:
    """A whole game between alice and bob (in `channel`, else #general), every move played
    by taps: the `script`'s moves, else quick random ones (see `chosen_move`); the taps
    of each."""
    alice, bob = discord.user("alice"), discord.user("bob")
    invitation = {"opponent": bob, **(options or {})}
    challenge = await discord.slash(alice, f"{game} start", invitation, channel=channel)
    begun = await discord.click(bob, challenge.message, "Accept")
    record = await discord.client.host.storage.latest_game_in(begun.message.channel.id)  # type: ignore[attr-defined]
    assert record is not None
    mirror = engine.load_game(record.state)
    users = {seat.seat: (alice if seat.user_id == alice.id else bob) for seat in record.players}
    rng = random.Random(seed)
    post = begun.messages[-1]
    counts: list[int] = []
    scripted = iter(script)
    while mirror.result is None and len(counts) < most_moves:
        move = next(scripted, None) or chosen_move(mirror, rng)
        assert mirror.to_move is not None
        played, taps = await move_by_taps(discord, users[mirror.to_move], post, move)
        mirror.play(move)
        counts.append(taps)
        post = next_turn_post(played)
    assert mirror.result is not None or not must_end, f"{game} did not end in {most_moves} moves"
    return counts
