"""Wishes about the work done for the user, and steps in a life told tersely or sideways.

Found by reading a set of conversations written by someone who never saw the rules; each
case here is worded afresh, so a rule tuned to one sentence fails it.
"""

from __future__ import annotations

import pytest

from offline_facts import facts


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        ("Also please add type hints to everything.", "add type hints to all code"),
        ("always use type hints", "add type hints to all code"),
        ("no classes please, keep it all functions", "write plain functions, no classes"),
        (
            "don't use any Django-specific stuff, it has to run anywhere",
            "use nothing Django-specific in code",
        ),
        (
            "when you write cover letters for me, keep them under 300 words",
            "keep cover letters under 300 words",
        ),
        ("dates in the report should be in dd/mm/yyyy", "write dates as dd/mm/yyyy"),
        (
            "Could you please correct my grammar at the end of each reply?",
            "correct their grammar mistakes at the end of each answer",
        ),
        ("One thing: please use simple words when you explain.", "use simple words"),
    ],
)
def test_a_wish_about_every_piece_of_work_is_a_rule(said: str, stored: str) -> None:
    assert facts(("user", said)) == [f"User wants the assistant to {stored}."]


@pytest.mark.parametrize(
    "said",
    [
        "keep it under 100 words",
        "add type hints to this function",
        "I need to correct my spelling before I send it",
    ],
)
def test_a_request_about_the_thing_at_hand_is_no_rule(said: str) -> None:
    assert facts(("user", said)) == []


def test_two_wishes_in_one_breath_are_two_rules() -> None:
    assert facts(
        ("user", "please add type hints to everything, and don't use any Polars-specific stuff")
    ) == [
        "User wants the assistant to add type hints to all code.",
        "User wants the assistant to use nothing Polars-specific in code.",
    ]


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        (
            "Not sure if this is the right place to ask, but my father died in March.",
            "User's father died in March.",
        ),
        (
            "I went self-employed in 2023 after leaving the council.",
            "User went self-employed in 2023 after leaving the council.",
        ),
        ("putting in notice at the garage today", "User handed in their notice at the garage on "),
        ("been studying german about 8 months", "User has been studying German about 8 months."),
        ("trying to cut down on vapes", "User is trying to cut down on vapes."),
        ("eczema playing up again", "User has eczema."),
        ("I'm on lates at the sorting office.", "User works lates at the sorting office."),
        ("The consultant increased my sertraline last week.", "User takes sertraline."),
        (
            "I get really carsick so every long drive has to have breaks",
            "User gets really carsick.",
        ),
        (
            "dads coming over from Lagos on the 3rd",
            "User's dad is coming over from Lagos on the 3rd",
        ),
        (
            "Fridays are my long run with the club.",
            "User has their long run with the club on Fridays.",
        ),
        ("Biscuit — our whippet — chewed the sofa again.", "User has a whippet called Biscuit."),
        ("I'm a nurse and a colleague is off sick this week.", "User is a nurse."),
        (
            "I'm doing the Open University degree part-time.",
            "User is doing the Open University degree part-time.",
        ),
        (
            "I am postdoc in marine biology at Plymouth.",
            "User is a postdoc in marine biology at Plymouth.",
        ),
        ("Put my name, Ayo Bankole, at the bottom.", "User's name is Ayo."),
        (
            "Planning a trip to Kraków in May: me, Ola and Kuba.",
            "User is planning a trip to Kraków in May with Ola and Kuba.",
        ),
        (
            "I'm building a rota app for our clinic and need help with the database.",
            "User is building a rota app for their clinic.",
        ),
    ],
)
def test_a_step_or_a_fact_told_tersely_or_sideways_is_kept_plainly(said: str, stored: str) -> None:
    kept = facts(("user", said))
    assert len(kept) == 1, kept
    assert kept[0].startswith(stored), kept


def test_a_step_taken_today_is_dated_not_kept_as_news_of_the_day() -> None:
    assert facts(("user", "handing in notice at the garage today"), date="2026-03-02") == [
        "User handed in their notice at the garage on 2 March 2026."
    ]


@pytest.mark.parametrize(
    "said",
    [
        "I'm not leaving, honestly.",
        "I could use some help with the paperwork for the move",
    ],
)
def test_a_refusal_or_a_request_alone_is_not_a_fact(said: str) -> None:
    assert facts(("user", said)) == []


def test_a_quoted_title_in_a_reply_does_not_name_the_user() -> None:
    said = facts(
        ("user", "help me learn git properly"),
        ("assistant", 'Read "Oh Hello, Pixel!" first.'),
        ("user", "pixel. ok"),
    )
    assert not any("name is" in line for line in said), said


