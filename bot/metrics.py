"""What the bot counts for Prometheus (`/metrics`): interactions by kind and outcome,
how soon each is first answered, saved changes of games, the AI's thinking and queue,
the announcements not yet sent, posts Discord failed to take and its invalid requests,
database errors, shards connected and pages open.

Counters and histograms are kept as things happen; gauges are read when scraped."""

from __future__ import annotations

import functools

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

REGISTRY = CollectorRegistry(auto_describe=True)

INTERACTIONS = Counter(
    "pyramid_interactions",
    "Interactions received (outcome received), and those refused or failed, by kind.",
    ["kind", "outcome"],
    registry=REGISTRY,
)


@functools.cache
def interactions(kind: str, outcome: str) -> Counter:
    """The count of interactions of one kind and outcome (`INTERACTIONS`), its child made
    once rather than looked up again at every interaction."""
    return INTERACTIONS.labels(kind=kind, outcome=outcome)


FIRST_ANSWER = Histogram(
    "pyramid_first_answer_seconds",
    "Seconds from an interaction's creation (its id) to the bot's first answer to it.",
    buckets=(0.05, 0.1, 0.25, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 5.0, 10.0),
    registry=REGISTRY,
)
GAME_CHANGES = Counter(
    "pyramid_game_changes",
    "Saved changes of games that began a turn or ended a game (moves, mostly).",
    registry=REGISTRY,
)
AI_THINKING = Histogram(
    "pyramid_ai_turn_seconds",
    "Seconds the AI took to play a turn: thinking, saving and drawing.",
    buckets=(0.1, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0),
    registry=REGISTRY,
)
AI_QUEUE = Gauge(
    "pyramid_ai_queue", "Games whose turn the AI has yet to start playing.", registry=REGISTRY
)
OUTBOX_BACKLOG = Gauge(
    "pyramid_outbox_backlog", "Announcements of saved changes not yet sent.", registry=REGISTRY
)
DATABASE_ERRORS = Counter(
    "pyramid_database_errors", "Requests or checks that failed on the database.", registry=REGISTRY
)
DISCORD_FAILURES = Counter(
    "pyramid_discord_failures",
    "Posts Discord did not take for a while, kept to be sent again, by kind "
    "(rate_limited, server_error, connection).",
    ["kind"],
    registry=REGISTRY,
)
INVALID_REQUESTS = Counter(
    "pyramid_discord_invalid_requests",
    "Requests Discord answered 401, 403 or 429 (10,000 in 10 minutes bar the bot's address "
    "for a while).",
    ["status"],
    registry=REGISTRY,
)
SHARDS_CONNECTED = Gauge(
    "pyramid_shards_connected", "Shards of this process connected to Discord.", registry=REGISTRY
)
PAGES_OPEN = Gauge(
    "pyramid_pages_open", "Game pages open and following their game.", registry=REGISTRY
)


def exposition() -> bytes:
    """Every metric, in Prometheus' text format."""
    return generate_latest(REGISTRY)
