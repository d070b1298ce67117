"""Entry point: `python -m bot`."""

import sys

sys.exit("The bot is not built yet: this checkout only holds the game rules.")
