"""Facts said short, in passing or as answers, and plans called off before they happened.

Found by reading a set of conversations written by someone who never saw the rules; each
case here is worded afresh, so a rule tuned to one sentence fails it.
"""

from __future__ import annotations

import pytest

from offline_facts import facts


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        (
            "I sing in a choir at St Mary's every Tuesday and it's the best part of my week.",
            "User sings in a choir at St Mary's every Tuesday.",
        ),
        ("31 today", "User turned 31 on 2 March 2026 (as of 2026-03-02)."),
        ("im 45 today!! send cake", "User turned 45 on 2 March 2026 (as of 2026-03-02)."),
        ("sidenote moving house 20 march", "User is moving house 20 March."),
        (
            "uni in the morning though, thursdays are my pottery day",
            "User has their pottery day on Thursdays.",
        ),
        (
            "I've kept a cockatiel myself for nine years (Mango) so birds don't scare me.",
            "User has a cockatiel called Mango.",
        ),
        ("Pickle, my rabbit, hasn't eaten today.", "User has a rabbit called Pickle."),
        ("I am here with Graduate visa.", "User has a Graduate visa."),
        ("I'm in the UK on my spouse visa.", "User has a spouse visa."),
        (
            "The bill's in my name, address is Didsbury, Manchester. Keep it polite.",
            "User lives in Didsbury, Manchester.",
        ),
        (
            "twelve years a joiner and sash windows still beat me",
            "User has been a joiner for twelve years.",
        ),
        (
            "So after eight years living in Hackney I've finally bought a place in Margate.",
            "User has been living in Hackney for eight years.",
        ),
        ("We rent a house in Ealing. Sorry, my mistake – not Ealing, Acton.", None),
    ],
)
def test_a_fact_said_short_or_with_a_comment_is_kept(said: str, stored: str | None) -> None:
    if stored is None:
        assert facts(("user", "We rent a house in Ealing."), ("user", said.split(". ", 1)[1])) == [
            "User rents a house in Acton (not Ealing)."
        ]
        return
    assert stored in facts(("user", said))


def test_the_days_worked_said_beside_the_job_are_the_users() -> None:
    assert facts(("user", "I'm a pharmacist at Boots. Tuesday to Saturday, Mondays off.")) == [
        "User is a pharmacist at Boots.",
        "User works Tuesday to Saturday, with Mondays off.",
    ]


def test_an_animal_given_as_the_answer_to_who_someone_is_is_a_pet() -> None:
    assert facts(
        ("user", "taking Rolo to the vet tomorrow"),
        ("assistant", "Who's Rolo?"),
        ("user", "dog. brown. 7. spoils everything"),
    ) == ["User has a dog called Rolo.", "Rolo is 7."]


def test_a_coat_colour_after_the_animal_is_not_its_name() -> None:
    assert facts(
        ("user", "moving out saturday, the cat will hate it"),
        ("assistant", "Remus is…?"),
        ("user", "cat. tabby. hates everyone"),
    )[-1:] == ["User has a cat called Remus."]


def test_an_age_the_other_side_puts_right_and_the_user_agrees_to_is_theirs() -> None:
    assert facts(
        ("assistant", "you're 29 not 30 you fool, your birthday's in may"),
        ("user", "haha yeah 29"),
    ) == ["User is 29."]
    assert facts(("assistant", "you're 29?"), ("user", "yes 30")) == []


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        ("could you keep things under 200 words?", "keep everything under 200 words"),
        ("Under 150 words please, like always.", "keep answers under 150 words"),
        (
            "Nice but please use Australian spelling throughout and stop it sounding so corporate.",
            "use Australian spelling",
        ),
        (
            "Please lose the exclamation marks in your replies from now on.",
            "use no exclamation marks",
        ),
        (
            "Done. Please drop the emojis from your summaries by the way, if you add any.",
            "use no emojis",
        ),
    ],
)
def test_a_standing_wish_asked_in_passing_is_a_rule(said: str, stored: str) -> None:
    assert facts(("user", said)) == [f"User wants the assistant to {stored}."]


