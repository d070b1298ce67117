"""The Discord bot that hosts the games: commands, buttons, use cases and storage."""
