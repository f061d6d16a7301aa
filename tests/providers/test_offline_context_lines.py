"""Lines that only the talk around them makes mean anything are not stored; the fact is.

"booked the flights" says which flights only in the chat; "oh no" is dismay, not
a correction; "u'll be great. junior architect at …" is about the other person.
"""

from __future__ import annotations

import pytest

from offline_facts import facts
from reverie.providers.offline.person import to_third_person


@pytest.mark.parametrize(
    "said",
    [
        "We have booked the flights.",  # which flights, the talk says
        "cancelled the trial. back to Audacity",
        "found a place!!!",
        "I have a rather delicate question.",  # announces, says nothing yet
        "I must have struck the wrong key.",  # a guess about a slip
        "I started applying elsewhere and guess what.",
        "also start date is moving.",  # moving to when, the next sentence says
        "I'm going to start tomorrow.",  # start what
        "i have to tell you somethings before mum finds out",
    ],
)
def test_a_line_that_needs_the_talk_around_it_is_not_stored(said: str) -> None:
    stored = facts(("user", "I'm a nurse at St Mary's."), ("user", said))
    assert stored == ["User is a nurse at St Mary's."]


def test_a_deed_that_names_its_thing_is_still_kept() -> None:
    stored = facts(("user", "I booked the flights to Osaka for the 3rd of May."))
    assert stored == ["User booked the flights to Osaka for the 3rd of May."]


def test_dismay_is_not_a_correction() -> None:
    chat = [
        ("user", "hey leah, it's ron. dad fell off the ladder"),
        ("assistant", "i can't get the train this weekend"),
        ("user", "Oh no. So you're not coming down."),
    ]
    assert not any("corrected" in line or "coming down" in line for line in facts(*chat))


def test_a_fragment_after_you_is_about_the_other_person() -> None:
    chat = [
        ("user", "fem the boiler is making the noise again"),
        ("assistant", "ffs. ok im texting pryce. starting the new job tmrw!!"),
        ("user", "u'll be great. junior architect at hollis & rowe!!! first proper job"),
        ("assistant", "lol thanks kas"),
    ]
    assert not any(line.startswith("User is a junior architect") for line in facts(*chat))


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I won't do gambling ads.", "User won't do gambling ads."),
        (
            "I won't do gambling ads, my dad had a problem with it for years",
            "User won't do gambling ads.",
        ),
        ("I never take crypto sponsors.", "User never takes crypto sponsors."),
        ("yeah not worth the faff. staying on Buzzsprout", "User is staying on Buzzsprout."),
    ],
)
def test_a_standing_refusal_or_a_product_kept_is_a_fact(said: str, kept: str) -> None:
    assert kept in facts(("user", said))


def test_a_refusal_of_one_thing_or_an_idiom_is_not_a_standing_rule() -> None:
    assert facts(("user", "I won't take sides.")) == []
    assert facts(("user", "I won't do that.")) == []


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I'd been chasing him for months", "User had been chasing him for months"),
        ("I'd already booked it", "User had already booked it"),
        ("I'd love a dog", "User would love a dog"),
    ],
)
def test_id_before_a_past_participle_is_had(said: str, kept: str) -> None:
    assert to_third_person(said) == kept


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I've had Crohn's since I was 22.", "User has had Crohn's since they were 22."),
        ("I have had asthma for 20 years.", "User has had asthma for 20 years."),
    ],
)
def test_a_long_standing_condition_is_kept(said: str, kept: str) -> None:
    assert facts(("user", said)) == [kept]


def test_a_passing_ailment_is_not_long_standing() -> None:
    assert facts(("user", "I've had this cough for 3 days")) == []


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("Ok I'll ask Carol (IBD nurse) for a travel letter", "Carol is an IBD nurse."),
        (
            "so Dr Menon (my gastro at St James's) wants me off it.",
            "Dr Menon is User's gastro at St James's.",
        ),
        (
            "we're doing a big party in Belo Horizonte (my hometown). I want to fly home",
            "Belo Horizonte is User's hometown.",
        ),
    ],
)
def test_who_a_name_is_in_brackets_is_kept(said: str, kept: str) -> None:
    assert kept in facts(("user", said))


