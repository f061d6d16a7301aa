"""Facts said in passing, across turns or as a short answer are kept as one plain line.

"watching films with my flatmate Odile" is about films, but it says who Odile
is; "Mochi." answers "what's her name?" about the kitten of the message before.
The offline engine keeps such facts (frames) and nothing that only looks like one.
"""

from __future__ import annotations

import re

import pytest

from offline_facts import facts
from reverie.providers.offline.dream_merge import entry_facts, merge_facts
from reverie.providers.offline.extract import extract_facts, render_answer
from reverie.providers.offline.slots import slot_of
from reverie.providers.offline.speakers import identify_speakers
from reverie.providers.offline.transcript import Turn


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("watching films with my flatmate Odile tonight", "User's flatmate is Odile."),
        ("my sister, Noor, is flying in on friday", "User's sister is Noor."),
        ("Dev, my husband, does all the cooking", "User's husband is Dev."),
        ("ok last thing. my mom (Lúcia) keeps asking what we eat", "User's mom is Lúcia."),
        ("added them. dad (mwangi) got in first try", "User's dad is Mwangi."),
        ("biscuit is a staffie, he's a big softie", "Biscuit is a staffie."),
        ("walked my dog Juno for two hours in the rain", "User has a dog called Juno."),
        ("ok real talk, my birthday. 4 march. party at mine", "User's birthday is 4 March."),
        ("kasia is what everyone calls me", "User goes by Kasia."),
        ("my name's Samantha, call me Sam", "User's name is Samantha."),
        ("yes both, my mum is from Graz and I grew up in Lyon", "User grew up in Lyon."),
        ("yes both, my mum is from Graz and I grew up in Lyon", "User's mum is from Graz."),
        ("big thing. Ada's 5th birthday is March 2nd. party!", "Ada's 5th birthday is March 2nd."),
        (
            "ha. my parents are in Leicester, they'll bring everyone",
            "User's parents are in Leicester.",
        ),
        ("ha. Maisie's 7 and Alfie's 4, they run the house", "Alfie is 4."),
        ("shellfish makes me sick, prawns especially", "Shellfish makes User sick."),
        ("zelda. fav game of all time", "User's favourite game is zelda."),
        ("Odile, who's my flatmate, works nights", "Odile is User's flatmate."),
        ("keep it in Trello, that's our family planner", "Trello is User's family planner."),
        ("I'm divorced from their dad, Karl. We share custody.", "User is divorced from Karl."),
        ("also we have a dog. Pip. he's deaf", "User has a dog called Pip."),
        ("my dentist moved. Her name is Ana Silva, she's lovely", "User's dentist is Ana Silva."),
        ("the start date is 3 March now", "The start date is 3 March now."),
        ("demo is at 2pm london, 1pm for me here in accra", "User lives in Accra."),
        ("retired printer out at hexham. 40 min from me in gateshead", "User lives in Gateshead."),
        ("They want to move near me in Chester", "User lives in Chester."),
        ("shes in dereham so 25 mins from us (we're in norwich).", "User lives in Norwich."),
        ("my mum (she's from Valencia) says eat lentils", "User's mum is from Valencia."),
        ("Brother Alexei might come for the Tokyo part", "User's brother is Alexei."),
        ("Jess's sister Kate is doing a surprise party", "Jess's sister is Kate."),
        ("dog. Pretzel. corgi mix. very loud", "User has a dog called Pretzel."),
        ("my lead chiamaka suggested DMS. chiamaka agreed", "User's lead is Chiamaka."),
        ("my friend Marcos keeps saying I should open a cafe", "User's friend is Marcos."),
        ("my manager rahul (head of data) suggested an LSTM", "User's manager is Rahul."),
        (
            "I'm allergic to a few things, here's the list: walnuts, mango and latex",
            "User is allergic to walnuts, mango and latex.",
        ),
    ],
)
def test_a_fact_said_in_passing_is_kept_plainly(said: str, kept: str) -> None:
    assert kept in facts(("user", said))


def test_in_a_list_of_family_each_name_belongs_to_the_relation_before_it() -> None:
    stored = facts(("user", "Me, my wife Selin, my daughter Defne she is 6, and my son Kerem."))
    assert [line for line in stored if line.startswith("User's")] == [
        "User's wife is Selin.",
        "User's daughter is Defne.",
        "User's son is Kerem.",
    ]
    assert "User's husband is Tom." in facts(("user", "Tom, my husband, is a chef"))


def test_a_later_line_about_the_one_partner_says_whom_it_means() -> None:
    stored = facts(
        ("user", "dining table it is. dev (my boyfriend) says he'll lose the table forever"),
        ("user", "lol he's a paramedic, he'd never wear a shirt i made"),
        ("user", "my sister is Ana. my sister is a nurse"),
    )
    assert "User's boyfriend is Dev." in stored
    assert "User's boyfriend Dev is a paramedic." in stored
    # a sister is one of perhaps several: "my sister" is left as said, but a line about
    # Ana by name says who she is
    assert "User's sister is a nurse." in stored
    assert "User's sister Ana is 30." in facts(("user", "my sister is Ana"), ("user", "Ana is 30"))


