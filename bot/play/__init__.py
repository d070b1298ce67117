"""The use cases in plain values, one folder per part: `table` (the games, their saving,
changes, posts and what is owed), `clocks`, `playing` (challenge to end, the bot's seats),
`learning` (reviews, puzzles, history, rules), `ranking`, `tournaments` with their
pairings, and `words`, how they say things; `host` makes them all. The loops that run
them in the background are in `bot.runtime`, which imports them, never the other way."""
