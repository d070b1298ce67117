"""The words the bot's pictures say, read from what the drawing code is given."""

from __future__ import annotations

import pytest

import render
from bot.play.words.pictures import InLanguage
from bot.play.words.text import Text


class Drawn:
    """The words the bot's pictures say: each one the drawing code is given in a scene (a
    headline, a note beside a player, a label under the board), and each one said for a
    picture (the graph's, the crosstable's and the cards' words too)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.texts: list[str] = []
        self.scenes = 0
        said = InLanguage._said
        png, gif = render.encode_png, render.encode_gif

        def saying(words: InLanguage, text: Text) -> str:
            shown = said(words, text)
            self.texts.append(shown)
            return shown

        def drawing(scene: render.Scene) -> bytes:
            self._read(scene)
            return png(scene)

        def animating(scenes: list[render.Scene], durations: list[int]) -> bytes:
            for scene in scenes:
                self._read(scene)
            return gif(scenes, durations)

        monkeypatch.setattr(InLanguage, "_said", saying)
        monkeypatch.setattr(render, "encode_png", drawing)
        monkeypatch.setattr(render, "encode_gif", animating)

    def _read(self, scene: render.Scene) -> None:
        self.scenes += 1
        self.texts += [scene.headline, *(seat.note for seat in scene.seats)]
        self.texts += [strip.label for strip in scene.strips]
