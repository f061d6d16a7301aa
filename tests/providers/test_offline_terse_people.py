"""Terse replies that still say who someone is: "partner marcus has work truck", "icu nurse"."""

from __future__ import annotations

import pytest

from offline_facts import facts
from reverie.providers.offline.extract import extract_facts
from reverie.providers.offline.pronouns import resolve_pronouns
from reverie.providers.offline.speakers import identify_speakers
from reverie.providers.offline.transcript import Turn

_ASKED = "Do you drive most of the time, or is the car shared?"


def test_a_relation_without_my_then_a_deed_names_them() -> None:
    stored = facts(("assistant", _ASKED), ("user", "mostly me. partner marcus has work truck"))
    assert "User's partner is Marcus." in stored


@pytest.mark.parametrize(
    "said", ["friend group is tiny", "alone. brother visits sometimes", "mum hasn't a clue"]
)
def test_a_relation_word_before_a_common_word_names_no_one(said: str) -> None:
    assert not any(
        " is " in line and "'s " in line for line in facts(("assistant", _ASKED), ("user", said))
    )


def test_a_job_with_its_kind_is_the_users_job() -> None:
    stored = facts(
        ("assistant", "Is this your only car, and what hours do you drive?"),
        ("user", "only car. 12h shifts incl nights. icu nurse"),
    )
    assert "User is an icu nurse." in stored


@pytest.mark.parametrize("said", ["a paramedic!!! useful.", "great teacher tbh", "free physio"])
def test_a_bare_or_judged_job_is_not_the_users(said: str) -> None:
    assert not any(line.startswith("User is a") for line in facts(("user", said)))


def test_the_speakers_own_thing_keeps_the_next_fragment_theirs() -> None:
    said = "my news is boring in comparison. got the head of PE job! starts september"
    assert "User got the head of PE job." in facts(("user", said))


def test_someone_elses_news_keeps_the_next_fragment_theirs() -> None:
    assert facts(("user", "my sister moved. bought a flat")) == []


def test_an_injury_said_tersely_is_kept_in_the_past_tense() -> None:
    stored = facts(("user", "ugh. update. tore my calf at 5-a-side on thursday"))
    assert stored == ["User tore their calf at 5-a-side on Thursday (as of 2026-03-02)."]


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("She's put me on propranolol, 40mg a day.", "User is on propranolol, 40mg a day."),
        ("the rheumatologist has started me on methotrexate", "User is on methotrexate."),
        ("GP put me on iron tablets", "User is on iron tablets."),
        ("the GP put me on propranolol last month", "User started on propranolol last month."),
    ],
)
def test_a_medicine_someone_put_the_speaker_on_is_what_they_take(said: str, kept: str) -> None:
    assert kept in facts(("user", said))


def test_a_name_opening_two_sentences_as_their_subject_is_a_name() -> None:
    chat = [
        ("user", "Big news from Whitby. Lottie's pregnant!! Due in March."),
        ("assistant", "WHAT. amazing!! tell her congrats from me"),
        ("user", "Lottie's hoping for a girl. Mum is already knitting."),
    ]
    assert "Lottie is pregnant." in facts(*chat)


def test_a_word_opening_sentences_that_is_also_written_in_lower_case_is_no_name() -> None:
    chat = [
        ("user", "Timeline is tight. Timeline is set by the board."),
        ("user", "the timeline worries me"),
    ]
    assert not any(line.startswith("Timeline") for line in facts(*chat))


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("too long bro. keep it short pls", "User wants the assistant to give short answers."),
        ("no essays", "User wants no essays."),
        ("can u just give me kg always", "User wants the assistant to give them kg always."),
    ],
)
def test_a_rule_for_the_answers_typed_in_chat_is_kept(said: str, kept: str) -> None:
    assert kept in facts(("assistant", "Here's the plan for the week."), ("user", said))


def test_keeping_something_else_short_is_no_rule_for_the_answers() -> None:
    stored = facts(("user", "keep them short, I hate OKRs with 7 key results"))
    assert not any("assistant" in line for line in stored)


def test_a_title_case_word_of_the_other_side_is_no_name_for_a_bare_relation() -> None:
    chat = [
        ("assistant", "Since you're Gas Safe registered, list the CP12 first."),
        ("user", "landlord gas safety cert £70 (one appliance, £15 each extra)"),
    ]
    assert not any("landlord" in line for line in facts(*chat))


