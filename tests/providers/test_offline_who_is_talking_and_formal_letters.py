"""Who is talking, what a formal letter means, and lines that only their talk explained.

An assistant that answers a lowercase texter with paragraphs is an assistant, even
when it adds a 👍; "its lottie btw" names her however late it comes; "his names
pickle" is the ferret's name. A retired actuary writes "I shall step down", puts an
aside between dashes and says he "must report a change of plan": the first is his
plan, the second is no part of the sentence around it, the third is no fact. And
"booked for wed 3 dec", "I will send tomorrow" or "freelance Oisín" (said to a
friend) keep nothing a reader could use a month on.
"""

from __future__ import annotations

import pytest

from offline_facts import facts
from reverie.providers.offline.extract import extract_facts
from reverie.providers.offline.learner_english import as_the_rules_read
from reverie.providers.offline.sentences import split_sentences
from reverie.providers.offline.slots import slot_of
from reverie.providers.offline.speakers import identify_speakers
from reverie.providers.offline.transcript import Turn

_FERRET = [
    ("user", "hey quick q"),
    (
        "user",
        "my ferret is losing fur on his tail?? like its going bald near the base. is that bad",
    ),
    (
        "assistant",
        "It can be a few things, so it's worth getting a vet to look. In ferrets, gradual hair "
        "loss that starts at the tail and spreads up the back is a classic sign of adrenal gland "
        "disease, especially in ferrets over about 3 years old. Other causes include seasonal "
        "moulting, fleas, or skin irritation. How old is he, and is he itchy or acting "
        "differently at all?",
    ),
    ("user", "hes 4. not itchy i dont think. still a menace lol"),
    ("user", "his names pickle btw"),
    (
        "assistant",
        "Pickle is a great name. At 4, with non-itchy hair loss starting at the tail, adrenal "
        "disease is definitely on the list, though a seasonal coat change is also possible. I'd "
        "book a vet appointment with someone who sees ferrets (exotics vets are best). Adrenal "
        "disease is very manageable, often with a hormone implant, so it's not a panic situation.",
    ),
    ("user", "ok cool. also pls keep answers short i cant read essays at 10pm 😭"),
    ("assistant", "Got it — short answers from now on. 👍"),
    ("user", "ty"),
    (
        "user",
        "its lottie btw. dont call me charlotte thats what my mum calls me when im in trouble",
    ),
    ("assistant", "Noted, Lottie. 😄 Anything else tonight?"),
    ("user", "nah gotta sleep, bakery tmrw at 5am"),
    ("assistant", "Oof, 5am. Good luck — go sleep!"),
]


def _turns(pairs: list[tuple[str, str]]) -> list[Turn]:
    return [Turn(role, text, "2025-10-13") for role, text in pairs]


def test_paragraphs_answering_quick_lines_are_an_assistant_with_emoji_or_not() -> None:
    assert not identify_speakers(_turns(_FERRET)).other_is_person


def test_a_friend_who_texts_back_as_much_as_they_are_sent_is_still_a_person() -> None:
    chat = [
        ("user", "mate you will not believe the day I've had"),
        ("assistant", "go on 😂"),
        ("user", "van died on the N6. gearbox. towed to Athlone"),
        ("assistant", "ah no. that's brutal man 😬 what are you going to do"),
    ]
    assert identify_speakers(_turns(chat)).other_is_person


def test_the_user_is_named_and_the_ferret_too_and_oof_is_nobody() -> None:
    found = [fact.text for fact in extract_facts(_turns(_FERRET))]
    assert "User's name is Lottie." in found
    assert "User has a ferret called Pickle." in found
    assert not any("Oof" in line for line in found)


@pytest.mark.parametrize("said", ["its raining btw", "its fine btw", "its freezing btw"])
def test_its_an_everyday_word_btw_names_no_one(said: str) -> None:
    earlier = [("user", f"message {n}") for n in range(6)]
    assert not any("name" in line for line in facts(*earlier, ("user", said)))


def test_she_after_mum_is_mum_not_the_word_that_opened_the_reply() -> None:
    assert facts(
        ("assistant", "Congratulations!!! 🎉 That's huge. How does it feel?"),
        ("user", "unreal. mum cried on the phone lol. shes up in launceston so i facetimed her"),
    ) == ["User's mum is up in launceston."]


