"""What lasts about someone, said in the first person without a telltale verb."""

from __future__ import annotations

import pytest

from offline_facts import facts


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I also can't drive.", "User also can't drive."),
        ("I haven't eaten meat since I was 15", "User hasn't eaten meat since they were 15."),
        ("I've lived in Hull my whole life", "User has lived in Hull their whole life."),
        ("I'm in the glasgow office.", "User is in the glasgow office."),
        ("I'm off fridays", "User is off Fridays."),
        ("I do compressed hours", "User does compressed hours."),
        (
            "I've entered the Dublin Marathon instead, Sunday 26 October.",
            "User has entered the Dublin Marathon instead, Sunday 26 October.",
        ),
        (
            "I'm registered with the HSE as a home food business already.",
            "User is registered with the HSE as a home food business already.",
        ),
        ("I'm interested in cycling", "User is interested in cycling."),
        (
            "we have puppy class starting march 15 at Petland, saturdays at 10",
            "User has puppy class starting March 15 at Petland, Saturdays at 10.",
        ),
        (
            "I sell on insta and at the sunday market",
            "User sells on insta and at the Sunday market.",
        ),
        (
            "I get tyres and tubes from Calder Distribution",
            "User gets tyres and tubes from Calder Distribution.",
        ),
    ],
)
def test_a_standing_fact_said_plainly_is_kept(said: str, kept: str) -> None:
    assert facts(("user", said)) == [kept]


@pytest.mark.parametrize(
    "said",
    [
        "I can't wait to see it",
        "I can't believe it",
        "I'm off wed",  # this week, not every week
        "I'm interested in that",
        "I get like 6 hrs now after nights.",
        "I do think so",
    ],
)
def test_a_passing_remark_in_the_same_shape_is_not(said: str) -> None:
    assert facts(("user", said)) == []


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "I'm also a bit lactose intolerant",
            "User is also a bit lactose intolerant.",
        ),
        (
            "I'm seriously looking at moving into data analysis.",
            "User is seriously looking at moving into data analysis.",
        ),
        (
            "I'm sending an extra €300 a month to my mum",
            "User is sending an extra €300 a month to their mum.",
        ),
        (
            "my left knee has been aching since sunday's 11k.",
            "User's left knee has been aching since Sunday's 11k (as of 2026-03-02).",
        ),
    ],
)
def test_a_mild_trait_a_change_weighed_money_each_month_and_an_ache_are_kept(
    said: str, kept: str
) -> None:
    assert facts(("user", said)) == [kept]


def test_a_passing_headache_is_not_an_ailment() -> None:
    assert facts(("user", "my head hurts lol")) == []


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I'll go home in july instead", "User will go home in July instead (as of 2026-03-02)."),
        ("I'm turning 30 in october", "User is turning 30 in October."),
        (
            "my thesis has to be submitted by end of january",
            "User's thesis has to be submitted by end of January (as of 2026-03-02).",
        ),
    ],
)
def test_a_plan_in_a_month_an_age_to_come_and_a_deadline_are_kept(said: str, kept: str) -> None:
    assert facts(("user", said)) == [kept]


def test_days_off_in_a_range_are_this_weeks_but_days_worked_are_a_pattern() -> None:
    assert facts(("user", "I'm off fri-sun")) == []
    assert facts(("user", "I'm only in mon-thu")) == ["User is only in mon-thu."]


def test_his_after_a_relative_the_clause_names_is_that_relatives() -> None:
    stored = facts(
        ("user", "Commit is what my tutor calls the thesis plan. he's strict"),
        ("user", "I'll go home in july, when my brother finishes his exams"),
    )
    assert not any("Commit's exams" in line or "tutor's exams" in line for line in stored)


@pytest.mark.parametrize("said", ["I have a draft, it's bad", "I have a meeting", "we have a lab"])
def test_something_had_with_nothing_said_about_it_is_not_kept(said: str) -> None:
    assert facts(("user", said)) == []


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I take levothyroxine every morning", "User takes levothyroxine every morning."),
        ("I started on 50mg sertraline", "User started on 50mg sertraline."),
        (
            "My mum has just been diagnosed with vascular dementia",
            "User's mum has just been diagnosed with vascular dementia.",
        ),
    ],
)
def test_a_medicine_and_a_diagnosis_are_kept(said: str, kept: str) -> None:
    assert facts(("user", said)) == [kept]


