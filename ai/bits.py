"""Bit boards as the search reads them: a set of squares held as the bits of an int."""

from __future__ import annotations


def squares(mask: int) -> list[int]:
    """The squares whose bits are set in `mask`, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found
