"""The gateway sessions the bot opened (IDENTIFYs), counted across its processes: Discord
allows a bot 1,000 a day and resets its token past that."""

from __future__ import annotations

from bot.storage.queries import Runner


class Identifies:
    """The identifies table, in SQL both backends run."""

    def __init__(self, runner: Runner) -> None:
        self._run = runner

    async def note(self, shard_id: int | None, now: float, forget_before: float) -> int:
        """Count a session opened now, forget those before `forget_before`; how many are
        counted since then, this one with them."""
        async with self._run.transaction() as tx:
            await tx.execute("DELETE FROM identifies WHERE at < ?", forget_before)
            await tx.execute("INSERT INTO identifies (at, shard_id) VALUES (?, ?)", now, shard_id)
            found = await tx.fetch("SELECT count(*) AS n FROM identifies")
        return int(found[0]["n"])
