"""Answers in fragments to "what's your X?": the question names what the fragments are."""

from __future__ import annotations

import pytest

from offline_facts import facts
from reverie.providers.offline.slots import slot_of
from reverie.providers.offline.topic_answers import question_pairs


@pytest.mark.parametrize(
    ("asked", "said", "kept"),
    [
        (
            "Sounds rough. What are the work hours like?",
            "nights. dpd depot trafford park. 10pm-6am. sun to wed. night bus is shite",
            "User's work hours: nights, dpd depot trafford park, 10pm-6am, sun to wed.",
        ),
        (
            "That can be a driver issue. What are your specs?",
            "ryzen 7 5800x3d, rtx 3070, 32gb ddr4 3600, 2tb nvme. monitor is 1440p 165hz",
            "User's specs: ryzen 7 5800x3d, rtx 3070, 32gb ddr4 3600, 2tb nvme.",
        ),
        ("Do you have any allergies?", "just peanuts tbh", "User's allergies: peanuts."),
        (
            "6 May. ok. code freeze?",
            "code freeze Tuesday 29 April",
            "User's code freeze: Tuesday 29 April.",
        ),
        (
            "What does the monthly quote look like?",
            "monthly quote. 245 deposit then 10 x 157",
            "User's monthly quote: 245 deposit then 10 x 157.",
        ),
        (
            "What editor do you use?",
            "neovim, lazyvim config",
            "User's editor: neovim, lazyvim config.",
        ),
        ("What's the budget?", "about 2k", "User's budget: about 2k."),
        ("When's the leave?", "11-22 aug. she'll cover", "User's leave: 11-22 aug."),
        (
            "Who is your GP?",
            "dr patel at the marsh surgery",
            "User's gp: dr patel at the marsh surgery.",
        ),
        ("What do you use for backups?", "restic to b2", "User uses restic to b2 for backups."),
        ("Oof. What are you playing?", "sf6. lost 7 in a row", "User is playing sf6."),
        (
            "What are your other main costs — rent, bills, phone?",
            "rent 550 (we share a flat). phone 30",
            "User's costs: rent 550, phone 30.",
        ),
        ("Do you use a bank with pots, like Monzo or Starling?", "monzo yeh", "User uses Monzo."),
        ("Do you prefer Python or Go?", "go, always", "User prefers Go."),
        ('Where\'s "here"?', "brisbane. so aest", "User lives in Brisbane."),
    ],
)
def test_fragments_answering_a_question_keep_what_it_asked(
    asked: str, said: str, kept: str
) -> None:
    assert kept in facts(("assistant", asked), ("user", said))


def test_numbered_questions_meet_their_numbered_answers() -> None:
    asked = (
        "A few questions:\n1. Who's driving? Campervans come in manual and automatic.\n"
        "2. What are your must-sees (fiords, glaciers, lakes)?\n3. Rough budget per person?"
    )
    said = (
        "1. Lauren will drive most of it\n2. lake tekapo, mt cook, wanaka, milford sound\n"
        "3. around NZ$3,000 each not counting flights"
    )
    kept = facts(("assistant", asked), ("user", said))
    assert "User's must-sees: lake tekapo, mt cook, wanaka, milford sound." in kept
    assert "User's budget per person: around NZ$3,000 each not counting flights." in kept
    assert not any("who's driving" in line.lower() for line in kept)


def test_numbered_pairs_follow_the_numbers_not_the_order() -> None:
    pairs = question_pairs("1. Budget?\n2. Where are you based?", "2) leeds\n1) 4k")
    assert pairs == [("Budget?", "4k"), ("Where are you based?", "leeds")]


