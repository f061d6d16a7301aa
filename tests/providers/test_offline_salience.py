"""A line the offline engine stores states a fact: no guesses, moments, vague talk or asides.

Each chat below mixes a plain fact with a sentence of one kind that reads alone
but is not worth remembering; the fact is kept and the other is not.
"""

from __future__ import annotations

import pytest

from offline_facts import facts
from reverie.providers.offline.dream_merge import entry_facts, merge_facts
from reverie.providers.offline.extract import extract_facts, render_answer
from reverie.providers.offline.salience import worth_keeping
from reverie.providers.offline.transcript import Turn


@pytest.mark.parametrize(
    ("aside", "kept"),
    [
        ("we might move the api to go eventually", "The team uses Postgres 16 for everything."),
        ("I'd rather have something small and boring", "User prefers short answers."),
        ("we'll use SQL for the support stuff", "The team uses Postgres 16 for everything."),
        ("I usually throw like 20 bowls a session", "User prefers short answers."),
        ("the team kicks off the rewrite today", "The team uses Postgres 16 for everything."),
        (
            "I could use some help with the paperwork for the move",
            "User prefers short answers.",
        ),
        ("I've got 3 weeks left at the old job", "User prefers short answers."),
        ("Leeeeo starts on monday", "User prefers short answers."),
        ("I want to know if I should be doing more at home", "User prefers short answers."),
        ("I've got a meeting at 3", "User prefers short answers."),
        ("I need to buy milk", "User prefers short answers."),
        ("I'm working on the report", "User prefers short answers."),
        ("I've decided to go for a run", "User prefers short answers."),
        ("oh I should like that very much", "User prefers short answers."),
        ("I'd rather not take the risk to be honest", "User prefers short answers."),
        ("my husband is not wrong", "User prefers short answers."),
        ("my hands are not hands anymore", "User prefers short answers."),
        ("I have a great deal of material already", "User prefers short answers."),
        ("Mama was indeed three, you were right", "User prefers short answers."),
        ("I have a working title.", "User prefers short answers."),
        ("booked physio", "User prefers short answers."),
        ("applied online", "User prefers short answers."),
        ("I got the job!!", "User prefers short answers."),
        ("won 5 in a row last night", "User prefers short answers."),
        ("Theo likes me, I can tell", "User prefers short answers."),
        ("Anyway, I must go now.", "User prefers short answers."),
        ("my uncle in Delhi will help her with the visa", "User prefers short answers."),
        ("Priya is mortified lol", "User prefers short answers."),
        ("Kerry is knackered too", "User prefers short answers."),
        ("Dev is either going to be delighted or furious", "User prefers short answers."),
        ("I have one more question, which is about driving", "User prefers short answers."),
        ("I have one at work for the dispensary", "User prefers short answers."),
        ("my brother will get 2 or 3 quotes in november", "User prefers short answers."),
        ("I'm trying to work out what to do about my dad", "User prefers short answers."),
    ],
)
def test_an_aside_is_dropped_and_the_fact_beside_it_kept(aside: str, kept: str) -> None:
    stored = facts(
        ("user", "we use Postgres 16 for everything. I prefer short answers"),
        ("assistant", "Got it."),
        ("user", aside),
    )
    assert kept in stored
    assert len(stored) == 2, stored


def test_pasted_program_output_is_not_a_statement_about_the_user() -> None:
    pasted = (
        "CI is red again:\n\n"
        "app/models.py:12: error: Incompatible return value type  [return-value]\n"
        "Found 1 error in 1 file (checked 31 source files)"
    )
    stored = facts(("user", "I'm a backend developer at Quillmark."), ("user", pasted))
    assert stored == ["User is a backend developer at Quillmark."]


def test_a_question_turned_into_a_reminder_is_not_stored() -> None:
    stored = facts(("user", "remind me, what did I say my flight number was?"))
    assert stored == []
    kept = facts(("user", "remind me that the boiler service is on Friday at 9."))
    assert kept == [
        "User asked to be reminded that the boiler service is on Friday at 9 (as of 2026-03-02)."
    ]


