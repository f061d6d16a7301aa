"""How terse writers open and aside: "aoife btw. 31.", "ben, backend dev at …", "I'm 38 and …"."""

from __future__ import annotations

import pytest

from offline_facts import facts

_CHAT = (("user", "hi"), ("assistant", "Hi! What's up?"), ("user", "ok"), ("assistant", "Go on."))
_LATER = (*_CHAT, ("user", "so"), ("assistant", "Yes?"))


def test_a_name_then_btw_and_a_bare_number_introduce_the_writer() -> None:
    stored = facts(
        ("user", "half marathon in oct. help"),
        ("assistant", "Happy to. Your name, age and current running?"),
        ("user", "aoife btw. 31. 3 runs a wk. longest 10k. want sub 2"),
    )
    assert "User's name is Aoife." in stored
    assert "User is 31." in stored


def test_a_name_then_a_job_opens_a_first_message() -> None:
    stored = facts(
        ("user", "hey. ben, backend dev at cragline (small startup). getting this error:"),
    )
    assert "User's name is Ben." in stored
    assert "User is a backend dev at cragline." in stored


@pytest.mark.parametrize(
    "said",
    [
        "ok btw. the build is broken",
        "Python, the developer tool, is great",
        "hey. ben, backend dev working on rust",
        "Lol btw, that was funny",
    ],
)
def test_a_word_before_btw_or_a_description_is_no_name(said: str) -> None:
    assert not any("name" in line for line in facts(("user", said)))


def test_an_age_said_in_passing_is_kept_alone() -> None:
    stored = facts(
        *_LATER,
        ("user", "I'm 38 and this is the first time I've lived outside london"),
    )
    assert stored == ["User is 38."]


@pytest.mark.parametrize(
    "said", ["im 30 minutes away", "I'm 90% sure it's Tuesday", "I'm 45 and a half mins in"]
)
def test_a_number_of_minutes_or_percent_is_no_age(said: str) -> None:
    assert facts(*_LATER, ("user", said)) == []


def test_a_listed_candidate_is_neither_the_writer_nor_a_bare_label() -> None:
    listed = (
        "hiring. got 11 applications. shortlisted 2:\n"
        "- Ruby, 19, just finished her level 3 floristry at college, super keen\n"
        "- Tash, 34, ran her own stall for years"
    )
    stored = facts(("user", listed))
    assert "Ruby is 19." in stored
    assert not any(line.startswith("User is Ruby") or line == "Ruby: 19." for line in stored)


def test_options_listed_for_a_choice_are_not_people() -> None:
    listed = (
        "three valuations:\n- Hopkins: £385k, fee 1.2%\n- Yopa: £380k, £1,299 paid up front\n\n"
        "Which one would you go with?"
    )
    assert not any("Yopa" in line for line in facts(*_LATER, ("user", listed)))


def test_we_at_home_is_no_team_in_a_work_chat() -> None:
    stored = facts(
        ("user", "the api deploy failed on fly.io again, we use axum"),
        ("assistant", "Try pinning the version."),
        ("user", "she joined a practice in august, 4 days a week. we alternate school runs"),
        ("user", "we deploy on fridays"),
    )
    assert "The team deploys on Fridays." in stored
    assert not any("school runs" in line for line in stored if line.startswith("The team"))


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "i've got a week's leave left which covers some of my notice so fingers crossed",
            "User has got a week's leave left which covers some of their notice.",
        ),
        (
            "the completion is 27 March. Completion is now 17 April.",
            "The completion is now 17 April.",
        ),
    ],
)
def test_a_hope_after_a_fact_is_left_out_and_a_bare_event_keeps_its_date(
    said: str, kept: str
) -> None:
    assert kept in facts(*_LATER, ("user", said))