def test_a_dashed_aside_is_a_sentence_after_the_one_it_interrupts() -> None:
    assert split_sentences(
        "I have decided — and this is the first time I have put it in writing — that the "
        "Tallinn tour will be my last. I step down in July."
    ) == [
        "I have decided that the Tallinn tour will be my last.",
        "and this is the first time I have put it in writing.",
        "I step down in July.",
    ]


def test_a_clause_after_a_dashed_aside_stays_a_clause_of_its_own() -> None:
    said = split_sentences(
        "I should much prefer British English — you wrote organize last week — and please "
        "continue to answer in the order and numbering in which I ask."
    )
    assert "please continue to answer in the order and numbering in which I ask." in said


def test_a_formal_shall_is_a_plan() -> None:
    found = facts(("user", "I shall step down at the end of the season in July 2026."))
    assert found == [
        "User will step down at the end of the season in July 2026 (as of 2026-03-02)."
    ]


@pytest.mark.parametrize(
    "said",
    [
        "I must now take the dog out before the rain arrives.",
        "I must report a change of plan, and I fear it has consequences.",
        "I should not like to add ten per cent to a price that I have only just had to raise.",
        "unrelated but I need to vent for 1 min",
        "booked for wed 3 dec",
        "we have settled on Friday 16 January 2026",
        "Ah good. I will send tomorrow. Good night!",
    ],
)
def test_a_letters_next_line_or_a_date_without_its_thing_is_not_stored(said: str) -> None:
    assert facts(("user", said)) == []


def test_a_booking_that_names_its_thing_is_kept() -> None:
    assert facts(("user", "i booked the flights for wed 3 dec")) == [
        "User booked the flights for wed 3 Dec."
    ]


def test_a_target_aimed_for_now_puts_the_old_one_right() -> None:
    found = extract_facts(
        [
            Turn("user", "Target is sub 2 hours. Knee hurts going downstairs.", "2025-10-20"),
            Turn(
                "user",
                "I've actually changed my target anyway, knee flared up over christmas so I'm "
                "aiming for 2:10 now not sub 2.",
                "2026-01-25",
            ),
        ]
    )
    assert found[-1].tag == "correction"
    assert found[-1].text == "User's target is 2:10 now, not sub 2."


def test_a_word_said_to_a_friend_by_name_is_not_the_users() -> None:
    chat = [
        ("user", "morning Oisín! van died on the N6"),
        ("assistant", "ah no. meanwhile I have news too. I handed in my notice today"),
        ("user", "WHAT"),
        ("assistant", "going freelance. the studio was killing me. terrified though"),
        ("user", "deadly. told you. freelance Oisín"),
        ("assistant", "cheers Ferg"),
    ]
    assert not any(line.startswith("User is freelance") for line in facts(*chat))


def test_a_brand_then_my_father_doing_something_is_not_his_name() -> None:
    said = "Maybe 8 or 9 thousand pounds. I think Skoda Fabia, my father had Skoda in Hungary."
    assert not any("father" in line for line in facts(("user", said)))
    assert facts(("user", "Mateo, my son, has a cold.")) == ["User's son is Mateo."]


def test_mum_in_another_language_is_not_her_name() -> None:
    said = "Oh and my mum, anyu, she come for Christmas! She arrive 18 December."
    assert not any("Anyu" in line for line in facts(("user", said)))


@pytest.mark.parametrize(
    ("said", "read"),
    [
        (
            "I have MSc in chemistry from University of Debrecen.",
            "I have an MSc in chemistry from University of Debrecen.",
        ),
        ("I have Hungarian licence.", "I have a Hungarian licence."),
        ("HACCP level 3 I have from work.", "I have HACCP level 3 from work."),
        ("I have no car.", "I have no car."),
        ("What I have from work is a laptop.", "What I have from work is a laptop."),
    ],
)
def test_a_learners_thing_had_gets_its_article_and_its_place(said: str, read: str) -> None:
    assert as_the_rules_read(said) == read


def test_a_condition_bad_this_week_said_in_earnest_is_had() -> None:
    said = "actually that's not a joke, the tinnitus in my left ear is bad this week"
    assert facts(("user", said)) == ["User has tinnitus in their left ear."]


def test_a_price_now_and_what_it_was_puts_the_old_one_right() -> None:
    found = extract_facts([Turn("user", "my rate is €110 now, was €95", "2025-10-14")])
    assert [(fact.tag, fact.text) for fact in found] == [
        ("correction", "User's rate is €110 now, not €95.")
    ]