def test_a_lower_case_name_the_other_side_capitalised_still_names_a_bare_relation() -> None:
    chat = [
        ("assistant", "- **Pretzel**: with Ana 8–22 Oct"),
        ("user", "dog. pretzel. corgi mix. neighbor ana watching him oct 8 to 22"),
    ]
    assert "User's neighbor is Ana." in facts(*chat)


def test_a_table_row_in_title_case_names_no_one() -> None:
    chat = [
        ("assistant", "| Service | Price |\n|---|---|\n| Landlord Gas Safety Certificate | £70 |"),
        ("user", "landlord gas safety cert is £70"),
    ]
    assert not any("Gas" in line for line in facts(*chat))


def test_a_no_after_a_long_list_of_warning_signs_turns_no_option_down() -> None:
    chat = [
        (
            "assistant",
            "See a GP if you have night pain that wakes you, weakness, numbness, or it "
            "happened with a pop and bruising. Any pain at rest?",
        ),
        ("user", "only some movements hurt. no pop"),
    ]
    assert not any("decided" in line for line in facts(*chat))


def test_a_second_verb_in_the_negative_agrees_with_the_speaker() -> None:
    assert "User lives in Leeds and doesn't drive." in facts(
        ("user", "I live in Leeds and don't drive")
    )


def test_a_name_then_who_and_where_in_a_first_message_introduces_the_user() -> None:
    said = "evening. need a hand with invoicing. Dean, Hollis Plumbing & Heating, Swindon."
    assert "User is Dean, Hollis Plumbing & Heating, Swindon." in facts(("user", said))


@pytest.mark.parametrize(
    "said",
    [
        "Paris, London and Rome are on the list.",  # a verb: a sentence, not an introduction
        "our cat Mochi (Persian, 4 years old) hates the carrier",  # a word, then an age
        # after "I …" the fragments describe what was just talked about
        "I test drove a 2015 Demio yesterday and I'm in love. Silver, 62,000km, one owner.",
    ],
)
def test_words_then_fragments_that_are_no_introduction_name_no_one(said: str) -> None:
    assert not any(line.startswith("User is ") for line in facts(("user", said)))


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("my nephew Jan is 3. Mila's 6", "User's nephew Jan is 3."),
        ("I don't want any banking on the tablet", "User doesn't want any banking on the tablet."),
        ("I have atrial fibrillation", "User has atrial fibrillation."),
        ("I take apixaban for it, the blood thinner.", "User takes apixaban, the blood thinner."),
        (
            "Please keep it to one step at a time if you don't mind.",
            "User wants the assistant to keep answers to one step at a time.",
        ),
    ],
)
def test_plainly_said_facts_of_an_older_user_are_kept(said: str, kept: str) -> None:
    assert kept in facts(("assistant", "Happy to help with that."), ("user", said))


def test_a_date_before_a_length_of_time_is_no_age() -> None:
    said = "15 Oct to 31 Jan is 3.5 months, so I think I'm just okay?"
    assert not any(line.startswith("Jan is") for line in facts(("user", said)))


def test_a_word_that_opens_a_reply_is_not_the_him_of_the_next_message() -> None:
    context = [("Of course.", "User"), ("I'll go straight from school", "User")]
    assert resolve_pronouns(["I'll ring him tomorrow"], "Tobi", context) == [
        "I'll ring him tomorrow"
    ]
    named = [("Of course, Rob is fine.", "User")]
    assert resolve_pronouns(["I'll ring him tomorrow"], "Tobi", named) == ["I'll ring Rob tomorrow"]


def test_a_date_moved_after_a_long_lead_in_is_its_own_clause() -> None:
    said = (
        "Oh and the agent emailed: the landlord wants to redecorate before we move in, "
        "so the move in date is now 10 January instead of the 3rd"
    )
    assert "The move in date is now 10 January instead of the 3rd." in facts(("user", said))


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("work 12h shifts 4 on 4 off", "User works 12h shifts 4 on 4 off."),
        ("doing 5/3/1 bbb 4 days", "User is doing 5/3/1 bbb 4 days."),
    ],
)
def test_a_terse_routine_without_its_i_is_the_speakers(said: str, kept: str) -> None:
    assert kept in facts(("assistant", "How do you train now?"), ("user", said))


