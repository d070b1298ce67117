"""Hypothesis profiles, chosen by HYPOTHESIS_PROFILE: `fast` (the default, what `make test`
runs), `thorough` (ten times the examples, on demand) and `ci` (fast, and a failure prints
how to reproduce it; the default where CI is set).

A test that sets its own number of examples passes it through `examples`, which scales it
with the profile, so the thorough profile tries more of every property.
"""

import os

from hypothesis import HealthCheck, settings

HYPOTHESIS_DEFAULT = 100
"""Hypothesis's own number of examples: the scale of the counts the tests give `examples`."""

settings.register_profile(
    "fast", max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("thorough", settings.get_profile("fast"), max_examples=500)
settings.register_profile("ci", settings.get_profile("fast"), print_blob=True)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "fast")
)


def examples(count: int) -> int:
    """A test's number of examples, `count` at Hypothesis's default, scaled to the profile."""
    return max(1, count * settings.default.max_examples // HYPOTHESIS_DEFAULT)
