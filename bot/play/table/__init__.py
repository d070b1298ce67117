"""The table of games: reading and saving them, their changes and events, the posts and
pictures that announce them, and what is owed until it is said."""