def test_an_adjective_without_its_object_is_not_a_fact() -> None:
    assert facts(("user", "no shellfish for me, I'm allergic.")) == []
    assert facts(("user", "I'm allergic to shellfish.")) == ["User is allergic to shellfish."]


def test_a_correction_without_a_subject_replaces_the_value_it_names() -> None:
    answer = render_answer(
        extract_facts(
            [
                Turn("user", "big news, I'm moving to Porto in the spring.", "2026-01-10"),
                Turn("assistant", "Exciting!", "2026-01-10"),
                Turn("user", "change of plan. it's Lisbon now, not Porto.", "2026-02-01"),
            ]
        )
    )
    assert "[correction] User is moving to Lisbon in the spring (not Porto)." in answer.splitlines()
    empty = {"SOUL.md": "", "USER.md": "", "memory/MEMORY.md": ""}
    merged, _ = merge_facts(empty, entry_facts(answer, "2026-02-01"))
    everything = "".join(merged.values())
    assert "Lisbon" in everything
    assert "Porto" not in everything


def test_a_day_moved_instead_of_another_is_swapped_in_the_line_that_held_it() -> None:
    answer = render_answer(
        extract_facts(
            [
                Turn(
                    "user",
                    "I have a pottery class on Monday evenings at the church hall",
                    "2026-01-10",
                ),
                Turn("assistant", "Lovely.", "2026-01-10"),
                Turn(
                    "user",
                    "the class moved, it's on Wednesdays now instead of Mondays",
                    "2026-02-01",
                ),
            ]
        )
    )
    assert (
        "[correction] User has a pottery class on Wednesday evenings at the church hall "
        "(not Mondays)." in answer
    )
    empty = {"SOUL.md": "", "USER.md": "", "memory/MEMORY.md": ""}
    merged, _ = merge_facts(empty, entry_facts(answer, "2026-02-01"))
    everything = "".join(merged.values())
    assert "Wednesday evenings" in everything
    assert "Monday" not in everything


def test_a_count_is_not_the_day_a_correction_moves() -> None:
    chat = [
        Turn("user", "My dad's discharge is on the 3rd of November.", "2026-10-10"),
        Turn("assistant", "Noted.", "2026-10-10"),
        Turn("user", "I booked 3 valuations for November.", "2026-10-10"),
        Turn("assistant", "Good idea.", "2026-10-10"),
        Turn("user", "So it's the 10th of November now, not the 3rd.", "2026-10-21"),
    ]
    stored = [fact.text for fact in extract_facts(chat)]
    assert not any("10th valuations" in line for line in stored), stored
    assert "User's dad's discharge is on the 10th of November (not the 3rd)." in stored


def test_a_country_is_never_the_he_of_the_next_sentence() -> None:
    chat = [
        Turn("user", "My cat Marmalade is coming with me to Portugal.", "2026-09-01"),
        Turn(
            "assistant",
            "Portugal may ask you to register him with a vet. Is he chipped?",
            "2026-09-01",
        ),
        Turn("user", "He's chipped and his rabies jab is up to date.", "2026-09-01"),
    ]
    stored = [fact.text for fact in extract_facts(chat)]
    assert not any(line.startswith("Portugal") for line in stored), stored


def test_between_two_friends_we_is_not_guessed() -> None:
    chat = [
        Turn("user", "RUTH. guess what", "2026-04-01"),
        Turn("assistant", "what?? tell me", "2026-04-01"),
        Turn("user", "we're moving to Cardiff in june!! Tomas got the transfer", "2026-04-01"),
        Turn("assistant", "omg amazing. I'm vegan now btw, 2 months in", "2026-04-01"),
        Turn("user", "lol of course you are", "2026-04-01"),
        Turn("assistant", "hahaha shut up. I'm a nurse, I see what bacon does", "2026-04-01"),
    ]
    stored = [fact.text for fact in extract_facts(chat)]
    # "User and Ruth are moving" would be false; the speaker moves, whoever else "we" is.
    assert not any("Cardiff" in line and "Ruth" in line for line in stored), stored
    assert "User is moving to Cardiff." in stored
    assert "Ruth is a nurse." in stored


