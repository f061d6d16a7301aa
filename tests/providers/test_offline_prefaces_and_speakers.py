"""What a formal writer says after a preface, and who is talking when a chunk is short.

A careful writer sets a fact after a preface ("So you know my timetable: I am
…"), names people in passing ("My grandparents, Ivor and Megan Price, met …")
and asks for the shape of every answer in a long sentence. A chat with an
assistant stays one once an earlier chunk has shown it, however friendly a few
short replies read; a place both people shout is not the user's name.
"""

from __future__ import annotations

import pytest

from offline_facts import facts
from reverie.providers.offline.dream_merge import entry_facts, merge_facts
from reverie.providers.offline.extract import archive_answer, extract_facts, render_answer
from reverie.providers.offline.pronouns import resolve_pronouns
from reverie.providers.offline.speaker_note import carried_speakers
from reverie.providers.offline.speakers import Speakers, identify_speakers
from reverie.providers.offline.transcript import Turn


def test_a_fact_after_a_preface_and_a_colon_is_read() -> None:
    said = (
        "A little context, so that you know when I can reply: I am the office manager at a "
        "dental practice in Ripon, which means I mostly write in the evenings."
    )
    assert "User is the office manager at a dental practice in Ripon." in facts(("user", said))


def test_people_named_in_passing_are_who_they_are() -> None:
    said = "My grandparents, Ivor and Megan Price, met in 1958 at a dance in Swansea."
    assert "User's grandparents are Ivor and Megan Price." in facts(("user", said))
    listed = "our kids, Ada, Bea and Cy, are all at the same school now."
    assert "User's kids are Ada, Bea and Cy." in facts(("user", listed))


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        (
            "I would much prefer your replies in plain English — the last one lost me.",
            "use plain English",
        ),
        (
            "One last thing — and please continue to answer my questions in the order and "
            "numbering in which I put them.",
            "keep answering in the order and numbering of the questions",
        ),
        (
            "please can you write more simple English and short sentences? I read slowly.",
            "use simple English and short sentences",
        ),
        ("reading on the bus. plain english pls, short", "give short answers, in plain English"),
        (
            "for future reference: give me snippets, not whole files",
            "give snippets, not whole files",
        ),
    ],
)
def test_the_shape_of_every_answer_asked_in_a_long_sentence(said: str, rule: str) -> None:
    assert f"User wants the assistant to {rule}." in facts(("user", said))


def test_a_correction_after_a_dash_reads_without_it() -> None:
    said = "Hang on, correction — the ferry is on the 3rd, not the 4th."
    assert facts(("user", said)) == ["User corrected: the ferry is on the 3rd, not the 4th."]


def test_none_at_all_is_not_a_correction() -> None:
    kept = facts(("user", "No nuts at all, not even almonds — my son is allergic."))
    assert not [line for line in kept if "corrected" in line], kept


def test_a_dropped_subject_leaves_the_verb_in_lower_case() -> None:
    kept = facts(("user", "Bought a second-hand cello for £900. Lessons start Monday."))
    assert "User bought a second-hand cello for £900." in kept


def test_an_assistant_shown_before_stays_an_assistant_in_a_friendly_chunk() -> None:
    chunk = [
        Turn(
            "user", "Small question. We eat halal, we don't eat pork. Is that ok at school?", None
        ),
        Turn("assistant", "Yes, usually 😊 tell the school at registration.", None),
        Turn("user", "OK. My daughter loves vegetables anyway 😅", None),
        Turn("assistant", "😄 then the vegetarian menu is perfect for her.", None),
    ]
    # on its own, a chunk of short friendly replies reads like a person
    assert identify_speakers(chunk).other_is_person
    before = "[permanent] User lives in Hamburg.\n[durable] The school is on Sternplatz."
    carried = carried_speakers(before)
    assert carried == Speakers(False, None, None)
    assert not identify_speakers(chunk, carried).other_is_person
    answer = archive_answer(chunk, previous_summary=before)
    assert "[permanent] User eats halal." in answer.splitlines()
    assert "[skip] Speakers" not in answer


