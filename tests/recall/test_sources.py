"""The index covers every source the workspace keeps, and follows each one's changes."""

from __future__ import annotations

import os
import stat

import pytest

from reverie.errors import UserError
from reverie.recall import RecallHit

from .conftest import Recall


def _keys(hits: list[RecallHit]) -> list[tuple[str, str | None, int | None, int | None]]:
    return [(hit.kind, hit.session_key, hit.start, hit.end) for hit in hits]


def test_live_messages_are_found_with_their_absolute_range(recall: Recall) -> None:
    recall.say(
        "cli:alice",
        ("user", "Good morning"),
        ("assistant", "Morning! What's up?"),
        ("user", "We picked Postgres 16 for the Atlas backend."),
        ("assistant", "Noted: Postgres 16 for Atlas."),
    )
    hits = recall.index.search("which database for Atlas", k=1)
    assert hits[0].kind == "message"
    assert hits[0].session_key == "cli:alice"
    assert (hits[0].start, hits[0].end) == (2, 4)
    assert "Postgres 16" in hits[0].text and "[" in hits[0].text.splitlines()[0]
    # With turns to spare, the hit also shows what led up to it.
    wider = recall.index.search("which database for Atlas", k=3)[0]
    assert (wider.start, wider.end) == (0, 4)


def test_archived_messages_keep_their_absolute_indexes(recall: Recall) -> None:
    session = recall.say(
        "cli:alice",
        ("user", "My sister Priya moved to Lisbon."),
        ("assistant", "Lisbon, lovely."),
        ("user", "The offsite is in Marseille."),
        ("assistant", "Marseille it is."),
    )
    recall.index.search("Priya")  # indexed while still live
    recall.sessions.archive_and_drop(session, 2)
    session.add_message("user", "Priya is visiting in June.")
    recall.sessions.save(session)
    hits = recall.index.search("Priya Lisbon", k=5, kinds=["message"])
    ranges = {(hit.start, hit.end) for hit in hits}
    # From the transcript archive now, at the indexes the messages always had.
    assert any(start == 0 and end is not None and end >= 2 for start, end in ranges)
    june = recall.index.search("visiting June", k=1)[0]
    assert (june.start, june.end) == (3, 5)


def test_a_deleted_session_stays_findable_from_its_transcript(recall: Recall) -> None:
    recall.say("cli:old", ("user", "The alarm code is 4471."), ("assistant", "Got it."))
    assert recall.index.search("alarm code")
    recall.sessions.delete_session("cli:old")
    hits = recall.index.search("alarm code 4471", k=2)
    assert hits and hits[0].session_key == "cli:old" and "4471" in hits[0].text


def test_a_message_rewritten_in_place_is_reindexed(recall: Recall) -> None:
    session = recall.say("cli:a", ("user", "The launch is in Oslo."), ("assistant", "Oslo!"))
    assert recall.index.search("Oslo")
    session.messages[0]["content"] = "The launch is in Bergen."
    session.messages[1]["content"] = "Bergen!"
    recall.sessions.save(session)
    assert recall.index.search("Oslo") == []
    assert recall.index.search("Bergen")[0].start == 0


def test_a_session_file_removed_by_hand_leaves_the_index(recall: Recall) -> None:
    recall.say("cli:a", ("user", "zanzibar holiday plans"))
    assert recall.index.search("zanzibar")
    recall.sessions.session_path("cli:a").unlink()
    assert recall.index.search("zanzibar") == []


def test_history_entries_are_found_and_compaction_is_followed(recall: Recall) -> None:
    first = recall.store.append_history("[durable] The team chose Redis for caching.")
    recall.store.append_history(
        "[durable] Budget approved for Atlas.",
        session_key="cli:a",
        source={"session_key": "cli:a", "start": 0, "end": 4},
    )
    hits = recall.index.search("Redis caching", kinds=["history"])
    assert hits[0].cursor == first and hits[0].start is None
    atlas = recall.index.search("budget Atlas", kinds=["history"])[0]
    assert (atlas.session_key, atlas.start, atlas.end) == ("cli:a", 0, 4)
    # Compaction rewrites the file: the index reads it again and drops what went.
    small = type(recall.store)(recall.path, max_history_entries=1)
    small.set_last_dream_cursor(first)
    small.compact_history()
    assert recall.index.search("Redis", kinds=["history"]) == []
    assert recall.index.search("budget", kinds=["history"])


