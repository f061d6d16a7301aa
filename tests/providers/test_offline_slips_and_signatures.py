"""Slips owned, names signed and places said in two words, as people write them.

Each case is a line from a realistic chat: a mother who writes "Ah sorry!! I make
mistake. Seo-ah is 8." after giving her daughter's Korean age, an engineer who
signs a message "— Oz", a cousin who shouts "new zealand???" three times, a
student who types "im veggie and rn i basically live on pesto pasta".
"""

from __future__ import annotations

import pytest

from offline_facts import facts
from reverie.providers.offline.dream_merge import entry_facts, merge_facts
from reverie.providers.offline.extract import extract_facts, render_answer
from reverie.providers.offline.speakers import identify_speakers
from reverie.providers.offline.transcript import Turn


@pytest.mark.parametrize(
    "slip",
    [
        "Ah sorry!! I make mistake. Seo-ah is 8.",
        "oops my bad. Seo-ah is 8.",
        "Sorry, I made a mistake. Seo-ah is 8.",
    ],
)
def test_a_slip_owned_then_put_right_replaces_the_stored_line(slip: str) -> None:
    files = {"USER.md": "# User\n", "SOUL.md": "# Soul\n", "memory/MEMORY.md": "# Memory\n"}
    age = Turn("user", "My daughter Seo-ah is 9 years old.", "2025-06-20")
    files, _ = merge_facts(files, entry_facts(render_answer(extract_facts([age])), "2025-06-20"))
    assert "Seo-ah is 9" in files["USER.md"]
    # (the chunk that holds the slip names Seo-ah before it)
    later = extract_facts([age, Turn("user", slip, "2025-06-21")])
    files, report = merge_facts(files, entry_facts(render_answer(later), "2025-06-21"))
    everything = "\n".join(files.values())
    # (who she is stays with the value put right)
    assert "User's daughter Seo-ah is 8" in everything
    assert "9 years" not in everything
    assert report.corrected == 1


def test_a_mistake_named_alone_corrects_nothing() -> None:
    kept = facts(("user", "Sorry, I make mistake with the form yesterday. I live in Clayton."))
    assert kept == ["User lives in Clayton."]


def test_a_message_that_is_only_a_signature_names_the_user() -> None:
    kept = facts(
        ("user", "ok that's much better. less talking, more yaml."),
        ("user", "— Oz"),
        ("user", "lol sorry, muscle memory from slack. carry on"),
    )
    assert "User's name is Oz." in kept


def test_a_place_shouted_in_two_words_is_not_the_users_name() -> None:
    turns = [
        Turn("user", "ANJ", None),
        Turn("user", "SO. I GOT IT. the wellington job. senior structural engineer", None),
        Turn("assistant", "WHATTTTTT", None),
        Turn("assistant", "PRI", None),
        Turn("assistant", "im in the staff toilet rn screaming silently", None),
        Turn(
            "assistant",
            "new zealand??? like NEW ZEALAND new zealand??? hobbits and earthquakes new zealand",
            None,
        ),
        Turn("user", "hobbits and earthquakes yes the earthquakes are literally the job", None),
        Turn("user", "start date 24th nov. so im flying like start of nov", None),
        Turn("assistant", "the bollard didnt move pri", None),
        Turn("assistant", "ok im crying a bit", None),
        Turn("user", "ANJ pick up", None),
        Turn(
            "user",
            "'pri's chai. warm drinks for cold people' is my cafe name if engineering fails",
            None,
        ),
        Turn("assistant", "pri in hiking boots im gonna need photographic evidence", None),
        Turn("assistant", "ok. so. when do u fly. and is tom coming. and what about the car", None),
        Turn("assistant", "also mum says hi. she wants to do a leaving thing at the house", None),
        Turn(
            "assistant",
            "HAPPY BIRTHDAY PRIII 🎉 30 and moving to the other side of the planet",
            None,
        ),
        Turn(
            "assistant", "right. dev says congrats. he is making u a playlist for the flight", None
        ),
        Turn("assistant", "wait is the flat sorted. and the visa. and do u have boots yet", None),
        Turn("assistant", "nursery rang again. meow child bit someone. not even sorry", None),
        Turn("assistant", "ok going to bed. love u. proud of u. still mad ur leaving", None),
        Turn(
            "assistant",
            "morning. slept 3 hours. baby kicked all night. dev snored. the cat sat on my face."
            " i am a husk. tell me something nice. no not the job again. ok fine the job.",
            None,
        ),
        Turn(
            "assistant", "lunch. soup. sad soup. work is fine. boss is off. quiet day. miss u", None
        ),
    ]
    speakers = identify_speakers(turns, None)
    assert speakers.other_name == "Anj"
    assert speakers.user_name == "Pri"


