"""What the pages keep ready: the last things made, for a few seconds each."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

KEPT = 512
"""Pages and pictures kept ready, the most recently asked for."""
KEPT_FOR = 10.0
"""Seconds a page is served as made (its clocks move on, slowly)."""

Key = TypeVar("Key", bound=Hashable)
Value = TypeVar("Value")


class Kept(Generic[Key, Value]):
    """The last `KEPT` things made, each for `KEPT_FOR` seconds."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._items: OrderedDict[Key, tuple[float, Value]] = OrderedDict()
        self._clock = clock

    def get(self, key: Key) -> Value | None:
        found = self._items.get(key)
        if found is None or found[0] + KEPT_FOR < self._clock():
            return None
        self._items.move_to_end(key)
        return found[1]

    def put(self, key: Key, value: Value) -> Value:
        self._items[key] = (self._clock(), value)
        self._items.move_to_end(key)
        while len(self._items) > KEPT:
            self._items.popitem(last=False)
        return value
