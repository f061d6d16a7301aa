"""Values put right and dates kept as dates: what a stored line says when a date moves.

Each case is a line from a realistic chat. "finance want it live by the 21st, not
the 28th" puts a stored deadline right without the words "no wait"; "It won't be
the 19th of May after all but the 2nd of June" moves an operation; "make it £300"
mends a sum, never an age; "i turn 31 tomorrow" is stored with the date it meant.
When Dream writes a corrected value as a new line, it says only what is true now.
"""

from __future__ import annotations

import pytest

from offline_facts import facts
from reverie.providers.offline.dream_merge import entry_facts, merge_facts
from reverie.providers.offline.extract import extract_facts, render_answer
from reverie.providers.offline.transcript import Turn


def test_a_value_put_right_in_passing_mends_the_line_that_said_it() -> None:
    deadline = (
        "user",
        "ok the real work. the reconciliation extract. deadline is the 28th of November.",
    )
    moved = (
        "user",
        "bad news on the deadline. finance and the settlement lead want it live by the 21st, not"
        " the 28th, because the agent's onboarding test window closes then.",
    )
    assert facts(deadline, moved) == ["User's deadline is the 21st of November (not the 28th)."]


def test_a_value_put_right_in_passing_mends_nothing_of_another_month() -> None:
    start = ("user", "oh and unrelated but I got the NHS job!! I start 3 november")
    back = ("user", "change of plan. so coming back 5th jan not 3rd")
    kept = facts(start, back)
    # (the day the job got starts: told beside it)
    assert "User starts the job on 3 November (as of 2026-03-02)." in kept
    assert not any("5th" in line for line in kept)
    # nor, with nothing stored that says it, does it leave a note to apply later
    assert facts(("user", "finance want it live by the 21st, not the 28th")) == []


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("i turn 31 tomorrow!!", "User turns 31 on 12 November 2025 (as of 2025-11-11)."),
        (
            "flying to valencia tomorrow morning",
            "User is flying to valencia on the morning of 12 November 2025 (as of 2025-11-11).",
        ),
    ],
)
def test_a_day_named_from_today_is_stored_as_its_date(said: str, kept: str) -> None:
    assert facts(("user", said), date="2025-11-11") == [kept]


def test_a_sum_put_right_mends_the_line_that_said_it() -> None:
    advert = ("user", "I find the job advert again. Salary is £12.60 per hour, 30 hours per week.")
    checked = (
        "user",
        "Sorry I check again, is £12.90 per hour, not 12.60. I was looking on other advert.",
    )
    assert facts(advert, checked) == [
        "User's salary is £12.90 per hour, 30 hours per week (not 12.60)."
    ]


def test_a_date_put_right_day_and_month_together_replaces_the_old_date() -> None:
    review = ("user", "budget review is on 4 december, need numbers by then")
    moved = ("user", "ugh. the review got pulled forward, it's 27 november now not 4 december.")
    assert facts(review, moved) == ["The budget review is on 27 November (not 4 December)."]


@pytest.mark.parametrize(
    ("stored", "moved", "kept"),
    [
        (
            "My hip operation is on the 19th of May at York Hospital.",
            "York Hospital rang and my hip operation has been moved. It won't be the 19th of May"
            " after all but the 2nd of June, because the surgeon is away.",
            "User's hip operation is on the 2nd of June at York Hospital (not the 19th of May).",
        ),
        (
            "My dad moves into Oakfield Lodge on Monday the 3rd of March.",
            "they've asked if we'd mind moving the start date to Monday the 10th of March rather"
            " than the 3rd. I said yes",
            "User's dad moves into Oakfield Lodge on Monday the 10th of March (not the 3rd of"
            " March).",
        ),
    ],
)
def test_a_date_moved_in_other_words_replaces_the_old_one(
    stored: str, moved: str, kept: str
) -> None:
    assert facts(("user", stored), ("user", moved)) == [kept]