def test_a_job_in_brackets_after_a_thing_names_no_one() -> None:
    assert not any("GP" in line for line in facts(("user", "my appointment (GP) is at 3")))


def test_a_stack_written_with_an_equals_sign_is_read_as_a_label() -> None:
    stored = facts(
        ("user", "need help debugging a failing deploy, the pipeline keeps timing out"),
        (
            "user",
            "context: im marek, data eng. stack = airflow 2.9 on k8s, snowflake, dbt core 1.8",
        ),
    )
    assert "Stack: airflow 2.9 on k8s, snowflake, dbt core 1.8." in stored


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "I was diagnosed with type 2 diabetes last November.",
            "User was diagnosed with type 2 diabetes last November.",
        ),
        ("diagnosed with asthma in 2019", "User was diagnosed with asthma in 2019."),
        (
            "Type 2 diabetes, diagnosed last November. Metformin 500 twice a day.",
            "User has Type 2 diabetes, diagnosed last November.",
        ),
        ("I have asthma", "User has asthma."),
        (
            "Haan, born and brought up in Delhi, came to UK in 2001.",
            "User was born and brought up in Delhi, came to UK in 2001.",
        ),
        ("Ja, I moved to Leipzig in May.", "User moved to Leipzig in May."),
    ],
)
def test_a_diagnosis_or_a_birthplace_is_kept(said: str, kept: str) -> None:
    assert kept in facts(("user", said))


@pytest.mark.parametrize("said", ["I have gout again, great", "i have adhd test next week"])
def test_a_flare_or_an_appointment_is_not_a_condition_held(said: str) -> None:
    assert facts(("user", said)) == []


def test_a_place_is_never_the_she_of_the_next_sentence() -> None:
    stored = facts(
        ("user", "we are moving to Berlin in feb"),
        ("user", "my mum's coming in august. she's never been to europe."),
    )
    assert not any(line.startswith("Berlin") for line in stored), stored


def test_a_person_after_to_is_still_the_she_of_the_next_sentence() -> None:
    said = "I'll have to break it to Brenda gently, she's bought a new swimming costume."
    assert "Brenda has bought a new swimming costume." in facts(("user", said))


def test_someone_elses_booking_is_not_the_users() -> None:
    stored = facts(("user", "oh and i turn 32 on tuesday lol. dean's booked a table at the olive"))
    assert not any("User booked" in line for line in stored), stored


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "done the college application. interview is the 28th aug",
            "User's interview is the 28th aug",
        ),
        ("start date is 2 feb", "User's start date is 2 Feb."),
    ],
)
def test_an_appointment_without_my_is_the_speakers(said: str, kept: str) -> None:
    assert any(line.startswith(kept) for line in facts(("user", said)))


def test_an_answer_to_how_things_were_is_no_decision() -> None:
    chat = [
        ("assistant", "Gel GI trouble is common. Did you take it with water?"),
        ("user", "no water. 1hr after brekkie. urgency"),
    ]
    assert not any("decided" in line for line in facts(*chat))


def test_no_charge_turns_nothing_down() -> None:
    chat = [
        ("assistant", "Ask whether fortnightly delivery would carry an extra charge?"),
        ("user", "sent. they said fortnightly is fine. no charge. iawn!"),
    ]
    assert not any("decided" in line for line in facts(*chat))


@pytest.mark.parametrize(
    "said",
    ["I'm the one covered in flour, ha", "and i've got to do the banking"],
)
def test_pointing_oneself_out_or_a_chore_is_not_stored(said: str) -> None:
    assert facts(("user", said)) == []


def test_who_someone_is_in_a_roster_sentence_is_kept() -> None:
    said = (
        "team: me (gwen, owner, i start at 4am), tomasz is head baker full time, "
        "leanne runs front of house full time, ffion does saturdays"
    )
    # Said in lower case, a name counts once the chat has used it a few times.
    earlier = [("user", f"leanne said {thing}") for thing in ("hi", "the till is broken", "ok")]
    stored = facts(*earlier, ("user", said))
    assert "User's name is Gwen." in stored
    assert "Leanne runs front of house full time." in stored