def test_a_chunk_that_names_the_other_person_is_a_chat_between_people() -> None:
    chunk = [
        Turn("user", "ok see u at 6", None, name="Dev"),
        Turn("assistant", "yep 😄 bring the charger", None, name="Magda"),
    ]
    found = identify_speakers(chunk, Speakers(False, None, None))
    assert found.other_is_person and found.other_name == "Magda"


def test_a_moment_told_for_effect_in_a_chat_between_people_is_not_kept() -> None:
    chat = [
        Turn("user", "she said yes!!! we're engaged", None, name="Owen"),
        Turn("assistant", "OWEN", None, name="Bethan"),
        Turn("assistant", "I'M SOBBING IN MY MUM'S KITCHEN", None, name="Bethan"),
        Turn("user", "gwen ignored the cat all day, sat on dylan's jumper", None, name="Owen"),
        Turn("assistant", "yeah Dylan is obsessed with her now", None, name="Bethan"),
    ]
    kept = [fact.text for fact in extract_facts(chat)]
    assert not [line for line in kept if "sobbing" in line or "obsessed" in line], kept


def test_a_place_both_shout_is_not_the_users_name() -> None:
    chat = [
        Turn("user", "INGRID", None),
        Turn("user", "pick up ur phone", None),
        Turn("assistant", "omg what", None),
        Turn("user", "GOT THE JOB 🏴󠁧󠁢󠁳󠁣󠁴󠁿", None),
        Turn("assistant", "NOOOO", None),
        Turn("assistant", "KIRKWALL????", None),
        Turn("assistant", "MAREN SOLBERG YOU ABSOLUTE LEGEND", None),
        Turn("user", "kirkwall!! orkney council, junior planner, they rang at lunch lol", None),
        Turn("user", "start date is 2nd feb", None),
        Turn("assistant", "im so proud of u but also im gonna cry", None),
        Turn("assistant", "lol u were a tree in the nativity maren u had one line", None),
        Turn("user", "and i fluffed it. scarred", None),
        Turn("assistant", "maren i have a dog who is scared of a tea towel", None),
    ]
    found = identify_speakers(chat)
    assert found.other_name == "Ingrid"
    assert found.user_name != "Kirkwall"
    kept = [fact.text for fact in extract_facts(chat)]
    assert not [line for line in kept if "name is" in line], kept


def test_a_day_put_right_in_a_later_chunk_reaches_the_stored_exam() -> None:
    files = {"USER.md": "# User\n", "SOUL.md": "# Soul\n", "memory/MEMORY.md": "# Memory\n"}
    said = Turn("user", "ok modules sorted. chem exam is 9th jan i think", "2025-12-01")
    files, _ = merge_facts(files, entry_facts(render_answer(extract_facts([said])), "2025-12-01"))
    assert "9th jan" in "".join(files.values())
    # weeks later, in another chunk: nothing there says the 9th but the correction
    later = Turn(
        "user", "checked the portal properly and chem is the 12th not the 9th", "2025-12-20"
    )
    found = extract_facts([later])
    assert [fact.tag for fact in found] == ["correction"]
    files, _ = merge_facts(files, entry_facts(render_answer(found), "2025-12-20"))
    everything = "".join(files.values())
    assert "9th jan" not in everything
    assert "12th" in everything


@pytest.mark.parametrize(
    "said",
    [
        (
            "Dominic has asked me, with some embarrassment, to ask you for help with his toast, "
            'as he says I "know how to talk to the computer".'
        ),
        "which is today lol im on at 5",
        "so i have one more day which is. good?? lol",
        "Also I want ask if we need a translation for the birth certificate.",
        "Sorry I am writing about my problems again.",
        "We move soon.",
        "My heart is broken.",
        "the ferry incident lives in my head rent free",
        "Hi. Question. My wife colleague said: put Deniz in the bilingual class.",
    ],
)
def test_a_line_that_leaves_out_what_it_is_about_is_not_kept(said: str) -> None:
    assert facts(("user", said)) == []