def test_an_acronym_is_never_the_he_of_the_next_sentence() -> None:
    chat = [
        Turn("user", "hey Sam", "2026-04-01"),
        Turn("assistant", "yo. I finished the UX course last week", "2026-04-01"),
        Turn("assistant", "he's a keeper", "2026-04-01"),
        Turn("user", "lol ok", "2026-04-01"),
        Turn("assistant", "haha", "2026-04-01"),
    ]
    stored = [fact.text for fact in extract_facts(chat)]
    assert not any(line.startswith("UX") for line in stored), stored


def test_a_shouted_word_in_a_reply_is_not_the_users_name() -> None:
    chat = [
        Turn("user", "hi Leo! we found a flat, small garden", "2026-04-01"),
        Turn("assistant", "GARDEN. the dog will be thrilled", "2026-04-01"),
        Turn("user", "haha yes", "2026-04-01"),
        Turn("assistant", "lol send pics", "2026-04-01"),
    ]
    stored = [fact.text for fact in extract_facts(chat)]
    assert not any("name is Garden" in line for line in stored), stored


def test_terse_work_talk_keeps_versions_rules_and_dash_corrections() -> None:
    stored = facts(
        ("user", "I'm a data engineer. our pipelines deploy from the main branch"),
        ("user", "postgres or clickhouse for the event data?"),
        ("user", "we're on airflow 2.9. staying"),
        ("user", "no emojis from you. ever."),
        ("user", "editor setup for vs code — wait no, switched to neovim last month."),
    )
    assert "The team is on airflow 2.9." in stored
    assert "User wants no emojis." in stored
    assert any("switched to neovim" in line for line in stored), stored


@pytest.mark.parametrize(
    "line",
    [
        "User is a physio at St James's.",
        "The team is going with Render instead of Fly.io.",
        "Leo applied to 3 UX jobs today.",
        "User prefers bullet points in anything the assistant writes.",
        "To do: migrate the cron jobs to systemd timers.",
        "Kasia is a data analyst herself.",
        "User wants the assistant to NEVER suggest Java.",
        "User's brother is a nurse in Derby.",
        "User will talk at PyCon in May.",
        "The team's energy provider is Octopus.",
        "User can't eat gluten.",
        "Arlo is 8.",
        "User is one of the organisers.",
        "Kasia loves her job at the bakery.",
        "Dana told Marco about her move.",
        "Deadline: beta launch is March 28.",
        "User has started a new job at the hospital in Leeds.",
        "User wants to learn the cello.",
        "User wants a dog-friendly flat in Leith with a garden.",
        "User has one daughter.",
        "User is one of three sisters.",
        "User writes Java all day at work.",
        "User has a pair of reading glasses for the car.",
        "User has a cat called Miso.",
        "User has an appointment with Mr Dhillon on the second of October at half past ten.",
    ],
)
def test_plain_facts_are_worth_keeping(line: str) -> None:
    assert worth_keeping(line)


