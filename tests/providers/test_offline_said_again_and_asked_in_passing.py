"""Values said again to put them right, and wishes, names and facts said in passing.

Found by reading a set of conversations written by someone who never saw the rules; each
case here is worded afresh, so a rule tuned to one sentence fails it.
"""

from __future__ import annotations

import pytest

from offline_facts import facts, remembered
from reverie.providers.offline.dream_merge import entry_facts, merge_facts
from reverie.providers.offline.extract import extract_facts, render_answer
from reverie.providers.offline.transcript import Turn


@pytest.mark.parametrize(
    ("said", "asked", "again", "stored"),
    [
        # after the other side's doubt, the new day alone
        (
            "also dad's 70th is on thursday 12th march, we're doing a meal",
            "isn't the 12th a wednesday?",
            "ugh you're right. friday 13th. what a week",
            "User's dad's 70th birthday is 13th March.",
        ),
        # on the speaker's own, after an apology
        (
            "my driving lesson is on the 8th",
            "Good luck!",
            "sorry, it's the 9th",
            "User's driving lesson is on the 9th.",
        ),
        # a numbered thing of one's own, said as what one is
        (
            "Hotel's fine. My room is 214, if the taxi firm asks.",
            "Noted.",
            "Sorry, I'm room 241. 214 is my colleague's.",
            "User's room is 241, not 214.",
        ),
    ],
)
def test_a_value_said_again_after_an_apology_replaces_the_one_said_before(
    said: str, asked: str, again: str, stored: str
) -> None:
    kept = remembered(("user", said), ("assistant", asked), ("user", again))
    assert stored in kept
    # the old value's line is gone: one line about the thing, the mended one
    about = stored.split(" is ")[0]
    assert [line for line in kept if line.startswith(about)] == [stored]


def test_a_day_said_again_after_a_message_with_two_days_mends_neither() -> None:
    kept = facts(
        ("user", "flights are on the 3rd and back on the 10th"),
        ("assistant", "Noted."),
        ("user", "sorry, the 4th"),
    )
    assert not any("4th" in line for line in kept)


def test_a_name_given_with_btw_counts_however_late_it_comes() -> None:
    opening = [("user", "hi"), ("user", "can you help with a regex"), ("user", "cool")]
    kept = facts(*opening, ("user", "priyanka btw. i do the data stuff at a charity"))
    assert "User's name is Priyanka." in kept


@pytest.mark.parametrize(
    "late",
    [
        "rust btw. its fast",
        "Malcolm, by the way, has suggested that we concrete over the lawn.",
    ],
)
def test_a_word_or_someone_talked_of_with_btw_late_in_a_chat_is_no_name(late: str) -> None:
    opening = [("user", "hi"), ("user", "can you help"), ("user", "cool")]
    assert not any("name is" in line for line in facts(*opening, ("user", late)))


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        # a stressed "do", and a question after a dash
        (
            "We do live near the coast though — is it windy there in winter?",
            "User lives near the coast.",
        ),
        ("I do have mild eczema though — will the wool be a problem?", "User has mild eczema."),
        ("I'm diabetic — can I still do the fast?", "User is diabetic."),
        # a post without "a", at a place not named; where that puts the speaker goes
        (
            "im night porter at the infirmary so in the lodge most nights",
            "User is night porter at the infirmary.",
        ),
        # a thing of one's own, then the speaker still the one talked of
        (
            "it was my get fit before 40 plan. turning 40 in march so booked it",
            "User is turning 40 in March.",
        ),
        ("moving in 1st nov", "User is moving in 1st nov."),
        # a learner's allergy, "with"
        ("My son has allergy with eggs.", "User's son has an allergy to eggs."),
        # the job got, then its title with its terms
        (
            "I got the job! Receptionist, 4 days a week, start 2 March.",
            "User got the job as a Receptionist.",
        ),
        # shorter answers, however asked
        (
            "Could you answer shorter from now? I read on the bus.",
            "User wants the assistant to give shorter answers.",
        ),
        ("please give me briefer answers", "User wants the assistant to give shorter answers."),
        ("can you give shorter answers?", "User wants the assistant to give shorter answers."),
    ],
)
def test_said_in_passing(said: str, stored: str) -> None:
    assert stored in facts(("user", said))