def test_a_word_drawn_out_for_effect_is_not_kept_but_an_abbreviation_is() -> None:
    assert not facts(("user", "I'm soooo done with this week"))


def test_a_relation_written_as_a_label_names_them() -> None:
    stored = facts(("assistant", "Is your sister a driver too?"), ("user", "sister = aaliyah. 16"))
    assert "User's sister is Aaliyah." in stored
    assert not facts(("user", "mood = tired"))


def test_going_home_to_a_town_typed_in_lower_case_is_kept() -> None:
    stored = facts(("user", "also easter. I'm going home to galway the 17th to the 22nd"))
    assert "User is going home to galway the 17th to the 22nd." in stored
    assert not facts(("user", "I'm going home to bed for a bit"))


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "Ethan's parents are Carol and Mike, from Harrogate.",
            "User's fiancé Ethan's parents are Carol and Mike",
        ),
        ("Ethan's mum is a nurse.", "User's fiancé Ethan's mum is a nurse."),
    ],
)
def test_the_people_of_someone_named_are_kept(said: str, kept: str) -> None:
    chat = [("user", "my fiancé is Ethan, we met at uni."), ("user", said)]
    assert any(line.startswith(kept) for line in facts(*chat))


def test_a_greeting_from_someone_named_persons_relation_is_not_kept() -> None:
    chat = [("user", "my fiancé is Ethan."), ("user", "Ethan's dad says hi")]
    assert not any("dad" in line for line in facts(*chat))


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I am seventy-two and a retired librarian", "User is 72.|User is a retired librarian."),
        (
            "I'm in a shared house in Mutley in Plymouth.",
            "User lives in a shared house in Mutley in Plymouth.",
        ),
    ],
)
def test_a_fact_said_sideways_is_put_plainly(said: str, kept: str) -> None:
    assert facts(("user", said)) == kept.split("|")


def test_being_in_a_meeting_is_no_home() -> None:
    assert not facts(("user", "I'm in a meeting with my boss"), ("user", "I'm in a flat mood"))


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I'm going to move in with Roz.", "User is going to move in with Roz."),
        ("I'm going to quit my job in June.", "User is going to quit their job in June."),
    ],
)
def test_a_change_of_life_planned_is_kept(said: str, kept: str) -> None:
    assert kept in facts(("user", "my best friend is Roz."), ("user", said))


def test_going_to_bed_is_no_plan() -> None:
    assert not facts(("user", "I'm going to go to bed"))


def test_how_to_answer_asked_for_good_is_a_rule_and_asked_once_is_not() -> None:
    stored = facts(("user", "I need you to be blunt with me about tone"))
    assert stored == ["User wants the assistant to be blunt with them about tone."]
    assert not facts(("user", "be honest, is it bad?"))


def test_an_answer_to_a_question_about_her_is_about_her() -> None:
    chat = [
        ("user", "TARIQ. mate"),
        ("assistant", "rob!! good ta lol. u?"),
        ("user", "did she start the nursing thing"),
        ("assistant", "yeah started the nursing degree at leeds beckett in jan."),
        ("user", "and u? still at boots?"),
        ("assistant", "yeah. got promoted to manager in march"),
    ]
    stored = facts(*chat)
    assert not any("nursing" in line for line in stored), stored
    assert "Tariq got promoted to manager in March." in stored


def test_what_family_calls_the_user_is_not_their_name() -> None:
    chat = [
        ("user", "got the new hearing aids today. can hear the kettle again"),
        ("assistant", "nana!! robot nana how do they sound"),
        ("user", "like a jet engine. had a dizzy spell at mass"),
        ("assistant", "ah nana. are you feeling ok?"),
    ]
    speakers = identify_speakers([Turn(role, text, "2026-03-02") for role, text in chat])
    assert speakers.other_is_person
    assert speakers.user_name is None


def test_a_thing_that_paid_for_itself_is_no_payment_by_the_speaker() -> None:
    assert not facts(("user", "The kitchen extension paid for itself after all."))
    assert "User paid deposit 5k." in facts(("user", "deposit paid 5k"))


def test_no_to_a_condition_asked_about_is_no_decision() -> None:
    asked = "If you have diabetes, your blood sugar can rise – you don't, I assume?"
    assert not any(
        "decided" in line for line in facts(("assistant", asked), ("user", "No diabetes."))
    )
    offered = facts(("assistant", "should you try keto or paleo?"), ("user", "ok no keto."))
    assert "User decided: no keto." in offered