def test_family_said_without_my_is_whom_he_or_she_means_next() -> None:
    assert facts(("user", "son wants to help mix. hes 9 so thatll be a laugh")) == [
        "User's son is 9."
    ]


def test_a_name_given_later_belongs_to_the_pet_said_before() -> None:
    stored = facts(
        ("user", "we adopted a kitten last week!"),
        ("assistant", "Congratulations! What's her name?"),
        ("user", "Mochi. she's tiny"),
    )
    assert stored == ["User adopted a kitten last week.", "User has a kitten called Mochi."]
    told = facts(("user", "we adopted a kitten last week!"), ("user", "her name's mochi lol"))
    assert told == ["User adopted a kitten last week.", "User has a kitten called Mochi."]


@pytest.mark.parametrize(
    ("answer", "kept"),
    [
        ("lisbon, moved in march", ["User lives in Lisbon."]),
        ("not sure yet honestly", []),
        ("wherever the rent is cheap lol", []),
    ],
)
def test_a_short_answer_to_where_do_you_live(answer: str, kept: list[str]) -> None:
    assert facts(("assistant", "Where do you live these days?"), ("user", answer)) == kept


def test_a_job_said_without_a_verb_answers_what_do_you_do() -> None:
    asked = ("assistant", "Nice. What do you do for work?")
    assert facts(asked, ("user", "payroll at a bakery chain. 9 to 5")) == [
        "User's job: payroll at a bakery chain."
    ]
    assert facts(asked, ("user", "depends on the week honestly")) == []
    asked_specs = ("assistant", "What are your specs?")
    specs = facts(asked_specs, ("user", "ryzen 5, 16gb, gtx 1060"))
    assert specs == ["User's specs: ryzen 5, 16gb, gtx 1060."]
    upgraded = facts(
        asked_specs, ("user", "ryzen 5, 16gb, gtx 1060"), asked_specs, ("user", "ryzen 7, 32gb")
    )
    assert upgraded == ["User's specs: ryzen 7, 32gb."]  # the later answer replaces the first


@pytest.mark.parametrize(
    "said",
    [
        "my colleague set up the meeting for noon",
        "my brother gonna visit at some point",
        "my boss is off sick again",
        "my cat is a menace, she ate the plant",
        "life is a dog's breakfast right now",
        "I live in the city centre",
        "my girlfriend, Non-smoker obviously, hates the balcony",
        "My surgeon is unwell and my op has been moved.",
    ],
)
def test_a_word_that_only_sits_where_a_name_would_is_not_taken_for_one(said: str) -> None:
    stored = facts(("user", said))
    assert not any(
        line.endswith(("Set.", "Gonna.", "Off.", "Non-smoker.", "Unwell.")) for line in stored
    )
    assert not any(" lives in The" in line or "Life is a dog" in line for line in stored)
    assert not any("called" in line or " is a menace" in line for line in stored), stored


def test_a_new_home_replaces_the_old_one_in_the_same_talk_and_in_the_memory_files() -> None:
    first = facts(("user", "I live in Porto now, near the river"))
    assert first == ["User lives in Porto now, near the river."]
    both = facts(
        ("user", "I live in Porto now, near the river"), ("user", "we just moved to Braga")
    )
    assert both == ["User just moved to Braga."]
    docs = {"USER.md": "# User\n\n- User lives in Porto.\n", "SOUL.md": "", "memory/MEMORY.md": ""}
    later = entry_facts(
        render_answer(extract_facts([Turn("user", "we moved to Braga", None)])), None
    )
    merged, _ = merge_facts(docs, later)
    assert "Porto" not in merged["USER.md"]
    assert "- User moved to Braga." in merged["USER.md"]


def test_one_at_a_time_slots_and_the_rest() -> None:
    assert slot_of("User's girlfriend is Ana.") == ("User", "girlfriend")
    assert slot_of("User's sister is Noor.") is None  # a person may have two sisters
    assert slot_of("User is moving to Glasgow.") == slot_of("User lives in Edinburgh.")
    assert slot_of("Arlo is 8.") == ("Arlo", "age")
    assert slot_of("User is 31, been in retail since they were 22.") == ("User", "age")
    assert slot_of("User turns 32 on Tuesday.") == ("User", "age")
    assert slot_of("User is 1.85m.") is None  # a height, not an age
    assert slot_of("User's start date is 1 April.") == slot_of("User's start date is now 15 April.")
    assert slot_of("User's rent is £1,650 a month.") == ("User", "rent")
    job = slot_of("User got a job at the uni sports centre reception.")
    assert job == slot_of("User works at a cafe in headingley.") == ("User", "job")
    assert slot_of("Dev works in Manchester on Tuesdays.") is None  # where, not for whom


