"""The documents a clone starts from: the README is a short front door with the two commands
first and its pictures in the repository, every link between the documents finds its file,
the game-file page's example replays as the page says, and nothing points at a tracker's
issue numbers instead of saying what it means."""

from __future__ import annotations

import json
import re
from pathlib import Path

from chicago.core import record

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", ROOT / "CHANGELOG.md",
             ROOT / "bench" / "RESULTS.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)|<img src=\"([^\"]+)\"")
TRACKER = re.compile(r"\bissues? #?\d|\(#\d+\)", re.IGNORECASE)


def _links(path: Path) -> list[str]:
    return [a or b for a, b in LINK.findall(path.read_text(encoding="utf-8"))]


def test_the_readme_is_a_front_door() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 150
    first_block = text.split("```sh\n", 1)[1].split("```", 1)[0].splitlines()
    assert [line.split()[0] for line in first_block] == ["scripts/run", "scripts/test"]
    assert text.index("```sh") < text.index("\n## ")  # before anything else is said
    pictures = [link for link in _links(ROOT / "README.md") if link.endswith(".png")]
    assert sorted(pictures) == ["docs/images/table-laptop.png", "docs/images/table-phone.png"]
    for picture in pictures:
        assert (ROOT / picture).stat().st_size < 120_000, picture  # small enough to keep


def test_every_link_between_the_documents_finds_its_file() -> None:
    broken = []
    for path in DOCUMENTS:
        for link in _links(path):
            if "://" in link or link.startswith("mailto:"):
                continue
            if not (path.parent / link).exists():
                broken.append(f"{path.relative_to(ROOT)}: {link}")
    assert not broken


def test_the_game_file_example_replays_as_the_page_says() -> None:
    page = (ROOT / "docs" / "game-file.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```json\n(.*?)```", page, re.DOTALL)
    game = record.replay(record.loads(blocks[0]))
    said = json.loads(blocks[1].replace('["…"]', "[]"))
    state = record.state_to_json(game)
    state.pop("events")
    said.pop("events")
    assert state == said


def test_no_tracker_numbers_in_the_code_or_the_documents() -> None:
    found = []
    for folder in ("src", "tests", "docs", "bench", "scripts"):
        for path in (ROOT / folder).rglob("*"):
            # Only what people write: not bench logs, pictures, or Python's compiled caches
            # (stale ones of older sources would be read too).
            skipped = {"logs", "__pycache__", ".pytest_cache", ".hypothesis"} & set(path.parts)
            if not path.is_file() or skipped or path.suffix in (".png", ".pyc"):
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            found += [f"{path.relative_to(ROOT)}: {m}" for m in TRACKER.findall(text)]
    for name in ("README.md", "CONTRIBUTING.md", "CHANGELOG.md"):
        found += [f"{name}: {m}" for m in TRACKER.findall((ROOT / name).read_text("utf-8"))]
    assert not found
