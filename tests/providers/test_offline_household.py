"""The user's household, things and people, said the way people say them to an assistant."""

from __future__ import annotations

import pytest

from offline_facts import facts


def test_we_said_to_an_assistant_outside_work_is_the_user_and_their_household() -> None:
    stored = facts(
        ("user", "We gave notice June 2 so the lease ends August 31."),
        ("assistant", "Perfect timing, no overlap."),
        ("user", "we booked the movers for august 29"),
    )
    assert "User gave notice June 2 so the lease ends August 31." in stored
    assert "User booked the movers for August 29." in stored


def test_we_at_work_is_still_the_team_and_between_two_people_it_is_not_guessed() -> None:
    at_work = facts(("user", "we deploy the api to kubernetes every friday"))
    assert at_work == ["The team deploys the api to kubernetes every Friday."]
    couple = facts(
        ("user", "hey babe we booked the movers for august 29"),
        ("assistant", "omg finally!! ok ill tell my mum lol"),
        ("user", "haha yes tell her"),
        ("assistant", "ok love u"),
    )
    assert not any("movers" in line for line in couple)


def test_a_thing_of_ones_own_said_without_my_is_the_users() -> None:
    stored = facts(("user", "Bike is a Canyon Endurace CF 7. contractor is Kowalski Renos"))
    assert "User's bike is a Canyon Endurace CF 7." in stored
    assert "User's contractor is Kowalski Renos." in stored


def test_a_thing_said_without_a_value_or_a_home_being_looked_at_is_not_kept() -> None:
    assert facts(("user", "bike is fine now")) == []
    assert facts(("user", "there's a unit in Clifton. rent is £3,200 a month")) == []


def test_a_person_named_in_lower_case_keeps_their_facts_once_a_relation_names_them() -> None:
    stored = facts(
        ("user", "my husband tom's van broke down again"),
        ("assistant", "Oh no. Is it fixable?"),
        ("user", "probably. also tom is allergic to cats so no cat"),
    )
    assert "User's husband is Tom." in stored
    assert "User's husband Tom is allergic to cats." in stored


def test_a_word_said_often_is_not_a_person_when_something_is_said_of_it() -> None:
    stored = facts(
        ("user", "budget for the trip? not sure"),
        ("assistant", "What budget did you have in mind?"),
        ("user", "budget is about £600, budget matters a lot to me"),
    )
    assert not any(line.startswith("Budget") for line in stored)


def test_one_bought_or_booked_needs_the_talk_to_say_which() -> None:
    stored = facts(
        ("assistant", "Do you have a travel adapter?"),
        ("user", "we booked one for october"),
    )
    assert stored == []


def test_an_appointment_booked_or_a_date_said_first_is_the_users() -> None:
    assert facts(("user", "yep recheck booked 17 july")) == [
        "User's recheck is booked for 17 July."
    ]
    assert facts(("user", "Bike fit is booked for March 14.")) == [
        "User's bike fit is booked for March 14."
    ]
    assert facts(("user", "flights booked oct 8")) == ["User's flights are booked for Oct 8."]
    assert facts(("user", "wait feb 28 is my last day at harbor mutual")) == [
        "User's last day at harbor mutual is Feb 28."
    ]
    assert facts(("user", "it's booked for may 3")) == []


def test_a_choice_made_is_kept_with_or_without_its_i() -> None:
    assert facts(("user", "went with octopus 12M fixed. cheaper")) == [
        "User went with octopus 12M fixed."
    ]
    assert facts(("user", "I went with it")) == []


def test_a_short_aside_does_not_hide_the_fact_around_it() -> None:
    stored = facts(("user", "my residence permit (study) expires on 31 august 2025"))
    assert [line.split(" (as of")[0] for line in stored] == [
        "User's residence permit expires on 31 August 2025"
    ]


def test_a_terse_introduction_gives_the_age_and_the_job_beside_the_name() -> None:
    stored = facts(("user", "im rafael. currently hotel receptionist. lisbon. 29. realistic?"))
    assert "User's name is Rafael." in stored
    assert "User is 29." in stored
    assert "User is a hotel receptionist." in stored
    assert facts(("user", "im rafael. 29. 31. which is cheaper?")) == ["User's name is Rafael."]


def test_what_is_said_of_the_group_is_not_said_of_the_user() -> None:
    assert facts(("user", "can you write a sign? nothing corporate, we're a friendly shop")) == []
    assert facts(("user", "we have to cut back")) == []


