"""Time: a game's clock, time controls as typed, quiet hours, vacations and slow games."""
