"""The use cases in plain values: challenges, moves, offers, endings, history, rules, slow
games, standings, the bot's seats and turns. How they say things is in `words`; the loops
that run them in the background are in `bot.runtime`."""