def test_a_clause_after_but_with_its_own_subject_stands_apart() -> None:
    stored = facts(("user", "I'm vegetarian but my husband eats anything"))
    assert "User is vegetarian." in stored


@pytest.mark.parametrize(
    "said", ["I'm a nurse so my schedule is a bit chaotic", "my writing is like a 12 year old"]
)
def test_a_verdict_on_ones_things_is_not_a_fact(said: str) -> None:
    assert not any("schedule" in line or "writing" in line for line in facts(("user", said)))


def test_how_long_with_a_partner_is_kept_without_whom_it_was_said_to() -> None:
    assert facts(("user", "I've been with Dev 6 years, mum")) == ["User has been with Dev 6 years."]


def test_a_trip_is_kept_but_going_somewhere_unsaid_is_not() -> None:
    assert facts(("user", "I'm going to Lisbon in November")) == [
        "User is going to Lisbon in November."
    ]
    assert facts(("user", "I'm going to the gym")) == []
    assert facts(("user", "the team is going in November, not October")) == []
    assert facts(("user", "I want to go now, not in December")) == []


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("asthma been bad lately.", "User's asthma has been bad lately (as of 2026-03-02)."),
        ("sciatica's flared up again", "User's sciatica has flared up again (as of 2026-03-02)."),
        ("I'm scared of motorways", "User is scared of motorways."),
        ("pay is like 1900 a month after tax.", "User's pay is about 1900 a month after tax."),
    ],
)
def test_a_condition_a_fear_and_pay_said_tersely_are_kept(said: str, kept: str) -> None:
    assert facts(("user", said)) == [kept]


def test_a_worry_about_this_months_chore_is_not_a_fear() -> None:
    assert facts(("user", "I'm scared of the apartment search")) == []


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I turned down the Edinburgh job", "User turned down the Edinburgh job."),
        ("accepted the offer from Arup", "User accepted the offer from Arup."),
    ],
)
def test_an_offer_turned_down_or_accepted_is_news(said: str, kept: str) -> None:
    assert facts(("user", said)) == [kept]


@pytest.mark.parametrize(
    "said",
    [
        "i live in lawson at this point so im an expert",
        "I'm not giving up parkin entirely, I'd rather die lol",
        "monkey mayhem fully booked on the 22nd",
    ],
)
def test_hyperbole_and_a_place_fully_booked_are_not_facts(said: str) -> None:
    assert facts(("user", said)) == []


def test_a_breed_after_the_pet_word_is_not_its_name() -> None:
    stored = facts(("user", "mam sent a video of bran (our dog, border collie) at the door"))
    assert not any("Border" in line for line in stored)


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "I'm going to apply for QA jobs in January",
            "User is going to apply for QA jobs in January",
        ),
        ("gonna do the ISTQB exam in november", "User is going to do the ISTQB exam in November"),
        ("planning to start the bootcamp in september", "User is planning to start the bootcamp"),
    ],
)
def test_a_plan_with_its_month_is_kept_however_the_future_is_said(said: str, kept: str) -> None:
    assert any(line.startswith(kept) for line in facts(("user", said)))


@pytest.mark.parametrize(
    "said", ["I'm going to cry", "I'm going to the new school tomorrow", "going to try it later"]
)
def test_a_feeling_or_an_errand_is_no_plan(said: str) -> None:
    assert facts(("user", said)) == []


@pytest.mark.parametrize("said", ["utr yes. registered feb", "bought oct 24."])
def test_a_deed_with_only_its_date_says_too_little(said: str) -> None:
    assert facts(("user", said)) == []


def test_a_beginning_or_a_move_with_its_date_says_enough() -> None:
    assert facts(("user", "started sept 2024")) == ["User started sept 2024."]
    assert facts(("user", "I moved in March")) == ["User moved in March."]


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("due 3rd march now", "User is due 3rd March now"),
        ("I'm due in June", "User is due in June"),
    ],
)
def test_a_due_date_said_by_whoever_carries_the_baby(said: str, kept: str) -> None:
    assert any(line.startswith(kept) for line in facts(("user", said)))


@pytest.mark.parametrize("said", ["rent due 1st", "I'm due a holiday"])
def test_other_things_due_are_no_baby(said: str) -> None:
    assert not any("is due" in line for line in facts(("user", said)))
