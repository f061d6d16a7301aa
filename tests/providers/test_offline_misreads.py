"""Words the rules once misread as names or facts: a draft's placeholder, a place, a bill."""

from __future__ import annotations

import re

import pytest

from offline_facts import facts
from reverie.providers.offline.extract import extract_facts
from reverie.providers.offline.pronouns import resolve_pronouns
from reverie.providers.offline.transcript import Turn

_DRAFT = (
    "Something like:\n\nHi [Name],\n\nJust following up on invoice INV-0142, due on 28 "
    "September.\n\nMany thanks,\n[Your name]\n\nWould you like a firmer version too?"
)


def test_a_drafts_name_placeholder_is_not_a_question_asking_the_name() -> None:
    stored = facts(("assistant", _DRAFT), ("user", 'shorter. and no "hope youre well"'))
    assert not any("name" in line for line in stored), stored


def test_an_answer_to_a_real_name_question_still_gives_the_name() -> None:
    stored = facts(("assistant", "Happy to help. What's your name?"), ("user", "tariq. 23."))
    assert "User's name is Tariq." in stored


def test_a_place_said_as_a_possessive_is_not_whom_a_friend_addresses() -> None:
    stored = facts(
        ("user", "tunde!! ok been looking. 2 options"),
        ("assistant", "go on"),
        ("user", "1. church hall in woolwich\n2. ayo's kitchen in peckham. private room"),
        ("assistant", "ok ayo's. u book it i'll pay u back half"),
        ("user", "booking tmrw. ayo's can do 9th aug"),
        ("assistant", "ayo's. sorted. ur the best"),
    )
    assert not any("Ayo" in line for line in stored), stored


def test_the_friends_name_mid_sentence_parts_two_sentences() -> None:
    stored = facts(
        ("user", "Tunde!! ok been looking. 2 options"),
        ("assistant", "Kemi!! go on then"),
        ("user", "booking tmrw. they can do 9th aug"),
        ("assistant", "sorted. ur the best"),
        ("user", "i'm 29 tunde i have responsibilities"),
        ("assistant", "lol ok grandma"),
    )
    assert "User is 29." in stored
    assert not any("responsibilities" in line for line in stored), stored


def test_an_everyday_word_before_brackets_is_no_name() -> None:
    stored = facts(
        ("user", "sam is off next week. hes self employed (plumber) so he just decided"),
        ("assistant", "Sure, go ahead."),
        ("user", "rhodri (accountant) sorts the VAT"),
    )
    assert not any("Employed" in line for line in stored), stored
    assert "Rhodri is an accountant." in stored


def test_a_bill_falls_due_and_a_baby_is_due() -> None:
    billed = facts(("user", "1850. 30 days. due 28 sep. sent 1 reminder."))
    assert not any("due" in line for line in billed), billed
    expecting = facts(("user", "due 3rd march now. 20 wks"))
    assert any(line.startswith("User is due 3rd March") for line in expecting), expecting


@pytest.mark.parametrize("said", ["booked first one", "found 2 options", "signed and sent"])
def test_a_deed_on_a_bare_one_or_count_says_nothing_alone(said: str) -> None:
    stored = facts(
        ("user", said), ("assistant", "Sure, go ahead."), ("user", "booked flights to osaka")
    )
    assert stored == ["User booked flights to osaka."]


def test_a_she_after_a_he_is_not_him() -> None:
    said = [
        "Arlo has a severe peanut allergy.",
        "He carries an EpiPen in his backpack.",
        "June is lactose intolerant, not allergic",
        "she just gets sick if she has a lot of dairy.",
    ]
    assert not resolve_pronouns(said)[-1].startswith("Arlo")


def test_a_she_is_never_a_thing_named_in_code() -> None:
    context = [("`.copy()` makes `claims` its own DataFrame, so pandas knows.", "the assistant")]
    said = ["sorry dosa just walked across the keyboard.", "she's decided the laptop is warm"]
    assert resolve_pronouns(said, "User", context)[-1] == "Dosa has decided the laptop is warm"


def test_a_person_spelled_in_camel_case_is_still_a_person() -> None:
    said = ["I met McKenzie at the climbing wall.", "she's a paramedic"]
    assert resolve_pronouns(said)[-1] == "McKenzie is a paramedic"


