"""The use cases in plain values, and the slow-game clocks, scheduler and standings."""
