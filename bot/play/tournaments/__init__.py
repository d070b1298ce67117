"""Tournaments: a server's round robin or Swiss, above the games it starts.

`entries` is how people meet a tournament (create, join, start, withdraw, standings);
`rounds` runs it (threads, pairings, the end); `reading` says what its stored rows mean;
`pairings` computes Berger tables and Swiss rounds;
its words are in `bot.play.words.tournaments`. Each is imported from its own module, so
that reading or pairing a tournament does not load the use cases above them.
"""
