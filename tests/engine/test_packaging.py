"""The package as installed from a wheel: every game's rules document ships inside it, and
every language's catalog."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import engine

ROOT = Path(__file__).resolve().parents[2]
FILES = ("pyproject.toml", "README.md")
PACKAGES = ("engine", "render", "bot")


def test_the_wheel_holds_every_rules_document_and_reads_it(tmp_path: Path) -> None:
    source, wheels, installed = tmp_path / "source", tmp_path / "wheels", tmp_path / "installed"
    source.mkdir()  # a build writes next to its sources: build a copy, not the work tree
    for name in FILES:
        shutil.copy(ROOT / name, source / name)
    for name in PACKAGES:
        shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
    pip = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q"]
    subprocess.run([*pip, "-w", str(wheels), str(source)], check=True, capture_output=True)
    (wheel,) = wheels.glob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(installed)
    for name in engine.GAMES:
        shipped = installed / "engine" / "rules" / f"{name}.md"
        assert shipped.read_text("utf-8") == engine.rules_text(name)
    catalogs = ROOT / "bot" / "play" / "words" / "catalogs"
    for catalog in [*catalogs.glob("*.po"), catalogs / "messages.pot"]:
        shipped = installed / catalog.relative_to(ROOT)
        assert shipped.read_bytes() == catalog.read_bytes()
    # Without site-packages (-S), engine comes from the unpacked wheel alone.
    read = "import engine; print(engine.__file__); print(engine.rules_text('bridge'))"
    shown = subprocess.run(
        [sys.executable, "-S", "-c", read],
        cwd=installed,
        env={"PYTHONPATH": str(installed)},
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    assert shown.startswith(str(installed / "engine")) and "## Move notation" in shown