@pytest.mark.parametrize(
    "line",
    [
        "In Lyon is very different.",
        "Porto is so beautiful in spring.",
        "User is in love.",
        "User is a genius.",
        "The plan from last week was Flask + Celery.",
        "User Found 3 errors in 2 files (checked 40 source files).",
        "User and Kim might adopt a cat eventually.",
        "User knows themselves.",
        "User covers mondays themselves.",
        "User has a confession.",
        "User needs to vent AND plan, in that order.",
        "Bea is a criminal.",
        "User's cat is an absolute menace.",
        "User's desk is a pile of receipts.",
        "User's serve is just serve.",
        "User will talk to Pete on Wednesday.",
        "User is going to ask Hana about it tomorrow.",
        "User wants to lie down on the office floor.",
        "User's flat flooding is their worst nightmare.",
        "Kim is big main character energy.",
        "User has got a long day tomorrow.",
        "User has 900 words of chaos.",
        "User likes the colours.",
        "Kofi reads the wrong line.",
        "User will search.",
        "User is thinking: in Ireland they will drink tea with milk.",
        "User misread the date on the letter.",
        "Marcus likes scary.",
        "The nematodes is April now.",
        "User is basically running the place for minimum wage.",
        "User's manager is literally the devil.",
        "User is an organised queen.",
        "User asked to be reminded tomorrow.",
        "User should have said yesterday.",
        "User's dad will be proud.",
        "This week is still Tue-Thu for User and Finn.",
        "Joel will ring him tomorrow after service.",
        "User asked to be reminded to refill the backpack one.",
        "User's wife does the books, shes a teacher.",
        "User can play the first bars of Wonderwall.",
        "User is C1.",
        "User is going to be the best auntie.",
        "User will be the grandad of the class.",
        "Marco is the best dad.",
        "User's dad will be confused.",
        "User is learning.",
        "User just finished a night shift.",
        "Priya is mortified.",
        "Kerry is knackered too.",
        "Rhys will love User being awake at a normal time.",
        "Mama was in tremendous form.",
        "Gaz is brilliant.",
        "Brenda is a star.",
        "Ravi is on the call.",
        "Rhys is weirdly disappointed.",
        "Dev is either going to be delighted or furious.",
        "User has many questions about moving house in Netherlands.",
        "User wants to make a list of everything they must do.",
        "User signed up.",
        "User is 4 people.",
        "User got 5l of evapo-rust.",
        "User ordered 30 sheets.",
        "User booked for the 9th.",
        "The Samsung is 60 cm.",
        "The flourish bits are 0.2pt.",
        "User knows staff are stretched.",
        "User knows very little.",
        "Closing date is 25 July.",
        "The due date is the 28th.",
        "Target: 31 December.",
        "User has started the online form.",
        "Kate will be disappointed.",
        "User wants the paneer.",
        "User wants a real orchestrator.",
        "User wants the same: whole pipeline nightly at 02:30.",
        "Declan uses one for his salary.",
        "The part time one starts 6 October.",
        "User is doing 1.",
        "User writes the note.",
        "User practices two times.",
        "User reads together before sleep.",
        "User ordered 2 kits 36 eur total.",
        "User has a multimeter.",
        "User doesn't have a spare pia.",
        "Lila has an allergist appointment next week.",
        "Magda has an interview tomorrow.",
        "User has five copies of the death certificate.",
    ],
)
def test_lines_that_state_no_fact_are_not_worth_keeping(line: str) -> None:
    assert not worth_keeping(line)


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        ("I lost my passport in Vienna in 2019", "User lost their passport in Vienna in 2019."),
        ("I sold my old bike to Kim", "User sold their old bike to Kim."),
        ("I broke my wrist skiing in 2020", "User broke their wrist skiing in 2020."),
    ],
)
def test_a_past_tense_stays_past_in_the_third_person(said: str, stored: str) -> None:
    assert facts(("user", said)) == [stored]


def test_an_exclamation_is_not_a_possessive() -> None:
    chat = [
        Turn("user", "NINA. i passed", "2026-04-01"),
        Turn("assistant", "oh my god your driving test?? omg", "2026-04-01"),
        Turn("assistant", "my god sam is a grown up now", "2026-04-01"),
    ]
    stored = [fact.text for fact in extract_facts(chat)]
    assert not any("'s god" in line for line in stored), stored


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("swap rice for couscous, Ruben hates rice", "Ruben hates rice."),
        ("I get seasick on ferries so skip the island day trip", "User gets seasick on ferries."),
    ],
)
def test_a_fact_given_as_the_reason_for_a_request_is_kept(said: str, kept: str) -> None:
    stored = facts(
        ("user", "I'm planning a trip with Ruben"), ("assistant", "Sure."), ("user", said)
    )
    assert kept in stored
    assert not any("skip" in line or "swap" in line for line in stored), stored


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "ugh. my contract ends March 31. nobody has said anything",
            "User's contract ends March 31.",
        ),
        (
            "forget Overleaf — I moved the whole thesis to VS Code last night",
            "User moved the whole thesis to VS Code last night.",
        ),
        ("sticking with Postgres. the migration isn't worth it", "User is sticking with Postgres."),
    ],
)
def test_plain_statements_inside_messy_messages_are_kept(said: str, kept: str) -> None:
    assert kept in facts(("user", said))


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "I was a postman for twenty years, so I know every street",
            "User was a postman for twenty years.",
        ),
        ("I will not use weedkiller, not ever.", "User will not use weedkiller, not ever."),
        (
            "I'm having my right knee replaced in May",
            "User is having their right knee replaced in May.",
        ),
        (
            "I always grow sweet peas by the back door",
            "User always grows sweet peas by the back door.",
        ),
        ("Our daughter Claire lives in Leeds", "User's daughter Claire lives in Leeds."),
        ("Malcolm — my husband — still does his sums in pencil", "User's husband is Malcolm."),
    ],
)
def test_a_long_formal_message_still_yields_its_facts(said: str, kept: str) -> None:
    stored = facts(("user", said))
    assert any(line.startswith(kept.rstrip(".")) for line in stored), stored