def test_a_changed_date_or_age_replaces_the_old_one() -> None:
    stored = facts(
        ("user", "done the college application. interview is the 28th aug"),
        ("user", "im 31, been in retail since i was 22"),
        ("user", "no wait, actually it's the 21st not the 28th. just checked the email"),
        ("user", "oh and i turn 32 on tuesday lol"),
    )
    # the old date stays only in the "(not …)" aside that lets Dream find the line it mends
    assert "User's interview is the 21st aug (not the 28th)." in stored
    current = [re.sub(r" \(not [^)]*\)", "", line) for line in stored]
    assert not any("28th" in line or "31" in line for line in current), stored
    assert any(line.startswith("User turns 32") for line in stored), stored


def test_the_user_is_named_by_what_the_other_person_calls_them() -> None:
    # Three times at the end of what is said to them, once written as a name; "leeds"
    # ends sentences too, but after "from".
    chat = [
        Turn("user", "rosa you up", None),
        Turn("assistant", "shut up danny", None),
        Turn("user", "rude. the train was late again", None),
        Turn("assistant", "it's BROWN danny, it was always brown", None),
        Turn("user", "fine it's brown", None),
        Turn("assistant", "lol ok. he's SO fat danny", None),
        Turn("assistant", "DANNY. you promised", None),
        Turn("assistant", "the drive from leeds is long. and from leeds it's worse", None),
    ]
    speakers = identify_speakers(chat)
    assert speakers.other_is_person
    assert speakers.user_name == "Danny"
    assert "User's name is Danny." in [fact.text for fact in extract_facts(chat)]


def test_whom_a_line_is_said_to_is_not_part_of_it() -> None:
    chat = [
        Turn("user", "LEYLA. guess what", None),
        Turn("assistant", "what now lol", None),
        Turn("user", "i'm a vet nurse now leyla", None),
        Turn("assistant", "shut up!! congrats", None),
    ]
    assert "User is a vet nurse now." in [fact.text for fact in extract_facts(chat)]


def work_facts(*said: str) -> list[str]:
    turns = [
        Turn("user", "the api is fastapi on postgres, deploys go through CI", "2026-03-02"),
        Turn("assistant", "Got it.", "2026-03-02"),
        Turn("user", "the repo has a docker compose file for the db", "2026-03-02"),
    ]
    for text in said:
        turns += [Turn("assistant", "Noted.", "2026-03-02"), Turn("user", text, "2026-03-02")]
    return [fact.text for fact in extract_facts(turns)]


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("mailgun then, not ses. deliverability matters more", "Decision: mailgun, not ses."),
        ("ok. so pnpm, not npm", "Decision: pnpm, not npm."),
        (
            "so: celery with rabbitmq for the nightly jobs",
            "Decision: celery with rabbitmq for the nightly jobs.",
        ),
        ("currencies: EUR and CHF only at launch", "Currencies: EUR and CHF only at launch."),
        ("release cadence: every second tuesday", "Release cadence: every second tuesday."),
        ("offset pagination skips rows. I want cursor pagination", "User wants cursor pagination."),
        ("django 4.2, python 3.11. ~140 tables", "The stack: django 4.2, python 3.11."),
        ("zustand + tanstack query.", "The stack: zustand + tanstack query."),
        (
            "ok cutover date: sunday feb 23, 22:00 WAT, 90 min window.",
            "Cutover date: sunday feb 23, 22:00 WAT, 90 min window.",
        ),
    ],
)
def test_terse_decisions_at_work_are_kept(said: str, kept: str) -> None:
    assert kept in work_facts(said)


@pytest.mark.parametrize(
    "said",
    [
        "tomorrow then, not today",
        "postgres: partial index syntax",
        "git: rebase vs merge for feature branches",
        "question: should the jobs retry forever?",
        "error: relation users does not exist",
        "deadline: I'll know by friday",
        "I need a break",
        "i want coffee",
        "redis down, celery too",  # how the tools are today, not the stack
        "minAvailable 2, replicas 2",
        "no wait, linux first, windows later",
    ],
)
def test_topics_requests_and_pasted_errors_are_not_decisions(said: str) -> None:
    stored = work_facts(said)
    assert not any(
        line.startswith(
            ("Decision:", "Postgres:", "Git:", "Question:", "Error:", "Deadline:", "The stack:")
        )
        for line in stored
    ), stored


def test_a_later_choice_between_the_same_options_replaces_the_earlier() -> None:
    stored = work_facts("mailgun then, not ses", "actually ses, not mailgun. cheaper")
    decisions = [line for line in stored if line.startswith("Decision:")]
    assert decisions == ["Decision: ses, not mailgun."]


def test_a_rule_about_answers_is_standing_without_saying_always() -> None:
    assert "User wants the assistant to keep answers short, code first." in work_facts(
        "keep answers short, code first"
    )


def test_a_common_word_is_a_name_only_where_the_sentence_says_so() -> None:
    chat = [
        ("assistant", "Fair, but what about the lease?"),
        ("user", "my girlfriend mean as ever about the dishes"),
        ("user", "pepper is a greyhound, she sleeps all day"),
    ]
    stored = facts(*chat)
    assert "Pepper is a greyhound." in stored
    assert not any("Mean" in line or "Fair" in line for line in stored), stored