def test_a_torn_history_line_waits_until_it_is_complete(recall: Recall) -> None:
    recall.store.append_history("[durable] first entry about kites")
    with recall.store.history_file.open("ab") as handle:
        handle.write(b'{"cursor": 2, "timestamp": "2026-01-01 10:00", "content": "half a li')
    assert recall.index.search("kites", kinds=["history"])
    recall.store.append_history("[durable] second entry about gliders")
    assert recall.index.search("gliders", kinds=["history"])


def test_memory_files_are_indexed_by_section(recall: Recall) -> None:
    recall.store.write_memory("# Projects\nAtlas runs on Postgres.\n\n# People\nPriya: sister.\n")
    recall.store.write_user("# Preferences\nPrefers metric units.\n")
    skill = recall.path / "skills" / "deploy" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text("# Deploy\n1. Run the blue-green switch.\n")
    hit = recall.index.search("Priya", kinds=["memory"])[0]
    assert hit.path == "memory/MEMORY.md" and hit.text.startswith("# People")
    assert "Atlas" not in hit.text
    assert recall.index.search("metric", kinds=["memory"])[0].path == "USER.md"
    assert recall.index.search("blue-green", kinds=["memory"])[0].path == "skills/deploy/SKILL.md"
    recall.store.write_memory("# People\nPriya moved to Porto.\n")
    assert recall.index.search("Atlas", kinds=["memory"]) == []
    assert "Porto" in recall.index.search("Priya", kinds=["memory"])[0].text


def test_default_results_mix_messages_memory_and_sourceless_history(recall: Recall) -> None:
    recall.say("cli:a", ("user", "Our cat Miso hates the vet."), ("assistant", "Poor Miso."))
    recall.store.append_history(
        "Miso went to the vet.", source={"session_key": "cli:a", "start": 0, "end": 2}
    )
    nanobot = recall.store.append_history("Miso was adopted in 2019.")
    recall.store.write_user("# Pets\nA cat called Miso.\n")
    kinds = {(hit.kind, hit.cursor) for hit in recall.index.search("Miso", k=10)}
    assert ("message", None) in kinds
    assert ("memory", None) in kinds
    assert ("history", nanobot) in kinds
    # The entry that names its messages is represented by those messages.
    assert all(cursor in (None, nanobot) for _, cursor in kinds)


def test_index_is_private_and_ignored_by_git(recall: Recall) -> None:
    recall.say("cli:a", ("user", "hello there"))
    recall.index.search("hello")
    folder = recall.index.path.parent
    assert stat.S_IMODE(os.stat(folder).st_mode) == 0o700
    for name in os.listdir(folder):
        if name.startswith("recall.sqlite3"):
            assert stat.S_IMODE(os.stat(folder / name).st_mode) == 0o600, name
    assert (folder / ".gitignore").read_text().strip().endswith("*")


def test_bad_arguments_are_named(recall: Recall) -> None:
    with pytest.raises(UserError, match="empty"):
        recall.index.search("   ")
    with pytest.raises(UserError, match="k must be"):
        recall.index.search("x", k=0)
    with pytest.raises(UserError, match="unknown recall kind"):
        recall.index.search("x", kinds=["files"])
    with pytest.raises(UserError, match="since must be"):
        recall.index.search("x", since="yesterday")


def test_hit_is_frozen_and_serialises_every_field() -> None:
    hit = RecallHit(kind="history", score=1.5, text="t", cursor=3, timestamp="2026-01-01 10:00")
    assert hit.to_dict() == {
        "kind": "history",
        "score": 1.5,
        "text": "t",
        "session_key": None,
        "start": None,
        "end": None,
        "cursor": 3,
        "path": None,
        "timestamp": "2026-01-01 10:00",
    }
    with pytest.raises(AttributeError):
        hit.score = 2.0  # type: ignore[misc]