@pytest.mark.parametrize("said", ["I was a mess at the time", "I ought to say I won't touch it"])
def test_a_turn_of_phrase_is_not_a_past_or_a_refusal(said: str) -> None:
    assert facts(("user", said)) == []


def test_a_passing_state_is_not_kept_but_a_platform_is() -> None:
    assert facts(("user", "I'm on crutches")) == []
    assert "User is on macOS." in facts(("user", "I'm on macOS"))
    assert "User is on windows 11." in facts(("user", "I'm on windows 11"))


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("i went vegan in march. feel great honestly", "User went vegan in March."),
        ("decided against the ipad, too pricey", "User decided against the ipad, too pricey."),
    ],
)
def test_a_change_of_diet_or_a_choice_against_something_is_kept(said: str, kept: str) -> None:
    assert kept in facts(("user", said))


def test_a_small_business_we_decides_too() -> None:
    chat = [
        ("user", "the customers keep asking for delivery and the suppliers put prices up"),
        ("assistant", "That's a squeeze on margins."),
        ("user", "payroll is the other worry. anyway. we're not doing delivery apps."),
        ("user", "we're doing great though, honestly"),
    ]
    stored = facts(*chat)
    assert "The team is not doing delivery apps." in stored
    assert not any("great" in line for line in stored), stored


def test_has_got_stays_has_and_a_plural_day_is_not_a_name() -> None:
    chat = [
        ("user", "Raf is 9. he's got swimming on Thursdays"),
        ("user", "my mum wednesdays, the rest is us"),
    ]
    stored = facts(*chat)
    assert not any(" is got " in line for line in stored), stored
    assert not any("Wednesdays." in line for line in stored), stored


def test_a_joke_taken_back_in_the_next_message_is_not_kept() -> None:
    assert facts(
        ("user", "I'm a millionaire btw"),
        ("assistant", "Congratulations?"),
        ("user", "lol no. I work in a call centre"),
    ) == ["User works in a call centre."]
    assert facts(("user", "I'm a vet in Leeds lol jk"), ("user", "I work nights")) == [
        "User works nights."
    ]
    # "no kidding" agrees; it takes nothing back.
    assert facts(
        ("user", "I work in a call centre"), ("user", "no kidding, I have a cat called Moss")
    ) == ["User works in a call centre.", "User has a cat called Moss."]


def test_an_emoji_between_two_sentences_ends_the_first() -> None:
    stored = facts(("user", "I'm learning French 😂 perfect, merci! my tutor is from Lyon"))
    assert "User is learning French." in stored
    assert not any("perfect" in line for line in stored)


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        ("we soft delete stock_items now", "The team soft deletes stock_items now."),
        ("move date is 5 october", "User's move date is 5 October."),  # the speaker's own
        ("went with octopus. switch date is 7 april apparently", "Switch date is 7 April."),
        ("yeah ok. staying with R. the dinosaur lives", "User is staying with R."),
        ("update: booked flights to osaka", "User booked flights to osaka."),
        ("im 34 if that matters, used to sleep anywhere", "User is 34, used to sleep anywhere."),
        (
            "ok going with polars for the pipeline and duckdb for exploration",
            "User is going with polars for the pipeline and duckdb for exploration.",
        ),
        ("switching to csv-parse. way nicer", "User is switching to csv-parse."),
        ("my advisor is J. Smith from the lab", "User's advisor is J. Smith from the lab."),
        (
            "I work at a water engineering consultancy here in Madrid",
            "User works at a water engineering consultancy in Madrid.",
        ),
    ],
)
def test_a_stored_line_reads_as_written_prose(said: str, stored: str) -> None:
    assert stored in facts(("user", said))


