"""What was last registered with Discord as the bot's commands, so that a restart with the
same commands registers nothing (Discord limits how often commands may be registered)."""

from __future__ import annotations

from bot.storage.queries import Runner


class CommandSyncs:
    """The command_syncs table, in SQL both backends run."""

    def __init__(self, runner: Runner) -> None:
        self._run = runner

    async def digest(self, scope: str) -> str | None:
        """The digest last saved for `scope`, or None if it was never synced."""
        found = await self._run.fetch("SELECT digest FROM command_syncs WHERE scope = ?", scope)
        return str(found[0]["digest"]) if found else None

    async def save(self, scope: str, digest: str, now: float) -> None:
        await self._run.execute(
            "INSERT INTO command_syncs (scope, digest, synced_at) VALUES (?, ?, ?) "
            "ON CONFLICT (scope) DO UPDATE SET digest = excluded.digest, "
            "synced_at = excluded.synced_at",
            *(scope, digest, now),
        )
