"""A finished game's record files as the pages serve them (see bot.play.learning.exports):
`record.json`, Abstract Play's game record, and `moves.txt`, the move list, each a
download named after the game."""

from __future__ import annotations

from aiohttp import web

from bot.play.table.values import File

RECORD_FILES = {
    "record.json": "application/json",
    "moves.txt": "text/plain",
}
"""The record files a finished game's page links to, by name, with their types."""


def record_file(files: tuple[File, File], name: str) -> web.Response:
    """The record file `name` (one of `RECORD_FILES`) of a finished game's `files`."""
    ap, text = files
    made = ap if name == "record.json" else text
    return web.Response(
        body=made.data,
        content_type=RECORD_FILES[name],
        charset="utf-8",
        headers={
            "Content-Disposition": f'attachment; filename="{made.name}"',
            "Cache-Control": "no-store",
            "Referrer-Policy": "no-referrer",
        },
    )