def test_terse_news_without_its_i_is_still_the_speakers() -> None:
    stored = facts(
        (
            "user",
            "name's dmitri. line cook 6 yrs. got offered hvac apprenticeship at front range "
            "mechanical",
        ),
        ("assistant", "Congrats! Will you take it?"),
        ("user", "gave notice to marisol. booked flights to osaka"),
    )
    assert "User got offered hvac apprenticeship at front range mechanical." in stored
    assert "User gave notice to marisol." in stored
    assert "User booked flights to osaka." in stored


@pytest.mark.parametrize(
    "said",
    [
        "dad had a fall. broke his hip",  # dad broke it
        "my sister moved again. bought a flat in leeds",  # she bought it
        "work has been chaos",  # "work" is the subject, not a verb
        "Found 2 errors in 1 file (checked 24 source files)",  # program output
        "love to jules and olive x",  # a sign-off
    ],
)
def test_a_verb_first_clause_after_someone_else_is_not_the_speakers_news(said: str) -> None:
    # "User's dad had a fall." is dad's news; "User broke their hip." would be the speaker's.
    assert not any(line.startswith("User ") for line in facts(("user", said)))


def test_a_diet_corrected_later_replaces_the_old_one_in_memory() -> None:
    first = facts(("user", "I'm vegetarian, been that way for years"))
    later = facts(("user", "I said I'm vegetarian but technically I'm pescatarian, I eat fish"))
    assert first == ["User is vegetarian, been that way for years."]
    assert "User is pescatarian." in later
    empty = {"SOUL.md": "", "USER.md": "", "memory/MEMORY.md": ""}
    answer = render_answer(
        extract_facts([Turn("user", "I'm vegetarian, been that way for years", "2026-03-01")])
    )
    files, _ = merge_facts(empty, entry_facts(answer, "2026-03-01"))
    corrected = render_answer(
        extract_facts(
            [Turn("user", "I said I'm vegetarian but technically I'm pescatarian", "2026-04-01")]
        )
    )
    files, _ = merge_facts(files, entry_facts(corrected, "2026-04-01"))
    assert "pescatarian" in files["USER.md"]
    assert "vegetarian" not in files["USER.md"].replace("pescatarian", "")


def test_a_job_said_without_im_a_is_the_speakers_when_it_says_where() -> None:
    stored = facts(
        (
            "user",
            "yes!!! head of dept just rang, they want me from after easter. maths teacher at "
            "cotswold edge academy",
        )
    )
    assert "User is a maths teacher at cotswold edge academy." in stored
    # her news, not the speaker's job
    assert facts(("user", "my sister got a job. nurse at the royal infirmary")) == [
        "User's sister got a job."
    ]
    assert not any(line.startswith("User is a") for line in facts(("user", "a dev. lol")))
    assert "User is an ICU nurse at the Mater in Dublin." in facts(
        ("user", "ICU nurse at the Mater in Dublin. 12 hr nights")
    )
    assert facts(("user", "ok. their manager at crag said no")) == []


def test_a_verdict_that_holds_only_here_in_the_talk_is_not_kept() -> None:
    assert facts(("user", "big realisation: MAPE is useless here")) == []


def test_two_people_who_share_a_home_are_the_we_of_their_chat() -> None:
    chat = [
        Turn("user", "JONAS. our landlord finally answered", "2026-04-01"),
        Turn("assistant", "omg what did he say. our rent better not go up", "2026-04-01"),
        Turn("user", "we're moving to Leipzig in april", "2026-04-01"),
        Turn("assistant", "finally lol", "2026-04-01"),
    ]
    stored = [fact.text for fact in extract_facts(chat)]
    assert "User and Jonas are moving to Leipzig in April." in stored


