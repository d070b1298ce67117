"""The Discord front end: the client, its command tree, commands, buttons and replies."""
