"""Values put right whatever their kind, plans that moved, and wishes and facts said in passing.

Found by reading a set of conversations written by someone who never saw the rules; each
case here is worded afresh, so a rule tuned to one sentence fails it.
"""

from __future__ import annotations

import pytest

from offline_facts import dreamed, facts


@pytest.mark.parametrize(
    ("said", "put_right", "stored"),
    [
        # a part or a model: letters and digits together
        (
            "ordered an esp32 and a bme280 for the greenhouse logger",
            "no wait its a bme680 not bme280",
            "User ordered an esp32 and a bme680 for the greenhouse logger (not bme280).",
        ),
        (
            "I run the media server on an old nuc 7 in the cupboard.",
            "correction, it's a nuc 8 not a 7",
            "User runs the media server on an old nuc 8 in the cupboard (not a 7).",
        ),
        (
            "I've got a Pixel 6 for work.",
            "sorry, it's a Pixel 7, not a Pixel 6",
            "User has got a Pixel 7 for work (not a Pixel 6).",
        ),
        # a side of the body, after an apology
        (
            "I've had pain in my left shoulder for about a month.",
            "Sorry, RIGHT shoulder, not left.",
            "User has had pain in their right shoulder for about a month (not left).",
        ),
        # a figure of the thing just talked about, found on the line that holds it
        (
            "Our loan has about £14,000 left, fixed at 6.2% until June 2028.",
            "Had another look at the letter — the rate is 6.9%, not 6.2.",
            "User's loan has about £14,000 left, fixed at 6.9% until June 2028 (not 6.2).",
        ),
        # a count in words, for a team the speaker works on
        (
            "There's six of us in the data platform team and nobody likes on-call.",
            "Priya started Monday, so we're seven now, not six.",
            "User works on the data platform team, a team of seven (not six).",
        ),
    ],
)
def test_a_value_of_any_kind_is_put_right_on_the_line_that_held_it(
    said: str, put_right: str, stored: str
) -> None:
    kept = facts(("user", said), ("assistant", "Noted."), ("user", put_right))
    assert stored in kept
    assert len([line for line in kept if line.startswith(stored.split(" (not")[0][:20])]) == 1


def test_a_figure_put_right_with_no_line_to_mend_is_kept_as_said() -> None:
    assert facts(("user", "Sorry, the deposit is £950, not 900.")) == [
        "The deposit is £950, not 900."
    ]


def test_a_correction_cue_before_a_dash_keeps_the_whole_correction() -> None:
    said = "Oh, correction — the dentist is on the 8th, not the 9th."
    assert facts(("user", said)) == ["User corrected: the dentist is on the 8th, not the 9th."]


@pytest.mark.parametrize(
    ("plan", "moved", "stored"),
    [
        (
            "bake day is sun 12th so need the starter ready",
            "bake day moved to sat 18th. in-laws visiting sunday",
            "User's bake day is Sat 18th.",
        ),
        (
            "I'm giving a talk at the allotment society AGM on the 4th of March.",
            "They've moved it to Wednesday the 11th of March, same time.",
            "User is giving a talk at the allotment society AGM on Wednesday the 11th of "
            "March (as of 2026-03-02).",
        ),
        (
            "my smear test is on the 3rd of April",
            "it got moved to the 10th",
            "User's smear test is on the 10th of April (as of 2026-03-02).",
        ),
    ],
)
def test_a_plan_moved_moves_its_date(plan: str, moved: str, stored: str) -> None:
    assert facts(("user", plan), ("assistant", "Got it."), ("user", moved)) == [stored]


def test_it_moved_with_nothing_said_before_keeps_nothing() -> None:
    assert facts(("user", "they moved it to the 9th")) == []


def test_it_moved_never_moves_what_is_over_nor_what_a_label_names() -> None:
    kept = facts(
        ("user", "I'm 40 today"),
        ("assistant", "Happy birthday!"),
        ("user", "Gym induction: the trainer is off sick so it's pushed to the 9th of May now."),
    )
    assert not any("9th" in line for line in kept), kept


def test_it_moved_moves_only_a_plan_of_the_message_before() -> None:
    kept = facts(
        ("user", "I'm giving a talk at the WI on the 3rd of June."),
        ("assistant", "Lovely."),
        ("user", "My sister is a midwife."),
        ("assistant", "Nice."),
        ("user", "Oh and they've moved it to the 10th of June."),
    )
    assert "User is giving a talk at the WI on the 3rd of June (as of 2026-03-02)." in kept