def test_a_sum_mends_only_a_sum() -> None:
    assert facts(("user", "I'm 44"), ("user", "actually make it £300. kerry did the maths")) == [
        "User is 44."
    ]
    rent = ("user", "my rent is £250 a week")
    assert facts(rent, ("user", "actually make it £300.")) == [
        "User's rent is £300 a week (not £250)."
    ]


def test_a_correction_dream_writes_as_a_new_line_says_only_what_is_true_now() -> None:
    files = {"USER.md": "# User\n", "SOUL.md": "# Soul\n", "memory/MEMORY.md": "# Memory\n"}
    said = "no wait immunology is the 10th not the 6th. i was looking at last years timetable"
    found = extract_facts([Turn("user", said, "2025-10-14")])
    files, _ = merge_facts(files, entry_facts(render_answer(found), "2025-10-14"))
    memory = files["memory/MEMORY.md"]
    assert "Immunology is the 10th." in memory
    assert "6th" not in memory
    # what the correction says after the old value stays
    said = (
        "[correction] Joel corrected: flights are the 22nd not the 21st, sam's school breaks up"
        " on the 19th."
    )
    files, _ = merge_facts(files, entry_facts(said, "2025-10-14"))
    assert "flights are the 22nd, sam's school breaks up on the 19th." in files["memory/MEMORY.md"]
    # a taste corrected keeps what it is not
    found = extract_facts([Turn("user", "sorry, I prefer green tea, not coffee", "2025-10-14")])
    files, _ = merge_facts(files, entry_facts(render_answer(found), "2025-10-14"))
    assert "coffee" in files["USER.md"]


def test_a_date_given_again_after_the_thing_is_off_moves_it() -> None:
    stored = ("user", "The interview is on Thursday 20 November, 10:30.")
    moved = (
        "user",
        "Now big problem. The practice manager is sick, so interview on Thursday is not"
        " possible. New time is Tuesday 25 November, same hour, 10:30.",
    )
    assert facts(stored, moved) == [
        "The interview is on Tuesday 25 November, 10:30 (as of 2026-03-02)."
    ]


def test_a_birthday_said_on_the_day_is_an_age_and_its_date() -> None:
    assert facts(("user", "my son is 4 today")) == [
        "User's son turned 4 on 2 March 2026 (as of 2026-03-02)."
    ]


def test_a_date_given_for_an_operation_then_brought_forward_is_its_date() -> None:
    given = (
        "user",
        "A more personal one. I have finally had a date for my cataract operation — the left eye"
        " — at the Royal Shrewsbury Hospital, on Tuesday the 22nd of July. I am a little nervous.",
    )
    sooner = (
        "user",
        "Things have moved rather quickly. The hospital rang this morning — they can fit me in on"
        " Tuesday the 8th of July instead of the 22nd. I said yes before I could think about it.",
    )
    assert facts(given, sooner)[-1] == (
        "User's cataract operation is at the Royal Shrewsbury Hospital, on Tuesday the 8th of July"
        " (not the 22nd of July)."
    )


def test_a_fact_said_beside_the_one_put_right_stays() -> None:
    files = {"USER.md": "# User\n", "SOUL.md": "# Soul\n", "memory/MEMORY.md": "# Memory\n"}
    said = "[permanent] User is vegetarian (8 years now) and lactose intolerant.\n"
    said += "[permanent] User is married and has 2 kids."
    files, _ = merge_facts(files, entry_facts(said, "2025-03-01"))
    later = "[correction] User is pescatarian now, not veggie.\n[permanent] User is divorced now."
    files, report = merge_facts(files, entry_facts(later, "2025-09-01"))
    lines = files["USER.md"].splitlines()
    assert "- User is pescatarian now, not veggie." in lines
    assert "- User is lactose intolerant." in lines
    assert "- User is divorced now." in lines
    assert "- User has 2 kids." in lines
    assert not [line for line in lines if "vegetarian" in line or "married" in line]
    assert report.corrected == 2
