"""Plain statements about a life that the offline engine keeps, and near misses it does not."""

from __future__ import annotations

import pytest

from offline_facts import facts


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("my son has autism", "User's son has autism."),
        ("my mum has dementia", "User's mum has dementia."),
        ("my dad passed away last year", "User's dad passed away last year."),
        ("my cat died last month", "User's cat died last month."),
        ("I don't drink alcohol", "User doesn't drink alcohol."),
        ("I'm on maternity leave until March", "User is on maternity leave until March."),
        ("I'm looking for a new job", "User is looking for a new job."),
        ("I earn about 42k", "User earns about 42k."),
        ("I weigh 82kg", "User weighs 82kg."),
        ("I'm type 1 diabetic", "User is type 1 diabetic."),
        ("I had knee surgery in January", "User had knee surgery in January."),
        ("I quit smoking 3 months ago", "User quit smoking 3 months ago."),
        ("I quit sugar", "User quits sugar."),
        ("been a plumber 15 years", "User has been a plumber 15 years."),
        ("just started as a barista at Costa", "User just started as a barista at Costa."),
        ("i'm studying nursing", "User is studying nursing."),
        ("my wife's a doctor", "User's wife is a doctor."),
        ("my son's 4", "User's son is 4."),
        ("my partner works shifts", "User's partner works shifts."),
        (
            "my last day at harbor mutual is Feb 28",
            "User's last day at harbor mutual is Feb 28.",
        ),
        # family said without "my", as the owner of what is told
        (
            "dad's cataract op is thursday 16th oct",
            "User's dad's cataract op is Thursday 16th oct.",
        ),
        ("mum's birthday is the 30th", "User's mum's birthday is the 30th."),
        # "wedding" is a thing of theirs, not something they are doing
        ("brother's wedding is 14 june", "User's brother's wedding is 14 June."),
        ("birthday is 12 may btw", "User's birthday is 12 May."),
        ("I have osteoarthritis in my right hip", "User has osteoarthritis in their right hip."),
        ("I have hay fever", "User has hay fever."),
    ],
)
def test_a_plain_statement_about_a_life_is_kept(said: str, kept: str) -> None:
    assert facts(("user", said)) == [kept]


@pytest.mark.parametrize(
    "said",
    [
        "my laptop died",  # a bad day, not a loss in the family
        "I'm looking at it",
        "I've been looking, yes",
        "I earn more than that",
        "I had a great time",
        "I don't know whether to email the teacher",
        "I'm learning",  # learning what, the talk says
        "I don't want to babysit the server at the weekend",  # a mood, not a habit
        "I don't think the bus goes that far",
    ],
)
def test_a_near_miss_is_not_kept(said: str) -> None:
    assert facts(("user", said)) == []


def test_a_later_weight_replaces_the_earlier() -> None:
    chat = [("user", "I weigh 82kg"), ("assistant", "ok"), ("user", "I weigh 79kg now")]
    assert facts(*chat) == ["User weighs 79kg now."]


def test_you_as_an_object_leaves_the_next_word_alone() -> None:
    from reverie.providers.offline.person import to_third_person

    said = to_third_person("my dad will love you forever", listener="Marcus")
    assert said.endswith("love Marcus forever")


def test_a_dislike_of_what_just_happened_is_no_preference() -> None:
    assert facts(("user", "I hate when that happens")) == []


def test_may_and_march_after_in_are_months() -> None:
    assert facts(("user", "I moved to Leeds in march")) == ["User moved to Leeds in March."]


def test_she_after_my_daughter_is_named_means_her() -> None:
    assert "User's daughter Wren is 7." in facts(("user", "my daughter is Wren. shes 7"))
    assert "User's brother is a chef in Leeds." in facts(
        ("user", "my brother is great. hes a chef in Leeds")
    )


def test_a_named_childs_condition_and_teacher_are_kept() -> None:
    stored = facts(
        ("user", "my daughter Wren is 7."),
        ("user", "Wren has eczema"),
        ("user", "Wren's teacher is Mr Okonjo"),
    )
    assert "User's daughter Wren has eczema." in stored
    assert "User's daughter Wren's teacher is Mr Okonjo." in stored


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("i get 12.40 an hour", "User earns 12.40 an hour."),
        ("im on 12.40 an hour", "User earns 12.40 an hour."),
        ("i make 45k a year", "User earns 45k a year."),
    ],
)
def test_pay_said_without_my_is_the_speakers(said: str, kept: str) -> None:
    assert kept in facts(("user", said))


