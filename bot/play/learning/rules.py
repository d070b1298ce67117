"""The in-bot rules: a game's rules document cut into phone-sized pages, summary first."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

import engine

PAGE_LIMIT = 4000
"""Characters per page: an embed description holds 4096."""
_HEADING = re.compile(r"^## +(.+)$", re.MULTILINE)


@dataclass(frozen=True, slots=True)
class Page:
    title: str
    body: str


def rules_pages(game: str) -> tuple[Page, ...]:
    """The rules of a game as pages: `## Summary` first, then every other section in order."""
    return _pages(game, engine.rules_text(game))


@cache
def _pages(game: str, text: str) -> tuple[Page, ...]:
    info = engine.GAMES[game]
    sections = _sections(text)
    sections.sort(key=lambda section: section[0].lower() != "summary")
    if not sections:
        sections = [("Summary", info.summary)]
    return tuple(
        Page(f"{info.title}: {heading}", chunk)
        for heading, body in sections
        for chunk in _chunks(body)
    )


def _sections(text: str) -> list[tuple[str, str]]:
    """(heading, body) for every `## ` section; text before the first one is dropped."""
    parts = _HEADING.split(text)
    return [
        (heading.strip(), body.strip())
        for heading, body in zip(parts[1::2], parts[2::2], strict=True)
        if body.strip()
    ]


def _chunks(body: str) -> list[str]:
    """Cut a section at paragraph breaks (or lines, if need be) into pages that fit."""
    chunks: list[str] = []
    current = ""
    for block in _blocks(body):
        if current and len(current) + 2 + len(block) > PAGE_LIMIT:
            chunks.append(current)
            current = block
        else:
            current = f"{current}\n\n{block}" if current else block
    chunks.append(current)
    return chunks


def _blocks(body: str) -> list[str]:
    blocks: list[str] = []
    for paragraph in body.split("\n\n"):
        while len(paragraph) > PAGE_LIMIT:
            cut = paragraph.rfind("\n", 0, PAGE_LIMIT)
            cut = cut if cut > 0 else PAGE_LIMIT
            blocks.append(paragraph[:cut])
            paragraph = paragraph[cut:].lstrip("\n")
        blocks.append(paragraph)
    return blocks
