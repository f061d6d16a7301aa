"""``reverie recall`` and ``reverie index rebuild`` on a real workspace."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from reverie.cli.app import app
from reverie.sessions.manager import SessionManager
from reverie.store.memory_store import MemoryStore

_FIELDS = {"kind", "score", "text", "session_key", "start", "end", "cursor", "path", "timestamp"}


def _workspace(path: Path) -> Path:
    sessions = SessionManager(path)
    session = sessions.get_or_create("cli:alice")
    session.add_message("user", "Our anniversary dinner is at Casa Lupo.")
    session.add_message("assistant", "Casa Lupo, noted.")
    sessions.save(session)
    other = sessions.get_or_create("cli:bob")
    other.add_message("user", "Casa Lupo was too loud for me.")
    sessions.save(other)
    MemoryStore(path).append_history("Bob found Casa Lupo loud.")
    return path


def test_recall_json_lists_hits_with_every_field(workspace: Path) -> None:
    _workspace(workspace)
    result = CliRunner().invoke(
        app, ["recall", "Casa Lupo anniversary", "-k", "2", "-w", str(workspace), "--json"]
    )
    assert result.exit_code == 0, result.output
    hits = json.loads(result.output)
    assert len(hits) == 2 and all(set(hit) == _FIELDS for hit in hits)
    assert hits[0]["session_key"] == "cli:alice" and (hits[0]["start"], hits[0]["end"]) == (0, 2)


def test_recall_session_filter_and_table(workspace: Path) -> None:
    _workspace(workspace)
    result = CliRunner().invoke(
        app, ["recall", "Casa Lupo", "--session", "cli:bob", "-w", str(workspace), "--json"]
    )
    assert {hit["session_key"] for hit in json.loads(result.output)} == {"cli:bob"}
    table = CliRunner().invoke(app, ["recall", "loud", "-w", str(workspace)])
    assert table.exit_code == 0 and "cli:bob" in table.output


def test_recall_queries_file_prints_one_json_line_per_query(workspace: Path) -> None:
    _workspace(workspace)
    queries = workspace.parent / "queries.txt"
    queries.write_text("anniversary dinner\n\nloud restaurant\nzeppelin\n")
    result = CliRunner().invoke(
        app, ["recall", "--queries", str(queries), "-w", str(workspace), "--json"]
    )
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.output.splitlines()]
    assert [line["query"] for line in lines] == [
        "anniversary dinner",
        "loud restaurant",
        "zeppelin",
    ]
    assert lines[0]["hits"][0]["session_key"] == "cli:alice"
    assert lines[2]["hits"] == []
    assert all(set(hit) == _FIELDS for line in lines for hit in line["hits"])


def test_recall_needs_a_query_or_a_file(workspace: Path) -> None:
    result = CliRunner().invoke(app, ["recall", "-w", str(workspace)])
    assert result.exit_code == 2
    missing = CliRunner().invoke(
        app, ["recall", "--queries", str(workspace / "nope.txt"), "-w", str(workspace)]
    )
    assert missing.exit_code == 1 and "nope.txt" in missing.output


def test_index_rebuild_reports_counts(workspace: Path) -> None:
    _workspace(workspace)
    result = CliRunner().invoke(app, ["index", "rebuild", "-w", str(workspace), "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["messages"] == 3 and report["history"] == 1
    assert Path(report["path"]).is_file()