def test_which_one_is_meant_the_talk_says_so_the_line_stops_before_it() -> None:
    assert facts(("user", "I really don't want to be the person who asks for one")) == []
    stored = facts(("user", "Oliver is my grandson, the one with the llama idea"))
    assert "User's grandson is Oliver." in stored or "Oliver is User's grandson." in stored
    assert not any("llama" in line for line in stored)


@pytest.mark.parametrize("said", ["going with the flow", "I'm going with my mum to the shops"])
def test_going_along_with_someone_is_not_a_choice(said: str) -> None:
    assert facts(("user", said)) == []


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        (
            "I'm Turkish-Australian and speak Turkish fluently",
            "User is Turkish-Australian and speaks Turkish fluently.",
        ),
        ("I have a cat and want a dog", "User has a cat and wants a dog."),
        ("I eat fish and rice most days", "User eats fish and rice most days."),
        ("Ana and I live in Leeds", "User and Ana live in Leeds."),
    ],
)
def test_a_second_verb_and_a_shared_subject_agree(said: str, stored: str) -> None:
    assert stored in facts(("user", said), ("assistant", "Nice, Ana sounds lovely."))


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I go for a run every morning", "User goes for a run every morning."),
        ("I'm working on a novel", "User is working on a novel."),
    ],
)
def test_a_habit_or_a_project_is_kept_where_a_days_doing_is_not(said: str, kept: str) -> None:
    assert kept in facts(("user", said))


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "my son Mateo is allergic to shellfish, but that won't matter at a kids party",
            "User's son Mateo is allergic to shellfish.",
        ),
        (
            "my supervisor is called Linda and she's lovely but also terrifying",
            "User's supervisor is called Linda.",
        ),
        ("my mums 50th is the 9th", "User's mum's 50th is the 9th."),
        ("senior project manager.", "User is a senior project manager."),
        ("Call me Sam, everyone does", "User wants to be called Sam."),
    ],
)
def test_the_fact_is_kept_without_the_comment_after_it(said: str, kept: str) -> None:
    assert kept in facts(("user", said))


@pytest.mark.parametrize(
    "said",
    [
        "I applied for the hardship thing",
        "ya already moved the 425 into the other account",
        "I read the email wrong",
        "I don't make the rules",
    ],
)
def test_a_vague_thing_a_slip_or_a_saying_is_not_kept(said: str) -> None:
    assert not facts(("user", said))


def test_x_isnt_y_its_z_gives_the_new_value() -> None:
    stored = facts(
        ("user", "the osce is on the 26th"),
        ("user", "ok quick correction. osce isnt the 26th its the 27th, i read the email wrong."),
    )
    assert "The osce is on the 27th (not the 26th)." in stored
    assert stored == ["The osce is on the 27th (not the 26th)."]  # the line it mended is gone


def test_a_friends_correction_without_a_subject_is_never_written_alone() -> None:
    empty = {"SOUL.md": "", "USER.md": "", "memory/MEMORY.md": ""}
    answer = "[correction] Hugs corrected: Its the 15th now not the 11th."
    merged, _ = merge_facts(empty, entry_facts(answer, "2026-05-04"))
    assert "15th" not in "".join(merged.values())
    held = {
        **empty,
        "memory/MEMORY.md": "# Memory\n\n- Hugs's fluid mechanics exam is on the 11th.\n",
    }
    merged, _ = merge_facts(held, entry_facts(answer, "2026-05-04"))
    assert "exam is on the 15th" in merged["memory/MEMORY.md"]


@pytest.mark.parametrize(
    "said", ["I'm a terrible nana", "I have to do the sunday after tho", "i just want to be asked"]
)
def test_a_joke_at_ones_own_expense_or_a_wish_of_the_moment_is_not_kept(said: str) -> None:
    assert not facts(("user", said))