@pytest.mark.parametrize(
    ("first", "kept"),
    [
        # The name typed in lower case, then who she is: both kept, in one line.
        ("hey. so im priya, 3rd yr law. need help with contracts", "User is Priya, 3rd yr law."),
        ("hi Tom! 👋 Ines here — I run the data team", "User's name is Ines."),
    ],
)
def test_a_name_given_in_a_first_message_is_kept(first: str, kept: str) -> None:
    assert kept in facts(("user", first))


def test_a_state_after_im_is_not_a_name() -> None:
    stored = facts(("user", "hey. im starving, what can I cook with eggs"))
    assert not any("name" in line for line in stored), stored
    assert facts(("user", "omg. i'm deceased. best party ever")) == []  # slang, not a name
    later = [("user", "I like cooking")] * 3 + [("user", "so im Priya")]
    assert not any("name" in line for line in facts(*later))  # only the first messages


@pytest.mark.parametrize(
    "said", ["so im Priya, by the way", "im priya btw. should have said", "my name's Priya"]
)
def test_a_name_given_as_one_is_kept_whenever_it_comes(said: str) -> None:
    chat = [("user", "I like cooking")] * 3 + [("user", said)]
    chat.append(("assistant", "Nice to meet you, Priya! Cooking is a great hobby."))
    assert {"User's name is Priya.", "User is Priya."} & set(facts(*chat))


def test_a_name_the_assistant_calls_out_that_the_user_also_wrote_names_the_user() -> None:
    chat = [
        ("user", "pat texted earlier lol: 'dez stop opening that hive every 3 days'"),
        ("assistant", "Ha, Pat is right. Easy to get hooked on looking though, Dez!"),
        ("user", "ok ok"),
    ]
    assert "User's name is Dez." in facts(*chat)
    # An apposition is no call: "your mentor, Pat." names Pat, who is not the user.
    chat[1] = ("assistant", "Listen to your mentor, Pat. Once a week is plenty.")
    assert not any("name" in line for line in facts(*chat))
    # Nor is praise for someone the user told of: "tash made him do 4950".
    haggled = [
        ("user", "drove mint. tash made him do 4950. collecting wed"),
        ("assistant", "Nice work, Tash! That's a good result."),
    ]
    assert not any("name" in line for line in facts(*haggled))


def test_a_word_given_late_like_a_name_is_no_name() -> None:
    chat = [("user", "I like cooking")] * 3 + [("user", "im skint btw. payday friday")]
    assert not any("name" in line for line in facts(*chat))


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "my sister's getting married in Porto in June",
            "User's sister is getting married in Porto in June.",
        ),
        (
            "cog neuro exam moved from the 20th to the 22nd may",
            "The cog neuro exam moved from the 20th to the 22nd May (as of 2026-03-02).",
        ),
        (
            "im dropping my tuesday shifts until the exams are done",
            "User is dropping their Tuesday shifts until the exams are done.",
        ),
    ],
)
def test_terse_news_about_dates_and_plans_is_kept(said: str, kept: str) -> None:
    assert kept in facts(("user", said))


def test_a_move_without_a_date_says_nothing() -> None:
    assert facts(("user", "the tournament got moved. ugh")) == []


def test_a_list_of_people_says_who_does_what() -> None:
    said = (
        "the team, roughly:\n"
        "- Ollie: head barista, full time, been with me since 2021\n"
        "- Beata: our baker, mornings 6 till 11\n"
        "- Jade: Saturdays, she's a student\n"
        "- Budget: tight\n"
        "- me: rota and ordering"
    )
    stored = facts(("user", said))
    assert "Ollie: head barista, full time." in stored
    assert "Beata is User's baker, mornings 6 till 11." in stored
    assert "Jade: Saturdays." in stored
    assert "User: rota and ordering." in stored
    assert not any(line.startswith("Budget") or "student" in line for line in stored), stored


def test_the_other_person_is_named_by_a_name_said_to_them_not_a_word_said_alone() -> None:
    chat = [
        Turn("user", "four months is so long theo", None),
        Turn("assistant", "i know. we can do it", None),
        Turn("user", "theo. the flat smelled like chicken", None),
        Turn("assistant", "amara. that's not my fault", None),
        Turn("user", "sending. you'll see", None),
        Turn("assistant", "crying. ok", None),
        Turn("user", "theo. answer me", None),
        Turn("assistant", "lol ok ok", None),
    ]
    speakers = identify_speakers(chat)
    assert speakers.other_is_person
    assert speakers.other_name == "Theo"
    assert speakers.user_name != "Crying"


def test_a_name_written_as_a_sentence_of_its_own_outweighs_a_word_shouted_once() -> None:
    chat = [
        Turn("user", "interview!! got the email. 3rd November, 10am", None),
        Turn("assistant", "WOW. go on then", None),
        Turn("user", "oh my god. Tomasz. yes. I'm actually crying", None),
        Turn("assistant", "haha told you. proud of you", None),
        Turn("user", "Understandable. anyway how's the baby", None),
        Turn("assistant", "she hates sleep. I'm doing 5am onwards", None),
    ]
    speakers = identify_speakers(chat)
    assert speakers.other_is_person
    assert speakers.other_name == "Tomasz"


