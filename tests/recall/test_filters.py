"""Filters narrow a search: one session, some kinds, a time span; rebuild changes nothing."""

from __future__ import annotations

from datetime import date, datetime

from .conftest import Recall


def _fill(recall: Recall) -> None:
    recall.say("cli:a", ("user", "Lunch at the ramen place"), stamp="2026-03-01T12:00:00")
    recall.say("cli:b", ("user", "Ramen again tonight"), stamp="2026-03-05T19:30:00")
    recall.say("cli:b", ("user", "More ramen, in April now"), stamp="2026-04-02T20:00:00")
    recall.store.append_history("ramen summary", session_key="cli:b")


def test_session_filter(recall: Recall) -> None:
    _fill(recall)
    hits = recall.index.search("ramen", session_key="cli:b", k=10)
    assert hits and {hit.session_key for hit in hits} == {"cli:b"}


def test_kinds_filter(recall: Recall) -> None:
    _fill(recall)
    assert {hit.kind for hit in recall.index.search("ramen", kinds=["history"])} == {"history"}
    assert {hit.kind for hit in recall.index.search("ramen", kinds=["message"])} == {"message"}


def test_since_and_until(recall: Recall) -> None:
    _fill(recall)
    march = recall.index.search(
        "ramen", kinds=["message"], since=date(2026, 3, 2), until="2026-04-01"
    )
    assert [(hit.session_key, hit.start) for hit in march] == [("cli:b", 0)]
    later = recall.index.search("ramen", kinds=["message"], since=datetime(2026, 4, 1, 0, 0))
    assert [hit.start for hit in later] == [1]
    assert later[0].timestamp == "2026-04-02 20:00"


def test_dates_in_the_query_find_that_day(recall: Recall) -> None:
    recall.say("cli:a", ("user", "Dentist appointment booked"), stamp="2026-03-01T09:00:00")
    recall.say("cli:a", ("user", "Groceries: eggs and milk"), stamp="2026-03-05T09:00:00")
    hits = recall.index.search("what did I say on March 5th", k=3)
    assert hits[0].start == 1


def test_rebuild_gives_the_same_results(recall: Recall) -> None:
    _fill(recall)
    before = [hit.to_dict() for hit in recall.index.search("ramen tonight", k=5)]
    report = recall.index.rebuild()
    assert report.messages == 3 and report.history == 1
    assert [hit.to_dict() for hit in recall.index.search("ramen tonight", k=5)] == before


def test_a_damaged_index_file_is_rebuilt_from_the_files(recall: Recall) -> None:
    _fill(recall)
    assert recall.index.search("ramen")
    path = recall.index.path
    recall.index.close()
    path.write_bytes(b"this is not a database" * 100)
    again = recall.reopen()
    try:
        hits = again.search("ramen", kinds=["message"])
        assert sum((hit.end or 0) - (hit.start or 0) for hit in hits) == 3
    finally:
        again.close()


def test_windows_are_short_and_never_overlap(recall: Recall) -> None:
    turns = []
    for day in range(40):
        turns.append(("user", f"day {day}: we talked about the garden and tomatoes"))
        turns.append(("assistant", f"day {day}: tomatoes need sun"))
    recall.say("cli:g", *turns)
    hits = recall.index.search("garden tomatoes", k=10)
    assert len(hits) == 10
    covered = [index for hit in hits for index in range(hit.start or 0, hit.end or 0)]
    assert len(covered) == len(set(covered)) <= 20
    assert all((hit.end or 0) - (hit.start or 0) <= 4 for hit in hits)
