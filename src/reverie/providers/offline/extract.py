"""Turn what was said into tagged memory lines, as an archive answer.

:func:`extract_facts` works out who is talking (:mod:`.speakers`), walks each
speaker's turns clause by clause (:mod:`.sentences`; who "she" is,
:mod:`.pronouns`), classifies each clause (:mod:`.rules`), rewrites it in the
speaker's voice (:mod:`.voice`), keeps it only if it reads on its own
(:mod:`.quality`) and states something worth keeping (:mod:`.salience`),
resolves corrections against what was said before (:mod:`.corrections`), moves
a date the talk says has moved (:mod:`.reschedules`) and drops repeats (also of
facts already in the previous summary). The frames that read a message whole
(:mod:`.turn_frames`) add what the clauses missed. Each turn is first read as it
is meant (:mod:`.as_meant`). :func:`render_answer` formats
them the way the archive prompt asks.

Only the user's own statements become facts about the user. When the other
side is a person, their statements become facts about them, by name; an
assistant's words are never stored.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable
from dataclasses import replace

from reverie.providers.offline.age_frames import age_and_state_frames
from reverie.providers.offline.as_meant import as_meant
from reverie.providers.offline.called_off import drop_scratched
from reverie.providers.offline.clauses import message_clauses
from reverie.providers.offline.corrections import (
    day_put_right,
    implied_correction,
    is_subjectless,
    old_value,
    repair_reach,
    strip_correction_lead,
)
from reverie.providers.offline.date_ranges import move_range
from reverie.providers.offline.dropped_out import drop_companion
from reverie.providers.offline.fact import AS_OF, Fact, fact_key
from reverie.providers.offline.frame_words import FrameFact
from reverie.providers.offline.instead_of import replaced_instead
from reverie.providers.offline.jokes import hears_a_joke, takes_back_the_last, takes_itself_back
from reverie.providers.offline.mend import aged_again, figure_mended, mend_correction, mended_line
from reverie.providers.offline.name_lexicon import NameLexicon, names_opening_sentences
from reverie.providers.offline.named_relations import name_the_relations
from reverie.providers.offline.occasion_frames import birthday_wish
from reverie.providers.offline.owners import (
    as_household,
    named_subject,
    names_given,
    with_owner,
    without_asides,
)
from reverie.providers.offline.people_frames import FIRST_MESSAGES
from reverie.providers.offline.person import TEAM
from reverie.providers.offline.pet_renames import rename_pet
from reverie.providers.offline.pronouns import names_resolved, resolve_pronouns
from reverie.providers.offline.quality import fit_fact, speaks_to_someone
from reverie.providers.offline.relative_days import with_dates
from reverie.providers.offline.reschedules import move_dates, reschedules, tells_a_move, told_moves
from reverie.providers.offline.rules import Classification, Tag, classify
from reverie.providers.offline.said_again import said_again, version_bumped
from reverie.providers.offline.salience import worth_keeping
from reverie.providers.offline.sentences import known_names, split_sentences
from reverie.providers.offline.slots import slot_of
from reverie.providers.offline.speaker_note import carried_speakers, speakers_note
from reverie.providers.offline.speakers import (
    Speakers,
    identify_speakers,
    is_home_talk,
    is_work_talk,
)
from reverie.providers.offline.terse import got_the_job, introductions, with_subjects
from reverie.providers.offline.transcript import Turn
from reverie.providers.offline.turn_frames import turn_frames
from reverie.providers.offline.voice import USER_VOICE, Voice, describe
from reverie.providers.offline.voice import voices as voices_of

__all__ = [
    "USER_VOICE",
    "Fact",
    "Voice",
    "archive_answer",
    "describe",
    "extract_facts",
    "fact_key",
    "render_answer",
    "split_sentences",
]

NOTHING = "(nothing)"

# A "sentence" longer than this is pasted text, not something said about oneself.
_MAX_SENTENCE_CHARS = 400
# "yeah. 19. …": the answer to a question, whatever it was ("yes!!! …" is news).
_ANSWERS_UNSEEN = re.compile(r"^\W*(?:yeah|yea|yes|yep|yup|ya|no|nope|nah)[.,]\s", re.I)

_I = re.IGNORECASE
_SPACED_WORDS = re.compile(r"[.,;!?]")
_RELATION_LINE = re.compile(r"^User's (?P<rel>[\w -]+) is (?P<name>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+)\.$")
_RULE_BODY = re.compile(r"^(?:please|always|never|don't|do not|no)\b", _I)
# "don't forget the neighbours", said to a sibling: their errand, not the user's.
_ERRAND_FOR_THEM = re.compile(r"^(?:don'?t forget|do not forget|remember to)\b", _I)


def _known_lines(previous_summary: str | None) -> list[str]:
    lines = []
    for line in (previous_summary or "").splitlines():
        if line.startswith("[skip]"):
            continue
        text = re.sub(r"^\s*\[[a-z]+\]\s*", "", line).strip()
        if text:
            lines.append(AS_OF.sub("", text))
    return lines


def _fact(
    found: Classification,
    voice: Voice,
    turn: Turn,
    earlier: list[str],
    person: bool,
    *,
    note_ok: bool = True,
) -> Fact | None:
    """The stored line for one classified clause, or None when it would not read alone."""
    if (voice.other or person) and found.tag == "permanent" and _RULE_BODY.match(found.body):
        return None  # between two people, "don't apologise" is no rule for an assistant
    if person and found.tag == "ephemeral" and _ERRAND_FOR_THEM.match(found.body):
        return None
    text = describe(found, voice)
    tag: Tag = found.tag
    fitted: str | None
    if tag == "correction" and is_subjectless(strip_correction_lead(text)):
        fitted = mend_correction(text, voice.speaker, earlier, note_ok=note_ok, message=turn.text)
    elif tag == "correction" and (mended := figure_mended(text, earlier)) is not None:
        fitted = mended  # "the rate is 4.4%, not 4.1", when a line holds the 4.1
    elif (
        text.startswith(f"{voice.speaker} corrected")
        and fit_fact(strip_correction_lead(text), other_is_person=person) is None
    ):
        fitted = None  # "User corrected: sorry." says nothing
    else:
        fitted = fit_fact(text, original=found.body, other_is_person=person)
    if fitted is None or not worth_keeping(fitted, original=found.body):
        return None
    fitted = with_dates(fitted, turn.date)  # "turns 31 tomorrow" → "turns 31 on 12 November …"
    if voice.other and tag == "permanent":
        tag = "durable"  # facts about someone else belong with the durable facts
    if tag == "ephemeral" and turn.date:
        fitted = f"{fitted[:-1]} (as of {turn.date})."
    return Fact(tag, fitted)


def extract_facts(turns: Iterable[Turn], *, previous_summary: str | None = None) -> list[Fact]:
    """Facts found in what the user (and another person, by name) said, in order.

    Args:
        turns: The conversation.
        previous_summary: Facts already recorded; they are not repeated, and
            a correction may resolve against them.

    Returns:
        The tagged facts (empty for small talk).
    """
    turns = as_meant(turns)
    return _extract(
        turns, identify_speakers(turns, carried_speakers(previous_summary)), previous_summary
    )


def archive_answer(turns: Iterable[Turn], *, previous_summary: str | None = None) -> str:
    """The archive answer for ``turns``: their facts, then a note of who is talking.

    With no facts to store, the ``[skip]`` note of who is talking is only worth
    an entry when the previous summary (which the next chunk sees) does not
    already carry it.
    """
    turns = as_meant(turns)
    speakers = identify_speakers(turns, carried_speakers(previous_summary))
    facts = _extract(turns, speakers, previous_summary)
    note = speakers_note(speakers)
    if note is not None and not facts and note in (previous_summary or "").splitlines():
        note = None
    return render_answer(facts, note)


# A question of what one would do, put to the user to practise an answer.
_ASKS_WHAT_IF = re.compile(
    r"\b(?:what would you do|how would you (?:handle|deal with|respond|react|approach))\b", _I
)


def _extract(turns: list[Turn], speakers: Speakers, previous_summary: str | None) -> list[Fact]:
    voices = voices_of(speakers)
    earlier = _known_lines(previous_summary)
    seen = {fact_key(line) for line in earlier}
    # When each line of ``earlier`` was said (-1: before this chunk): a "no wait" correction
    # mends only what was said since the latest mention of its old value (repair_reach).
    said_at = [-1] * len(earlier)
    facts: list[Fact] = []
    addressed = speakers.user_name
    if addressed is not None and addressed.startswith("User"):
        addressed = None
    carried = carried_speakers(previous_summary)
    if (
        addressed
        and speakers.other_is_person
        and (carried is None or carried.user_name != addressed)
    ):
        # (once a chunk's note carries the name, the next chunks need not say it again)
        facts.append(Fact("permanent", f"User's name is {addressed}."))
        seen.add(fact_key(facts[0].text))
    said_texts = [t.text for t in turns if t.role in ("user", "assistant")]
    names = set(known_names([t.text for t in turns])) | names_opening_sentences(said_texts)
    names |= {t.name for t in turns if t.name}
    # ("User's daughter Seo-ah is 8." said in an earlier chunk: "Seo-ah has …" here is her)
    names |= known_names([previous_summary]) if previous_summary else set()
    lexicon = NameLexicon(
        said_texts,
        known=names | {n for n in (speakers.user_name, speakers.other_name) if n},
    )
    slots: dict[tuple[str, str], Fact] = {}
    met: set[str] = set()  # people a frame named ("my husband tom"): names from then on
    said: dict[str, list[str]] = {}  # each speaker's messages so far
    recent: list[tuple[str, str]] = []  # clauses said so far, for "she" in the next message
    previous: Turn | None = None
    last_said: dict[str, list[Fact]] = {}  # the facts of each speaker's latest message
    talk: list[str] = []  # every message so far, both sides
    last_by: dict[str, Turn] = {}  # each side's latest message
    replies_since: dict[str, int] = {}  # each side's messages since the other's latest
    for turn_no, turn in enumerate(turns):
        voice = voices.get(turn.role)
        if hears_a_joke(turn.text):
            for joke in last_said.pop(_OTHER_ROLE.get(turn.role, ""), []):
                if joke in facts:
                    facts.remove(joke)
        if voice is not None and takes_back_the_last(turn.text):
            for taken_back in last_said.pop(turn.role, []):
                if taken_back in facts:
                    facts.remove(taken_back)
        if voice is None and speakers.other_is_person and turn.role == "assistant":
            # a friend whose name is never said still wishes "HAPPY BDAY U OLD MAN", "36!!!",
            # and says what the user is ("you've been renting in partick for 5 years")
            wished = last_by["assistant"].text if "assistant" in last_by else ""
            said_of_user = [
                frame
                for sentence in split_sentences(turn.text)
                for frame in age_and_state_frames(sentence, "", listener="User")
                if frame.text.startswith("User ")
            ]
            for frame in [*birthday_wish(turn.text, turn.date, wished), *said_of_user]:
                if fact_key(frame.text) not in seen:
                    seen.add(fact_key(frame.text))
                    wish = Fact("permanent", frame.text)
                    _fill_slot(slots, facts, frame.slot, wish)
                    facts.append(wish)
        if voice is None or takes_itself_back(turn.text):
            talk.append(turn.text)
            if turn.role == "assistant":
                recent += [(clause, "assistant") for clause in split_sentences(turn.text)]
            if turn.role == "assistant":
                previous = last_by["assistant"] = turn
                replies_since["user"] = 0
            continue
        facts_before_turn = len(facts)
        kept_before = set(facts)
        changes = reschedules(turn.text)
        unmoved = move_dates(changes, facts, seen, turn.date, last_said.get(turn.role, ()))
        moved = len(unmoved) < len(changes)
        asked = last_by.get(_OTHER_ROLE[turn.role])
        # "you're right. saturday 15th": the day of the speaker's message before, mended
        own_before = last_by.get(turn.role)
        text = said_again(turn.text, own_before.text if own_before else None)
        if ("to " in text or " not " in text) and any(c.isdigit() for c in text):
            # "we bumped to 1.22 last sprint": the version of the line that holds 1.21
            text = version_bumped(text, [AS_OF.sub("", f.text) for f in facts])
        clauses = message_clauses(text, voice.listener)
        if asked is not None and not speakers.other_is_person and _ASKS_WHAT_IF.search(asked.text):
            # "**Question 3:** What would you do if you saw a colleague being rude?": the reply
            # is an answer practised for an interview, not how the speaker lives
            clauses = []
        move_range(turn.text, facts, voice.speaker)  # "not the 10th to the 14th any more, …"
        drop_scratched(clauses, facts, voice.speaker)  # "so scratch the sheaf view"
        # "Meena's out. … it's just me now"
        told_out = drop_companion(turn.text, facts, voice.speaker)
        clauses = rename_pet(clauses, facts, voice.speaker, talk)  # "so she's mabel now"
        # "I GOT THE JOB" / "BBC Scotland!! Sound engineer!!": the news, then what it was
        news_before = (
            previous is not None
            and previous.role == turn.role
            and _JOB_NEWS.search(previous.text) is not None  # (reading clauses costs more)
            and got_the_job(message_clauses(previous.text, voice.listener))
        )
        if news_before:
            clauses = ["I got the job!", *clauses]
        # "yeah. 19. apprentice electrician." opening a chunk answers a question before it,
        # perhaps about someone else: the fragments get no "I"
        if asked is not None or said or not _ANSWERS_UNSEEN.match(turn.text):
            clauses = with_subjects(
                clauses,
                asked=asked.text if asked is not None and not replies_since.get(turn.role) else "",
            )
        if voice.speaker == "User" and len(said.get(turn.role, ())) < FIRST_MESSAGES:
            clauses = introductions(clauses, turn.text)
        own_name = (speakers.user_name or "") if voice.speaker == "User" else ""
        resolved = resolve_pronouns(clauses, voice.speaker, recent[-16:], names, own_name)
        # "ewan says … he's a physics teacher": the name "he" was, typed in lower case
        names |= {
            name
            for name in names_resolved(clauses, resolved, voice.speaker)
            if lexicon.name(name) is not None
        }
        recent += [(clause, voice.speaker) for clause in resolved]
        for clause in resolved:
            if not clause or len(clause) > _MAX_SENTENCE_CHARS:
                continue
            if moved and tells_a_move(clause):
                continue  # the line whose date moved says it now
            clause = with_owner(named_subject(clause, lexicon, met, names), names)
            if _about_the_user_by_name(clause, voice, speakers):
                continue  # "danny is a grown up", said by his sister: her view, not his fact
            spoken = voice
            if voice.we != TEAM and is_work_talk(clause):
                spoken = replace(voice, we=TEAM)  # "we decided to use Redis": a team
            elif voice.we == TEAM and is_home_talk(clause):
                spoken = replace(voice, we=None)
                clause = as_household(clause)
            elif voice.we is None and not speakers.other_is_person:
                clause = as_household(clause)
            found = classify(clause, work=spoken.we is not None, names=names)
            if found is None and (bare := without_asides(clause)) is not None:
                found = classify(bare, work=spoken.we is not None, names=names)
            implied = False
            if found is None and (put_right := implied_correction(clause)) is not None:
                # "… want it live by the 21st, not the 28th": mends a stored line, or nothing
                found, implied = Classification("correction", put_right), True
            if found is None:
                continue
            since = -1
            if found.tag == "correction":
                # (a self-repair mends the speaker's own words, not the other side's echo)
                before = [said.text if said.role == turn.role else "" for said in turns[:turn_no]]
                since = repair_reach(turn.text, old_value(found.body), before)
            reachable = earlier if since < 0 else earlier[bisect_left(said_at, since) :]
            fact = _fact(
                found,
                spoken,
                turn,
                reachable,
                speakers.other_is_person,
                note_ok=since < 0 and not implied,
            )
            if fact is None and implied and (standing := day_put_right(clause)) is not None:
                # nothing here said the 14th: Dream mends the line an earlier chunk stored
                fact = _fact(
                    Classification("correction", standing),
                    spoken,
                    turn,
                    [],
                    speakers.other_is_person,
                )
            if fact is None:
                continue
            bare = AS_OF.sub("", fact.text)
            if changes and tells_a_move(bare) and not any(c.isdigit() for c in bare):
                continue  # "The interview is changed.": the move told says it, with its day
            key = fact_key(bare)
            if not key or key in seen:
                continue
            seen.add(key)
            earlier.append(AS_OF.sub("", fact.text))
            said_at.append(turn_no)
            _fill_slot(slots, facts, slot_of(AS_OF.sub("", fact.text)), fact)
            if fact.tag == "correction" and (
                aged := aged_again(fact.text, [AS_OF.sub("", f.text) for f in facts])
            ):
                facts[aged[0]] = Fact(facts[aged[0]].tag, aged[1])  # "No sorry, she has 8"
                continue
            if fact.tag == "correction" and (old := old_value(found.body)):
                # "osce isnt the 26th its the 27th": the line it mended is stale
                mended = mended_line(fact.text, [AS_OF.sub("", f.text) for f in facts], old)
                if mended is not None:
                    del facts[mended]
            # "… so I'm on call 24–28 Nov instead of launch week": the line it replaces
            if " instead of " in fact.text and (
                (stale := replaced_instead(fact.text, [AS_OF.sub("", f.text) for f in facts]))
                is not None
            ):
                del facts[stale]
            facts.append(fact)
        own = said.setdefault(turn.role, [])
        framed = turn_frames(
            turn,
            voice,
            lexicon,
            own=own,
            asked=last_by.get(_OTHER_ROLE[turn.role]),
            nth=replies_since.get(turn.role, 0),
            speakers=speakers,
            talk=talk if previous is not None and previous.role != turn.role else None,
            chosen=[fact.text for fact in facts if " chose " in fact.text],
        )
        said_here = [_content_words(f.text) for f in facts[facts_before_turn:]]
        named_at = facts_before_turn  # where the next "User's wife is Selin." goes
        for frame in framed:
            if _LEANS_BACK.match(frame.text):
                continue  # "She runs on a schedule: …": whose schedule, only the talk says
            fact = _framed(frame, voice)
            key = fact_key(fact.text)
            # ("User and their partner Dami are going." says who Dami is only in passing: the
            # relation keeps its own line, which later lines about Dami are named by)
            said_with_more = any(_content_words(fact.text) <= words for words in said_here)
            if (related := _RELATION_LINE.match(fact.text)) is not None:
                # ("User's flatmate Mei cooks for everyone.", "User's manager is Priya, not
                # Maria." say it as well as the line would)
                rel, name = related["rel"], related["name"]
                said_as = (f"User's {rel} {name} ", f"User's {rel} is {name} ")
                spaced = (_SPACED_WORDS.sub(" ", f.text) + " " for f in facts)
                said_with_more = any(said in line for line in spaced for said in said_as)
            if key in seen or said_with_more:
                continue  # the clause rules already kept it, with more said
            if frame.slot == ("User", "called") and _named_already(frame.text, facts):
                continue
            if speaks_to_someone(fact.text):
                continue  # "User's alternative you're weighing up: …": the question's words

            _fill_slot(slots, facts, frame.slot, fact)
            if (chose := _CHOSE_OVER.match(fact.text)) is not None:
                # "going with sumup" said it first; the choice says it with what it beat
                facts[facts_before_turn:] = [
                    kept for kept in facts[facts_before_turn:] if not _goes_with(kept, chose)
                ]
            met |= names_given(fact.text)
            seen.add(key)
            earlier.append(fact.text)
            said_at.append(turn_no)
            if related is not None:
                # "ya my gf. shes a conservator": who she is comes first, so that the line
                # about her is named by it
                facts.insert(named_at, fact)
                named_at += 1
            else:
                facts.append(fact)
        # ("User got the job." said it first: the line that says which job says it all)
        if news_before and any(
            " got the job at " in f.text or " got the job as " in f.text
            for f in facts[facts_before_turn:]
        ):
            stale_news = {
                fact.text
                for fact in last_said.get(turn.role, [])
                if fact.text.endswith(" got the job.")
            }
            facts[:] = [fact for fact in facts if fact.text not in stale_news]
        told = told_moves(unmoved, facts[facts_before_turn:], voice.speaker)
        if told:
            # ("UAT was meant to be 14 November, but … moved it to the 21st": the old day's
            # clause is stale once the move is told)
            olds = [change.old.lower() for change in unmoved if change.old]
            facts[facts_before_turn:] = [
                fact
                for fact in facts[facts_before_turn:]
                if not any(old in fact.text.lower() for old in olds)
            ]
        for fact in [*told, *(Fact("durable", line) for line in told_out)]:
            if fact_key(fact.text) not in seen:
                seen.add(fact_key(fact.text))
                facts.append(fact)
        own.append(turn.text)
        talk.append(turn.text)
        last_said[turn.role] = [fact for fact in facts if fact not in kept_before]
        previous = last_by[turn.role] = turn
        replies_since[turn.role] = replies_since.get(turn.role, 0) + 1
        replies_since[_OTHER_ROLE[turn.role]] = 0
    if addressed and not speakers.other_is_person and not _names_the_user(addressed, facts):
        # the name an assistant calls the user by, when their own words gave it no line
        facts.append(Fact("permanent", f"User's name is {addressed}."))
    return name_the_relations(_known_lines(previous_summary), _said_more_fully(facts))


_JOB_NEWS = re.compile(r"\bthe (?:job|role|offer)\b", re.IGNORECASE)
_IS_A = re.compile(r"^(?P<who>\S+) is an? ")


def _said_more_fully(facts: list[Fact]) -> list[Fact]:
    """``facts`` less each description said again later with more words.

    "User is a setter." goes once "User is a full-time route setter at crux collective."
    follows: every word of the first is in the second.
    """
    described = [
        (opener["who"], len(fact.text), _content_words(fact.text)) if opener else None
        for fact in facts
        for opener in (_IS_A.match(fact.text),)
    ]
    kept = []
    for index, fact in enumerate(facts):
        said = described[index]
        if said is not None and any(
            later is not None and later[0] == said[0] and later[1] > said[1] and said[2] <= later[2]
            for later in described[index + 1 :]
        ):
            continue
        kept.append(fact)
    return kept


_CHOSE_OVER = re.compile(r"^(?P<who>.+?) chose (?P<what>.+?) (?:instead of|over) ")


def _goes_with(fact: Fact, chose: re.Match[str]) -> bool:
    """Whether ``fact`` says only that its speaker is going with what ``chose`` chose."""
    said = rf"^{re.escape(chose['who'])} (?:is|are) (?:going|sticking|staying) with "
    return re.match(said + rf"{re.escape(chose['what'])}\.$", fact.text, re.IGNORECASE) is not None


def _names_the_user(name: str, facts: list[Fact]) -> bool:
    said = re.compile(rf"^User\b[^.]*\b{re.escape(name)}\b")
    return any(said.match(fact.text) for fact in facts)


# Words a frame's line adds to what a clause said: "User's flatmate is Mei." says no more
# than "User's flatmate Mei cooks for everyone."
_LINKING_WORDS = frozenset(("is", "a", "an", "the", "has", "have", "called", "named", "s"))


_OTHER_ROLE = {"user": "assistant", "assistant": "user"}


# "- Ruby, 19, just finished her level 3": someone listed, never the writer introducing themselves.
def _about_the_user_by_name(clause: str, voice: Voice, speakers: Speakers) -> bool:
    name = speakers.user_name
    return bool(name) and voice.speaker != "User" and clause.startswith(f"{name} ")


def _content_words(text: str) -> set[str]:
    return set(fact_key(text).split()) - _LINKING_WORDS


def _named_already(line: str, facts: list[Fact]) -> bool:
    """ "User's name is Jo." when "User is Jo, backend dev at Fernweh." was kept."""
    name = line.rstrip(".").split()[-1]
    said = re.compile(rf"^User (?:is|goes by|wants to be called) {re.escape(name)}\b")
    return any(said.match(fact.text) for fact in facts)


def _fill_slot(
    slots: dict[tuple[str, str], Fact],
    facts: list[Fact],
    slot: tuple[str, str] | None,
    fact: Fact,
) -> None:
    """Record ``fact`` as the value of ``slot``, dropping the value it replaces.

    One home, one birthday, one partner at a time: "we just moved to Braga"
    makes "User lives in Porto." stale (see :func:`~.frames.slot_of`).
    """
    if slot is None:
        return
    stale = slots.get(slot)
    if stale is not None and stale in facts:
        facts.remove(stale)
    slots[slot] = fact


# A line that opens with a pronoun leans on the talk before it.
_LEANS_BACK = re.compile(r"^(?:She|He|They|It|This|That|These|Those)\b(?!-)")


def _framed(frame: FrameFact, voice: Voice) -> Fact:
    """A frame's line as a tagged fact: about someone else, it is a durable fact."""
    return Fact("durable" if frame.durable or voice.other else "permanent", frame.text)


def render_answer(facts: Iterable[Fact], note: str | None = None) -> str:
    """The archive answer: one ``[tag] text`` line per fact, or ``(nothing)``.

    ``note`` (a ``[skip]`` line, see :func:`archive_answer`) ends the answer, so
    that the next chunk of the chat is told who is talking.
    """
    lines = [fact.line() for fact in facts]
    if note:
        lines.append(note)
    return "\n".join(lines) if lines else NOTHING
