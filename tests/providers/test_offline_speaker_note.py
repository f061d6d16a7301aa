"""A chat between two people, archived a few messages at a time, keeps who is talking."""

from __future__ import annotations

from typing import Any

from reverie.consolidation.archive_prompt import build_archive_messages
from reverie.providers.offline import OfflineProvider
from reverie.providers.offline.speaker_note import carried_speakers, speakers_note
from reverie.providers.offline.speakers import Speakers, identify_speakers
from reverie.providers.offline.transcript import Turn

# The first chunk names Magda; the next ones never do.
FIRST: list[dict[str, Any]] = [
    {"role": "user", "content": "magda!! did u see the email from the letting agent"},
    {"role": "assistant", "content": "no?? what now. im at the lab til 7"},
    {"role": "user", "content": "rent going up 13% from december. i'll call them tmrw"},
    {"role": "assistant", "content": "ugh ok. thanks dev u r the best flatmate"},
]
LATER: list[dict[str, Any]] = [
    {"role": "user", "content": "ffs! the boiler is making the noise again"},
    {"role": "assistant", "content": "noooo. my thesis has to be submitted by end of january btw"},
    {"role": "user", "content": "ill report it to the agent"},
    {"role": "assistant", "content": "i applied for a job at the marine institute in oban"},
]


async def archive(messages: list[dict[str, Any]], previous: str | None = None) -> str:
    request = build_archive_messages(messages, previous_summary=previous)
    response = await OfflineProvider().chat_with_retry(messages=request)
    assert response.content is not None
    return response.content


def test_the_note_reads_back_as_the_speakers_it_names() -> None:
    found = Speakers(True, "Magda", "Dev", shared_home=True)
    note = speakers_note(found)
    assert note == (
        "[skip] Speakers: the user is Dev; the other person is Magda, who shares the user's home."
    )
    assert carried_speakers(f"[durable] Magda works at the lab.\n{note}") == found
    assert speakers_note(Speakers(False)) is None
    # facts with no note were written for a chat with an assistant; no summary says nothing
    assert carried_speakers("[permanent] User lives in Glasgow.") == Speakers(False)
    assert carried_speakers(None) is None
    assert carried_speakers("(nothing)") is None


async def test_a_later_chunk_that_names_nobody_still_knows_who_is_talking() -> None:
    first = await archive(FIRST)
    assert first.splitlines()[-1] == "[skip] Speakers: the other person is Magda."
    alone = await archive(LATER)
    assert "Magda" not in alone  # without the note, nobody is named here
    later = await archive(LATER, previous=first)
    lines = later.splitlines()
    assert any(line.startswith("[ephemeral] Magda's thesis has to be submitted") for line in lines)
    assert any(line.startswith("[durable] Magda applied for a job") for line in lines)
    assert "Ffs" not in later  # a word this chunk took for a name does not replace Magda


async def test_the_users_name_the_note_carries_is_not_said_again_in_every_entry() -> None:
    note = "[skip] Speakers: the user is Dev; the other person is Magda."
    later = await archive(LATER, previous=f"[permanent] User's name is Dev.\n{note}")
    assert "User's name is Dev." not in later
    assert later.splitlines()[-1] == note  # the note still carries it to the next chunk


async def test_a_chunk_with_nothing_to_keep_passes_the_note_on_once() -> None:
    chat = [
        {"role": "user", "content": "magda!! are u home"},
        {"role": "assistant", "content": "omw lol. 10 min"},
        {"role": "user", "content": "ok cool"},
        {"role": "assistant", "content": "haha ok see u"},
    ]
    first = await archive(chat)
    assert first == "[skip] Speakers: the other person is Magda."
    again = await archive(chat, previous=first)
    assert again == "(nothing)"  # the previous summary already carries it


async def test_a_chat_with_an_assistant_has_no_note() -> None:
    answer = await archive(
        [
            {"role": "user", "content": "I'm Jo and I live in Leeds."},
            {"role": "assistant", "content": "Nice to meet you, Jo! How can I help today?"},
        ]
    )
    assert "[skip]" not in answer


# Written with capitals and full stops, nobody named: only what the two say of their lives
# shows a person is answering.
UNNAMED: list[dict[str, Any]] = [
    {"role": "user", "content": "are you up\nthere's no hot water. none"},
    {"role": "assistant", "content": "I'm up. I had a cold shower at 6."},
    {"role": "user", "content": "have you told the landlord"},
    {"role": "assistant", "content": "Texting him now."},
]
READS_LIKE_AN_ASSISTANT: list[dict[str, Any]] = [
    {"role": "user", "content": "ok sort the broadband then"},
    {"role": "assistant", "content": "Done. Installation is Friday the 21st."},
    {"role": "user", "content": "i'm asleep that day after nights"},
    {"role": "assistant", "content": "I start my new job at Harlow Pryce on 10 March."},
]


def test_a_person_not_named_yet_is_noted_and_read_back() -> None:
    note = speakers_note(Speakers(True, None, "Niamh"))
    assert note == "[skip] Speakers: the user is Niamh; the other person is a person not named yet."
    assert carried_speakers(note) == Speakers(True, None, "Niamh")


async def test_a_person_found_in_one_chunk_stays_a_person_in_the_next_without_a_name() -> None:
    first = await archive(UNNAMED)
    assert first.splitlines()[-1] == "[skip] Speakers: the other person is a person not named yet."
    later = [Turn(str(m["role"]), str(m["content"]), None) for m in READS_LIKE_AN_ASSISTANT]
    assert not identify_speakers(later).other_is_person  # alone, it reads like an assistant
    assert identify_speakers(later, carried_speakers(first)).other_is_person


async def test_a_name_on_the_second_line_of_a_message_names_the_other_person() -> None:
    chat = [
        {"role": "assistant", "content": "i got it. trainee QS at harlow pryce"},
        {"role": "user", "content": "AHHHHH\nkofi!!! i knew it\ntell me everything"},
        {"role": "assistant", "content": "£29,500 and they pay for the degree lol"},
        {"role": "user", "content": "you'll be a proper professional lol"},
    ]
    assert "the other person is Kofi" in await archive(chat)


async def test_a_name_said_with_a_cry_names_the_other_person() -> None:
    chat = [
        {"role": "assistant", "content": "so i may have sprained my ankle lol"},
        {"role": "user", "content": "Tobi!! Have you been to a doctor?"},
        {"role": "assistant", "content": "went to the clinic, not broken. crutches for a week"},
        {"role": "user", "content": "Rest it please x"},
    ]
    assert "the other person is Tobi" in await archive(chat)
