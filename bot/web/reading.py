"""What the pages read of a request's query: a small number, or 0."""


def number(text: str) -> int:
    """`text` as a number when it is one of at most nine ASCII digits, else 0."""
    return int(text) if text.isascii() and text.isdigit() and len(text) < 10 else 0
