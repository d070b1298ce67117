"""The games' pages on the web: a live page for every game (watch, replay, click to move)
served by aiohttp, with `/healthz` and `/metrics` for whoever runs the bot."""