def test_an_option_named_only_by_its_number_is_not_kept() -> None:
    assert not facts(("user", "hmm no i want the 500. ill do 500 by christmas"))


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "Can I ask one favour – plain English please.",
            "User wants the assistant to use plain English.",
        ),
        ("bullet points please", "User wants the assistant to use bullet points."),
    ],
)
def test_a_way_of_answering_asked_for_with_please_is_a_rule(said: str, kept: str) -> None:
    assert kept in facts(("user", said))


def test_a_role_named_in_lower_case_without_my_is_the_speakers() -> None:
    assert "User's coach is Rach." in facts(("user", "coach is rach"))
    assert "User's landlord is Graham." in facts(("user", "landlord is graham, he's alright"))
    assert not facts(("user", "coach is great"))


def test_a_name_the_chat_writes_as_a_name_is_kept_from_a_late_introduction() -> None:
    chat = [("user", "paged. billing-svc throwing 500s")] * 4
    chat += [
        ("user", "also fyi i hate essays, commands and bullets pls. im tobi, senior backend"),
        ("assistant", "Got it, Tobi. Bullets and commands."),
    ]
    stored = facts(*chat)
    assert "User's name is Tobi." in stored
    assert not any("hates essays" in line for line in stored)  # a request ran into it


def test_the_friend_greeted_by_name_first_is_the_other_person() -> None:
    chat = [
        ("user", "MARK. just saw ur linkedin post. new job?? since when"),
        ("assistant", "haha since monday. data analyst at a housing association in leeds"),
        ("user", "ok GOSSIP. sophie messaged me"),
        ("assistant", "go on"),
        ("user", "obvs!! she said who's this mark lad"),
        ("assistant", "lol"),
    ]
    speakers = identify_speakers([Turn(role, text, "2026-03-02") for role, text in chat])
    assert speakers.other_name == "Mark"


def test_a_to_do_list_offers_no_options_to_choose_between() -> None:
    chat = [
        (
            "assistant",
            "Here's where things stand:\n\n**Still to do**\n- infra – Terraform plan\n"
            "- The remaining jobs – triage\n- Later: runner on the licensed box\n\nInfra next?",
        ),
        ("user", "infra. terraform plan on PR, posted as a comment. go"),
    ]
    assert not any(" chose " in line for line in facts(*chat))


def test_a_rule_for_the_answers_leaves_out_why_it_was_asked() -> None:
    said = "give me a list for april. keep it short, the fridge is full of Alfie's drawings"
    # (the reason is a clause of its own, and says nothing lasting)
    kept = facts(("user", said))
    assert "User wants the assistant to give short answers." in kept
    assert not any("fridge" in line for line in kept)


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("jess = gf btw. nurse, does nights.", "User's girlfriend is Jess."),
        ("last one. moss (dog) came to the shoot in the van.", "User has a dog called Moss."),
        (
            "health visitor came. her name is lorraine. he's 7lb 12oz now",
            "User's health visitor is Lorraine.",
        ),
        ("rates. 450 a day. brighton based", "User is based in Brighton."),
    ],
)
def test_who_and_where_said_in_shorthand(said: str, kept: str) -> None:
    assert kept in facts(("user", said))


@pytest.mark.parametrize("said", ["plant based", "cloud based, so no servers", "web-based"])
def test_a_kind_of_thing_based_is_no_town(said: str) -> None:
    assert not any("based" in line for line in facts(("user", said)))


def test_a_role_in_brackets_that_is_a_relation_is_said_once() -> None:
    assert facts(("user", "rhodri (accountant) sorts the VAT")) == ["Rhodri is an accountant."]


def test_a_person_described_in_brackets_gets_their_job_and_age() -> None:
    said = "flatmates jonas (german, sound engineer, 31) and mei (from taiwan, doing a PhD at TU!!)"
    stored = facts(("user", said))
    assert "Jonas is a sound engineer." in stored
    assert "Jonas is 31." in stored
    # No job among the parts: nothing said of the guy.
    assert facts(("user", "the guy (tall, probably 40) was rude")) == []


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "friend of mine rafa lives in neukölln, he says wedding is cool",
            "User's friend is Rafa.",
        ),
        ("a colleague of mine, Dev, is leaving", "User's colleague is Dev."),
    ],
)
def test_a_friend_of_mine_named_is_a_friend(said: str, kept: str) -> None:
    assert kept in facts(("user", said))