@pytest.mark.parametrize(
    "said",
    [
        "i've got about 20",
        "I'm an old softie, I cried",
        "I know literally nobody here who isn't a parent at the school gate",
    ],
)
def test_a_count_of_nothing_or_a_joke_about_oneself_is_not_kept(said: str) -> None:
    assert facts(*_LATER, ("assistant", "How many are you inviting?"), ("user", said)) == []


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "she's doing THREE curries. i told her i'm vegetarian for the 800th time",
            "is vegetarian.",
        ),
        ("i keep telling mum i'm vegan", "is vegan."),
        ("I'm Ifeoma btw, but literally nobody calls me that except my mum", "is Ifeoma."),
    ],
)
def test_a_fact_repeated_to_someone_is_kept_without_the_telling(said: str, kept: str) -> None:
    assert facts(*_LATER, ("user", said)) == [f"User {kept}"]


def test_yeah_before_a_team_fact_and_a_comment_after_it_are_left_out() -> None:
    stored = facts(
        ("user", "the api deploy failed on fly.io again, we use axum"),
        ("assistant", "Which database?"),
        ("user", "green. you're a star. (also ye we're on postgres 16 on fly, good guess)"),
    )
    assert "The team is on postgres 16 on fly." in stored


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("ive been thinking about the pond", []),
        ("Irene has been reading about Portugal", []),
        ("ive been doing pytorch all semester", ["User has been doing pytorch all semester."]),
        ("I've been living in Leeds for 3 years", ["User has been living in Leeds for 3 years."]),
    ],
)
def test_what_someone_is_busy_with_lately_is_not_a_fact(said: str, kept: list[str]) -> None:
    assert facts(*_LATER, ("user", said)) == kept


_ASKED_AI = (
    ("user", "I have a question about running"),
    ("assistant", "Sure, go ahead."),
    ("user", "its about training"),
    ("assistant", "What would you like to know?"),
)


def test_who_someone_is_answered_in_fragments_names_relation_and_job() -> None:
    stored = facts(
        *_ASKED_AI,
        ("user", "14k. tough. hot. callum came on his bike with water"),
        ("assistant", "- Nice — who's Callum?\n- Hot long runs feel much harder"),
        ("user", "boyfriend. paramedic. also does my ankle strapping now lol"),
    )
    assert "User's boyfriend is Callum." in stored
    assert "User's boyfriend Callum is a paramedic." in stored


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I worked at Google for 5 years", ["User worked at Google for 5 years."]),
        ("I used to work for Ocado, hated it", ["User used to work for Ocado."]),
        ("I worked in retail for 10 years", ["User worked in retail for 10 years."]),
        ("I worked at the weekend", []),
        ("divorced last year", ["User got divorced last year."]),
    ],
)
def test_a_past_job_or_a_past_event_is_said_in_the_past(said: str, kept: list[str]) -> None:
    assert facts(*_ASKED_AI, ("user", said)) == kept


def test_the_name_an_assistant_greets_the_user_by_is_their_name() -> None:
    stored = facts(
        ("user", "ollie. kitchen reno. victorian terrace, leven. budget 15k"),
        ("assistant", "Hi Ollie. £15k all-in for a kitchen that size is tight. What's included?"),
        ("user", "units, worktops, fitting"),
    )
    assert "User's name is Ollie." in stored


def test_a_name_the_user_never_typed_needs_two_greetings() -> None:
    once = facts(
        ("user", "need a hand with a lens purchase"),
        ("assistant", "Happy to help. Thanks, Finn. Which mount?"),
    )
    twice = facts(
        ("user", "need a hand with a lens purchase"),
        ("assistant", "Happy to help. Thanks, Finn. Which mount?"),
        ("user", "rf"),
        ("assistant", "Good luck, Finn! The RF 35mm is a safe pick."),
    )
    assert not any("Finn" in line for line in once)
    assert "User's name is Finn." in twice


def test_a_letter_drafted_for_the_user_greets_someone_else() -> None:
    stored = facts(
        ("user", "write to my landlord about the boiler, he's called graham"),
        ("assistant", "Here's a draft:\n\nHi Graham,\n\nThe boiler has failed again.\n\nThanks"),
        ("user", "thanks"),
        ("assistant", "Here's a shorter one:\n\nHi Graham,\n\nBoiler's out again."),
    )
    assert not any("name is Graham" in line for line in stored)


