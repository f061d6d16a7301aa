"""Ranking rules a person notices: who said it, repeated lines, the month asked about."""

from __future__ import annotations

from collections.abc import Callable

from reverie.recall.fusion import Turn, Window, set_repeats_apart, widen, windows_from_turns
from reverie.recall.text import analyse_query

from .conftest import Recall


def _chat(recall: Recall, key: str, turns: list[tuple[str, str, str]]) -> None:
    """Save ``(speaker, text, timestamp)`` turns of a two-person chat (first speaker = user)."""
    session = recall.sessions.get_or_create(key)
    first = turns[0][0]
    for speaker, text, stamp in turns:
        role = "user" if speaker == first else "assistant"
        session.add_message(role, text, name=speaker, timestamp=stamp)
    recall.sessions.save(session)


def test_a_speakers_name_finds_and_labels_their_turns(recall: Recall) -> None:
    talk = [
        "The weather has been lovely this week",
        "We went camping last weekend in the forest",
        "Work has been busy, lots of meetings",
        "I ran a charity race on Saturday",
    ]
    for key, (one, other) in {
        "chat:a": ("Caroline", "Melanie"),
        "chat:b": ("Jon", "Priya"),
        "chat:c": ("Ravi", "Mei"),
    }.items():
        lines = [(one if i % 2 else other, text) for i, text in enumerate(talk)]
        lines.append((one, "pottery class again tonight, pottery is my thing now"))
        # The other chats' line is the better match on words alone: only the name decides.
        said = "I tried a pottery fair with the kids once" if key == "chat:a" else "pottery!"
        lines.append((other, said))
        _chat(
            recall,
            key,
            [(who, text, f"2023-05-08T14:{i:02d}:00") for i, (who, text) in enumerate(lines)],
        )
    hits = recall.index.search("What did Melanie say about pottery?", k=1)
    assert hits[0].session_key == "chat:a"
    assert hits[0].start is not None and hits[0].end is not None
    assert 5 in range(hits[0].start, hits[0].end)
    assert "[Mon 2023-05-08 14:05] Melanie: I tried a pottery fair" in hits[0].text


def test_a_renamed_speaker_is_indexed_again(recall: Recall) -> None:
    _chat(recall, "chat:a", [("Ana", "the kiln is finally fixed", "2023-05-08T13:56:00")])
    assert recall.index.search("Ana kiln", k=1)[0].text.endswith("Ana: the kiln is finally fixed")
    session = recall.sessions.get_or_create("chat:a")
    session.messages[0]["name"] = "Anabel"
    recall.sessions.save(session)
    assert "Anabel: the kiln" in recall.index.search("kiln", k=1)[0].text


def test_a_line_said_many_times_does_not_fill_every_hit(recall: Recall) -> None:
    turns = [("user", f"small talk number {i} about the weather") for i in range(4)]
    for _ in range(12):
        turns.append(("user", "the standup ran long again today"))
        turns.append(("assistant", "noted"))
    turns.append(("user", "the standup moved to 9:30 from next week"))
    recall.say("cli:work", *turns)
    hits = recall.index.search("standup", k=3)
    texts = [hit.text for hit in hits]
    assert any("moved to 9:30" in text for text in texts)


def test_repeats_move_behind_new_lines() -> None:
    words = {
        ("s", 0): frozenset(["the", "standup", "ran", "long", "again"]),
        ("s", 1): frozenset(["the", "standup", "ran", "long", "again", "today"]),
        ("s", 2): frozenset(["standup", "moved", "to", "half", "past", "nine"]),
        ("s", 3): frozenset(["ok"]),
        ("s", 4): frozenset(["ok"]),
    }
    ranked = [(turn, 1.0 - i / 10) for i, turn in enumerate(words)]
    order = [turn for turn, _ in set_repeats_apart(ranked, words.__getitem__)]
    assert order == [("s", 0), ("s", 2), ("s", 3), ("s", 4), ("s", 1)]


