"""One chunk of talk read turn by turn, with what each turn leaves for the next.

A turn is read in steps: a joke heard or a line taken back drops what it
answers; the other side's words are only heard (who "she" is, what was asked);
the speaker's own words are cut into clauses (:mod:`.clauses`), given their
subjects and referents (:mod:`.terse`, :mod:`.pronouns`), each kept as a line
(:mod:`.stored_line`) unless said already; then the frames that read the message
whole (:mod:`.turn_frames`) add what the clauses missed, and a date the talk
moved (:mod:`.reschedules`) is settled.
"""

from __future__ import annotations

import re
from dataclasses import replace

from reverie.providers.offline.age_frames import age_and_state_frames
from reverie.providers.offline.called_off import drop_scratched
from reverie.providers.offline.clauses import message_clauses
from reverie.providers.offline.corrections import old_value
from reverie.providers.offline.date_ranges import move_range
from reverie.providers.offline.dropped_out import drop_companion
from reverie.providers.offline.fact import AS_OF, Fact, fact_key
from reverie.providers.offline.frame_keeping import keep_frames
from reverie.providers.offline.frame_words import RELATION
from reverie.providers.offline.genders import note_genders
from reverie.providers.offline.implied_corrections import (
    day_put_right,
    implied_correction,
    repair_reach,
)
from reverie.providers.offline.introductions import introductions
from reverie.providers.offline.jokes import hears_a_joke, takes_back_the_last, takes_itself_back
from reverie.providers.offline.kept_lines import (
    KeptLines,
    add_in_place_of,
    fill_slot,
    names_the_user,
    said_more_fully,
)
from reverie.providers.offline.name_lexicon import NameLexicon, names_opening_sentences
from reverie.providers.offline.named_relations import name_the_relations
from reverie.providers.offline.occasion_frames import birthday_wish
from reverie.providers.offline.owners import (
    as_household,
    named_subject,
    with_owner,
    without_asides,
)
from reverie.providers.offline.people_frames import FIRST_MESSAGES
from reverie.providers.offline.person import TEAM
from reverie.providers.offline.pet_renames import rename_pet
from reverie.providers.offline.pronouns import blanks_filled, names_resolved, resolve_pronouns
from reverie.providers.offline.reschedules import (
    Reschedule,
    move_dates,
    reschedules,
    tells_a_move,
    told_moves,
)
from reverie.providers.offline.rules import Classification, classify
from reverie.providers.offline.said_again import said_again, version_bumped
from reverie.providers.offline.sentences import known_names, split_sentences
from reverie.providers.offline.slots import slot_of
from reverie.providers.offline.speaker_note import carried_speakers
from reverie.providers.offline.speakers import Speakers, is_home_talk, is_work_talk
from reverie.providers.offline.stored_line import stored_line
from reverie.providers.offline.terse import got_the_job, with_subjects
from reverie.providers.offline.transcript import Turn
from reverie.providers.offline.turn_frames import turn_frames
from reverie.providers.offline.voice import Voice
from reverie.providers.offline.voice import voices as voices_of

__all__ = ["ChunkReading", "known_lines"]

# A "sentence" longer than this is pasted text, not something said about oneself.
_MAX_SENTENCE_CHARS = 400
# "yeah. 19. …": the answer to a question, whatever it was ("yes!!! …" is news).
_ANSWERS_UNSEEN = re.compile(r"^\W*(?:yeah|yea|yes|yep|yup|ya|no|nope|nah)[.,]\s", re.I)
# A question of what one would do, put to the user to practise an answer.
_ASKS_WHAT_IF = re.compile(
    r"\b(?:what would you do|how would you (?:handle|deal with|respond|react|approach))\b", re.I
)
_JOB_NEWS = re.compile(r"\bthe (?:job|role|offer)\b", re.IGNORECASE)
_NAMED_KIN = re.compile(rf"^([A-ZÀ-Þ][\wÀ-ÿ'’-]*) (?:is|was|['’]s) (?:my|our) (?:{RELATION})\b")
_OTHER_ROLE = {"user": "assistant", "assistant": "user"}
_LIVES_NO_MORE = re.compile(
    r"^User (?:no longer lives in\b|(?:doesn't|does not) live in\b(?!.*\byet\b))"
)


def known_lines(previous_summary: str | None) -> list[str]:
    """The lines of a previous summary, without their tags and dates."""
    lines = []
    for line in (previous_summary or "").splitlines():
        if line.startswith("[skip]"):
            continue
        text = re.sub(r"^\s*\[[a-z]+\]\s*", "", line).strip()
        if text:
            lines.append(AS_OF.sub("", text))
    return lines


