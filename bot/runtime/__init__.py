"""The background runtime of the use cases: the scheduler of slow games, the runner of the
bot's turns, the outbox of announcements owed, and the alarm they sleep on."""
