"""Facts a user drops while talking about something else, and their own sign-off.

Each case is worded afresh: the rules are written for the shape of a sentence, not for
one conversation's words.
"""

from __future__ import annotations

import pytest

from offline_facts import facts


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        # the kind of person, hedged
        ("honestly im more of a tea person, coffee makes me jittery", "User is a tea person."),
        # a service, said by the machine it runs on
        ("jellyfin is on my nas. works ok", "User runs jellyfin on their NAS."),
        # a tool, said by the way
        ("using helix btw so no vim plugins pls", "User uses helix."),
        # a full name typed in lower case
        (
            "put jo. full name is joanna pryce but only the bank calls me that",
            "User's full name is Joanna Pryce.",
        ),
        # where one works from, and the office days
        (
            "Back at my desk (I'm remote from Durham most weeks, Thursdays are office days).",
            "User works remotely from Durham.",
        ),
        (
            "Back at my desk (I'm remote from Durham most weeks, Thursdays are office days).",
            "User is in the office on Thursdays.",
        ),
        # home, said of a place just named
        (
            "The choir meets in Ludlow which is where I live, so it's easy.",
            "User lives in Ludlow.",
        ),
        # a condition, inside a message to pass on
        ("tell her I'm diabetic, not fussy, I'll bring my own pudding", "User is diabetic."),
        # a condition in the part just named
        (
            "My right knee has been awful. I've got arthritis at the back of it, since 2019.",
            "User has got arthritis at the back of their right knee, since 2019.",
        ),
        # a condition one gets, however bad
        (
            "I get really bad travel sickness. Will the ferry be ok?",
            "User gets really bad travel sickness.",
        ),
        ("I suffer from hay fever every June.", "User suffers from hay fever every June."),
    ],
)
def test_a_fact_said_aside_is_kept(said: str, stored: str) -> None:
    assert stored in facts(("user", said))


@pytest.mark.parametrize(
    "said",
    [
        "it is on my nas somewhere",  # no service named
        "everything runs on my pi",
        "using it btw",
    ],
)
def test_nothing_named_runs_nowhere(said: str) -> None:
    assert not any(line.startswith(("User runs", "User uses")) for line in facts(("user", said)))


def test_their_usual_sign_off_names_them_without_the_letters_after() -> None:
    found = facts(
        (
            "user",
            "Looks good. Here is my usual sign-off, please add it:\n\n"
            "Kind regards,\nOlu Adebayo CEng\nSite Engineer | Fenwick Rail Ltd\n07700 900123",
        )
    )
    assert "User is Olu Adebayo." in found
    assert "User's job title is Site Engineer." in found
    assert "User works at Fenwick Rail Ltd." in found


def test_no_part_of_an_answer_anywhere_is_a_wish() -> None:
    assert "User wants no emojis." in facts(
        ("user", "and no emojis anywhere, the last tool put sparkles in my commit messages")
    )


def test_a_clause_after_a_dashed_aside_is_not_run_into_the_one_before() -> None:
    said = (
        "Context: I work on the booking app at Trackside — we make software for bus "
        "depots — most days they're out of signal in the yard."
    )
    assert "User works on the booking app at Trackside." in facts(("user", said))


def test_a_wish_after_a_label_of_preferences_up_front() -> None:
    said = "Three preferences up front: give me whole files rather than snippets."
    assert "User wants the assistant to give whole files, not snippets." in facts(("user", said))
