"""What a learner of English tells about their life is read as plainly as a native's.

Each case is written the way people with another first language often write:
no article, the subject said twice, a verb left as it is, a state said as a
noun. The fact kept is the one a native speaker's words would have given.
"""

from __future__ import annotations

import pytest

from offline_facts import facts
from reverie.providers.offline.learner_english import as_the_rules_read


@pytest.mark.parametrize(
    ("said", "line"),
    [
        ("My daughter she is 9 years old.", "User's daughter is 9 years old."),
        ("My husband he works in Samsung.", "User's husband works in Samsung."),
        ("My son go to school in Ealing.", "User's son goes to school in Ealing."),
        ("I am work in a hospital as nurse.", "User works in a hospital as nurse."),
        ("I working in warehouse night shift.", "User is working in warehouse night shift."),
        ("I am come from Shenzhen, I am here 2 years.", "User is from Shenzhen."),
        ("I am allergy to peanut.", "User is allergic to peanut."),
        ("My daughter has allergy to egg.", "User's daughter has an allergy to egg."),
        ("Please answer me in easy English.", "User wants the assistant to use easy English."),
        ("I am since 2019 in Berlin.", "User has been in Berlin since 2019."),
        ("Since 3 years I live in Lyon.", "User lives in Lyon since 3 years."),
        ("I am having two kids, both in primary.", "User has two kids, both in primary."),
    ],
)
def test_a_learners_sentence_keeps_its_fact(said: str, line: str) -> None:
    assert line in facts(("user", said))


def test_whose_name_is_read_without_its_s() -> None:
    kept = facts(("user", "My husband name is Minho."))
    assert {"User's husband's name is Minho.", "User's husband is Minho."} & set(kept), kept


@pytest.mark.parametrize(
    "said",
    [
        "I come from a big family.",
        "I am working on it.",
        "My son goes to school in Ealing.",
        "I am an engineer.",
        "I am having a coffee with Sam.",
        "Since Monday I have had a cold.",
    ],
)
def test_a_native_sentence_is_left_as_it_was(said: str) -> None:
    assert as_the_rules_read(said) == said


def test_a_learners_present_said_of_a_day_gone_is_a_one_off() -> None:
    said = "Hello. I do the mock exam from the book yesterday. My listening is better now."
    assert not any("mock exam" in line for line in facts(("user", said)))
    # a habit, said in the present, stays a habit
    assert "User goes to the library every Saturday." in facts(
        ("user", "I go to the library every Saturday.")
    )


def test_now_before_i_is_when_every_fact_holds() -> None:
    found = facts(("user", "Now I am living in Dandenong and I study nursing in Melbourne."))
    assert "User lives in Dandenong." in found


def test_a_move_to_come_said_in_the_present_is_a_move() -> None:
    found = facts(("user", "Good news! From 3 March I live in Footscray, near the station."))
    assert any(
        line.startswith("User is moving to Footscray, near the station on 3 March")
        for line in found
    )


def test_a_named_course_applied_to_is_a_plan() -> None:
    found = facts(("user", "So I will apply to Early Childhood diploma at Holmesglen, not TAFE."))
    assert any("Early Childhood diploma at Holmesglen" in line for line in found)
