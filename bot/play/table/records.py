"""The stored values the use cases hand the front ends, named here so that a front end
speaks to the use cases alone and never imports `bot.storage`."""

from bot.storage import GameRecord, ReplyHandle, ReplyPlaces, Status, StorageError
from bot.storage.clocks import OnTimeOut, QuietHours

__all__ = [
    "GameRecord",
    "OnTimeOut",
    "QuietHours",
    "ReplyHandle",
    "ReplyPlaces",
    "Status",
    "StorageError",
]