def test_a_team_or_a_shop_says_what_it_moves_keeps_and_when_it_opens() -> None:
    moving = facts(("user", "we're moving the payouts-service db from MySQL 5.7 to Postgres 16."))
    assert moving == ["The team is moving the payouts-service db from MySQL 5.7 to Postgres 16."]
    hours = facts(
        ("user", "the suppliers put prices up again, payroll is due friday"),
        ("user", "customers keep asking. we're open tue to sat 8:30 to 5:30, closed monday."),
    )
    assert "The team is open tue to sat 8:30 to 5:30, closed Monday." in hours


def test_terse_news_said_object_first_or_as_years_is_the_speakers() -> None:
    assert facts(("user", "photographer lumen and co 4200 booked.")) == [
        "User booked photographer lumen and co 4200."
    ]
    assert facts(("user", "deposit paid 5k.")) == ["User paid deposit 5k."]
    assert facts(("user", "5 yrs of react. loving it")) == ["User has 5 years of react."]
    assert facts(("user", "keeping apple maps on ios")) == ["User is keeping apple maps on ios."]


def test_object_first_news_needs_a_thing_named_and_not_someone_elses_card() -> None:
    assert facts(("user", "van booked.")) == []
    assert facts(("user", "my boss gave me a card signed by all the regulars")) == []
    assert facts(("user", "4 years of my life, gone")) == []


def test_a_job_an_office_and_a_deadline_said_without_my_are_the_users() -> None:
    assert facts(("user", "job is Sustainability Officer at GreenGrid Energy")) == [
        "User's job is Sustainability Officer at GreenGrid Energy."
    ]
    assert facts(("user", "Office is in HafenCity")) == ["User's office is in HafenCity."]
    rego = facts(("user", "rego is due 12 september"))
    assert [line.split(" (as of")[0] for line in rego] == ["User's rego is due on 12 September"]
    assert not any(line.startswith("User's job") for line in facts(("user", "the job is in Lyon")))


def test_a_named_persons_news_and_dated_plan_are_theirs() -> None:
    stored = facts(
        ("user", "my sister Ines applied at the bank, and Declan is her husband"),
        ("assistant", "Fingers crossed for her!"),
        ("user", "Ines got the job! Declan is going to fly out 20 dec to celebrate"),
    )
    assert "User's sister Ines got the job." in stored
    assert "Declan is going to fly out 20 Dec to celebrate." in stored
    assert not any("home" in line for line in facts(("user", "so Kai got home at 3am")))


def test_a_parents_health_news_is_kept_but_not_an_opinion_of_them() -> None:
    assert facts(("user", "dad had a stroke in february")) == [
        "User's dad had a stroke in February."
    ]
    assert facts(("user", "my dad had a fall")) == ["User's dad had a fall."]
    assert facts(("user", "mum runs a tight ship")) == []
    assert facts(("user", "my mum had a great time")) == []


def test_a_budget_said_as_a_label_is_the_users() -> None:
    assert facts(("user", "budget 45k total")) == ["User's budget is 45k total."]
    assert facts(("user", "budget for the trip: ~2,500 eur")) == [
        "User's budget for the trip is ~2,500 eur."
    ]
    assert facts(("user", "the budget is tight")) == []


def test_terse_work_talk_names_the_job_the_boss_and_the_tools() -> None:
    stored = facts(
        ("user", "sre at trackly, parcel tracking. terraform for infra."),
        ("assistant", "Got it. What do you deploy with?"),
        ("user", "argocd. kustomize now for everything. karim (boss) wants a migration doc"),
    )
    assert "User is an sre at trackly, parcel tracking." in stored
    assert "The team uses terraform for infra." in stored
    assert "The team uses kustomize for everything." in stored
    assert "User's boss is Karim." in stored
    assert facts(("user", "UX researcher at a software company")) == [
        "User is a UX researcher at a software company."
    ]
    assert facts(("user", "the report (draft) is late")) == []


def test_chat_shorthand_reads_as_words() -> None:
    assert "User's girlfriend is Tash." in facts(
        ("user", "taking Tash my gf, her dad's a mechanic")
    )
    assert facts(("user", "fine. yaris. going w yaris")) == ["User is going with yaris."]
    assert facts(("user", "found 1. 2016 yaris, 48k miles")) == []


def test_an_age_among_fragments_answers_how_old_are_you() -> None:
    stored = facts(
        ("user", "yo. need help buying first car"),
        ("assistant", "Sure! 1. Budget? 2. How long have you been driving, and how old are you?"),
        ("user", "jay. 22. salford. budget 4k."),
    )
    assert "User is 22." in stored
    assert "User's budget is 4k." in stored
    untold = facts(("assistant", "How old is the car?"), ("user", "its a 2016. 48k miles. 5200"))
    assert not any(line.startswith("User is") for line in untold)


