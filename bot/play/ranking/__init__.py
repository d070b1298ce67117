"""Ratings and the standings built on them: leaderboards and players' statistics."""
