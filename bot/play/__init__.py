"""The use cases in plain values: challenges, moves, offers, endings, history, rules, slow
games, standings, the bot's seats and turns, and the outbox of announcements owed. How
they say things is in `words`; the loops that run them in the background are in
`bot.runtime`, which imports them, never the other way."""