@pytest.mark.parametrize(
    "said",
    [
        # "we don't" alone says nothing
        "If we had a garden I'd get a dog. But we don't, and the flat is tiny.",
        # "keep it short" of a letter asked for is no rule for the answers
        "Can you write a cover letter for the bakery job? Keep it short.",
        # leaving the chat
        "I have to hop off now, school run. Back later.",
        "Perfect. I have to drop off, standup then a planning meeting.",
    ],
)
def test_nothing_is_kept(said: str) -> None:
    assert facts(("user", said)) == []


def test_keep_it_short_alone_is_still_a_rule_for_the_answers() -> None:
    assert facts(("user", "keep it short pls")) == [
        "User wants the assistant to give short answers."
    ]


def test_her_after_a_workplace_is_not_the_workplace() -> None:
    kept = facts(("user", "My cousin Aga works at Tesco but her husband is a plumber."))
    assert not any("Tesco's" in line for line in kept)


def test_a_cross_breed_is_no_name() -> None:
    kept = facts(("user", "Bramble's our spaniel cross, she's 2 and eats socks."))
    assert "User has a spaniel called Bramble." in kept
    assert not any("called Cross" in line for line in kept)


def test_a_line_that_says_what_it_replaces_drops_the_old_one() -> None:
    talk = [
        ("user", "I'm flying to Lisbon on the 4th for a conference."),
        ("assistant", "Nice."),
        ("user", "Change of plan, I'm flying to Porto instead of Lisbon."),
    ]
    assert facts(*talk) == ["User is flying to Porto instead of Lisbon."]


def test_a_line_that_says_what_it_replaces_drops_the_old_one_from_an_earlier_chunk() -> None:
    files = {"USER.md": "# User\n", "SOUL.md": "# Soul\n", "memory/MEMORY.md": "# Memory\n"}
    for day, said in (
        ("2025-11-10", "I'm on call next week (17–21 Nov), which overlaps the launch."),
        ("2025-11-12", "Swapped with Jonas, so I'm on call 24–28 Nov instead of launch week."),
    ):
        found = extract_facts([Turn("user", said, day)])
        files, _ = merge_facts(files, entry_facts(render_answer(found), day))
    text = "\n".join(files.values())
    assert "User is on call 24–28 Nov instead of launch week." in text
    assert "17–21" not in text


def test_a_line_naming_something_else_is_not_replaced() -> None:
    talk = [
        ("user", "I'm flying to Lisbon on the 4th for a conference."),
        ("assistant", "Nice."),
        ("user", "I'm flying to Porto instead of driving, it's quicker."),
    ]
    assert any(line.startswith("User is flying to Lisbon on the 4th") for line in facts(*talk))


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        ("metric temperatures please", "User wants the assistant to use metric units."),
        ("Grams please, I don't do cups.", "User wants the assistant to use grams, not cups."),
        ("I don't do ounces.", "User wants the assistant not to use ounces."),
        (
            "Fine. And you can skip the prose explaining things I already know.",
            "User wants the assistant to skip the basics.",
        ),
        # a place named, then "there"; a move whose "I" was said once
        (
            "It's the bread my nan baked in Gdansk! I grew up there, moved to Wales in 2004.",
            "User grew up in Gdansk.",
        ),
        (
            "It's the bread my nan baked in Gdansk! I grew up there, moved to Wales in 2004.",
            "User moved to Wales.",
        ),
    ],
)
def test_wishes_and_places_said_in_passing(said: str, stored: str) -> None:
    assert stored in facts(("user", said))


