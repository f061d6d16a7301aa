"""``reverie ingest`` of a ChatGPT export as downloaded (a zip), and of files it cannot read."""

from __future__ import annotations

import gzip
import json
import zipfile
from pathlib import Path
from typing import Any

from reverie.ingest import parse_file
from reverie.sessions.manager import SessionManager


def export_zip(path: Path, members: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return path


def test_a_zipped_chatgpt_export_imports_without_unzipping(
    cli: Any, chatgpt_sample: Path, tmp_path: Path
) -> None:
    # As downloaded: conversations.json beside the other files of the export.
    archive = export_zip(
        tmp_path / "chatgpt-export.zip",
        {
            "chat.html": b"<html></html>",
            "user.json": b'{"email": "ana@example.com"}',
            "message_feedback.json": b"[]",
            "conversations.json": chatgpt_sample.read_bytes(),
            "file-abc.png": b"\x89PNG\r\n\x1a\n\x00\x00",
        },
    )
    unzipped = parse_file(chatgpt_sample)
    report = json.loads(cli.ok("ingest", archive, "-w", tmp_path / "ws", "--json").stdout)
    assert report["problems"] == []
    assert report["sessions"] == [c.key for c in unzipped.conversations]
    assert report["messages"] == unzipped.message_count > 0
    session = SessionManager(tmp_path / "ws").get_or_create(report["sessions"][0])
    assert session.metadata["imported_from"] == "chatgpt-export.zip"
    dry = cli.ok("ingest", archive, "--dry-run", "-w", tmp_path / "ws").stdout
    assert "chatgpt" in dry and "skip" in dry  # imported once, known the second time


def test_an_export_folder_zipped_whole_is_read_too(
    cli: Any, chatgpt_sample: Path, tmp_path: Path
) -> None:
    archive = export_zip(
        tmp_path / "export.zip",
        {
            "export/user.json": b"{}",
            "export/conversations.json": chatgpt_sample.read_bytes(),
        },
    )
    assert parse_file(archive).format == "chatgpt"


def test_a_zip_without_conversations_names_what_it_holds(cli: Any, tmp_path: Path) -> None:
    archive = export_zip(tmp_path / "photos.zip", {"a.png": b"\x89PNG", "notes.txt": b"hi"})
    result = cli.run("ingest", archive, "-w", tmp_path / "ws")
    assert result.exit_code == 1
    assert "photos.zip: a zip archive without conversations.json" in result.stderr
    assert "a.png" in result.stderr and "notes.txt" in result.stderr
    assert "not UTF-8" not in result.stderr


def test_other_archives_are_named_not_called_bad_text(
    cli: Any, chatgpt_sample: Path, tmp_path: Path
) -> None:
    packed = tmp_path / "conversations.json.gz"
    packed.write_bytes(gzip.compress(chatgpt_sample.read_bytes()))
    result = cli.run("ingest", packed, "-w", tmp_path / "ws")
    assert result.exit_code == 1
    assert "a gzip archive; unpack it" in result.stderr
    assert "not UTF-8" not in result.stderr


def test_nothing_imported_is_never_called_everything_else(cli: Any, tmp_path: Path) -> None:
    table = tmp_path / "chat.csv"
    table.write_text("name,message\nana,hello\n", encoding="utf-8")
    alone = cli.run("ingest", table, "-w", tmp_path / "ws")
    assert alone.exit_code == 1
    assert "everything else" not in alone.stderr
    assert "1 file could not be read; nothing was imported" in alone.stderr
    assert "chat.csv: not a conversation file" in alone.stderr


def test_a_bad_file_beside_good_ones_says_the_rest_was_imported(
    cli: Any, maya: Path, tmp_path: Path
) -> None:
    table = tmp_path / "chat.csv"
    table.write_text("name,message\nana,hello\n", encoding="utf-8")
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"role": "user", "content": "I like maps."}\n{"role": "bot"}\n', "utf-8")
    mixed = cli.run("ingest", table, broken, maya, "-w", tmp_path / "ws", "--no-dream")
    assert mixed.exit_code == 1
    assert (
        "1 file could not be read and 1 record was skipped; everything else was imported"
        in mixed.stderr
    )
    assert "broken.jsonl: line 2" in mixed.stderr