def test_it_moved_never_moves_a_line_that_is_no_plan() -> None:
    kept = facts(
        ("user", "I love my job at the bakery."),
        ("assistant", "Lovely."),
        ("user", "they moved it to the 9th"),
    )
    assert kept == ["User loves their job at the bakery."]


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        # wishes about every answer
        (
            "Ok great. Also please use kg not lbs, since the gym app does.",
            "User wants the assistant to use kg, not lbs.",
        ),
        (
            "Can we compare? Please show the costs in a table, it's easier for me.",
            "User wants the assistant to put costs in tables.",
        ),
        (
            "And please, only spanish in your answers, also the examples.",
            "User wants the assistant to answer only in Spanish.",
        ),
        ("please answer only in English", "User wants the assistant to answer only in English."),
        (
            "Could you correct my mistakes in the end of each message?",
            "User wants the assistant to correct their mistakes at the end of each answer.",
        ),
        (
            "Please with simple words, the technical words are hard for me.",
            "User wants the assistant to use simple words.",
        ),
        (
            "Send me whole files, please. Give me complete files, not fragments I have to merge.",
            "User wants the assistant to give complete files, not fragments.",
        ),
        (
            "New rule: from now on add brief comments to the code, the intern reads it too.",
            "User wants the assistant to put brief comments in the code.",
        ),
        # said in passing, or with the time said first
        (
            "I had keyhole surgery on my shoulder in 2021 and it still clicks when I swim.",
            "User had keyhole surgery on their shoulder in 2021.",
        ),
        (
            "I cycle to the depot most days and go climbing at weekends.",
            "User cycles to the depot most days and goes climbing at weekends.",
        ),
        (
            "So on Thursdays I'm unreachable after 3pm.",
            "User is unreachable after 3pm on Thursdays.",
        ),
        (
            "from next month my gym day moves from Mondays to Tuesdays",
            # (a weekly day changed is a correction: Dream replaces the line with the old day)
            "User's gym day moves from Mondays to Tuesdays from next month.",
        ),
        (
            "Our car loan has about £6,500 left.",
            "User's car loan has about £6,500 left.",
        ),
        (
            "We have £3,000 in an instant-access savings account.",
            "User has £3,000 in an instant-access savings account.",
        ),
        ("I have lower back pain", "User has lower back pain (as of 2026-03-02)."),
        (
            "I'm doing a reading at the library on 14 May.",
            "User is doing a reading at the library on 14 May (as of 2026-03-02).",
        ),
        (
            "I'm giving a presentation to the board on the 20th of March.",
            "User is giving a presentation to the board on the 20th of March (as of 2026-03-02).",
        ),
        ("me and Theo adopted a greyhound", "User and Theo adopted a greyhound."),
        (
            "I'm cycling the Hebridean Way in August.",
            "User is cycling the Hebridean Way in August.",
        ),
        (
            "counselling's every tuesday morning at the surgery. brutal",
            "User has counselling every Tuesday morning at the surgery.",
        ),
        ("I have choir every Wednesday.", "User has choir every Wednesday."),
        # (Wednesday and Saturday are days like the others)
        ("I'm off saturdays", "User is off Saturdays."),
        (
            "big news: we get the keys on the 9th!",
            "User gets the keys on the 9th (as of 2026-03-02).",
        ),
        ("I move in on 14 April", "User moves in on 14 April (as of 2026-03-02)."),
        ("yes I work every weekend, don't judge", "User works every weekend."),
        ("yes i use fedora btw lol", "User uses fedora."),
        (
            "in other news I've been doing the spanish duolingo for 90 days",
            "User has been doing the Spanish duolingo for 90 days.",
        ),
        (
            "Home now! Made it to Rome on the 3rd of May, a day early.",
            "User made it to Rome on the 3rd of May, a day early (as of 2026-03-02).",
        ),
        (
            "I flew Bristol to Faro on the 12th of June.",
            "User flew Bristol to Faro on the 12th of June (as of 2026-03-02).",
        ),
        (
            "Here's my nan's flapjack recipe, but my daughter Isla has a nut allergy.",
            "User's daughter Isla has a nut allergy.",
        ),
        (
            "lunch. lates at the distribution centre again this week",
            "User works lates at the distribution centre.",
        ),
        (
            "Great news, I got a job as a teaching assistant in Leith! I start in 6 of April.",
            "User starts the job on 6 April (as of 2026-03-02).",
        ),
    ],
)
def test_said_in_passing(said: str, stored: str) -> None:
    assert stored in facts(("user", said))


def test_a_one_word_pick_after_an_either_or_question_is_a_choice() -> None:
    asked = "Before we start:\n- Flask or FastAPI?\n- Where will it run?"
    assert "User chose FastAPI instead of Flask." in facts(
        ("assistant", asked), ("user", "fastapi. flask feels old")
    )