@pytest.mark.parametrize(
    "said",
    [
        # back to this chat, not to a place
        "Thanks for all this! I'll come back in June when the kittens arrive.",
        # left out for someone else's sake
        "Lasagne for 8 please. My partner Sol won't eat olives, so no olives please.",
    ],
)
def test_no_line_of_the_speakers_own(said: str) -> None:
    assert not any(line.startswith("User ") for line in facts(("user", said)))


def test_coming_back_to_a_place_is_still_a_plan() -> None:
    assert any("Lisbon" in line for line in facts(("user", "I'll come back to Lisbon in May.")))


def test_a_trips_dates_and_the_new_dates_that_replace_them() -> None:
    talk = [
        ("user", "Planning a trip to Bergen with my sister. Dates 3–7 June 2026, budget £2,000."),
        ("assistant", "Lovely."),
        ("user", "I work 9-5 at the library, so evenings only."),
        ("assistant", "Noted."),
        ("user", "Change of dates: it'll be 10–14 June, she can't get the 3rd off."),
    ]
    kept = facts(*talk)
    assert "User's trip to Bergen is 10–14 June 2026, budget £2,000." in kept
    assert not any("3–7" in line for line in kept)
    assert any("9-5" in line for line in kept)


def test_a_name_given_after_a_few_words_when_asked_what_name_to_put() -> None:
    talk = [
        ("user", "can you check my cover letter"),
        ("assistant", "Done. What name should I put in the sign-off, by the way?"),
        ("user", "oh right, I forgot to say. Tomasz! Tomasz Wrona"),
    ]
    assert "User's name is Tomasz." in facts(*talk)


def test_no_name_when_the_answer_gives_none() -> None:
    talk = [("assistant", "What should I call you?"), ("user", "oh ha. whatever you like.")]
    assert not any("name" in line for line in facts(*talk))


def test_a_pet_named_between_commas_after_i_have_a() -> None:
    said = "Quick one. We have a whippet, Moss, who will need a sitter while Priya and I are away."
    kept = facts(("user", said))
    assert any(line.startswith("User has a whippet") and "Moss" in line for line in kept)
    # ("Priya and I are away": one subject, never "I are away" apart)
    assert not any(line.rstrip(".").endswith("while Priya") for line in kept)
    assert any("while Priya and User are away" in line for line in kept)


def test_a_figure_with_a_point_said_again_after_an_apology_replaces_the_one_before() -> None:
    talk = [
        ("user", "For the visa form: my IELTS is 6.5, I sat it in Seoul last spring."),
        ("assistant", "Noted."),
        ("user", "Sorry, I looked at the certificate: overall is 7.5. 6.5 was my speaking."),
    ]
    kept = remembered(*talk)
    assert any("IELTS is 7.5" in line for line in kept)
    assert not any("IELTS is 6.5" in line for line in kept)


@pytest.mark.parametrize(
    "said",
    [
        "ok saying it out loud: I'm going to be the Pickle Queen of Didsbury 👑",
        "eslint has 32 errors lol",
    ],
)
def test_a_title_in_jest_or_a_tools_count_is_not_kept(said: str) -> None:
    assert facts(("user", said)) == []


_OPENING = [("user", "hi"), ("user", "can you look at my cv"), ("user", "thanks")]


@pytest.mark.parametrize(
    "signed",
    ["ok that's everything for today\n- Marta", "Speak tomorrow. Marta x"],
)
def test_a_message_signed_with_a_hyphen_or_a_kiss_gives_the_name(signed: str) -> None:
    assert "User's name is Marta." in facts(*_OPENING, ("user", signed))


@pytest.mark.parametrize(
    "listed",
    ["shortlist:\n- Monzo\n- Starling", "Which is better?\n- Monzo"],
)
def test_an_option_on_the_last_line_is_no_signature(listed: str) -> None:
    assert not any("name is" in line for line in facts(*_OPENING, ("user", listed)))
