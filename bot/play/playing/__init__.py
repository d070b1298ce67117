"""A game from challenge to end: challenges, moves and tap to move, offers, endings, and
the bot's seats."""
