"""Names signed and shouted, wishes behind labels, and conditions said in passing.

Found by reading a set of conversations written by someone who never saw the rules; each
case here is worded afresh, so a rule tuned to one sentence fails it.
"""

from __future__ import annotations

import pytest

from offline_facts import facts
from reverie.providers.offline.speakers import identify_speakers
from reverie.providers.offline.transcript import Turn


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        # a label that says a wish follows
        (
            "One small request: short bullet points please, I read these on the bus.",
            "User wants the assistant to use short bullet points.",
        ),
        (
            "Style preference: just the code, no essays.",
            "User wants the assistant to give just the code, no essays.",
        ),
        # the short version first, however it is called
        (
            "Please give me the bottom line first and then the reasoning - I skim.",
            "User wants the assistant to give the bottom line first, then the reasoning.",
        ),
        (
            "Summary first, then details please.",
            "User wants the assistant to give the summary first, then the details.",
        ),
        # only the change, when a file is changed
        (
            "when you change a file just give me the diff, not the whole file.",
            "User wants the assistant to give the diff, not the whole file, when the assistant"
            " changes a file.",
        ),
        # how often, said before the verb; a word to check it is heard
        (
            "please each time fix my grammar, ok?",
            "User wants the assistant to always fix their grammar.",
        ),
        (
            "pls always answer in British English, ok?",
            "User wants the assistant to always answer in British English.",
        ),
    ],
)
def test_a_wish_about_every_answer_is_kept_however_it_is_put(said: str, stored: str) -> None:
    assert stored in facts(("user", said))


def test_a_summary_asked_for_once_is_no_wish() -> None:
    assert not any("summary" in line for line in facts(("user", "Summary first.")))


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        # a condition named as what something acts on
        ("The pollen this week is wrecking my hay fever, honestly.", "User has hay fever."),
        ("Cold mornings always set my asthma off", "User has asthma."),
        # a diagnosis reported, after a label
        (
            "Quick update: the physio says tennis elbow, six weeks of rest.",
            "User has tennis elbow.",
        ),
        ("So the GP thinks it's plantar fasciitis.", "User has plantar fasciitis."),
        # an injury of a year gone by
        (
            "I had a herniated disc in 2021 so no heavy lifting for me.",
            "User had a herniated disc in 2021.",
        ),
    ],
)
def test_a_condition_said_in_passing_is_the_speakers(said: str, stored: str) -> None:
    assert stored in facts(("user", said))


def test_someone_elses_diagnosis_is_not_the_speakers() -> None:
    kept = facts(("user", "Nico's doctor says coeliac, so we're going gluten free."))
    assert "User has coeliac." not in kept


def test_a_signature_of_ones_own_gives_name_job_and_workplace() -> None:
    kept = facts(
        (
            "user",
            "Can you tidy up this cover letter? This is my email signature, for the tone:\n\n"
            "Priyanka Raman\nSenior Hydrologist\nFlood Risk Team, Calder Valley Council\n"
            "priyanka.raman@example.org",
        )
    )
    assert "User is Priyanka Raman." in kept
    assert "User's job title is Senior Hydrologist." in kept
    assert "User works at Flood Risk Team, Calder Valley Council." in kept
    assert not any("@" in line for line in kept)


def test_a_signature_under_someone_elses_email_names_no_one() -> None:
    kept = facts(
        (
            "user",
            "My landlord sent this:\n\nHi, the boiler man comes Tuesday.\n\nRegards,\n"
            "Martin Fell\nFell Lettings",
        )
    )
    assert not any("Martin Fell" in line and line.startswith("User is") for line in kept)


@pytest.mark.parametrize(
    ("said", "name"),
    [
        ("Brilliant, that fixed it. Best, Callan", "Callan"),
        ("All merged and deployed, thanks for the help. Cheers, Anneke", "Anneke"),
    ],
)
def test_a_message_signed_off_with_a_name_names_the_user(said: str, name: str) -> None:
    assert f"User's name is {name}." in facts(("user", said))


def test_thanks_to_someone_with_a_full_stop_is_no_signature() -> None:
    kept = facts(("user", 'A boy held the door and said "after you, miss". Cheers, Kyle.'))
    assert not any("Kyle" in line for line in kept)


def test_a_friend_is_not_signed_for_in_a_chat_between_two_people() -> None:
    turns = [
        Turn("assistant", "are u coming on sat or what", "2026-03-02"),
        Turn("user", "yes!! see you at 8. Cheers, Mairi", "2026-03-02"),
        Turn("assistant", "lol ok", "2026-03-02"),
        Turn("user", "mairi you're the worst", "2026-03-02"),
    ]
    assert not any("name is Mairi" in fact for fact in facts(*[(t.role, t.text) for t in turns]))


def _chat(*lines: str) -> list[Turn]:
    return [
        Turn("user" if line.startswith("u|") else "assistant", line[2:], "2026-03-02")
        for line in lines
    ]


def test_a_name_shouted_with_emoji_is_the_friends_name() -> None:
    turns = _chat(
        "a|guess who passed her driving test",
        "u|TILDA 🎉🎉",
        "a|i knowww. first time too",
        "u|proper grown up now",
        "a|lol hardly",
        "u|so what car",
    )
    assert identify_speakers(turns).other_name == "Tilda"


def test_a_word_said_back_is_no_name_for_the_friend() -> None:
    turns = _chat(
        "a|the new flat has a name on the door. it's called bramble cottage",
        "u|BRAMBLE 😂😂",
        "u|ok that's adorable",
        "a|i know lol",
        "u|wait i thought you said ashgrove?",
        "a|no ashgrove fell through",
        "u|ashgrove sorry. anyway",
        "u|nadia!! congrats on the flat",
        "a|thank uuu",
    )
    assert identify_speakers(turns).other_name == "Nadia"


def test_an_aside_in_brackets_is_not_an_introduction() -> None:
    kept = facts(
        ("user", "Stopping there — in the studio tomorrow (Kendal, Mon/Wed) so back Thursday.")
    )
    assert not any(line.startswith("User is Kendal") for line in kept)


def test_she_in_a_message_is_never_the_speaker_shouted_at() -> None:
    turns = [
        ("assistant", "how's things"),
        ("user", "big news. im going to propose to marta"),
        ("assistant", "NIALL"),
        ("assistant", "NIALL!!!"),
        ("assistant", "NIALL OH MY DAYS"),
        ("user", "shhh. thinking paris in march. she loves paris"),
        ("assistant", "cute"),
    ]
    assert not any(line.startswith("Niall loves") for line in facts(*turns))


def test_what_a_friend_would_do_otherwise_is_not_kept() -> None:
    turns = [
        ("assistant", "omg are you coming to mine in may??"),
        ("user", "yes!! booked the train"),
        ("assistant", "i'll be massively pregnant by then or i'd take you up a munro"),
        ("assistant", "lol"),
        ("user", "ha ok. see you then orla"),
    ]
    assert not any("or they'd" in line or "munro" in line for line in facts(*turns))


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        (
            "Good news — the practice manager at Elm Road Surgery, Dawn, has found me a slot.",
            "Dawn is the practice manager at Elm Road Surgery.",
        ),
        ("I asked the head of science, Marek, and he said fine.", "Marek is the head of science."),
    ],
)
def test_a_role_with_the_name_between_commas_says_who_they_are(said: str, stored: str) -> None:
    assert stored in facts(("user", said))


def test_a_bare_role_between_commas_says_too_little() -> None:
    assert not any("is the nurse" in line for line in facts(("user", "the nurse, Sarah, was kind")))