@pytest.mark.parametrize(
    ("said", "line"),
    [
        ("I'm deuteranopic, red-green is useless to me", "User is deuteranopic."),
        ("im left handed", "User is left handed."),
    ],
)
def test_a_trait_said_after_im_is_kept(said: str, line: str) -> None:
    assert facts(("user", said)) == [line]


def test_the_numbers_of_listed_options_are_no_value_but_ages_are() -> None:
    asked = (
        "Which of these interest you?\n1. Food\n2. Beaches\n3. Caves\n4. History\nAny allergies?"
    )
    found = facts(("assistant", asked), ("user", "1 and 4 mostly. and I'm allergic to shellfish"))
    assert found == ["User is allergic to shellfish."]
    assert facts(("assistant", "How old are the kids?"), ("user", "9 and 12")) == [
        "User's kids are 9 and 12."
    ]


@pytest.mark.parametrize(
    "said",
    [
        "I have two options.",
        "We have decided on Sunday 28th September, early in the morning, before the beach is busy.",
    ],
)
def test_options_or_a_day_without_what_they_are_for_are_not_stored(said: str) -> None:
    assert facts(("user", said)) == []


_FRIENDS = [
    ("user", "morning Oisín! van died on the N6"),
    ("assistant", "ah no. that's brutal man"),
    ("user", "Aisling and I are finally getting married"),
    ("assistant", "STOP. FINALLY"),
]


def test_a_part_asked_of_a_friend_and_taken_is_theirs() -> None:
    chat = [
        *_FRIENDS,
        ("user", "so. will you be my best man"),
        ("assistant", "ferg"),
        ("assistant", "I'd be honoured. genuinely. yes"),
        ("user", "cheers Oisín"),
    ]
    assert "Oisín is User's best man." in facts(*chat)


def test_a_part_not_taken_is_nobodys() -> None:
    chat = [*_FRIENDS, ("user", "will you be my best man"), ("assistant", "no way, ask Dec")]
    assert not any("best man" in line for line in facts(*chat))


def test_a_friends_birthday_wish_tells_the_age_turned_that_day() -> None:
    chat = [*_FRIENDS, ("assistant", "happy birthday old man!! 42!!!"), ("user", "cheers Oisín")]
    assert "User turned 42 on 2 March 2026." in facts(*chat)


@pytest.mark.parametrize(
    "wish", ["happy belated birthday!! 42!!!", "happy birthday to your mum!! 70!!"]
)
def test_a_late_wish_or_one_for_someone_else_tells_no_age(wish: str) -> None:
    chat = [*_FRIENDS, ("assistant", wish), ("user", "cheers Oisín")]
    assert not any("turned" in line for line in facts(*chat))


def test_years_sober_is_said_apart_and_is_no_age() -> None:
    said = "also I don't drink, 3 years sober in Jan, so don't bother with the \"no beer\" stuff"
    assert facts(("user", said)) == ["User doesn't drink.", "User is 3 years sober in Jan."]
    assert slot_of("User is 3 years sober in Jan.") is None
    assert slot_of("User is 33, been running on and off.") == ("User", "age")


def test_a_shift_pattern_one_does_is_worked() -> None:
    said = "I'm a deckhand on the Solent Link ferries and I do week on week off."
    assert "User works week on week off." in facts(("user", said))


@pytest.mark.parametrize(
    ("said", "read"),
    [
        (
            "Also Saturday he goes to Hungarian school in Aberdeen, for the language.",
            "he goes to Hungarian school in Aberdeen on Saturday, for the language.",
        ),
        ("Sunday I play football with my son.", "I play football with my son on Sunday."),
        ("on Saturday we will go", "on Saturday we will go"),
    ],
)
def test_a_day_said_first_goes_after_what_is_done_on_it(said: str, read: str) -> None:
    assert as_the_rules_read(said) == read


def test_code_first_explanation_after_is_a_rule_for_every_answer() -> None:
    said = "can you help me debug? code first, explanation after, keep it short pls"
    assert "User wants the assistant to give the code first, explanation after." in facts(
        ("user", said)
    )


def test_what_was_decided_is_read_whole() -> None:
    assert facts(("user", "I have decided that I'm moving to Leeds in July.")) == [
        "User is moving to Leeds in July."
    ]


def test_a_name_typed_without_its_apostrophe_is_given() -> None:
    assert facts(("user", "my names jo btw, im a nurse")) == [
        "User's name is Jo.",
        "User is a nurse.",
    ]
