"""Tournaments as both backends store them: entries, rounds added once, withdrawals,
pairings whose game could never begin."""

from __future__ import annotations

import asyncio
import dataclasses

from bot.storage import GameDraft, Seat, Status, Storage
from bot.storage.tournaments import (
    Joined,
    NewPairing,
    TournamentDraft,
    TournamentRecord,
    TournamentStatus,
)

GUILD = 1
DRAFT = TournamentDraft(
    guild_id=GUILD,
    channel_id=50,
    creator_id=11,
    game="tink",
    options={},
    format="swiss",
    rounds=3,
    time_control="1d",
    max_players=3,
    starts_at=100.0,
)


async def entered(storage: Storage, *users: int) -> TournamentRecord:
    tournament = await storage.tournaments.create(DRAFT, 1.0)
    for user in users:
        joined = await storage.tournaments.join(tournament.id, user, f"P{user}", 2.0, 3)
        assert joined is Joined.JOINED
    return tournament


async def test_entries_refuse_twice_full_and_closed(storage: Storage) -> None:
    store = storage.tournaments
    tournament = await entered(storage, 11, 12)
    assert tournament.status is TournamentStatus.OPEN and tournament.round == 0
    assert await store.join(tournament.id, 11, "P11", 3.0, 3) is Joined.ALREADY
    assert await store.join(tournament.id, 13, "P13", 3.0, 3) is Joined.JOINED
    assert await store.join(tournament.id, 14, "P14", 3.0, 3) is Joined.FULL
    assert await store.leave(tournament.id, 13)
    assert not await store.leave(tournament.id, 13)
    assert await store.close_entries(tournament.id, {11: 5.0, 12: 1.0})
    assert not await store.close_entries(tournament.id, {})
    assert await store.join(tournament.id, 14, "P14", 3.0, 3) is Joined.CLOSED
    assert not await store.leave(tournament.id, 12)
    assert [(e.user_id, e.rating) for e in await store.entrants(tournament.id)] == [
        (11, 5.0),
        (12, 1.0),
    ]
    assert [t.id for t in await store.due(0.0)] == [tournament.id]


async def test_joins_racing_the_start_either_enter_or_are_refused(
    storage: Storage, second: Storage
) -> None:
    tournament = await entered(storage, 11)
    joins = [
        (storage if user % 2 else second).tournaments.join(tournament.id, user, "P", 3.0, None)
        for user in range(20, 30)
    ]
    outcomes = await asyncio.gather(
        *joins[:5], second.tournaments.close_entries(tournament.id, {}), *joins[5:]
    )
    joined = {20 + i for i, o in enumerate(outcomes[:5] + outcomes[6:]) if o is Joined.JOINED}
    assert outcomes[5] is True
    assert all(o in (Joined.JOINED, Joined.CLOSED) for o in outcomes[:5] + outcomes[6:])
    entrants = {e.user_id for e in await storage.tournaments.entrants(tournament.id)}
    assert entrants == {11} | joined


async def test_a_round_is_added_once_from_the_round_read(storage: Storage, second: Storage) -> None:
    tournament = await entered(storage, 11, 12, 13)
    await storage.tournaments.close_entries(tournament.id, {})
    first = [NewPairing(1, 0, 11, 12), NewPairing(1, 1, 13, None)]
    added = await asyncio.gather(
        storage.tournaments.add_round(tournament.id, 0, 1, first),
        second.tournaments.add_round(tournament.id, 0, 1, first),
    )
    assert sorted(added) == [False, True]
    pairings = await storage.tournaments.pairings(tournament.id)
    assert [(p.round, p.first_id, p.second_id) for p in pairings] == [(1, 11, 12), (1, 13, None)]
    assert await storage.tournaments.set_thread(pairings[0].id, 900) == 900
    assert await second.tournaments.set_thread(pairings[0].id, 901) == 900


async def test_a_pairings_game_and_its_result_are_read_with_it(storage: Storage) -> None:
    tournament = await entered(storage, 11, 12)
    await storage.tournaments.close_entries(tournament.id, {})
    await storage.tournaments.add_round(tournament.id, 0, 1, [NewPairing(1, 0, 12, 11)])
    pairing = (await storage.tournaments.pairings(tournament.id))[0]
    seats = (Seat(0, 12, "P12", accepted=True), Seat(1, 11, "P11", accepted=True))
    draft = GameDraft(
        "tink", GUILD, 50, 900, {}, 7, 12, seats, "{}", None, None, pairing_id=pairing.id
    )
    game = await storage.create_game(draft, 5.0)
    assert game.pairing_id == pairing.id
    finished = tuple(dataclasses.replace(s, rank=r) for s, r in zip(seats, (1, 0), strict=True))
    await storage.save(
        dataclasses.replace(game, status=Status.FINISHED, players=finished, ended_at=6.0), 6.0
    )
    (read,) = await storage.tournaments.pairings(tournament.id)
    assert (read.game_id, read.game_status, read.first_rank, read.second_rank) == (
        game.id,
        "finished",
        1,
        0,
    )


async def test_withdrawing_forfeits_only_the_undecided_games(storage: Storage) -> None:
    tournament = await entered(storage, 11, 12, 13)
    assert not await storage.tournaments.withdraw(tournament.id, 11)
    await storage.tournaments.close_entries(tournament.id, {})
    rounds = [NewPairing(1, 0, 11, 12), NewPairing(1, 1, 13, None), NewPairing(2, 0, 13, 11)]
    await storage.tournaments.add_round(tournament.id, 0, 2, rounds)
    assert await storage.tournaments.withdraw(tournament.id, 11)
    assert not await storage.tournaments.withdraw(tournament.id, 11)
    forfeits = [p.forfeit_by for p in await storage.tournaments.pairings(tournament.id)]
    assert forfeits == [11, None, 11]
    assert [e.withdrawn for e in await storage.tournaments.entrants(tournament.id)] == [
        True,
        False,
        False,
    ]
    assert await storage.tournaments.end(tournament.id, TournamentStatus.FINISHED, 9.0)
    assert not await storage.tournaments.end(tournament.id, TournamentStatus.CANCELLED, 9.0)
    assert await storage.tournaments.due(10.0) == []


async def test_a_pairing_without_thread_or_game_is_marked_unplayed_once_and_never_forfeited(
    storage: Storage, second: Storage
) -> None:
    tournament = await entered(storage, 11, 12, 13)
    await storage.tournaments.close_entries(tournament.id, {})
    rounds = [NewPairing(1, 0, 11, 12), NewPairing(1, 1, 13, 11)]
    await storage.tournaments.add_round(tournament.id, 0, 1, rounds)
    refused, opened = await storage.tournaments.pairings(tournament.id)
    assert not refused.unplayed and not opened.unplayed
    await storage.tournaments.set_thread(opened.id, 900)
    assert not await storage.tournaments.set_unplayed(opened.id)
    marked = await asyncio.gather(
        storage.tournaments.set_unplayed(refused.id), second.tournaments.set_unplayed(refused.id)
    )
    assert sorted(marked) == [False, True]
    assert await storage.tournaments.withdraw(tournament.id, 11)
    read = await second.tournaments.pairings(tournament.id)
    assert [(p.unplayed, p.forfeit_by) for p in read] == [(True, None), (False, 11)]