def test_a_family_title_before_a_name_names_the_other_person() -> None:
    chat = [
        Turn("user", "kuya miggy!! have u talked to tita weng about lola's 80th", None),
        Turn("assistant", "bea ang aga mo. its saturday. but yes she called", None),
        Turn("user", "ok good. what do u need from me", None),
        Turn("assistant", "tita says ur on cake", None),
        Turn("user", "cake i can do. ube obviously", None),
        Turn("assistant", "bea bad news. the hall double booked us", None),
        Turn("user", "omg. what now", None),
        Turn("assistant", "mam says we do it at tito ramon's", None),
        Turn("user", "ok", None),
        Turn("assistant", "mam is calling everyone", None),
    ]
    speakers = identify_speakers(chat)
    assert speakers.other_name == "Miggy"
    # A word the other opens messages with is not taken for the user's name: it may be
    # "bea", but as often "hows" or "stag".
    assert speakers.user_name is None


def test_a_name_the_user_talks_about_is_not_the_users_name_when_the_other_says_it() -> None:
    chat = [
        Turn("user", "matt!! stag. we need to actually start this", None),
        Turn("assistant", "hahaha. ok what does rich want", None),
        Turn("user", "rich's dad phil wants to come for the saturday. just karting", None),
        Turn("assistant", "aw phil. yes of course. so 10 for karting", None),
        Turn("user", "phil says he's paying his own way", None),
        Turn("assistant", "legend", None),
    ]
    speakers = identify_speakers(chat)
    assert speakers.other_name == "Matt"
    assert speakers.user_name != "Phil"


def test_own_birthday_plans_date_the_birthday_but_someone_elses_do_not() -> None:
    assert facts(("user", "ok birthday planning. its saturday 7 june. drinks at 8")) == [
        "User's birthday is 7 June."
    ]
    assert facts(("user", "toms birthday planning. its saturday 7 june.")) == []


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("oh porto is home btw. not going anywhere", "User lives in Porto."),
        ("we replaced celery with arq in may", "The team replaced celery with arq in May."),
        ("we're moving off heroku. decided", "The team is moving off heroku."),
        (
            "we switched from celery to dramatiq in may",
            "The team switched from celery to dramatiq in May.",
        ),
    ],
)
def test_where_home_is_and_what_the_team_replaced(said: str, kept: str) -> None:
    assert kept in work_facts(said)


def test_a_frame_does_not_repeat_what_the_clause_already_kept() -> None:
    assert facts(("user", "my flatmate Mei cooks for everyone")) == [
        "User's flatmate Mei cooks for everyone."
    ]


def test_a_trip_is_not_a_home() -> None:
    stored = facts(("user", "my boss is in Berlin this week"))
    assert not any("lives" in line or line == "User's boss is in Berlin." for line in stored)


@pytest.mark.parametrize("said", ["i want coffee", "I need a break", "I want a nap now"])
def test_a_whim_at_work_is_not_a_requirement(said: str) -> None:
    assert not any(line.startswith("User wants") for line in work_facts(said))


def test_an_event_said_with_its_article_keeps_one() -> None:
    stored = facts(("user", "the demo deadline moved to April 29, not April 15"))
    assert stored and not any(line.lower().startswith("the the") for line in stored), stored


def test_terse_talk_names_people_and_pets_without_my() -> None:
    stored = facts(
        ("user", "dog. pretzel. corgi mix. neighbor ana watching him oct 8 to 22"),
        ("assistant", "Leave Ana the vet's details and Pretzel's feeding routine."),
    )
    assert "User has a dog called Pretzel." in stored
    assert "User's neighbor is Ana." in stored
    aged = facts(("assistant", "Who's that?"), ("user", "sister = aaliyah. 16. wants lifts"))
    assert "User's sister Aaliyah is 16." in aged
    listed = facts(("assistant", "Who?"), ("user", "1. my sister Noor. 2. lives in leeds"))
    assert not any(line.startswith("Noor is") for line in listed), listed
    said = ("user", "bella. staffy. 4 pawprints in the corner now")
    assert "User has a staffy called Bella." in facts(("assistant", "Who's that?"), said)
    assert facts(("assistant", "Who is that?"), ("user", "sorted. lab. booked")) == []
    # "mum cried" is what she did, not her name.
    assert facts(("assistant", "x"), ("user", "they loved it. mum cried, dad cried")) == []


@pytest.mark.parametrize(
    ("first", "kept"),
    [
        (
            "Hi. This is Lukas, dad of three in Brunswick. Can you help with a schedule?",
            "User is Lukas, dad of three in Brunswick.",
        ),
        (
            "morning. Kwame here, backend eng at Ledgerline.",
            "User is Kwame, backend eng at Ledgerline.",
        ),
        ("Lukas again. Two things today", "User's name is Lukas."),
        ("hey, matt here. need a nut free satay recipe", "User's name is Matt."),
    ],
)
def test_a_user_signing_a_first_message_says_who_they_are(first: str, kept: str) -> None:
    assert kept in facts(("user", first))