def test_a_greeting_adds_no_line_when_the_user_gave_the_name() -> None:
    stored = facts(
        ("user", "meal prep help? I'm Samira btw but everyone calls me Sam, so call me Sam"),
        ("assistant", "Hi Sam! Happy to help. How many people?"),
        ("user", "just me"),
        ("assistant", "Enjoy the week of meals, Sam!"),
    )
    assert "User's name is Sam." not in stored
    assert any("Sam" in line for line in stored)


def test_a_fact_brought_up_with_i_should_say_is_the_fact() -> None:
    said = "also i should say i'm dyslexic, got diagnosed in year 9"
    assert facts(*_ASKED_AI, ("user", said)) == ["User is dyslexic, got diagnosed in year 9."]


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I'm doing a roast on sunday", []),
        ("im taking the morning off", []),
        ("I'm doing 4 runs a week now", ["User is doing 4 runs a week now."]),
    ],
)
def test_an_event_of_the_coming_days_is_not_a_fact_of_a_life(said: str, kept: list[str]) -> None:
    assert facts(*_ASKED_AI, ("user", said)) == kept


def test_an_age_and_the_day_it_comes_is_kept_for_either_friend() -> None:
    stored = facts(
        ("user", "omar did u eat my hummus. Omar."),
        ("assistant", "maybe lol. sorry"),
        ("user", "omg"),
        ("assistant", "ill buy more tmrw"),
        ("user", "ok fine Omar"),
        ("assistant", "ok so birthdays. u're 30 on the 14th, i'm 31 on the 19th. still on?"),
        ("user", "obviously still on"),
        (
            "assistant",
            "lol ok. she's doing THREE curries. i told her i'm vegetarian for the "
            "800th time and she said chicken isn't really meat",
        ),
    )
    assert "User turns 30 on the 14th." in stored
    assert "Omar turns 31 on the 19th." in stored
    assert "Omar is vegetarian." in stored


def test_an_age_on_a_day_said_by_the_user_is_their_birthday_age() -> None:
    assert facts(*_ASKED_AI, ("user", "I'm 40 on Saturday, party at mine")) == [
        "User turns 40 on Saturday."
    ]


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("my flight is on the 3rd right", "User's flight is on the 3rd (as of 2026-03-02)."),
        ("my flat is on the right", "User's flat is on the right."),
    ],
)
def test_a_tag_asking_to_agree_is_left_out_of_the_fact(said: str, kept: str) -> None:
    assert facts(*_ASKED_AI, ("user", said)) == [kept]


_FRIENDS = (
    ("user", "hey Omar"),
    ("assistant", "hiya. sorry was at work lol"),
    ("user", "omg same"),
    ("assistant", "ill buy more tmrw"),
    ("user", "ok fine Omar"),
)


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("you're allergic to cats tho", ["User is allergic to cats."]),
        ("ur vegan now right", ["User is vegan."]),
        ("you're allergic to me lol", []),
        ("you're a pharmacist you know where the kidneys are", ["User is a pharmacist."]),
        ("year 12!! fancy. see you're a proper teacher", ["User is a teacher."]),
        ("you're a wedding photographer not a backdrop", ["User is a wedding photographer."]),
        ("you're a good cook tho", []),
    ],
)
def test_a_state_a_friend_names_in_the_one_they_text_is_theirs(said: str, kept: list[str]) -> None:
    assert facts(*_FRIENDS, ("assistant", said), ("user", "yep")) == kept