def test_the_name_an_assistant_calls_the_user_still_counts() -> None:
    assert facts(
        ("user", "hi"),
        ("assistant", "Thanks, Nik."),
        ("user", "ok"),
        ("assistant", "Good luck, Nik!"),
    ) == ["User's name is Nik."]


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        ("two weeks of hell. diabetic life", "User is diabetic."),
        ("Bad news: the driving test is moved, not 3 May anymore but 17 May.", "17 May, not 3 May"),
    ],
)
def test_a_fact_said_in_passing_is_read(said: str, stored: str) -> None:
    kept = facts(("user", said))
    assert len(kept) == 1 and stored in kept[0], kept


def test_a_day_moved_is_one_thing_moved_not_a_list_of_exams() -> None:
    kept = facts(
        ("user", "the exam is on 5 March"),
        ("user", "the dutch exam is moved to 12 March, not 5 March"),
        date="2026-02-16",
    )
    assert not any("User's" in line for line in kept), kept
    assert any("12 March" in line for line in kept), kept


def test_a_word_after_a_relation_is_not_their_name() -> None:
    assert facts(("user", "my dentist appointment is on 5 March"), date="2026-02-16") == [
        "User's dentist appointment is on 5 March (as of 2026-02-16)."
    ]


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        ("knee's gone. physio reckons its a torn meniscus", "User has a torn meniscus."),
        ("the GP said it's a stress fracture, so no running", "User has a stress fracture."),
        ("swimming 4 mornings a week now", "User is swimming 4 mornings a week now."),
        (
            "two weeks notice so last day at the bakery is 14th nov",
            "User's last day at the bakery is 14th nov.",
        ),
    ],
)
def test_a_fact_told_through_someone_or_without_its_subject_is_kept(said: str, stored: str) -> None:
    assert facts(("user", said)) == [stored]


@pytest.mark.parametrize("said", ["I need to strip that down.", "I have to sort this out."])
def test_a_task_on_whatever_was_pointed_at_is_not_kept(said: str) -> None:
    assert facts(("user", said)) == []


def test_a_change_announced_under_a_label_is_not_stored_as_the_label() -> None:
    assert facts(("user", "Change of plan on the venue: the Crown instead.")) == []
    assert facts(("user", "hotels: Amsterdam 2 nights, Cologne 1 night")) == [
        "Hotels: Amsterdam 2 nights, Cologne 1 night."
    ]


def test_a_first_day_said_alone_beside_the_job_is_the_jobs_first_day() -> None:
    kept = facts(("user", "they offered this morning. sous chef at the anchor. start 2 march"))
    assert "User is a sous chef at the anchor." in kept
    assert any(line.startswith("User starts the job on 2 March") for line in kept), kept
    assert facts(("user", "course is booked. start 3 march")) == []


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        ("I play also the cello in an orchestra.", "User also plays the cello in an orchestra."),
        ("I go always to the market on Saturdays.", "User always goes to the market on Saturdays."),
        ("for the birthday of my abuela Carmen we go to Seville", "User's abuela is Carmen."),
        ("my babcia Zofia is 91", "User's babcia Zofia is 91."),
    ],
)
def test_a_learners_word_order_and_a_grandmother_in_their_language_are_read(
    said: str, stored: str
) -> None:
    assert stored in facts(("user", said))


def test_where_family_lives_is_read_from_a_visit_to_them() -> None:
    assert facts(("user", "sunday lunch at my gran's in Whitby.")) == [
        "User's gran lives in Whitby."
    ]
    assert facts(("user", "going to mum's in a bit")) == []


def test_a_fact_after_a_hypothetical_and_a_dashed_comment_is_kept() -> None:
    said = (
        "If the council say yes I'll be back for the flooding stuff — that's actually my "
        "thesis topic, I'm doing the Hydrology MSc part-time at Cranfield."
    )
    assert facts(("user", said)) == ["User is doing the Hydrology MSc part-time at Cranfield."]
    # without the dash, what follows the "if" stays hypothetical
    assert facts(("user", "If I get the job I'll move to Leeds, I'm doing the MSc there")) == []


@pytest.mark.parametrize(
    "said",
    ["my nan is a force of nature", "my dad was horrified.", "Kez has learned her lesson"],
)
def test_a_saying_about_someone_is_not_a_fact_of_theirs(said: str) -> None:
    assert facts(("user", said)) == []