def test_a_corrected_salary_said_without_my_is_kept() -> None:
    stored = facts(
        ("user", "ok so salary is 38k, before tax"),
        ("user", "no wait salary is 39k now, they gave me a raise in april."),
    )
    assert "User's salary is 39k now." in stored
    assert not facts(("user", "i get 20 minutes a day"))


def test_the_rent_of_a_place_looked_at_is_not_the_speakers() -> None:
    said = "there's a unit on Princess Victoria Street. rent is £3,200 a month."
    assert not any("User's rent" in line for line in facts(("user", said)))


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "folic acid 5mg on Mondays and hydroxychloroquine 200mg a day.",
            "User takes folic acid 5mg on Mondays and hydroxychloroquine 200mg a day.",
        ),
        ("sertraline 50mg daily", "User takes sertraline 50mg daily."),
        ("I take folic acid 5mg on Mondays.", "User takes folic acid 5mg on Mondays."),
    ],
)
def test_a_medicine_with_its_dose_and_how_often_is_what_the_speaker_takes(
    said: str, kept: str
) -> None:
    assert kept in facts(("user", said))


@pytest.mark.parametrize("said", ["paracetamol 500mg", "the dog gets 5mg twice a day"])
def test_a_dose_taken_once_or_by_someone_else_is_not_the_speakers_regime(said: str) -> None:
    assert not any(line.startswith("User takes") for line in facts(("user", said)))


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I just turned 40 last week", "User just turned 40 last week."),
        ("my son just turned 7", "User's son just turned 7."),
        ("I got divorced last year", "User got divorced last year."),
    ],
)
def test_an_age_reached_or_a_divorce_is_kept(said: str, kept: str) -> None:
    assert kept in facts(("user", said))


@pytest.mark.parametrize("said", ["I turned 180 degrees", "I turned 5 pages in"])
def test_turning_a_number_of_something_is_no_age(said: str) -> None:
    assert not facts(("user", said))


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I started at Tesco", "User started at Tesco."),
        ("new flat is in Hackney, 2 bed", "User's new flat is in Hackney, 2 bed."),
    ],
)
def test_a_new_job_or_home_said_tersely_is_kept(said: str, kept: str) -> None:
    assert kept in facts(("user", said))


@pytest.mark.parametrize("said", ["I started at 9", "I left at Easter"])
def test_starting_or_leaving_at_a_time_says_nothing_lasting(said: str) -> None:
    assert not facts(("user", said))


@pytest.mark.parametrize(
    ("said", "kept"),
    [("I'm on a Mac", "User is on a Mac."), ("I'm on Windows 11", "User is on Windows 11.")],
)
def test_the_computer_the_speaker_is_on_is_kept(said: str, kept: str) -> None:
    assert kept in facts(("user", said))
    assert not facts(("user", "I'm on a Zoom call"))


def test_a_dated_booking_is_kept_and_a_busy_weekend_is_not() -> None:
    said = "I'm booked in for a total hip replacement on the 14th of October at the Memorial."
    assert facts(("user", said)) == [
        "User is booked in for a total hip replacement on the 14th of October at the Memorial "
        "(as of 2026-03-02)."
    ]
    assert facts(("user", "im booked for the whole weekend lol")) == []
    assert facts(("user", "I'm booked on the 9am train")) == []


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I fly out on 15 December", "User flies out on 15 December"),
        ("fly out 15th dec so we have a couple days to recover", "User flies out 15th dec."),
        ("I leave 3rd jan", "User leaves 3rd jan."),
    ],
)
def test_a_journey_on_a_day_is_kept(said: str, kept: str) -> None:
    assert any(line.startswith(kept) for line in facts(("user", said))), facts(("user", said))


@pytest.mark.parametrize("said", ["I go on holiday a lot", "fly out 2pm", "I come back later"])
def test_a_journey_without_a_day_is_not_a_dated_plan(said: str) -> None:
    assert not any("flies" in line or "goes on" in line for line in facts(("user", said)))