def test_a_name_typed_in_lower_case_is_who_he_is() -> None:
    said = ["luis is an ICU nurse at hennepin", "he's started applying to denver health"]
    assert resolve_pronouns(said)[-1] == "Luis has started applying to denver health"


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("nah. stay sole trader. im 31 not running an empire", ["User is 31."]),
        ("im 38 and new to bristol", ["User is 38.", "User is new to bristol."]),
        ("I'm 29 and a nurse", ["User is 29.", "User is a nurse."]),
        ("i'm 27 and i feel like i'm 90", ["User is 27."]),
        ("I'm 34 and live in Lisbon", ["User is 34.", "User lives in Lisbon."]),
        ("Diolch. 52 going on 90 this week.", ["User is 52."]),
        ("it was 10 going on 11 by the time we left", []),
        ("I'm 34 and turning 35 in May", ["User is 34 and turning 35 in May."]),
    ],
)
def test_an_age_is_kept_apart_from_what_follows_it(said: str, kept: list[str]) -> None:
    assert facts(("user", said)) == kept


def test_what_is_said_of_a_name_typed_in_lower_case_is_kept_by_name() -> None:
    said = "ewan says it means no docs. he's a physics teacher, he's seen things"
    assert facts(("user", said)) == ["Ewan is a physics teacher."]


@pytest.mark.parametrize(
    "said",
    [
        "Important: confirm the numbers. he's a physics teacher",
        "crayons everywhere. she's eaten worse",
        "Jess? she's yeah",
    ],
)
def test_a_word_that_opens_a_sentence_is_nobody_a_pronoun_means(said: str) -> None:
    assert facts(("user", said)) == []


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("so last day at caledon 29 aug", "User's last day at caledon is 29 Aug."),
        (
            "appointment at consulate is 10 february",
            "User's appointment at consulate is 10 February",
        ),
    ],
)
def test_a_dated_event_of_ones_own_may_say_where(said: str, kept: str) -> None:
    assert any(line.startswith(kept) for line in facts(("user", said)))


def test_i_am_indeed_is_no_name_but_deb_here_is() -> None:
    assert facts(("user", "I am indeed! I always enter three dahlias in the show")) == []
    assert facts(("user", "deb here. need new car. help")) == ["User's name is Deb."]


def test_an_answer_never_keeps_the_questions_you() -> None:
    stored = facts(
        (
            "assistant",
            "That's about £44k a year on flour. What's the alternative you're weighing up?",
        ),
        ("user", "bacheldre watermill. welsh, mid wales, stoneground, organic."),
    )
    assert not any(re.search(r"\byou", line) for line in stored), stored


def test_an_everyday_word_opening_the_assistants_sentence_is_not_who_her_means() -> None:
    stored = facts(
        ("user", "she had hummus and her lips went puffy. gp thinks sesame"),
        ("assistant", "Worth bringing:\n- Photos of the reaction, if you have them"),
        ("user", "i have one blurry pic of her lips. ill start a diary tonight"),
    )
    assert not any("Photos" in line for line in stored), stored


def test_a_plural_thing_opening_the_users_sentence_is_not_who_him_means() -> None:
    stored = facts(
        ("user", "Pics or it didn't happen"),
        ("assistant", "sending now"),
        ("user", "I love him. You look like a Danish grandma"),
    )
    assert not any("Pics" in line for line in stored), stored


def test_a_name_that_is_an_everyday_word_is_still_who_she_means() -> None:
    said = ["Joy came round for tea.", "she's a teacher at the primary"]
    assert resolve_pronouns(said, known={"Joy"})[1] == "Joy is a teacher at the primary"
    assert resolve_pronouns(said, context=[("Joy said hi", "User")])[1].startswith("Joy is")


def test_a_reason_with_its_own_subject_is_no_terse_deed() -> None:
    said = [
        ("user", "kemi here. i'll pay 40"),
        ("assistant", "no. u pay 40 i pay 60"),
        ("user", "why"),
        ("assistant", "bc u just bought the car and i got a raise. don't argue"),
    ]
    turns = [
        Turn(role, text, "2025-07-02", "Tunde" if role == "assistant" else None)
        for role, text in said
    ]
    stored = [fact.text for fact in extract_facts(turns)]
    assert not any("because" in line for line in stored), stored
    assert "User's flights are booked for 3rd May." in facts(("user", "flights booked for 3rd may"))


def test_a_list_of_people_in_a_first_message_is_not_who_is_writing() -> None:
    said = (
        "Review is Thursday. I present to the committee (Martin, Lucy, and the chair Dr Alan "
        "Crewe, who is an oceanographer). Can you help?"
    )
    assert not any(line.startswith("User is Martin") for line in facts(("user", said)))
    assert "User is Dean, Swindon." in facts(("user", "Dean, Swindon. need a website"))


def test_a_thought_broken_off_after_so_is_not_kept() -> None:
    stored = facts(
        ("user", "I'm in Levenshulme in Manchester, so Chorlton... no, sorry, miles away.")
    )
    assert not any("Chorlton" in line for line in stored), stored