def test_introducing_someone_else_is_not_a_signature() -> None:
    stored = facts(("user", "this is Ana, my colleague"))
    assert "User's colleague is Ana." in stored
    assert not any(line.startswith("User is Ana") for line in stored)


def test_a_topic_label_before_a_named_persons_fact_is_dropped() -> None:
    stored = facts(
        ("user", "Theo is 6. medical: Theo has a peanut allergy, carries an EpiPen Jr."),
        ("assistant", "Noted Theo's allergy."),
    )
    assert "Theo has a peanut allergy, carries an EpiPen Jr." in stored


def test_an_option_turned_down_in_few_words_is_a_decision() -> None:
    stored = facts(
        ("user", "a girl at work is doing keto. should I do keto?"),
        ("assistant", "For half-marathon training, carbs matter a lot."),
        ("user", "ok no keto. I'd cry without bread"),
        ("assistant", "A 14-day JR Pass could cover Tokyo to Osaka."),
        ("user", "worth it?"),
        ("assistant", "Probably not anymore, after the price rise."),
        ("user", "no JR pass then. suica on phone"),
    )
    assert "User decided: no keto." in stored
    assert "User decided: no JR Pass." in stored


@pytest.mark.parametrize(
    ("before", "said"),
    [
        ("Alcohol licence: do you have one?", "No licence. Tariq maybe."),
        ("Any injuries so far?", "no injuries. legs feel great"),
        ("Shall I book it?", "no rush"),
        ("How was the run?", "no idea what my pace was"),
    ],
)
def test_no_and_a_word_is_a_decision_only_when_that_option_was_put_forward(
    before: str, said: str
) -> None:
    assert not any("decided" in line for line in facts(("assistant", before), ("user", said)))


def test_a_relation_in_brackets_after_a_name_names_them() -> None:
    stored = facts(
        ("user", "Lowri (my wife) says my old trainers smell like regret"),
        ("assistant", "Lowri may have a point."),
    )
    assert "User's wife is Lowri." in stored


def test_an_aside_in_brackets_is_its_own_sentence_and_a_company_may_be_called_energy() -> None:
    stored = facts(
        (
            "user",
            "hey, it's Ngozi. i'm a senior data scientist at Fernhill Energy (uk energy "
            "supplier, i'm in the glasgow office) and i'm starting a new project",
        )
    )
    assert "User is a senior data scientist at Fernhill Energy." in stored
    assert "User's name is Ngozi." in stored
    assert not any("Friday" in line for line in facts(("user", "hey, it's Friday. long week")))


def test_a_reaction_word_is_never_the_other_persons_name() -> None:
    turns = [
        Turn("user", "u ate my leftovers again", "2026-03-02"),
        Turn("assistant", "they were calling my name tbh", "2026-03-02"),
        Turn("user", "rude. accurate", "2026-03-02"),
        Turn("assistant", "lol sorry, buying you pizza friday", "2026-03-02"),
    ]
    assert identify_speakers(turns).other_name is None


@pytest.mark.parametrize("opener", ["hahaha!! stop", "bet. see u at 8", "ffs, the bus again"])
def test_a_laugh_or_chat_shorthand_is_never_the_other_persons_name(opener: str) -> None:
    turns = [
        Turn("user", opener, "2026-03-02"),
        Turn("assistant", "lol ok", "2026-03-02"),
        Turn("user", "the interview went ok", "2026-03-02"),
        Turn("assistant", "omg yay proud of u", "2026-03-02"),
    ]
    assert identify_speakers(turns).other_name is None


def test_a_thing_said_with_the_or_my_elsewhere_is_not_the_other_persons_name() -> None:
    turns = [
        Turn("user", "interview!! got the email", "2026-03-02"),
        Turn("assistant", "omg when is the interview", "2026-03-02"),
        Turn("user", "nov 3rd lol", "2026-03-02"),
        Turn("assistant", "ur gonna smash it", "2026-03-02"),
    ]
    assert identify_speakers(turns).other_name is None


def test_a_list_of_people_may_put_a_comma_after_each_name() -> None:
    stored = facts(
        (
            "user",
            "ok staff, who's who:\n- Hollie, head barista, full time\n"
            "- Kwame, our baker, starts at 6am Tue-Sat\n- Milk, two litres a day",
        ),
        ("assistant", "Thanks! Hollie and Kwame sound great."),
    )
    assert "Hollie: head barista, full time." in stored
    assert "Kwame is User's baker, starts at 6am Tue-Sat." in stored
    assert not any(line.startswith("Milk") for line in stored)


def test_x_it_is_after_two_options_were_weighed_is_a_choice() -> None:
    stored = facts(
        ("user", "torn between Advanced Choice Modelling and Urban Design for Mobility"),
        ("assistant", "Your supervisor works on choice models, which helps the thesis."),
        ("user", "ugh fine. Advanced Choice Modelling it is. rip copenhagen"),
        ("assistant", "WAPE or MAPE for the headline?"),
        ("user", "WAPE it is, with MAE as the secondary"),
    )
    assert "User chose Advanced Choice Modelling instead of Urban Design for Mobility." in stored
    assert "User chose WAPE instead of MAPE, with MAE as the secondary." in stored
    # Nothing was weighed: "pasta it is" says too little to keep.
    assert facts(("assistant", "Dinner plans?"), ("user", "pasta it is")) == []
    # a model number is part of the option weighed
    weighed = facts(("assistant", "Somerset 300 or Colorplan 350?"), ("user", "somerset it is."))
    assert weighed == [
        "User chose Somerset instead of Colorplan 350."
    ]  # written as the talk wrote it