def test_our_before_a_name_is_family_talk() -> None:
    assert facts(("user", "our Callum's away at uni in Newcastle, second year.")) == [
        "Callum is away at uni in Newcastle, second year."
    ]


def test_a_relatives_name_typed_once_in_lower_case_is_still_a_name() -> None:
    assert facts(("user", "my husband tom wanted to call her Sir Barks-a-Lot")) == [
        "User's husband is Tom."
    ]
    assert "User's sister is Bruna." in facts(("user", "my sister bruna, her baby theo"))
    assert not any("Called" in line for line in facts(("user", "my mum called, all fine")))
    assert not any("Bakes" in line for line in facts(("user", "my sister bakes bread")))


def test_a_new_budget_replaces_the_old_and_an_option_number_needs_the_talk() -> None:
    stored = facts(
        ("user", "budget 4k"),
        ("assistant", "Noted."),
        ("user", "update. budget is 5.5k now. going with option 1"),
    )
    assert stored == ["User's budget is 5.5k now."]


def test_an_age_said_plainly_and_a_name_given_in_another_language_are_kept() -> None:
    assert facts(("user", "honestly I'm 34 and I'm this nervous")) == ["User is 34."]
    assert facts(("user", "Ciao! Mi chiamo Gabrielle ma tutti mi chiamano Gabby.")) == [
        "User's name is Gabrielle.",
        "User goes by Gabby.",
    ]
    assert facts(("user", "everyone calls me Gabby")) == ["User goes by Gabby."]
    assert facts(("user", "everyone calls me lazy")) == []
    assert facts(("user", "Hola, me llamo Sofía.")) == ["User's name is Sofía."]


def test_a_name_given_when_asked_for_it_is_the_users() -> None:
    stored = facts(
        ("user", "can u grab the prescription from boots"),
        ("assistant", "under ur name?"),
        ("user", "yes Priya Sharma. they never find it under cole"),
    )
    assert "User's name is Priya Sharma." in stored
    assert facts(("assistant", "under ur name?"), ("user", "yes obviously")) == []


def test_our_pet_and_a_named_childs_new_age_are_kept() -> None:
    assert facts(("user", "our dog Biscuit is scared of fireworks")) == [
        "User has a dog called Biscuit."
    ]
    stored = facts(("user", "my daughter Isla is lovely. Isla turned 4 yesterday"))
    assert "User's daughter Isla turned 4 on 1 March 2026." in stored  # the day, not "yesterday"


def test_between_two_people_a_request_is_no_rule_for_an_assistant() -> None:
    stored = facts(
        ("user", "marcus!! i broke the mug sorry"),
        ("assistant", "lol its fine"),
        ("user", "don't apologise for the cat either"),
        ("assistant", "ok ok"),
    )
    assert not any("the assistant" in line for line in stored)


def test_we_all_is_the_group_not_how_the_team_works() -> None:
    stored = facts(
        ("user", "the deploy went out and the api is fine"),
        ("user", "we all clapped like idiots when the migration finished"),
    )
    assert not any("clapped" in line for line in stored)


def test_where_someone_is_from_and_what_they_study_answer_the_question() -> None:
    assert facts(
        ("assistant", "Where are you from originally?"), ("user", "rosario, argentina")
    ) == ["User is from Rosario."]
    assert facts(("assistant", "What are you studying?"), ("user", "psych, 2nd year")) == [
        "User studies psych."
    ]
    assert facts(("assistant", "Where are you from?"), ("user", "not sure tbh")) == []


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("cian and I broke up last week", "User and Cian broke up last week."),
        ("me and Sara split up", "User and Sara split up."),
        ("me and Tom got married in May", "User and Tom got married in May."),
    ],
)
def test_the_user_and_someone_named_are_one_subject(said: str, kept: str) -> None:
    assert kept in facts(("user", said))


def test_a_word_before_and_i_that_is_no_name_is_not_a_partner() -> None:
    assert facts(("user", "so and I split up the bill")) == []


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("Kasia's on mat leave till march", "Kasia is on mat leave till March."),
        ("Sam's moving to Berlin in June", "Sam is moving to Berlin in June."),
        ("Ines is due 3 Dec", "Ines is due 3 Dec"),
    ],
)
def test_other_peoples_news_told_in_passing_stays_theirs(said: str, kept: str) -> None:
    stored = facts(("user", "so Kasia and Sam and Ines are all coming"), ("user", said))
    assert any(line.startswith(kept) for line in stored), stored
    assert not any(line.startswith("User's") for line in stored), stored