def test_who_the_one_texted_is_to_the_writer() -> None:
    turns = [
        Turn("user", "Tunde!! ok been looking. 2 options", "2025-05-14"),
        Turn("assistant", "Kemi!! go on then", "2025-05-14"),
        Turn("user", "booking tmrw. they can do 9th aug", "2025-05-14"),
        Turn("assistant", "sorted. why is cake me", "2025-05-14"),
        Turn("user", "bc ur in croydon. and ur my only brother, it's ur duty", "2025-05-14"),
        Turn("assistant", "fair. red velvet?", "2025-05-14"),
    ]
    stored = [fact.text for fact in extract_facts(turns)]
    assert "User's brother is Tunde." in stored


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("so? dad is in lagos anyway", ["User's dad is in Lagos."]),
        ("mum lives in dereham", ["User's mum lives in Dereham."]),
        ("dad is in hospital", []),
        ("mum is in bed", []),
    ],
)
def test_where_family_live_said_without_my(said: str, kept: list[str]) -> None:
    assert facts(("user", said)) == kept


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("last exam is 24th july", "User's last exam is 24th July"),
        (
            "residence card (zairyu card) expires 15th august",
            "User's residence card expires 15th August.",
        ),
        ("service is called belay-api, axum 0.7 + diesel", "User's service is called belay-api."),
        (
            "moved house last month (hackney -> bristol, bishopston), setting up an office",
            "User moved from Hackney to Bristol (Bishopston) last month.",
        ),
        ("Pip (my whippet, the shop dog) has eaten a ranunculus", "User has a whippet called Pip."),
        ("he hates the hoover (Pero is our Jack Russell)", "User has a jack russell called Pero."),
    ],
)
def test_own_things_said_in_shorthand(said: str, kept: str) -> None:
    assert any(line.startswith(kept) for line in facts(("user", said))), facts(("user", said))


@pytest.mark.parametrize(
    "said", ["groups of 4 is too many, our lab has 10 stations", "their passport expires 9 May"]
)
def test_a_lab_at_work_or_someone_elses_passport_is_not_ones_own(said: str) -> None:
    assert not any(line.startswith("User") for line in facts(("user", said)))


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("my manager's called deb, shes alright", ["User's manager is Deb."]),
        ("off topic. zara (4yo) asked why my phone screams at night", ["Zara is 4."]),
        ("dad says hi. he's a retired plumber", ["User's dad is a retired plumber."]),
    ],
)
def test_family_and_people_met_in_passing(said: str, kept: list[str]) -> None:
    assert facts(("user", said)) == kept


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("biomechanics exam is 14th jan", "User's biomechanics exam is 14th jan"),
        ("Entry date 16th January.", "User's entry date is 16th January."),
        ("ARR deadline is 16 Feb", "User's ARR deadline is 16 Feb"),
        ("the exam is 14th jan", "The exam is 14th jan"),
    ],
)
def test_a_dated_event_keeps_the_word_that_says_which(said: str, kept: str) -> None:
    assert any(line.startswith(kept) for line in facts(("user", said))), facts(("user", said))


def test_a_business_named_in_lower_case_and_a_name_given_after_also() -> None:
    stored = facts(("user", "will think on it. also im ngozi btw. business is saltmarsh studio"))
    assert "User's name is Ngozi." in stored
    assert "User's business is saltmarsh studio." in stored
    assert facts(("user", "business is slow")) == []


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("no wait rent is 735 now, they put it up in april", ["User's rent is 735 now."]),
        ("rent is £3,200", []),
    ],
)
def test_rent_said_as_changed_is_ones_own(said: str, kept: list[str]) -> None:
    assert facts(("user", said)) == kept


def test_two_dated_things_in_one_sentence_are_two_lines() -> None:
    said = "also exams. biomechanics exam is 14th jan and physiology coursework due 9th jan"
    stored = facts(("user", said))
    assert any(line.startswith("User's biomechanics exam is 14th jan") for line in stored)
    assert any(line.startswith("User's physiology coursework is due on 9th jan") for line in stored)