@pytest.mark.parametrize(
    ("asked", "said"),
    [
        ("What's your budget?", "no idea yet lol"),  # a dodge is no value
        ("What's your budget?", "not sure, maybe 2k?"),
        ("Any allergies?", "nope"),
        ("What's the problem?", "the build fails on arm64"),  # the moment, not a fact
        ("What's the weather like?", "grey and cold"),
        ("What's your goal time?", "under 50 min"),  # a target, soon moved
        ("What's your plan for today?", "gym then groceries"),
        ("What are the venues paying?", "door split mostly"),
        ("What's your stack?", "I use django and postgres"),  # a sentence: the rules read it
        ("Do you prefer Python or Go?", "neither really"),
        ("Do you use Monzo?", "no, barclays"),
    ],
)
def test_no_value_is_kept_from_a_dodge_or_a_question_about_the_moment(
    asked: str, said: str
) -> None:
    assert not any(
        line.startswith(("User's", "The ")) and ":" in line
        for line in facts(("assistant", asked), ("user", said))
    )


def test_a_bare_noun_asked_alone_or_in_a_numbered_list_names_the_answer() -> None:
    asked = "Got it: EKS, Terraform, Argo CD. Monitoring?"
    assert "User's monitoring: prom + grafana." in facts(
        ("assistant", asked), ("user", "prom + grafana")
    )
    assert "User's budget: 4k." in facts(
        ("assistant", "1. Budget?\n2. Timeline?"), ("user", "1. 4k\n2. by june")
    )
    assert facts(("user", "pizza tonight?"), ("assistant", "sure")) == []


def test_a_person_answering_a_person_keeps_their_name() -> None:
    kept = facts(
        ("user", "magda!! did u see the email from the letting agent"),
        ("assistant", "no?? what now. im at the lab til 7"),
        ("user", "rent going up 13% from december. what's ur new work address btw?"),
        ("assistant", "14 kelvin way, 2nd floor"),
        ("user", "ok thanks magda"),
        ("assistant", "np dev u r the best flatmate"),
    )
    assert "Magda's new work address: 14 kelvin way, 2nd floor." in kept


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "party update: Sky High is booked. Saturday October 4th, 2pm to 4pm",
            "Party: Sky High is booked, Saturday October 4th, 2pm to 4pm.",
        ),
        ("rds upgrade: sept 2 confirmed. karim ok'd", "Rds upgrade: sept 2 confirmed, karim ok'd."),
        ("margaret update: she wants chapter 3 by march 7", "Margaret wants chapter 3 by march 7."),
        ("goal. west highland way. may 2026. w my brother", "Goal: west highland way, may 2026."),
        ("physio. weak glutes. not the acl 👍", "Physio: weak glutes, not the acl."),
        ("main client = kestrel studio. pays on the 1st", "Main client: kestrel studio."),
    ],
)
def test_news_under_a_topics_name_keeps_the_topic(said: str, kept: str) -> None:
    assert kept in facts(("user", said))


@pytest.mark.parametrize(
    "said",
    [
        "bad news: the deal slipped",
        "quick update: nothing yet",
        "knee update: I think it's fine",
        "insurance. which kind",
        "budget. maybe 5k",
    ],
)
def test_a_lead_in_without_a_topic_or_with_a_person_in_it_is_no_news_line(said: str) -> None:
    assert not any(":" in line for line in facts(("user", said)))


def test_a_personal_arrangement_given_as_a_label_and_its_value_is_kept() -> None:
    stored = facts(
        ("user", "ok so. flights: TAP via São Paulo, 860 eur. hotel: 6 nights in Asakusa")
    )
    assert "Flights: TAP via São Paulo, 860 eur." in stored
    assert "Hotel: 6 nights in Asakusa." in stored
    assert facts(("user", "question: should we book now")) == []


def test_a_later_value_for_the_same_label_replaces_the_earlier() -> None:
    assert slot_of("User's work hours: nights, 10pm-6am.") == ("User", "work hours")
    assert slot_of("Cutover date: sunday feb 23.") == ("label", "cutover date")
    assert slot_of("Decision: postmark, not sendgrid.") is None
    assert slot_of("User corrected: the budget is 40k EUR.") is None
    stored = facts(
        ("user", "cutover date: sunday feb 23, 22:00 WAT"),
        ("assistant", "Noted."),
        ("user", "cutover date: sunday mar 2, 22:00 WAT"),
    )
    assert [line for line in stored if line.startswith("Cutover")] == [
        "Cutover date: sunday mar 2, 22:00 WAT."
    ]