_HELP = (("user", "hi need help w a few things"), ("assistant", "Of course — what's going on?"))


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "3 wks postpartum. c section. baby is mabel",
            ["User is 3 weeks postpartum.", "User's baby is Mabel."],
        ),
        ("day rate 350 now. was 300", ["User's day rate is 350 now."]),
        ("parkrun pb 27:48 (victoria park)", ["User's parkrun pb is 27:48 (victoria park)."]),
        ("commute 40 mins each way", ["User's commute is 40 minutes each way."]),
        (
            "working 12h/wk at a cafe in kreuzberg",
            ["User is working 12h/wk at a cafe in kreuzberg."],
        ),
        ("cat is called biryani lol", ["User's cat is Biryani."]),
        ("rent 550 w kyle (we share a flat)", ["User's rent is 550 w kyle (they share a flat)."]),
        ("there's a unit on Princess Street. rent is £3,200", []),
        ("baby is teething", []),
        ("health visitor moved to thurs 10am", ["The health visitor moved to thurs 10am."]),
    ],
)
def test_a_terse_fact_without_my_or_i_is_the_writers(said: str, kept: list[str]) -> None:
    assert facts(*_HELP, ("user", said)) == kept


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("exam 14 june", ["User's exam is 14 June (as of 2026-03-02)."]),
        ("lactose intolerant", ["User is lactose intolerant."]),
        ("coeliac so no bread", ["User is coeliac."]),
        ("new job at deloitte from feb", ["User has got a new job at deloitte from feb."]),
    ],
)
def test_a_terse_state_date_or_new_job_is_the_writers(said: str, kept: list[str]) -> None:
    assert facts(*_HELP, ("user", said)) == kept


def test_a_new_date_and_the_old_said_alone_mends_the_line() -> None:
    stored = facts(
        *_HELP,
        ("user", "base is 125k. start date june 2"),
        ("assistant", "Congrats! That's a great offer."),
        ("user", "i asked for more time and they said june 16 is fine. so june 16 now, not june 2"),
    )
    assert "User's start date is June 16 (not June 2)." in stored
    assert "User's start date is June 2." not in stored


@pytest.mark.parametrize("said", ["5 not 6", "the blue one not the red one"])
def test_two_values_that_are_not_dates_are_no_correction(said: str) -> None:
    assert not any("corrected" in line for line in facts(*_HELP, ("user", said)))


def test_a_day_said_as_the_17th_mends_a_date_written_march_17() -> None:
    stored = facts(
        *_HELP,
        ("user", "offer came. 128k plus equity. start date march 17"),
        ("assistant", "Congratulations!"),
        ("user", "they want to push my start date a week. so march 24 not the 17th"),
    )
    assert "User's start date is March 24 (not the 17th)." in stored
    assert "User's start date is March 17." not in stored


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I don't drink", ["User doesn't drink."]),
        ("I'm off dairy", ["User is off dairy."]),
    ],
)
def test_what_one_keeps_away_from_is_kept(said: str, kept: list[str]) -> None:
    assert facts(*_HELP, ("user", said)) == kept


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("im breastfeeding but its so hard", ["User is breastfeeding."]),
        ("i had an emergency c section", ["User had an emergency c section."]),
        ("im learning", []),
    ],
)
def test_a_new_mums_news_is_kept_without_how_it_feels(said: str, kept: list[str]) -> None:
    assert facts(*_HELP, ("user", said)) == kept


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "accountant is priya, does my tax return",
            "User's accountant is Priya, does their tax return.",
        ),
        ("based in hove actually not brighton", "User is based in hove, not brighton."),
    ],
)
def test_a_role_named_with_more_and_a_place_set_right(said: str, kept: str) -> None:
    assert facts(*_HELP, ("user", said)) == [kept]


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("2 kids. 5 and 8", ["User has 2 kids, aged 5 and 8."]),
        ("3 kids, 5 and 8", []),
        ("twins due march", ["User's twins are due in March (as of 2026-03-02)."]),
    ],
)
def test_children_and_their_ages_or_due_month_in_a_few_words(said: str, kept: list[str]) -> None:
    assert facts(*_HELP, ("user", said)) == kept


def test_x_it_is_after_a_plan_it_replaces_is_a_choice() -> None:
    stored = facts(
        *_HELP,
        (
            "user",
            "was going to go for N2 but my grammar is all over the place. should i do N3 instead",
        ),
        ("assistant", "Given your practice scores, N3 makes sense."),
        ("user", "ok N3 it is. starting the anki deck tonight"),
    )
    assert "User chose N3 instead of N2." in stored


def test_x_it_is_with_nothing_weighed_against_it_is_no_choice() -> None:
    stored = facts(
        *_HELP, ("user", "should i do N3 instead"), ("assistant", "Yes."), ("user", "N3 it is")
    )
    assert not any("chose" in line for line in stored)
