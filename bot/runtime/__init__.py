"""The background runtime of the use cases: the scheduler of slow games, the runner of the
bot's turns (sending what the outbox owes), and the alarm they sleep on."""
