"""A date that moved replaces the stored date, however the move is told."""

from __future__ import annotations

import pytest

from reverie.providers.offline.dream_merge import entry_facts, merge_facts
from reverie.providers.offline.extract import extract_facts, render_answer
from reverie.providers.offline.transcript import Turn

from ..offline_facts import facts

EMPTY = {"USER.md": "# User\n", "SOUL.md": "# Soul\n", "memory/MEMORY.md": "# Memory\n"}


def _memory(*chunks: list[tuple[str, str]]) -> str:
    """The memory files after Dream folds in each chunk, archived in turn as consolidation does."""
    files = dict(EMPTY)
    summary: str | None = None
    for day, chunk in enumerate(chunks, start=1):
        date = f"2026-03-{day:02d}"
        found = extract_facts([Turn(r, t, date) for r, t in chunk], previous_summary=summary)
        summary = render_answer(found)
        files, _ = merge_facts(files, entry_facts(summary, date))
    return "\n".join(files.values())


@pytest.mark.parametrize(
    ("first", "move", "kept", "gone"),
    [
        (
            "SHORTLISTED!!! interview 21st november",
            "update: they've moved the interview to the 28th, one of the panel is off",
            "interview is 28th November",  # the 28th of the same month
            "21st",
        ),
        (
            "I have a cataract in my right eye which is due to be operated on the third of "
            "October at the Leicester Royal Infirmary.",
            "My surgeon is unwell and my cataract operation has been moved from the third of "
            "October to the twenty-fourth of October.",
            "operated on the twenty-fourth of October at the Leicester Royal Infirmary",
            "third of October",
        ),
        (
            "The flat is free from 1 November. So we move 1 November, it is a Saturday.",
            "So the flat is free not 1 November, now 15 November. Everything moves 2 weeks.",
            "moves 15 November",
            "1 November",
        ),
        (
            "no more editing on the sofa. move date 6th sept",
            "2) move's pushed back. previous tenants asked for 2 more weeks. now 15th sept",
            "move date is 15th sept",
            "6th sept",
        ),
        (
            "the flat's ready so we move on 29th nov",
            "the previous tenants leave late so move is pushed to 6th dec now not 29th nov",
            "moves on 6th dec",
            "29th nov",
        ),
        (
            "my hip surgery is on 14 October",
            "my hip surgery has been rescheduled for 4 November, the surgeon is away",
            "surgery is on 4 November",
            "14 October",
        ),
        (
            "the rally is on the 22nd of June",
            "rally's the 29th now, they lost the field for the 22nd",
            "rally is on the 29th",
            "22nd of June",
        ),
        (
            "my driving test is on 14th november",
            "bad news. dvsa cancelled my test. new date 2 december",
            "test is on 2 december",
            "14th november",
        ),
        (
            "my knee op is on 14 November",
            "The knee op's been moved to 28 November, surgeon's off or something",
            "op is on 28 November",
            "14 November",
        ),
        (
            "the demo for the co-op is on 14 Oct",
            "Demo's moved: 21 Oct instead of 14. the co-op chair is travelling.",
            "demo for the co-op is on 21 Oct",
            "14 Oct",
        ),
        (
            "thats the idea. tulla vintage rally is sunday 22 june. want her driving by then",
            "rally moved. clashes with a hurling match so its sunday 29 june now not the 22nd",
            "rally is sunday 29 june",
            "22 june",
        ),
        (
            "my brother's wedding is on 14 march",
            "plot twist. they moved the wedding. venue double booked. 6 june now",
            "wedding is on 6 june",
            "14 march",
        ),
    ],
)
def test_a_moved_date_replaces_the_old_one(first: str, move: str, kept: str, gone: str) -> None:
    # (a month is a name: "2 december" is stored as "2 December")
    said = [
        line.lower() for line in facts(("user", first), ("assistant", "Noted."), ("user", move))
    ]
    assert any(kept.lower() in line for line in said), said
    assert not any(gone.lower() in line for line in said), said
    # Said in a later chunk, the move corrects the line already in the memory files.
    memory = _memory([("user", first), ("assistant", "Noted.")], [("user", move)]).lower()
    assert kept.lower() in memory
    assert gone.lower() not in memory