def test_a_name_before_a_job_in_brackets_said_once_is_a_name() -> None:
    assert "Rhodri is an accountant." in facts(("user", "rhodri (accountant) sorts all the VAT."))


def test_a_new_value_after_a_comma_is_its_own_clause_and_replaces_the_old() -> None:
    stored = facts(
        ("user", "job for me. data analyst at lumora. start date is 1 april."),
        (
            "user",
            "update!! they say 1 april is too early with the embassy wait, so my start date is "
            "moved to 4 may. the manager is fine with it",
        ),
    )
    # (the date the job starts is moved, not told again beside it)
    assert "User's start date is 4 May." in stored
    assert not any("1 April" in line for line in stored), stored


def test_a_clause_without_a_new_value_stays_inside_its_sentence() -> None:
    assert facts(("user", "it was a long week at the office, my manager is away")) == []


def test_a_signature_after_a_greeting_names_the_user() -> None:
    said = "Hey, Callum here. Running Home Assistant OS on a Raspberry Pi 4 (4GB)."
    assert "User's name is Callum." in facts(("user", said))


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("please drop the emojis, i paste answers into obsidian", "User wants no emojis."),
        ("skip the intro please", "User wants no intro."),
    ],
)
def test_asking_to_drop_a_part_of_answers_is_a_standing_rule(said: str, kept: str) -> None:
    assert kept in facts(("user", said))


def test_dropping_a_thing_of_the_work_is_no_rule_about_answers() -> None:
    assert facts(("user", "drop the tables and rerun the migration")) == []


def test_a_no_wait_mends_the_latest_mention_not_an_older_line() -> None:
    stored = facts(
        ("user", "done the college application. interview is the 28th aug"),
        ("user", "personal statement. college wants a draft by 28 nov for the internal deadline"),
        ("user", "no wait, actually it's the 21st not the 28th. just checked the email"),
    )
    assert not any("21st" in line for line in stored), stored
    assert any(line.startswith("User's interview is the 28th aug") for line in stored), stored


def test_a_no_wait_still_mends_the_line_that_said_the_old_value() -> None:
    stored = facts(
        ("user", "I run Home Assistant on a Raspberry Pi 4 at home."),
        ("assistant", "Nice. What do you use for backups?"),
        ("user", "wait, it's actually a Pi 5, not a Pi 4. I upgraded at christmas"),
    )
    assert stored == ["User runs Home Assistant on a Raspberry Pi 5 at home (not a Pi 4)."]


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "apparently i'm the only structural engineer on the bridge project",
            "User is the only structural engineer on the bridge project.",
        ),
        (
            "who I'm working with so you have context: Hana Sato is our mobile tech lead",
            "Hana Sato is User's mobile tech lead.",
        ),
        (
            "I'm leading our upgrade to 0.76 with the New Architecture turned on.",
            "User is leading their upgrade to 0.76 with the New Architecture turned on.",
        ),
    ],
)
def test_a_lead_in_or_a_closing_particle_does_not_hide_the_fact(said: str, kept: str) -> None:
    assert kept in facts(("user", said))


def test_a_version_number_in_a_reply_is_no_age() -> None:
    asked = "What's your stack, your team size and your age?"
    assert "User is 72." not in facts(("assistant", asked), ("user", "RN 0.72.6, hermes on. 4"))


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("i adopted a greyhound", "User adopted a greyhound."),
        ("we finally bought a house", "User finally bought a house."),  # the household
        ("I've broken my foot", "User has broken their foot."),
    ],
)
def test_an_animal_a_house_or_an_injury_is_a_thing_of_a_life(said: str, kept: str) -> None:
    stored = facts(("user", "I'm a nurse at St Mary's."), ("user", said))
    assert stored == ["User is a nurse at St Mary's.", kept]


def test_an_adverb_before_the_verb_is_not_conjugated() -> None:
    stored = facts(("user", "I finally moved to Leeds in March"))
    assert stored == ["User finally moved to Leeds in March."]