def test_a_learners_whose_thing_is_not_a_name() -> None:
    kept = facts(("user", "$20,000 is too much, my husband salary is postdoc salary haha."))
    assert "User's husband is Salary." not in kept
    assert "User's husband is Tom." in facts(("user", "my husband tom is a nurse"))


@pytest.mark.parametrize(
    ("said", "line"),
    [
        ("im veggie and rn i basically live on pesto pasta", "User is veggie."),
        ("no mushrooms pls theyre slimy", "User wants no mushrooms."),
        ("no onions please, they're gross", "User wants no onions."),
    ],
)
def test_a_fact_keeps_through_what_is_said_beside_it(said: str, line: str) -> None:
    assert line in facts(("user", said))


@pytest.mark.parametrize(
    ("said", "line"),
    [
        ("hi! I'm Debra — Deb is fine.", "User's name is Debra."),
        (
            "I make small-batch hot sauce and sell it at the Sunday market downtown.",
            "User makes small-batch hot sauce to sell at the Sunday market downtown.",
        ),
        ("4. yes. Pimento. our beagle. she is a menace", "User has a beagle called Pimento."),
        ("Also my son Ha-jun is 3, next year maybe kindergarten.", "User's son Ha-jun is 3."),
        (
            "I was piano teacher in Seoul for 10 years.",
            "User was a piano teacher in Seoul for 10 years.",
        ),
    ],
)
def test_a_fact_said_in_passing_is_kept_whole(said: str, line: str) -> None:
    assert line in facts(("user", said))


def test_what_is_done_with_a_thing_after_it_is_never_cut_off() -> None:
    # ("User ordered a sofa." would be untrue: what became of it stays with it)
    assert not any(
        line.endswith("ordered a sofa.")
        for line in facts(("user", "I ordered a sofa and cancelled it."))
    )
    assert "User was a teacher for thirty years." in facts(
        ("user", "I was a teacher for thirty years")
    )


def test_exams_listed_with_their_months_after_saying_exams_are_coming() -> None:
    coming = ("user", "exams in jan and ive done basically nothing ngl")
    modules = ("user", "modules are hazards & risk, GIS, quant methods and urban geog")
    listed = ("user", "quant methods 9th jan, hazards 13th jan, urban geog 15th jan")
    kept = facts(coming, modules, listed)
    assert "User's quant methods exam is on 9 January." in kept
    assert "User's urban geog exam is on 15 January." in kept
    # the same list with no exam in sight could be anything
    assert not [line for line in facts(modules, listed) if "exam" in line]
    denied = ("user", "checked the portal and hazards is NOT on the 13th. its the 16th")
    kept = facts(coming, listed, denied)
    assert [line for line in kept if "hazards" in line] == [
        "User's hazards exam is on 16th January (not the 13th)."
    ]


def test_a_kind_of_animal_is_nobody() -> None:
    kept = facts(
        ("user", "also my gecko nugget shed today and left it in one piece it was so satisfying"),
        ("assistant", "A full shed in one piece means humidity is good. Leopard gecko?"),
        ("user", "yesss leopard gecko. hes 3. best boy"),
    )
    assert "User has a gecko called Nugget." in kept
    assert not [line for line in kept if "Leopard" in line or "yesss" in line]


@pytest.mark.parametrize(
    "said",
    [
        "oh also work update. asked my manager for fewer shifts and she said ok",
        "i am a VAULT",
    ],
)
def test_a_deed_or_a_boast_is_not_what_the_user_is(said: str) -> None:
    assert not [line for line in facts(("user", said)) if line.startswith("User is")]
    assert "User is a GP." in facts(("user", "I am a GP"))


def test_a_name_from_the_chunk_before_is_still_a_name() -> None:
    said = [Turn("user", "Number 6 is important. Seo-ah has peanut allergy. Very serious.", None)]
    before = "[permanent] User's daughter Seo-ah is 8."
    kept = [fact.text for fact in extract_facts(said, previous_summary=before)]
    assert "User's daughter Seo-ah has peanut allergy." in kept


@pytest.mark.parametrize(
    ("said", "line"),
    [
        (
            "3. Mother has macular degeneration and uses a walking frame. What should we consider?",
            "User's mother has macular degeneration and uses a walking frame.",
        ),
        ("I bought flowers for Mother's Day.", "User bought flowers for Mother's Day."),
        ("My Mother is 88.", "User's mother is 88."),
    ],
)
def test_mother_said_as_a_name_in_a_formal_letter_is_the_users(said: str, line: str) -> None:
    assert line in facts(("user", said))