def test_x_then_after_the_options_were_put_is_a_choice_of_it_over_all_the_others() -> None:
    stored = facts(
        ("user", "bookkeeping. spreadsheet is a mess. freeagent or xero or quickbooks"),
        ("assistant", "FreeAgent is free with a Mettle account; Xero is £16 a month."),
        ("user", "opening mettle. freeagent then"),
    )
    assert "User chose freeagent instead of xero or quickbooks." in stored
    # Nothing was weighed: no choice of "see you".
    assert facts(("assistant", "Talk Thursday?"), ("user", "see you then")) == []


def test_the_other_person_quoting_their_own_name_once_still_leaves_it_theirs() -> None:
    turns = [
        Turn("user", "marcus. VALENTINES DAY", "2026-02-10"),
        Turn("assistant", "i know i know. booked somewhere", "2026-02-10"),
        Turn("user", "where", "2026-02-10"),
        Turn("assistant", 'the taco place. the owner calls me "el gringo" marcus', "2026-02-10"),
        Turn("user", "lol ok. u hate coriander tho", "2026-02-10"),
        Turn("assistant", "i'll pick it off", "2026-02-10"),
    ]
    assert identify_speakers(turns).other_name == "Marcus"


def test_shes_before_a_past_participle_is_she_has() -> None:
    stored = facts(
        ("user", "my sister Ana? she's married, she's moved to Leeds and she's bought a flat"),
        ("assistant", "Lovely news about Ana."),
    )
    assert "User's sister Ana is married." in stored
    assert any(line.startswith("User's sister Ana has moved to Leeds") for line in stored)


def test_one_option_named_alone_after_a_list_of_them_is_a_choice() -> None:
    listed = (
        "Two solid Postgres-backed options:\n\n- **pg-boss**: uses SKIP LOCKED, retries.\n"
        "- **graphile-worker**: very fast, LISTEN/NOTIFY.\n\nBoth avoid new infra."
    )
    stored = facts(("assistant", listed), ("user", "pg-boss. tunde used it on payouts"))
    assert "User chose pg-boss instead of graphile-worker." in stored
    # Naming something else, or asking about one, chooses nothing.
    assert facts(("assistant", listed), ("user", "pg-boss? is it maintained")) == []
    assert not any("chose" in line for line in facts(("assistant", listed), ("user", "redis. hmm")))


def test_choosing_again_between_the_same_options_replaces_the_first_choice() -> None:
    stored = facts(
        ("user", "WAPE or MAPE for the headline?"),
        ("assistant", "Depends on near-zero values."),
        ("user", "MAPE it is"),
        ("assistant", "MAPE explodes near zero though. WAPE or MAPE, your call."),
        ("user", "ugh ok. WAPE it is"),
    )
    assert [line for line in stored if "chose" in line] == ["User chose WAPE instead of MAPE."]


def test_here_in_a_place_on_holiday_is_not_home() -> None:
    assert facts(("user", "it's so sunny here in Lisbon, day 3 of the holiday")) == []


@pytest.mark.parametrize(
    "said",
    ["we're in debit, we've used more", "im in pain.", "i'm in charge", "we're in agreement"],
)
def test_being_in_a_state_is_no_town(said: str) -> None:
    assert facts(("user", said)) == []


def test_an_aside_after_a_name_is_about_that_person_and_never_about_a_thing() -> None:
    stored = facts(
        ("user", "review with Fiona (she leads pricing & hedging) is on friday"),
        ("assistant", "Good luck with Fiona."),
    )
    assert "Fiona leads pricing & hedging." in stored
    said = "my neighbour bernard has a 4G router (he's 74 and more techy than me) in his shed"
    assert not any(line.startswith(("Router", "Wi-Fi")) for line in facts(("user", said)))


def test_where_someone_is_from_is_a_trait_never_a_name() -> None:
    assert "User is Brazilian (from BH)." in facts(("user", "I'm brazilian (from BH). so yeah"))
    assert "User's name is English." not in facts(("user", "hi! I'm english, new here"))
    stored = facts(("user", "my wife is Polish and I speak german"))
    assert "User's wife is Polish." in stored  # what she is, said plainly; not her name
    assert not any(slot_of(line) for line in stored)


def test_a_possessive_after_a_relation_is_the_persons_name() -> None:
    said = "testing on my pixel 7 and my girlfriend sofia's iphone 13"
    assert "User's girlfriend is Sofia." in facts(("user", said))