def test_a_move_leaves_lines_about_other_things_alone() -> None:
    said = facts(
        ("user", "we're going to Georgia from the 11th to the 21st of October"),
        ("user", "my dentist appointment is on Tuesday"),
        ("user", "my lab report is due 28th nov which is the day before the interview"),
        ("assistant", "Nice."),
        ("user", "they've moved the interview to the 28th"),
    )
    assert any("due 28th nov" in line for line in said), said
    assert any("11th to the 21st of October" in line for line in said), said
    assert any("Tuesday" in line for line in said), said
    # the move is told on its own, for Dream to apply to a line recorded before
    assert [line for line in said if "the 28th" in line] == ["The interview moved to the 28th."]


def test_a_move_with_no_line_before_it_is_told_on_its_own() -> None:
    said = facts(("user", "plot twist. orla moved the wedding. venue double booked. 6 june now"))
    assert said == ["The wedding moved to 6 June."]
    said = facts(("user", "bad news. dvsa cancelled my test. new date 2 december"))
    assert said == ["User's test moved to 2 December."]  # the user cancelled nothing


@pytest.mark.parametrize(
    "said",
    [
        "I moved to Leicester in 1976 to teach",
        "I moved my last coffee to 2am",
        "tbh if they'd offered 60k i'd have moved to the moon",
        "we moved the exam desk to the 3rd floor",
    ],
)
def test_moving_house_or_a_habit_is_no_moved_date(said: str) -> None:
    before = facts(("user", "my exam is on the 20th of May"))
    after = facts(
        ("user", "my exam is on the 20th of May"), ("assistant", "Good luck."), ("user", said)
    )
    assert after[: len(before)] == before


def test_a_joke_the_other_person_does_not_believe_is_not_stored() -> None:
    def chat(reply: str) -> list[str]:
        turns = [
            Turn("user", "hi jess", "2026-03-01"),
            Turn("assistant", "hey mo", "2026-03-01", "Jess"),
            Turn("user", "im quitting photography to become a goat farmer", "2026-03-01"),
            Turn("assistant", reply, "2026-03-01", "Jess"),
        ]
        return [fact.text for fact in extract_facts(turns)]

    assert not any("goat farmer" in line for line in chat("sure you are"))
    assert not any("goat farmer" in line for line in chat("yeah right, mo"))
    assert any("goat farmer" in line for line in chat("sure you are going to love it"))


def test_a_question_after_wait_corrects_nothing() -> None:
    turns = [
        Turn("user", "no more editing on the sofa. move date 6th sept", "2026-03-01"),
        Turn("assistant", "wait is that not a wedding weekend", "2026-03-01", "Jess"),
    ]
    said = [fact.text for fact in extract_facts(turns)]
    assert not any("wedding weekend" in line for line in said), said


def test_what_would_follow_a_lottery_win_is_no_fact() -> None:
    said = facts(
        (
            "user",
            "when I win the Staatsloterij, I buy a villa in Wassenaar and I never move again "
            "haha. I work as a mechanic in Rotterdam.",
        )
    )
    assert not any("villa" in line or "never moves" in line for line in said), said
    assert any("mechanic" in line for line in said), said
    # "if that helps" is no condition on what follows it
    assert any("Leeds" in line for line in facts(("user", "if that helps, I live in Leeds")))


@pytest.mark.parametrize(
    "said",
    [
        "my magnifying glass and the Control and plus, and I have found her, I am almost certain.",
        "as it turns out his wife's family are from Cork. I signed in front of him as instructed.",
    ],
)
def test_a_place_or_a_thing_is_never_the_her_or_him_after_it(said: str) -> None:
    lines = facts(("user", said))
    assert not any("Control" in line or "Cork" in line for line in lines), lines


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("lease starts 1st dec", "The lease starts 1st dec."),
        ("lease begins 1 December.", "The lease begins 1 December."),
        ("course starts 3 march, evenings", "The course starts 3 March, evenings."),
        ("thats the idea. tulla vintage rally is sunday 22 june.", "rally is Sunday 22 June"),
    ],
)
def test_a_dated_event_said_without_its_article_is_kept(said: str, kept: str) -> None:
    assert any(kept in line for line in facts(("user", said))), facts(("user", said))
