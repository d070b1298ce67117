"""Announcements kept with their change: what they keep reads back as it was written, and
one never sent is posted by the scheduler once: a lease later, or at once by the process
that took its writer's place."""

from __future__ import annotations

import dataclasses
import json

from bot.play.host import Host
from bot.play.table.announcements import announcement, owed
from bot.play.table.outbox import OWED_AFTER, REPLY_READABLE
from bot.play.table.values import Lapsed, Post, Prompt
from bot.play.words.text import (
    Code,
    Command,
    GameLink,
    Highlight,
    Moment,
    Name,
    Strong,
    from_data,
    say,
    to_data,
)
from bot.storage import Announcement, Status
from tests.bot.play.test_use_cases import CHANNEL, begin
from tests.bot.support import ALICE, BOB, Clock, built


async def no_reply(token: str) -> bool:
    """No reply was posted, whatever the token."""
    return False


def test_a_text_reads_back_as_it_was_written() -> None:
    text = say(
        "Plain, ",
        Name("**Bold**"),
        Strong("1."),
        Strong(Name("bob")),
        Highlight(Name("carol")),
        Code("S d4"),
        Moment(12.5),
        GameLink("Tink #1", 5, 6, None),
        Command("bridge", "move", "first", "bob"),
    )
    assert from_data(json.loads(json.dumps(to_data(text)))) == text


async def test_an_announcement_keeps_its_post_and_position(host: Host) -> None:
    record = await host.storage.game(await begin(host, BOB))
    assert record is not None
    sent = Post(record.id, say("Hi ", Name("bob")), pings=(BOB.user_id,), prompt=Prompt.REPLAY)
    sent = dataclasses.replace(sent, lapsed=(Lapsed(77, Prompt.DRAW), Lapsed(78, Prompt.CLAIM)))
    kept = announcement(record, sent)
    assert kept.version == record.version + 1 and kept.place_id == record.place_id
    read = owed(kept)
    assert read.post == dataclasses.replace(sent, announcement=kept.id)
    assert (read.state, read.player_names) == (record.state, record.names)


async def test_an_announcement_kept_with_one_lapsed_offer_still_reads(host: Host) -> None:
    record = await host.storage.game(await begin(host, BOB))
    assert record is not None
    kept = announcement(record, Post(record.id, say("Hi")))
    data = json.loads(kept.post)
    older = [
        dataclasses.replace(kept, post=json.dumps(data | {"lapsed": pair}))
        for pair in ([77, "draw"], None)
    ]
    assert [owed(stored).post.lapsed for stored in older] == [(Lapsed(77, Prompt.DRAW),), ()]


async def test_an_announcement_never_sent_is_owed_a_lease_later(host: Host, clock: Clock) -> None:
    game_id = await begin(host, BOB)
    post = await host.moves.move(CHANNEL, "tink", ALICE.user_id, "S d4")
    assert post.announcement is not None
    assert await host.outbox.owed() == []
    assert await host.outbox.next_due() == clock.now + OWED_AFTER
    clock.now += OWED_AFTER
    (stored,) = await host.outbox.owed()
    delivery = await host.outbox.delivery(stored, no_reply)
    assert delivery is not None
    assert delivery.post.text == post.text and delivery.post.pings == post.pings
    assert delivery.post.files == post.files
    await host.outbox.sent(delivery.post)
    assert await host.outbox.owed() == [] and await host.outbox.next_due() is None
    record = await host.storage.game(game_id)
    assert record is not None and record.status is Status.ACTIVE


async def test_an_announcement_a_stopped_process_left_is_owed_at_once_to_its_successor(
    host: Host, clock: Clock
) -> None:
    await begin(host, BOB)
    post = await host.moves.move(CHANNEL, "tink", ALICE.user_id, "S d4")
    successor = built(host.storage, clock).host
    (stored,) = await successor.outbox.owed()
    assert stored.id == post.announcement
    assert await successor.outbox.next_due() == clock.now
    other_slot = built(host.storage, clock, slot="shards 1 of 2").host
    assert await other_slot.outbox.owed() == []
    assert await other_slot.outbox.next_due() == clock.now + OWED_AFTER
    assert await host.outbox.owed() == []


async def test_an_announcement_sent_since_it_was_found_is_not_delivered_again(
    host: Host, clock: Clock
) -> None:
    await begin(host, BOB)
    post = await host.moves.move(CHANNEL, "tink", ALICE.user_id, "S d4")
    clock.now += OWED_AFTER
    (stored,) = await host.outbox.owed()
    await host.outbox.sent(post)
    assert await host.outbox.delivery(stored, no_reply) is None


async def replied_move(host: Host, clock: Clock) -> tuple[Post, Host, Announcement]:
    """A move replied to (its token noted) by a process that stopped before striking it
    off; the process that took its place, and the announcement it finds owed."""
    await begin(host, BOB)
    post = await host.moves.move(CHANNEL, "tink", ALICE.user_id, "S d4")
    await host.outbox.replying(post, "token-1")
    successor = built(host.storage, clock).host
    (stored,) = await successor.outbox.owed()
    return post, successor, stored


async def test_an_announcement_whose_reply_went_out_is_struck_off_unposted(
    host: Host, clock: Clock
) -> None:
    _, successor, stored = await replied_move(host, clock)
    assert stored.reply_token == "token-1"
    asked: list[str] = []

    async def replied(token: str) -> bool:
        asked.append(token)
        return True

    assert await successor.outbox.delivery(stored, replied) is None
    assert asked == ["token-1"] and await successor.outbox.owed() == []


async def test_an_announcement_whose_reply_cannot_be_found_or_read_is_posted(
    host: Host, clock: Clock
) -> None:
    post, successor, stored = await replied_move(host, clock)
    assert await successor.outbox.delivery(stored, no_reply) is not None
    clock.now += REPLY_READABLE

    async def unreadable(token: str) -> bool:
        raise AssertionError("a token this old is not used")

    delivery = await successor.outbox.delivery(stored, unreadable)
    assert delivery is not None and delivery.post.announcement == post.announcement