@pytest.mark.parametrize(
    "said",
    [
        "My brother rang and said he's fine.",
        "we drew 1-1 lol",
        "we set up our dog-friendly garden last year",
        "I'd like to apply for this role: Senior Baker, Crumbs Ltd.",
        "third module done, I now know way too much about soil",
        "Simit from Ali Baba, my sister send me every month.",
        "I need a gift for Maria from work. I don't know her well.",
        "Kotlin, we use also at my old job.",
        "I play since 12 years old.",
        "But my aunt say one nephew abroad is enough.",
        "drop the emojis from this one",
        "My dad rang to say he always knew I'd end up a farmer. He's not wrong about the mud.",
        "the flat is £900 and it's miles from anywhere",
        "I fell asleep on the sofa at half 8 on Friday",
        "20 years cooking and I must do a hygiene course like a child",
    ],
)
def test_a_verb_a_score_a_quip_or_a_line_without_its_object_is_not_a_fact(said: str) -> None:
    assert facts(("user", said)) == []


def test_a_slip_put_right_mends_the_value_just_said_not_an_earlier_line() -> None:
    found = facts(
        ("user", "I'm Dara, 38."),
        ("user", "We settled at 52. No, sorry – 52,750, with the curtains."),
    )
    assert found == ["User is Dara, 38."]
    # (a slip with nothing else of its kind said before it still mends the line before)
    assert "User's wedding is on the 15th (not 14th)." in facts(
        ("user", "my wedding is on the 14th. sorry, i meant the 15th")
    )


def test_a_booking_scratched_later_is_not_kept() -> None:
    assert (
        facts(
            ("user", "I've booked the function room at the Red Lion for Friday."),
            ("user", "ok scratch the red lion, it's at the Crown now"),
        )
        == []
    )


def test_scrapping_a_plan_keeps_what_was_done_beside_it() -> None:
    assert facts(
        ("user", "bought hallam.garden on namecheap for the domain"),
        ("user", "ok scrap namecheap. porkbun it is."),
    ) == ["User bought hallam.garden on namecheap for the domain."]


def test_a_test_the_centre_cancelled_keeps_only_its_new_date() -> None:
    assert facts(
        (
            "user",
            "My theory test was booked for 4 March, but the centre cancelled it. "
            "Now new date is 18 March.",
        )
    ) == ["User's theory test is now on 18 March (as of 2026-03-02)."]


def test_a_date_given_up_then_a_reason_then_the_new_date_moves_the_booking() -> None:
    assert facts(
        ("user", "Viewing's booked – second one, at the estate agent on 9 May."),
        (
            "user",
            "Small change – the viewing's not on the 9th any more. The agent double-booked "
            "so it's now the 12th.",
        ),
    ) == [
        "User's viewing is booked – second one, at the estate agent on 12th May (as of 2026-03-02)."
    ]


def test_one_place_for_another_said_alone_mends_the_line_that_held_it() -> None:
    assert facts(
        ("user", "going to be away two weeks in june, visiting my brother Tom in Lyon."),
        ("user", "no wait, Grenoble not Lyon. he moved in spring."),
    )[-1] == (
        "User is going to be away two weeks in June, visiting their brother Tom in Grenoble "
        "(not Lyon)."
    )


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        (
            "yeah dont want print debugging everywhere pls. use logging",
            "User wants no print debugging everywhere.",
        ),
        ("I don't want long intros please.", "User wants no long intros."),
    ],
)
def test_what_the_user_does_not_want_asked_with_a_please_is_a_wish(said: str, stored: str) -> None:
    assert facts(("user", said))[:1] == [stored]


def test_a_self_repair_mends_the_users_own_words_even_after_the_other_side_echoed_them() -> None:
    assert facts(
        ("user", "Which GP is ours? We rent a flat in Headingley."),
        ("assistant", "Headingley has two practices nearby."),
        ("user", "Sorry, my mistake – not Headingley, Meanwood."),
    ) == ["User rents a flat in Meanwood (not Headingley)."]


