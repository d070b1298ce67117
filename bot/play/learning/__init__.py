"""After and beside the game: reviews, puzzles, history and replays, watching, rules."""
