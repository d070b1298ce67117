"""The arrows between the packages point one way: the front ends (Discord, the pages, the
console) are handed the app and never import the storage or the workers; nothing imports
the Discord front end but the entry point; the engine imports nothing of the project."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
FRONT_ENDS = [
    *sorted((ROOT / "bot" / "discord_ui").glob("*.py")),
    *sorted((ROOT / "bot" / "web").glob("*.py")),
    *sorted((ROOT / "bot" / "console").glob("*.py")),
]
PROJECT = ("engine", "render", "ai", "bot")


def imported(path: Path) -> set[str]:
    """Every module the file imports, by its full name."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def shown(path: Path) -> str:
    return str(path.relative_to(ROOT))


@pytest.mark.parametrize("path", FRONT_ENDS, ids=shown)
def test_a_front_end_imports_neither_the_storage_nor_the_workers(path: Path) -> None:
    below = [name for name in imported(path) if within(name, "bot.storage")]
    below += [name for name in imported(path) if within(name, "bot.workers")]
    assert below == [], f"{shown(path)} imports {', '.join(sorted(below))}"


def test_only_the_entry_point_imports_the_discord_front_end() -> None:
    importers = [
        shown(path)
        for path in sorted((ROOT / "bot").rglob("*.py"))
        if "discord_ui" not in path.parts
        and any(within(name, "bot.discord_ui") for name in imported(path))
    ]
    assert importers == ["bot/__main__.py"]


def test_the_engine_imports_nothing_of_the_project() -> None:
    reaching = {
        shown(path): sorted(
            name for name in imported(path) for package in PROJECT[1:] if within(name, package)
        )
        for path in sorted((ROOT / "engine").rglob("*.py"))
    }
    assert {path: names for path, names in reaching.items() if names} == {}


def module_path(name: str) -> Path | None:
    """The file of a module of the project, if it is one."""
    base = ROOT.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.exists():
            return path
    return None


def test_what_the_words_build_on_says_nothing_itself() -> None:
    """The wording stands above what it tells (the clock, the bot's seats, the stored
    tournaments): none of those imports the words; only the plain values carry their rich
    text (`bot.play.words.text`)."""
    words = ROOT / "bot" / "play" / "words"
    beneath = {
        name
        for path in words.glob("*.py")
        for name in imported(path)
        if within(name, "bot") and not within(name, "bot.play.words")
    }
    carries_text = {"bot.play.table.values": "bot.play.words.text"}
    reaching = {
        name: sorted(
            used
            for used in imported(path)
            if within(used, "bot.play.words") and used != carries_text.get(name)
        )
        for name in sorted(beneath)
        if (path := module_path(name)) is not None
    }
    assert {name: used for name, used in reaching.items() if used} == {}