_FRIENDS = (
    ("user", "hey Priti"),
    ("assistant", "hiya. sorry was at work lol"),
    ("user", "omg same"),
    ("assistant", "ill buy more tmrw"),
    ("user", "ok fine Priti"),
)


def test_what_a_friend_not_named_yet_says_the_user_is_is_the_users() -> None:
    assert facts(
        ("user", "omg hiya"),
        ("assistant", "heyyy how's things lol"),
        ("user", "grim tbh, viewed 3 flats tonight"),
        ("assistant", "aw babe. you've been renting in leith for 4 years, you deserve a garden"),
        ("user", "I KNOW"),
    ) == ["User has been renting in Leith for 4 years."]


def test_how_long_a_friend_says_the_user_has_lived_somewhere_is_theirs() -> None:
    assert facts(
        *_FRIENDS,
        ("user", "we viewed a flat in leith tonight"),
        ("assistant", "you've been renting in gorgie for 6 years, you deserve a bay window"),
        ("user", "I KNOW"),
    ) == ["User has been renting in Gorgie for 6 years."]


def test_a_job_under_a_label_with_the_degree_after_it_is_kept() -> None:
    assert facts(
        ("assistant", "Happy to write the bio. What should it say?"),
        (
            "user",
            "Facts: lecturer for 6 years in a soil science group in Aberdeen, PhD in Ghent "
            "before that.",
        ),
    ) == ["User is a lecturer for 6 years in a soil science group in Aberdeen."]


@pytest.mark.parametrize(
    ("asked", "said", "kept"),
    [
        ("when did you start at Greggs?", "April 2019.", ["User started at Greggs in April 2019."]),
        (
            "when did u quit vaping?",
            "3rd of june. gum helped",
            ["User quit vaping on 3rd of June."],
        ),
        ("When did you get engaged?!", "2022, on a beach in Crete", ["User got engaged in 2022."]),
        ("when did you quit?", "1st of march", []),
        ("when did you move?", "ages ago tbh", []),
    ],
)
def test_a_date_given_as_the_answer_to_when_is_the_day_of_what_was_asked(
    asked: str, said: str, kept: list[str]
) -> None:
    assert facts(("assistant", asked), ("user", said)) == kept


@pytest.mark.parametrize(
    "put_right",
    [
        "it's the 9th to the 13th, not the 3rd to the 7th.",
        "Slight change – the ferry's full, so it's not the 3rd to the 7th any more, it's the 9th "
        "to the 13th.",
    ],
)
def test_a_range_of_days_put_right_moves_the_whole_range(put_right: str) -> None:
    # (once, "the 13th, not the 3rd" was read as one day and spliced "13th to 7th May")
    assert facts(("user", "We're going to Lisbon, 3rd to 7th May."), ("user", put_right)) == [
        "User is going to Lisbon, 9th to 13th May."
    ]


def test_a_day_moved_to_a_date_instead_of_another_is_still_a_correction() -> None:
    assert (
        facts(
            ("user", "my start date is 2 February"),
            ("user", "HR said we have to move the start date to 16 March instead of 2 February."),
        )[-1]
        == "User's start date is 16 March (not 2 February)."
    )


def test_a_trip_for_a_birthday_said_before_is_kept_without_its_it() -> None:
    assert (
        facts(("user", "I turn 50 in June and we're going to Seville for it, 4th to 9th June."))[-1]
        == "User is going to Seville, 4th to 9th June."
    )


def test_a_name_then_and_i_is_two_facts_not_a_pair_of_people() -> None:
    assert facts(("user", "Hi, I'm Noor and I work as a physio in Derby.")) == [
        "User is Noor.",
        "User works as a physio in Derby.",
    ]
    assert facts(("user", "Sofie and I are moving to Leeds.")) == [
        "User and Sofie are moving to Leeds."
    ]