@pytest.mark.parametrize(
    ("said", "line"),
    [
        ("I am engineer at Siemens in Erlangen.", "User is an engineer at Siemens in Erlangen."),
        (
            "One more question: in Korea I was nurse, 9 years. Can I work as a nurse here?",
            "User was a nurse for 9 years in Korea.",
        ),
        (
            "lighting tech at the grand theatre. evenings mostly so i do this at night",
            "User is a lighting tech at the grand theatre.",
        ),
        (
            "ok the 3.0 migration. deadline is the release freeze on 12 march. what's the path",
            "User's deadline is the release freeze on 12 March",
        ),
    ],
)
def test_a_job_or_a_deadline_said_without_its_article(said: str, line: str) -> None:
    assert [fact for fact in facts(("user", said)) if fact.startswith(line)], facts(("user", said))


def test_a_day_denied_then_said_is_a_correction() -> None:
    said = (
        "Sorry I said wrong before: we don't move 3 November. It is 17 November, I confused "
        "it with the day the contract starts."
    )
    assert "User moves 17 November, not 3 November." in "\n".join(facts(("user", said)))


def test_the_day_someone_can_start_is_the_day_they_start() -> None:
    said = [
        ("user", "My son Minjun is 7."),
        ("user", "Good news!!! Minjun can start on Monday 3 March, in class 2b."),
    ]
    kept = facts(*said)
    assert any(line.startswith("User's son Minjun starts on Monday 3 March") for line in kept)
    # an offer of a day is not a start
    assert not [line for line in facts(("user", "I can start on the 5th if that helps")) if line]


@pytest.mark.parametrize(
    ("said", "line"),
    [
        (
            "My turnover's about £18k this year. Do I need to register?",
            "User's turnover is about £18k",
        ),
        ("i'm gonna propose to Ffion at new year", "User is going to propose to Ffion"),
        (
            "My grandparents were married on 3 May 1958 at St Anne's in Rhyl.",
            "User's grandparents were married on 3 May 1958 at St Anne's in Rhyl.",
        ),
        (
            "I myself have coeliac disease, which has made every party an adventure.",
            "User has coeliac disease.",
        ),
        ("I fly on the 4th now instead of the 3rd", "User flies on the 4th now instead of the 3rd"),
        (
            "Booked! A cabin in Glencoe with a wood burner. Pricey but it's our anniversary so",
            "User booked a cabin in Glencoe with a wood burner.",
        ),
        (
            "My husband and I are going to Crete in June.",
            "User and their husband are going to Crete",
        ),
        (
            "Totally different topic — me and my wife Ama are going to Ghana in July!! Two weeks",
            "User and their wife Ama are going to Ghana in July.",
        ),
        (
            "My older sister Jo and I are flying to Rome in May.",
            "User and their older sister Jo are flying to Rome in May.",
        ),
    ],
)
def test_a_fact_said_in_passing_is_read(said: str, line: str) -> None:
    kept = facts(("user", said))
    assert [fact for fact in kept if fact.startswith(line)], kept


def test_her_ring_given_by_nan_is_nans() -> None:
    said = ["I'm going to propose to Ffion.", "My nan gave me her engagement ring."]
    assert resolve_pronouns(said)[1] == "My nan gave me her engagement ring."


def test_who_someone_is_keeps_its_line_beside_what_the_two_do() -> None:
    kept = facts(("user", "Other thing — me and my partner Kemi are going to Lisbon in May!!"))
    assert "User and their partner Kemi are going to Lisbon in May." in kept
    assert "User's partner is Kemi." in kept
    # "are going." alone says nothing of where
    assert facts(("user", "me and my partner Kemi are going. need flights")) == [
        "User's partner is Kemi."
    ]