def test_a_month_in_the_question_prefers_what_was_said_that_month(recall: Recall) -> None:
    recall.say("cli:a", ("user", "the oven broke again, third time"), stamp="2026-01-10T09:00:00")
    recall.say("cli:a", ("user", "the oven broke, left chamber"), stamp="2026-03-12T09:00:00")
    recall.say("cli:a", ("user", "the oven broke again!!"), stamp="2026-05-02T09:00:00")
    hits = recall.index.search("What broke in March?", k=1)
    assert hits[0].timestamp is not None and hits[0].timestamp.startswith("2026-03")


def test_months_are_read_from_questions() -> None:
    assert analyse_query("What broke in March?").months == ((3, 0),)
    assert analyse_query("trip in february 2023").months == ((2, 2023),)
    assert analyse_query("What happened on March 3?").months == ()
    assert analyse_query("May I ask when we may go?").months == ()


def _windows(
    ranked: list[tuple[int, float]],
    *,
    turn_budget: int = 20,
    prefer_next: bool = True,
    together: Callable[[Turn, Turn], bool] = lambda turn, other: True,
) -> list[tuple[int, int]]:
    """Windows cut from ``(index, score)`` seeds of one 20-turn session."""
    found = windows_from_turns(
        [(("s", index), score) for index, score in ranked],
        limit=10,
        turn_budget=turn_budget,
        neighbour_score=lambda turn: 0.0,
        exists=lambda turn: 0 <= turn[1] < 20,
        prefer_next=lambda turn: prefer_next,
        together=together,
    )
    return [(window.start, window.end) for window in found]


def test_a_window_stays_within_one_sitting() -> None:
    # Turn 5 opens a new sitting: its window takes the reply, not yesterday's last words.
    assert _windows([(5, 1.0)], prefer_next=False) == [(4, 6)]
    assert _windows([(5, 1.0)], prefer_next=False, together=lambda a, b: b[1] != 5) == [(5, 7)]


def test_windows_never_cover_more_turns_than_the_budget() -> None:
    ranked = [(index, 1.0 - index / 100) for index in range(0, 20, 2)]
    found = _windows(ranked, turn_budget=6)
    assert sum(end - start for start, end in found) <= 6


def test_spare_budget_shows_the_turns_around_the_best_hits() -> None:
    windows = [Window("s", 3, 5, 1.0), Window("s", 10, 12, 0.5), Window("s", 12, 13, 0.2)]
    widen(windows, turn_budget=6, exists=lambda turn: turn[1] < 20)
    # The best window takes its next turn first.
    assert [(w.start, w.end) for w in windows] == [(3, 6), (10, 12), (12, 13)]
    widen(windows, turn_budget=8, exists=lambda turn: turn[1] < 20)
    # Then each window grows by one, best first: the second's next turn is already
    # shown, so it takes the one before.
    assert [(w.start, w.end) for w in windows] == [(3, 7), (9, 12), (12, 13)]
    widen(windows, turn_budget=30, exists=lambda turn: turn[1] < 20)
    assert [(w.start, w.end) for w in windows] == [(3, 7), (8, 12), (12, 16)]


def test_questions_ask_about_people_not_their_possessives() -> None:
    terms = analyse_query("What is Caroline's job at Keiko’s company?")
    assert terms.terms == ("caroline", "job", "keiko", "company")
    assert terms.exact == ("caroline", "keiko")


def test_a_verb_asked_in_its_base_form_finds_its_irregular_past(recall: Recall) -> None:
    recall.say("cli:a", ("user", "The weather is lovely for a walk"))
    recall.say("cli:a", ("user", "Guess what, I bought a kayak!"))
    recall.say("cli:a", ("user", "Lunch was soup again"))
    hits = recall.index.search("What did I buy?", k=1)
    assert hits and "bought a kayak" in hits[0].text
    assert analyse_query("Where did they go?").alternates == (("go", ("went", "gone")),)