def test_a_word_that_is_no_option_after_an_either_or_question_is_no_choice() -> None:
    assert not any(
        "chose" in line
        for line in facts(("assistant", "Flask or FastAPI?"), ("user", "whatever. no idea"))
    )


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        # "right" as a filler still goes; after "not" it is a value
        ("the party's at 8 right", None),
        ("I only have £12 in my account until payday", None),
        ("my head is mush today", None),
        ("no capacitor. have a 100n", None),
        ("I added comments to the code", None),
        ("I made it, finally", None),
        # (a weekday alone may be this week's errand)
        ("I'm eating lunch with the team on Friday", None),
        ("got a flat. on the way to work", None),
        ("I arrived late today", None),
        # an everyday "doing a …" with no date is no plan
        ("I'm doing a quick test", None),
        ("I'm giving a lift to my neighbour", None),
        # ("I walk to work and it takes 20 minutes": how long it takes is no habit)
        ("I walk to work and it takes 20 minutes", "User walks to work."),
        # ("… to quit in July and do a bootcamp": the second verb goes with the "to")
        (
            "My plan is to quit in July and do a coding bootcamp.",
            "User's plan is to quit in July and do a coding bootcamp.",
        ),
    ],
)
def test_guards(said: str, kept: str | None) -> None:
    assert facts(("user", said)) == ([kept] if kept else [])


@pytest.mark.parametrize(
    ("talk", "stored"),
    [
        (
            [
                ("user", "we've adopted a lurcher from the rescue"),
                ("user", "she's called pebble"),
                ("assistant", "PEBBLE"),
                ("user", "sam hates pebble, says it's a rock not a dog"),
                ("user", "so she's juniper now. juniper the lurcher"),
            ],
            ["User has adopted a lurcher from the rescue.", "User has a lurcher called Juniper."],
        ),
        (
            [
                ("user", "We got a kitten, he's called Pudding."),
                ("assistant", "Aww."),
                ("user", "the kids hated Pudding so we renamed him Biscuit"),
            ],
            ["User has a kitten called Biscuit."],
        ),
        (
            [
                ("user", "My dog Rex is great."),
                ("assistant", "Good."),
                ("user", "my sister? she's fine now"),
            ],
            ["User has a dog called Rex."],
        ),
        # ("ex-racer": a word made with "ex-" names no ex)
        (
            [
                ("user", "we're adopting a whippet"),
                ("user", "ex-racer, 3 years old"),
                ("user", "she's called dot"),
            ],
            ["User has a whippet called Dot."],
        ),
    ],
)
def test_a_pet_renamed_keeps_one_line_with_the_new_name(
    talk: list[tuple[str, str]], stored: list[str]
) -> None:
    assert facts(*talk) == stored


def test_an_answer_stops_before_someone_doing_something() -> None:
    kept = facts(
        ("assistant", "When's your birthday?"),
        ("user", "2nd of May. Rhys's planning a barbecue, god help us."),
    )
    assert "User's birthday: 2nd of May." in kept


def test_two_people_who_found_a_home_typed_in_lower_case() -> None:
    assert "User and Ellis found a flat in morningside." in facts(
        ("user", "me and ellis found a flat in morningside!!")
    )


def test_a_sum_asked_for_as_what_it_comes_to() -> None:
    assert "User's monthly bills: Roughly £1,800 all in." in facts(
        ("assistant", "That depends. What do your monthly bills come to roughly?"),
        ("user", "Roughly £1,800 all in."),
    )


def test_a_companion_who_drops_out_leaves_the_plan_the_speakers_alone() -> None:
    kept = facts(
        ("user", "Priya and I are going to Madeira in June."),
        ("assistant", "Lovely."),
        ("user", "Update: Priya pulled out, her knee's gone. Just me then."),
    )
    assert "User is going to Madeira in June." in kept
    assert not any(line.startswith("User and Priya") for line in kept)


def test_someone_out_of_hospital_has_not_dropped_out() -> None:
    kept = facts(
        ("user", "Sam and I are going to Rome in May."),
        ("assistant", "Nice."),
        ("user", "Sam's out of hospital!"),
    )
    assert "User and Sam are going to Rome in May." in kept


def test_a_drop_out_told_in_a_later_chunk_is_applied_by_dream() -> None:
    files = dreamed(
        "Amira and I are walking the West Highland Way in September.",
        "Sad news, Amira's out, her dad's not well. So it's just me now.",
    )
    assert "User is walking the West Highland Way in September." in files
    assert "User and Amira are" not in files
    assert "dropped out" not in files  # (told only to put the plan right)


@pytest.mark.parametrize(
    "said",
    [
        "Tom dropped out of uni last year.",
        "They've dropped out, so it's just me and the kids tonight.",
    ],
)
def test_a_drop_out_that_leaves_no_plan_of_the_speakers_tells_nothing(said: str) -> None:
    assert facts(("user", said)) == []


def test_someone_out_for_the_evening_drops_out_of_nothing() -> None:
    files = dreamed("Amira and I are walking the West Highland Way in September.", "Amira's out.")
    assert "User and Amira are walking the West Highland Way in September." in files
    assert "dropped out" not in files