def test_naming_another_option_later_makes_the_choice_again() -> None:
    offered = (
        "Popular options:\n1. FreeAgent — invoicing and a tax estimate\n"
        "2. QuickBooks — popular with accountants\n3. Zoho Invoice — free, invoicing only"
    )
    stored = facts(
        ("assistant", offered),
        ("user", "quickbooks then. friend uses it"),
        ("assistant", "Sure, start the trial."),
        ("user", "wait. freeagent free w mettle?"),
        ("assistant", "Yes, it's included with a Mettle account."),
        ("user", "ok switching. opened mettle. freeagent it is"),
    )
    chose = [line for line in stored if " chose " in line]
    assert chose == ["User chose FreeAgent instead of QuickBooks or Zoho Invoice."], stored


def test_a_word_typed_in_lower_case_is_not_taken_for_their_name() -> None:
    chat = [
        Turn("user", "morning from rainy bristol. did you survive day 1?", None),
        Turn("assistant", "just about!! office is lovely tho, 32nd floor", None),
        Turn("user", "fancy. better than our view of the bins", None),
        Turn("assistant", "i miss the bins lol", None),
        Turn("user", "jesus. you sure you're ok?", None),
        Turn("assistant", "yeah yeah just tired", None),
    ]
    speakers = identify_speakers(chat)
    assert speakers.other_is_person
    assert speakers.other_name is None


def test_a_name_typed_in_lower_case_is_still_a_name() -> None:
    chat = [
        Turn("user", "sana!! guess who got the job", None),
        Turn("assistant", "no way. you?? tell me everything", None),
        Turn("user", "starting in march lol", None),
        Turn("assistant", "so proud of u", None),
    ]
    assert identify_speakers(chat).other_name == "Sana"


def test_a_name_shouted_is_a_name_and_an_acronym_is_not() -> None:
    chat = [
        Turn("user", "got the job!! senior designer, start in october", None),
        Turn("assistant", "IMMY. amazing. that's a big step up", None),
        Turn("user", "i know lol. and the GP says the wrist is healing", None),
        Turn("assistant", "oh immy. that's the best news", None),
        Turn("user", "drinks friday?", None),
        Turn("assistant", "obviously lol", None),
    ]
    assert identify_speakers(chat).user_name == "Immy"
    acronym = [
        Turn("user", "so the letter came", None),
        Turn("assistant", "NHS. they never write back lol", None),
        Turn("user", "ugh i know", None),
        Turn("assistant", "ring them tomorrow lol", None),
    ]
    assert identify_speakers(acronym).user_name is None


def test_a_name_said_about_someone_else_is_not_whom_they_talk_to() -> None:
    chat = [
        Turn("user", "noodle ate the whole loaf off the counter", None),
        Turn("assistant", "LINDA. she has no discipline. he's a beagle lol", None),
        Turn("user", "she says he jumped", None),
        Turn("assistant", "he did not jump", None),
    ]
    assert identify_speakers(chat).user_name is None


def test_what_the_other_person_says_about_the_user_by_name_is_not_his_fact() -> None:
    chat = [
        Turn("user", "just signed the contract for the flat lol", None),
        Turn("assistant", "shut up danny. a whole flat", None),
        Turn("user", "a whole flat. with a dishwasher", None),
        Turn("assistant", "oh my god danny is a grown up", None),
        Turn("user", "hardly lol", None),
        Turn("assistant", "DANNY. you promised you'd call mum", None),
    ]
    assert identify_speakers(chat).user_name == "Danny"
    kept = [fact.text for fact in extract_facts(chat)]
    assert not any("grown up" in line for line in kept)


def test_a_babys_name_given_after_a_few_weeks_old_is_the_babys() -> None:
    stored = facts(
        ("user", "hi. is it normal for a 3 week old to feed every hour. im so tired"),
        ("assistant", "Yes, cluster feeding in the evening is very common at this age."),
        ("user", "hes called arlo btw. born 14th oct"),
    )
    assert "User's baby is called Arlo." in stored
    boss = facts(("user", "my boss is awful. he's called Gary"))
    assert "User's boss is called Gary." in boss


def test_a_job_in_brackets_after_a_relation_is_no_name() -> None:
    stored = facts(("user", "mum (nurse) says hi. my dad (retired) is coming too"))
    assert not any(" is Nurse" in line or " is Retired" in line for line in stored), stored


def test_a_role_in_brackets_keeps_its_own_article() -> None:
    stored = facts(("user", "Anita (the social worker) and the ward OT both think he can't go"))
    assert "Anita is the social worker." in stored


def test_where_the_other_person_is_said_to_them_is_their_home() -> None:
    chat = [
        Turn("assistant", "so where do we all stay lol", "2026-03-02", "Karim"),
        Turn("user", "we're in leeds, you're in manchester, party's in shipley", "2026-03-02"),
        Turn("assistant", "ur in charge of food then", "2026-03-02", "Karim"),
        Turn("user", "you're in trouble lol", "2026-03-02"),
    ]
    lines = [fact.text for fact in extract_facts(chat)]
    assert "User lives in Leeds." in lines
    assert "Karim lives in Manchester." in lines
    assert not any("Trouble" in line or "Charge" in line for line in lines)