def test_numbered_answers_sent_one_message_each_still_meet_their_questions() -> None:
    asked = (
        "A few questions:\n1. Where do you live?\n2. What's your work pattern, and roughly how"
        " many hours would a dog be alone?\n3. What's your budget?\n4. Any breed in mind?"
    )
    stored = facts(
        ("assistant", asked),
        ("user", "1. flat. 2nd floor"),
        ("user", "2. hybrid. office tue wed thu"),
        ("user", "3. 1500"),
        ("user", "4. border collie. love them"),
        ("user", "budget now 2k. husband agreed lol"),
    )
    assert "User's work pattern: hybrid, office tue wed thu." in stored
    assert "User's budget is 2k." in stored  # the later budget replaced "1500"
    assert not any("1500" in line or "collie" in line for line in stored), stored


def test_numbered_questions_answered_in_order_one_message_each() -> None:
    asked = (
        "A few questions first:\n1. Which country are you in?\n2. When did you start?\n"
        "3. Are you registered?\n4. What kind of work do you do?"
    )
    stored = facts(
        ("assistant", asked),
        ("user", "uk. london. peckham"),
        ("user", "started sept 2024. before that agency job"),
        ("user", "utr yes. registered feb"),
        ("user", "motion design. animation"),
    )
    assert "User's country: uk, london, peckham." in stored
    assert "User's job: motion design." in stored
    assert not any(line.startswith("User's job: uk") for line in stored), stored


def test_a_reply_with_a_fragment_for_every_question_is_not_shared_out() -> None:
    asked = "1. Budget?\n2. Where are you based?\n3. How old are you?"
    stored = facts(("assistant", asked), ("user", "jay. 22. salford. budget 4k"))
    assert "User is 22." in stored
    assert not any(line.startswith("User's budget: jay") for line in stored), stored


def test_a_terse_first_session_with_an_assistant() -> None:
    asked = (
        "So I plan around your back properly:\n1. What was the injury, and have you been"
        " cleared to train?\n2. How much space do you have, and what's the floor?\n"
        "3. What are your goals?"
    )
    stored = facts(
        ("user", "kasia here. building a home gym. garage"),
        ("assistant", asked),
        ("user", "1. herniated disc l5-s1. april. physio cleared me last wk"),
        ("user", "2. single garage. concrete. ~3x5m"),
        ("user", "3. no pain. get strong. hiking again"),
        ("user", "physio = ruth. see her monthly"),
        ("assistant", "How old are the kids?"),
        ("user", "9 and 12. no chance lol"),
        ("user", "want a rower. hate running. knees"),
    )
    for line in (
        "User's name is Kasia.",
        "User's injury: herniated disc l5-s1, april.",
        "User's space: single garage, concrete, ~3x5m.",
        "User's goals: no pain, get strong, hiking again.",
        "User's physio is Ruth.",
        "User's kids are 9 and 12.",
        "User hates running.",
    ):
        assert line in stored, stored


@pytest.mark.parametrize(
    "said", ["nobody here. weird", "love to jules and olive x", "cheese = god"]
)
def test_words_shaped_like_those_answers_that_are_not(said: str) -> None:
    assert facts(("user", said)) == []


def test_a_reply_opening_with_a_questions_word_answers_that_question() -> None:
    asked = "Before I plan:\n\n1. How much space do you have?\n2. Rough budget?\n3. Any deadline?"
    assert question_pairs(asked, "budget 400 quid ish", nth=2) == [
        ("Rough budget?", "budget 400 quid ish")
    ]


def test_a_corrected_day_mends_a_date_never_a_price() -> None:
    stored = facts(
        ("assistant", "Few things first:\n1. Space?\n2. Rough budget?\n3. Any deadline?"),
        ("user", "ray. 47. joiner"),
        ("user", "yard is small. paved"),
        ("user", "budget 400 quid ish"),
        ("user", "want it done for the wifes 50th. sat 14th sept"),
        ("user", "no wait its the 13th. sat 13th"),
    )
    assert "User's budget is 400 quid ish." in stored
    assert not any("13th quid" in line for line in stored), stored