class ChunkReading:
    """The facts of one chunk, found turn by turn (see :meth:`facts_found`)."""

    def __init__(self, turns: list[Turn], speakers: Speakers, previous_summary: str | None):
        self.turns = turns
        self.speakers = speakers
        self.previous_summary = previous_summary
        self.voices = voices_of(speakers)
        self.kept = KeptLines(known_lines(previous_summary))
        self.facts = self.kept.facts
        addressed = speakers.user_name
        self.addressed = (
            None if addressed is not None and addressed.startswith("User") else addressed
        )
        said_texts = [t.text for t in turns if t.role in ("user", "assistant")]
        names = set(known_names([t.text for t in turns])) | names_opening_sentences(said_texts)
        names |= {t.name for t in turns if t.name}
        # ("User's daughter Seo-ah is 8." said in an earlier chunk: "Seo-ah has …" here is her)
        names |= known_names([previous_summary]) if previous_summary else set()
        self.names = names
        self.lexicon = NameLexicon(
            said_texts,
            known=names | {n for n in (speakers.user_name, speakers.other_name) if n},
        )
        self.met: set[str] = set()  # people a frame named ("my husband tom"): names from then on
        self.said: dict[str, list[str]] = {}  # each speaker's messages so far
        self.recent: list[tuple[str, str]] = []  # clauses said so far, for "she" next
        self.genders: dict[str, list[str]] = {}  # who has been "he", who "she"
        self.previous: Turn | None = None
        self.last_said: dict[str, list[Fact]] = {}  # the facts of each speaker's latest message
        self.talk: list[str] = []  # every message so far, both sides
        self.last_by: dict[str, Turn] = {}  # each side's latest message
        self.replies_since: dict[str, int] = {}  # each side's messages since the other's latest

    def facts_found(self) -> list[Fact]:
        """The chunk's facts, in the order they were said."""
        carried = carried_speakers(self.previous_summary)
        addressed = self.addressed
        if (
            addressed
            and self.speakers.other_is_person
            and (carried is None or carried.user_name != addressed)
        ):
            # (once a chunk's note carries the name, the next chunks need not say it again)
            self.facts.append(Fact("permanent", f"User's name is {addressed}."))
            self.kept.seen.add(fact_key(self.facts[0].text))
        for turn_no, turn in enumerate(self.turns):
            self._read_turn(turn_no, turn)
        person = self.speakers.other_is_person
        if addressed and not person and not names_the_user(addressed, self.facts):
            # the name an assistant calls the user by, when their own words gave it no line
            self.facts.append(Fact("permanent", f"User's name is {addressed}."))
        return name_the_relations(known_lines(self.previous_summary), said_more_fully(self.facts))

    def _read_turn(self, turn_no: int, turn: Turn) -> None:
        voice = self.voices.get(turn.role)
        if hears_a_joke(turn.text):
            self._drop_said(_OTHER_ROLE.get(turn.role, ""))
        if voice is not None and takes_back_the_last(turn.text):
            self._drop_said(turn.role)
        if voice is None and self.speakers.other_is_person and turn.role == "assistant":
            self._friend_says_of_user(turn)
        if voice is None or takes_itself_back(turn.text):
            self._hear(turn)
            return
        kept_before = set(self.facts)
        before = {id(fact) for fact in self.facts}
        changes = reschedules(turn.text)
        unmoved = move_dates(
            changes, self.facts, self.kept.seen, turn.date, self.last_said.get(turn.role, ())
        )
        moved = len(unmoved) < len(changes)
        clauses, news_before, told_out = self._clauses(turn, voice)
        for clause in clauses:
            self._keep_clause(turn_no, turn, voice, clause, moved=moved, changes=bool(changes))
        self._keep_frames(turn_no, turn, voice, before)
        self._settle(
            turn, voice, before, news_before=news_before, unmoved=unmoved, told_out=told_out
        )
        self.last_said[turn.role] = [fact for fact in self.facts if fact not in kept_before]
        self.previous = self.last_by[turn.role] = turn
        self.replies_since[turn.role] = self.replies_since.get(turn.role, 0) + 1
        self.replies_since[_OTHER_ROLE[turn.role]] = 0

    def _drop_said(self, role: str) -> None:
        """Drop what ``role``'s latest message kept: a joke, or words taken back."""
        for said in self.last_said.pop(role, []):
            if said in self.facts:
                self.facts.remove(said)

    def _friend_says_of_user(self, turn: Turn) -> None:
        """A friend whose name is never said still tells what the user is.

        "HAPPY BDAY U OLD MAN", "36!!!", "you've been renting in partick for 5 years".
        """
        wished = self.last_by["assistant"].text if "assistant" in self.last_by else ""
        said_of_user = [
            frame
            for sentence in split_sentences(turn.text)
            for frame in age_and_state_frames(sentence, "", listener="User")
            if frame.text.startswith("User ")
        ]
        for frame in [*birthday_wish(turn.text, turn.date, wished), *said_of_user]:
            if not self.kept.knows(frame.text):
                self.kept.seen.add(fact_key(frame.text))
                wish = Fact("permanent", frame.text)
                fill_slot(self.kept.slots, self.facts, frame.slot, wish)
                self.facts.append(wish)

    def _hear(self, turn: Turn) -> None:
        """Words no fact is kept from: only what they name and ask is remembered."""
        self.talk.append(turn.text)
        if turn.role == "assistant":
            self.recent += [(clause, "assistant") for clause in split_sentences(turn.text)]
            self.previous = self.last_by["assistant"] = turn
            self.replies_since["user"] = 0

    def _clauses(self, turn: Turn, voice: Voice) -> tuple[list[str], bool, list[str]]:
        """The turn's clauses with their subjects and referents, and what they told aside.

        Returns the clauses, whether the message before announced news ("I GOT THE JOB"),
        and the lines of a companion who dropped out ("Meena's out").
        """
        asked = self.last_by.get(_OTHER_ROLE[turn.role])
        # "you're right. saturday 15th": the day of the speaker's message before, mended
        own_before = self.last_by.get(turn.role)
        text = said_again(
            turn.text,
            own_before.text if own_before else None,
            asked.text if asked is not None else None,
        )
        if ("to " in text or " not " in text or "d it" in text) and any(c.isdigit() for c in text):
            # "we bumped to 1.22 last sprint": the version of the line that holds 1.21
            text = version_bumped(text, [AS_OF.sub("", f.text) for f in self.facts])
        clauses = message_clauses(text, voice.listener)
        if (
            asked is not None
            and not self.speakers.other_is_person
            and _ASKS_WHAT_IF.search(asked.text)
        ):
            # "**Question 3:** What would you do if you saw a colleague being rude?": the reply
            # is an answer practised for an interview, not how the speaker lives
            clauses = []
        move_range(turn.text, self.facts, voice.speaker)  # "not the 10th to the 14th any more, …"
        drop_scratched(clauses, self.facts, voice.speaker)  # "so scratch the sheaf view"
        # "Meena's out. … it's just me now"
        told_out = drop_companion(turn.text, self.facts, voice.speaker)
        clauses = rename_pet(clauses, self.facts, voice.speaker, self.talk)  # "so she's mabel now"
        # "I GOT THE JOB" / "BBC Scotland!! Sound engineer!!": the news, then what it was
        previous = self.previous
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
        as_said = clauses
        if asked is not None or self.said or not _ANSWERS_UNSEEN.match(turn.text):
            answered = not self.replies_since.get(turn.role)
            clauses = with_subjects(
                clauses, asked=asked.text if asked is not None and answered else ""
            )
        if voice.speaker == "User" and len(self.said.get(turn.role, ())) < FIRST_MESSAGES:
            clauses = introductions(clauses, turn.text)
        if asked is not None and "[" in asked.text:
            # "Hi [Manager's name]," … "His name is Gary"
            clauses = blanks_filled(clauses, asked.text)
        own_name = (self.speakers.user_name or "") if voice.speaker == "User" else ""
        note_genders(clauses, self.genders)  # "a man called Keith" is never a later "she"
        resolved = resolve_pronouns(
            clauses,
            voice.speaker,
            self.recent[-16:],
            self.names,
            own_name,
            # ("want to make a 2nd one for my dad. his 70th is 14 march": a clause left
            # without its subject still says whom "his" is)
            as_said=as_said if len(as_said) == len(clauses) else None,
            genders=self.genders,
        )
        # "ewan says … he's a physics teacher": the name "he" was, typed in lower case
        self.names |= {
            name
            for name in names_resolved(clauses, resolved, voice.speaker)
            if self.lexicon.name(name) is not None
        }
        # ("Saga is my girlfriend. She's a physio": whoever is kin is someone)
        self.names |= {kin[1] for clause in clauses if (kin := _NAMED_KIN.match(clause))}
        self.recent += [(clause, voice.speaker) for clause in resolved]
        return resolved, news_before, told_out

    def _keep_clause(
        self, turn_no: int, turn: Turn, voice: Voice, clause: str, *, moved: bool, changes: bool
    ) -> None:
        """Keep the line one clause says, mending what it corrects."""
        if not clause or len(clause) > _MAX_SENTENCE_CHARS:
            return
        if moved and tells_a_move(clause):
            return  # the line whose date moved says it now
        speakers, names = self.speakers, self.names
        clause = with_owner(named_subject(clause, self.lexicon, self.met, names), names)
        user_name = speakers.user_name
        if user_name and voice.speaker != "User" and clause.startswith(f"{user_name} "):
            return  # "danny is a grown up", said by his sister: her view, not his fact
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
            return
        since = -1
        if found.tag == "correction":
            # (a self-repair mends the speaker's own words, not the other side's echo)
            before = [said.text if said.role == turn.role else "" for said in self.turns[:turn_no]]
            since = repair_reach(turn.text, old_value(found.body), before)
        reachable = self.kept.said_since(since)
        person = speakers.other_is_person
        fact = stored_line(
            found, spoken, turn, reachable, person, note_ok=since < 0 and not implied
        )
        if fact is None and implied and (standing := day_put_right(clause)) is not None:
            # nothing here said the 14th: Dream mends the line an earlier chunk stored
            fact = stored_line(Classification("correction", standing), spoken, turn, [], person)
        if fact is None:
            return
        bare = AS_OF.sub("", fact.text)
        if changes and tells_a_move(bare) and not any(c.isdigit() for c in bare):
            return  # "The interview is changed.": the move told says it, with its day
        if not fact_key(bare) or self.kept.knows(bare):
            return
        self.kept.note(bare, turn_no)
        facts = self.facts
        fill_slot(self.kept.slots, facts, slot_of(bare), fact)
        add_in_place_of(facts, fact, old_value(found.body) if found.tag == "correction" else None)

    def _keep_frames(self, turn_no: int, turn: Turn, voice: Voice, before: set[int]) -> None:
        """Keep what the frames that read the message whole add to its clauses' lines."""
        previous = self.previous
        framed = turn_frames(
            turn,
            voice,
            self.lexicon,
            own=self.said.setdefault(turn.role, []),
            asked=self.last_by.get(_OTHER_ROLE[turn.role]),
            nth=self.replies_since.get(turn.role, 0),
            speakers=self.speakers,
            talk=self.talk if previous is not None and previous.role != turn.role else None,
            chosen=[fact.text for fact in self.facts if " chose " in fact.text],
        )
        keep_frames(self.kept, framed, voice, turn_no=turn_no, before=before, met=self.met)

    def _settle(
        self,
        turn: Turn,
        voice: Voice,
        before: set[int],
        *,
        news_before: bool,
        unmoved: list[Reschedule],
        told_out: list[str],
    ) -> None:
        """Drop what the turn's later lines made stale, and add the moves it told."""
        facts = self.facts
        start = self.kept.first_new(before)
        # ("User got the job." said it first: the line that says which job says it all)
        if news_before and any(
            " got the job at " in f.text or " got the job as " in f.text for f in facts[start:]
        ):
            stale_news = {
                fact.text
                for fact in self.last_said.get(turn.role, [])
                if fact.text.endswith(" got the job.")
            }
            facts[:] = [fact for fact in facts if fact.text not in stale_news]
        start = self.kept.first_new(before)
        if any(_LIVES_NO_MORE.match(f.text) for f in facts[start:]) and any(
            _moves_home(fact) for fact in facts[start:]
        ):
            # ("we don't live in Salford now, we moved to Stockport": the move says it)
            facts[start:] = [fact for fact in facts[start:] if not _LIVES_NO_MORE.match(fact.text)]
        told = told_moves(unmoved, facts[start:], voice.speaker)
        if told:
            # ("UAT was meant to be 14 November, but … moved it to the 21st": the old day's
            # clause is stale once the move is told)
            olds = [change.old.lower() for change in unmoved if change.old]
            facts[start:] = [
                fact for fact in facts[start:] if not any(old in fact.text.lower() for old in olds)
            ]
        for fact in [*told, *(Fact("durable", line) for line in told_out)]:
            if not self.kept.knows(fact.text):
                self.kept.seen.add(fact_key(fact.text))
                facts.append(fact)
        self.said[turn.role].append(turn.text)
        self.talk.append(turn.text)


def _moves_home(fact: Fact) -> bool:
    slot = slot_of(AS_OF.sub("", fact.text))
    return slot is not None and slot[1] == "home"
