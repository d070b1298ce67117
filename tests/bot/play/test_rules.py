"""The in-bot rules pages."""

from __future__ import annotations

import pytest

import engine
from bot.play.learning import rules


@pytest.fixture
def document(monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """Rules documents by game, standing in for the ones the engine ships."""
    documents: dict[str, str] = {}
    monkeypatch.setattr(engine, "rules_text", documents.__getitem__)
    return documents


def test_the_summary_comes_first_and_long_sections_are_cut(document: dict[str, str]) -> None:
    long = "\n\n".join(f"Paragraph {i}. " + "word " * 300 for i in range(8))
    document["tink"] = (
        f"# Tink\n\n## How to play\n\n{long}\n\n## Summary\n\nShort.\n\n## Move notation\n\nS e4\n"
    )
    pages = rules.rules_pages("tink")
    assert pages[0] == rules.Page("Tink: Summary", "Short.")
    assert [p.title for p in pages[1:-1]] == ["Tink: How to play"] * (len(pages) - 2)
    assert len(pages) > 3
    assert all(len(p.body) <= rules.PAGE_LIMIT for p in pages)
    assert pages[-1] == rules.Page("Tink: Move notation", "S e4")


def test_a_document_without_sections_shows_the_summary(document: dict[str, str]) -> None:
    document["tingle"] = "# Tingle\n"
    summary = engine.GAMES["tingle"].summary
    assert rules.rules_pages("tingle") == (rules.Page("Tingle: Summary", summary),)


@pytest.mark.parametrize("game", sorted(engine.GAMES))
def test_every_game_pages_its_shipped_document(game: str) -> None:
    pages = rules.rules_pages(game)
    titles = [page.title.partition(": ")[2] for page in pages]
    assert titles[0] == "Summary" and {"Rulings", "Move notation"} <= set(titles)
    assert all(page.body in engine.rules_text(game) for page in pages)


@pytest.mark.parametrize("game", ["tink", "tingle"])
def test_the_line_games_tell_a_beginner_that_an_open_two_is_already_a_threat(game: str) -> None:
    (tips,) = [page for page in rules.rules_pages(game) if page.title.endswith(": First tips")]
    assert "**An open two is already a threat.**" in tips.body
    assert tips.body.index("open two") < tips.body.index("Spending")