def test_a_city_or_someone_missed_is_not_whom_a_chat_is_with() -> None:
    chat = [
        ("assistant", "are you alive"),
        ("user", "barely. 14 hr shift"),
        ("user", "ok valencia. BOOKED. landing sunday 12th"),
        ("assistant", "YESSS. i'm from valencia, you'll eat properly for once"),
        ("user", "gerald. i miss gerald"),
        ("assistant", "he was the best plant"),
        ("user", "omar. OMAR. i got it"),
        ("assistant", "NO WAY"),
    ]
    speakers = identify_speakers([Turn(role, text, "2026-03-02") for role, text in chat])
    assert speakers.other_name == "Omar"


def test_an_acronym_spelled_out_after_it_is_no_ones_name() -> None:
    chat = [
        ("user", "omg tell me everything"),
        ("assistant", "ok dont tell anyone but i have an interview tomorrow"),
        ("user", "WHAT. where"),
        ("assistant", "SAMS. scottish association for marine science. in oban"),
        ("user", "no way, oban!!"),
        ("assistant", "i know lol"),
    ]
    assert (
        identify_speakers([Turn(role, text, "2026-03-02") for role, text in chat]).user_name
        != "Sams"
    )


def test_a_terse_answer_opening_a_chunk_answers_a_question_it_cannot_see() -> None:
    said = "yeah. 19. apprentice electrician. says 4 years is a long time"
    assert facts(("user", said)) == []
    assert "User is an apprentice electrician." in facts(("user", "19. apprentice electrician."))


def test_someone_joining_the_speaker_is_not_part_of_the_clause_before() -> None:
    stored = facts(
        (
            "user",
            "My mum turns 60 in December and my siblings and I want to throw her a party.",
        )
    )
    assert "User's mum turns 60 in December." in stored
    assert not any("siblings." in line for line in stored), stored


def test_a_terse_order_of_a_count_is_neither_a_fact_nor_a_day_to_move() -> None:
    stored = facts(
        ("user", "k58. ordered 2"),
        ("assistant", "Good tyres."),
        ("user", "no wait its the 16th. thursday the 16th"),
    )
    assert not any("ordered" in line for line in stored), stored


def test_an_option_turned_down_is_no_job() -> None:
    said = (
        "Change of plan again haha. Dave hear I go by coach and he say no no, he will drive me"
        " to Luton, he like to drive. I said I pay petrol at least. So no coach."
    )
    stored = facts(("user", said))
    assert not any("coach" in line for line in stored), stored


def test_a_quoted_title_is_never_the_she_of_the_next_sentence() -> None:
    stored = facts(
        ("user", "They have 'Pony Morning' for children: grooming. I book it! She will go crazy.")
    )
    assert not any(line.startswith(("Morning", "Pony")) for line in stored), stored


def test_thanks_after_a_list_of_phrases_picks_none_of_them() -> None:
    stored = facts(
        ("user", "teach me five phrases for the restaurant"),
        (
            "assistant",
            "1. **Bom dia**: good morning\n2. **A conta, por favor**: the bill, please\n"
            "3. **Obrigada**: thank you",
        ),
        ("user", "obrigada!! if we win the lottery we're just moving there tbh"),
    )
    assert not any("chose" in line for line in stored), stored


def test_a_word_said_to_someone_again_and_again_is_their_name() -> None:
    chat = [
        ("user", "morning dev! did u leave the autoclave on"),
        ("assistant", "no?? check the log lol"),
        ("user", "thx dev. hes so grumpy at the clinic tho"),
        ("assistant", "he's always grumpy"),
        ("user", "caversham, 3 bed villa, needs a bit of work but theres a lemon tree"),
        ("assistant", "ooh a lemon tree"),
        ("user", "dev. vegetarian. for 8 years. u were at my bday"),
        ("assistant", "i'm a very good teacher tho"),
    ]
    speakers = identify_speakers([Turn(role, text, "2026-03-02") for role, text in chat])
    assert speakers.other_name == "Dev"  # not the suburb the house is in


def test_a_place_and_what_is_there_is_no_one_spoken_to() -> None:
    chat = [
        ("user", "caversham, 3 bed villa, needs a bit of work"),
        ("assistant", "ooh nice, when's the viewing"),
        ("user", "sat. fingers crossed lol"),
    ]
    speakers = identify_speakers([Turn(role, text, "2026-03-02") for role, text in chat])
    assert speakers.other_name is None


def test_feeling_stoked_is_no_name() -> None:
    assert facts(("user", "i am stoked. bank's doing the valuation this week")) == []
