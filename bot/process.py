"""What a bot process sets for itself as a whole, once the application is up: set by the
entry points (`python -m bot`, the load benchmarks), never by the application, so that a
test booting a bot leaves its own process as it was."""

from __future__ import annotations

import gc

COLLECTION_THRESHOLDS = (10_000, 10, 10)
"""When Python's cycle collector runs, once started: the youngest objects every 10,000
allocations rather than every 700, each older generation every tenth collection of the
one before. What a command allocates is nearly all freed at once by reference counting;
collecting every 700 allocations cost a move about 0.2 ms flat out for little found."""


def tune_collector() -> None:
    """Freeze what start-up made (full collections need not scan it again) and collect the
    young objects less often (`COLLECTION_THRESHOLDS`)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*COLLECTION_THRESHOLDS)
