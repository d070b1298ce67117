"""The in-bot rules pages."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import rules
from engine import GAMES


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(rules, "RULES_DIR", tmp_path)
    return tmp_path


def test_the_summary_comes_first_and_long_sections_are_cut(folder: Path) -> None:
    long = "\n\n".join(f"Paragraph {i}. " + "word " * 300 for i in range(8))
    (folder / "tink.md").write_text(
        f"# Tink\n\n## How to play\n\n{long}\n\n## Summary\n\nShort.\n\n## Move notation\n\nS e4\n"
    )
    pages = rules.rules_pages("tink")
    assert pages[0] == rules.Page("Tink: Summary", "Short.")
    assert [p.title for p in pages[1:-1]] == ["Tink: How to play"] * (len(pages) - 2)
    assert len(pages) > 3
    assert all(len(p.body) <= rules.PAGE_LIMIT for p in pages)
    assert pages[-1] == rules.Page("Tink: Move notation", "S e4")


def test_without_a_rules_file_the_summary_is_shown(folder: Path) -> None:
    assert rules.rules_pages("tingle") == (rules.Page("Tingle: summary", GAMES["tingle"].summary),)
