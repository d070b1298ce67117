"""What pictures say, in one language: the words render asks of its caller
(`render.PictureWords`), from the catalogs."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import engine
from ai.review import Grade
from bot.play.words.endings import ending_text
from bot.play.words.learning import grade_word
from bot.play.words.text import Number, Text, names, plain, t, tn
from render import Label, PictureWords


@cache
def picture_words(language: str) -> PictureWords:
    """The words of pictures in `language` (a Discord locale; English where not shipped)."""
    return InLanguage(language)


@dataclass(frozen=True, slots=True)
class InLanguage:
    """`render.PictureWords` in a language: plain values, so a drawing process is sent
    it as its language alone."""

    language: str

    def _said(self, text: Text) -> str:
        return plain(text, language=self.language)

    def label(self, label: Label) -> str:
        return self._said(_LABELS[label])

    def player(self, number: int) -> str:
        return self._said(t("Player {number}", number=str(number)))

    def won(self, winners: Sequence[str], ending: engine.Ending) -> str:
        how = ending_text(ending)
        listed = names(winners)
        return self._said(
            tn(
                "{winners} wins: {ending}",
                "{winners} win: {ending}",
                len(winners),
                winners=listed,
                ending=how,
            )
        )

    def drawn(self, ending: engine.Ending) -> str:
        return self._said(t("Draw: {ending}", ending=ending_text(ending)))

    def moved(self, number: int, move: str) -> str:
        return self._said(t("Move {number}: {move}", number=str(number), move=move))

    def new_game(self, title: str) -> str:
        return self._said(t("{game}: a new game", game=title))

    def points(self, total: int) -> str:
        return self._said(tn("{count} point", "{count} points", total))

    def home_rank(self, rank: int) -> str:
        return self._said(t("home rank {rank}", rank=str(rank)))

    def to_answer(self, name: str) -> str:
        return self._said(t("{player} has one move to answer the bridge", player=name))

    def round_over(self, number: int, name: str) -> str:
        return self._said(
            t(
                "Round {round} over: {player} chooses who starts next",
                round=str(number),
                player=name,
            )
        )

    def in_round(self, number: int, headline: str) -> str:
        return self._said(t("Round {round} · {headline}", round=str(number), headline=headline))

    def grade(self, grade: str) -> str:
        return self._said(grade_word(Grade(grade)))

    def more(self, count: int) -> str:
        return self._said(tn("and {count} more", "and {count} more", count))

    def number(self, value: float, decimals: int) -> str:
        return Number(value, decimals).written(self.language)


_LABELS = {
    Label.WINS: t("wins"),
    Label.OUT: t("out"),
    Label.GIVES: t("gives"),
    Label.PLACES: t("places"),
    Label.TO_PLACE: t("To place"),
    Label.POOL: t("Pool"),
    Label.MOVES: t("moves"),
    Label.BYE: t("bye"),
    Label.POINTS: t("Pts"),
    Label.DIRECT: t("DE"),
}
"""Each label's words; `Pts` and `DE` (direct encounter) head narrow columns."""
