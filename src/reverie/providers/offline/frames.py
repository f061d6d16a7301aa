"""Facts of a known shape: who is in someone's life, where they live, their pets and dates.

The clause rules (:mod:`.rules`) keep a sentence only when it reads alone. Much
of what people say about themselves does not: "rewatching Reply 1988 with my
roommate Bea" is about a TV show, "pepper is a greyhound leo, she'll love the
sofa" ends with whom it is said to, "her name's Mochi" needs the kitten of the
message before. A frame looks for one such shape anywhere in a message and
writes the one plain line it proves ("User's roommate is Bea.", "Pepper is a
greyhound."). Short answers to a question ("where do you live now?" —
"bristol") are read by :mod:`.frame_answers`, places by :mod:`.place_frames`,
lists of people and a user's introduction by :mod:`.people_frames`, pets by
:mod:`.pet_frames`, terse decisions at work by :mod:`.work_frames`, allergies by
:mod:`.allergy_frames`.

Every line a frame writes has a *slot* (:mod:`.slots`): who it is about and
what it says of them. A person has one value of a slot at a time — one home,
one birthday, one partner — so a later line for the same slot replaces the
earlier one, in one extraction and in the memory files.

Names are taken only when they look like names (:mod:`.name_lexicon`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.providers.offline.age_frames import (
    age_and_state_frames,
    ages_after_names,
    kids_frames,
)
from reverie.providers.offline.allergy_frames import allergy_frames, allergy_list_after
from reverie.providers.offline.bracket_roles import bracket_roles
from reverie.providers.offline.everyday_words import is_everyday_word
from reverie.providers.offline.exam_days import exam_days
from reverie.providers.offline.fillers import strip_fillers
from reverie.providers.offline.frame_words import (
    AFTER_NAME,
    ANIMAL,
    JOB,
    KIN_ADJ,
    NEXT_LIST_ITEM,
    NOT_A_BREED,
    OWNED_THINGS,
    RELATION,
    TOKEN,
    FrameFact,
    pet_line,
    relation_line,
    sentences,
)
from reverie.providers.offline.name_lexicon import FUNCTION_WORDS, NameLexicon, looks_like_a_verb
from reverie.providers.offline.occasion_frames import (
    birthday_frames,
    occasion_frames,
    own_birthday,
)
from reverie.providers.offline.people_frames import (
    FIRST_MESSAGES,
    introduction_frames,
    relation_equals,
    roster_frames,
)
from reverie.providers.offline.pet_frames import PET_IN, pet_frames, pets_named_after
from reverie.providers.offline.place_frames import place_frames
from reverie.providers.offline.sentences import elide_quotes
from reverie.providers.offline.signatures import signature_frames
from reverie.providers.offline.vocabulary import COMMON_WORDS, IRREGULAR_PAST, alternation

__all__ = ["message_frames"]

_I = re.IGNORECASE

# "my friend Mbak Ratih", "my friend Ate Joy": a title of respect in another language comes
# before the name
_TITLE_BEFORE_NAME = (
    r"(?:(?:mbak|mas|bu|ibu|pak|bapak|kak|kakak|teh|ate|kuya|tita|tito|abla|didi|bhaiya|"
    r"senhora|dona|tante) (?=(?-i:[A-ZÀ-Þ])[\wÀ-ÿ]*(?:[\s,.;:!?]|$)))?"
)
_MY_RELATION = re.compile(
    rf"\b(?:my|our) {KIN_ADJ}(?P<rel>{RELATION}),? (?:is |was )?(?:called |named )?"
    rf"{_TITLE_BEFORE_NAME}(?P<name>{TOKEN}){AFTER_NAME}",
    _I,
)
# "jess's sister kate is doing a surprise party": someone else's people, by name.
_THEIR_RELATION = re.compile(
    rf"(?:^|(?<=[\s,(]))(?P<owner>{TOKEN})'s {KIN_ADJ}(?P<rel>{RELATION}),? "
    rf"(?:is )?(?:called |named )?(?P<name>{TOKEN}){AFTER_NAME}",
    _I,
)
# Terse chat drops the "my": "brother alexei might come", "neighbor ana watching him".
_BARE_RELATION = re.compile(
    # ("we eat loads of chard, partner nadia wants herbs": a clause after a comma)
    rf"(?:^|(?<=[,;] )){KIN_ADJ}(?P<rel>{RELATION}) (?!\w+n't\b)(?P<name>{TOKEN})"
    r"(?= (?!and\b|or\b|of\b|too\b)\w|,)",
    _I,
)
_JOB_ALONE = re.compile(JOB, _I)
# "friend of mine rafa lives in …", "a colleague of mine, Dev, …"
_OF_MINE = re.compile(
    rf"\b(?P<rel>friend|mate|colleague|cousin|neighbou?r) of (?:mine|ours),? (?P<name>{TOKEN})"
    r"(?=,|\s+(?:lives|works|is|has|says|said|who|just)\b)",
    _I,
)
_BARE_THEN_VERB = re.compile(
    r"^\s+(?:has|had|works|lives|drives|got|wants|says|said|just|thinks|needs|starts|started)\b",
    _I,
)
# "Their email first:", "got this from the landlord:": what follows in quotes is another's
_THEIR_TEXT = re.compile(
    r"\b(?:(?:their|his|her|the client's|the customer's) (?:email|message|letter|reply|text|"
    r"complaint)|(?:email|message|letter|reply|text|complaint) (?:from|that came)|"
    r"(?:they|he|she) (?:wrote|sent|emailed|replied)|reply to this|got this|received this)\b",
    _I,
)
# Past tenses after "my mum" that no other rule needs to know as verbs
_ALSO_PAST = frozenset(("rang", "rung", "hid", "shook", "wept", "dug", "stuck"))
# "Lokum from Hafız Mustafa, my mother send me many boxes": a verb a learner leaves bare
_PLAIN_VERB_NEXT = re.compile(
    r"^\s+(?:send|say|want|like|come|go|make|give|tell|think|know|live|work|bring|buy|cook|"
    r"call|help|speak|visit|stay|love|hate|need|ask|write)\b",
    _I,
)
_NAME_IS_MY_RELATION = re.compile(
    rf"(?:^|(?<=[\s,(]))(?P<name>{TOKEN})(?:,?(?: [-–—])? (?:is )?| \()(?:my|our) {KIN_ADJ}"
    # ("Tom's my husband's friend": the husband's friend, not the husband)
    rf"(?P<rel>{RELATION})\b(?!['’]s?\b)",
    _I,
)
_AFTER_A_RELATION = re.compile(rf"\b(?:my|our) {KIN_ADJ}(?:{RELATION})\s+$", _I)
# "my husband tom wanted …", "my sister bruna, her baby theo": after "my <relation>", a word
# followed by a verb or a comma is a name, even typed in lower case and said once.
_NAME_THEN_VERB = re.compile(
    r"^(?:,|\s+(?:is|was|has|had|and|wants|wanted|says|said|thinks|works|lives|just|"
    r"[a-z]{2,}ed|(?!this\b|yes\b|less\b|us\b)[a-z]{3,}s"
    # "my gf tia made me a cake": a deed in the past, done by her
    rf"|{alternation(tuple(IRREGULAR_PAST))})\b"
    r"|\s+\([^()]{2,40}\))",  # "my manager rahul (head of data)": who the name is, in brackets
    _I,
)
# "my surgeon is unwell and …": after "is", a lower-case word then "and" is no name
_IS_BETWEEN = re.compile(r",? (?:is|was) ")
_AND_AFTER = re.compile(r" *(?:,|and\b)")
# "karim (boss) wants a doc", "Lowri (wife)": a relation in brackets after a name.
_NAME_BRACKET_RELATION = re.compile(
    rf"(?:^|(?<=[\s,(]))(?P<name>{TOKEN}) \((?:my |our )?{KIN_ADJ}(?P<rel>{RELATION})\)", _I
)
# "my mom (Lúcia) keeps asking", "dad (mwangi) got in first try": the name in brackets.
_RELATION_BRACKET_NAME = re.compile(
    rf"(?:\b(?:my|our) |(?:^|(?<=[\s,])))(?!my\b|our\b){KIN_ADJ}(?P<rel>{RELATION}) "
    rf"\((?P<name>{TOKEN})\)",
    _I,
)
_MY_RELATIONS_NAME = re.compile(
    rf"\bmy {KIN_ADJ}(?P<rel>{RELATION})(?:'s name is|'s called| is called| is named)\s+"
    rf"(?P<name>{TOKEN}){AFTER_NAME}",
    _I,
)
_ITS_NAME = re.compile(
    # ("his names pickle": the apostrophe left out)
    r"^(?:and |oh and )?(?:(?:her|his|its|their) name(?:'s| is|s(?= \w))"
    r"|(?:he|she)(?:'s|s| is) called)"
    rf"\s+(?P<name>{TOKEN})"
    rf"(?: (?P<surname>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'’-]+))?{AFTER_NAME}",
    _I,
)
_SOMEONE_ELSES_PET = re.compile(rf"\b{NOT_A_BREED}[\w-]+'s (?:{ANIMAL})\b", _I)
# "is it normal for a 3 week old to …", "our newborn": a baby, whose name may follow.
_BABY_IN = re.compile(
    r"\b(?:a|my|our|the) (?:new ?born|baby)\b(?!\s+(?:brother|sister|shower|monitor|steps))"
    r"|\b(?:a|my|our) \d{1,2}[- ](?:day|week|wk|month)[- ]old\b",
    _I,
)
# "my manager", and said terse, of one met in a role: "health visitor came".
# ("ex-racer, 4 years old": a word made with "ex-" names no ex)
_RECENT_RELATION = re.compile(
    rf"(?:\bmy |^)(?:future |new |current |old |ex-)?{KIN_ADJ}(?P<rel>{RELATION})\b(?!-)", _I
)
# "Kiri who's my senior mechanic", "Cozi, that's our family calendar app".
_WHO_IS_MY = re.compile(
    r"(?:^|(?<=[\s,(]))(?P<name>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'’-]+),? (?:who's|who is|that's|which is) "
    r"(?:my|our) (?P<what>(?:[\w-]+ ){0,3}?[\w-]+?)(?=[,.;!?)]|$| and | but | who | since | for )",
)
_PARTNER_STATUS = re.compile(
    r"\b(?:i'm|i am|i was|i got|im) (?P<status>married|engaged|divorced|separated) "
    r"(?P<prep>to|from) (?:(?:my|their|our|the kids'|the girls'|the boys') )?"
    rf"(?:(?:ex-?)?(?:husband|wife|partner|dad|father|mum|mom|mother|boyfriend|girlfriend),? )?"
    rf"(?P<name>{TOKEN}){AFTER_NAME}",
    _I,
)
_FAVOURITE = re.compile(
    r"\bmy fav(?:ou?rite|e)? (?P<what>[a-z]+(?: [a-z]+)?) (?:of all time |ever )?(?:is|'s) "
    r"(?P<value>[^.,;!?()]{2,40}?)\s*(?=[.,;!?(]|$)",
    _I,
)
_FAVOURITE_AFTER = re.compile(
    r"^(?P<value>[^.,;!?()]{2,40}?)[.,:!]+\s+(?:my )?fav(?:ou?rite|e)? "
    r"(?P<what>[a-z]+(?: [a-z]+)?) (?:of all time|ever)\b",
    _I,
)
_GOES_BY = re.compile(
    rf"(?:^|(?<=[.!?,;]\s))(?P<name>{TOKEN}) is what (?:everyone|everybody|people|most people|"
    r"my friends|friends|they all) calls? me\b"
    rf"|\bi go by (?P<name2>{TOKEN}){AFTER_NAME}"
    # "everyone calls me Gabby", "tutti mi chiamano Gabby"
    r"|\b(?:everyone|everybody|people|my friends|all my friends|most people|tutti|todos|"
    r"tout le monde|alle) (?:calls? me|mi chiamano|me llaman|m'appellent|nennen mich) "
    rf"(?P<name3>(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]*){AFTER_NAME}",
    _I,
)
# "ras is me btw, rasmus", "Ines is me": the speaker, named in a list or an example
_IS_ME = re.compile(
    rf"(?:^|(?<=[.!?;]\s))(?P<name2>{TOKEN}) is me(?:,? (?:btw|by the way|fyi))?"
    rf"(?:,\s*(?P<name>(?-i:[A-Za-zÀ-ÿ])[\wÀ-ÿ'-]+){AFTER_NAME})?(?=\s*(?:[,.;!]|$))",
    _I,
)
# "me (jo)", "team: me (gwen, owner, …)": the speaker's own name in brackets.
_ME_NAMED = re.compile(rf"(?:^|[:,]\s*)(?:ok[.,!]?\s+)?me \((?P<name>{TOKEN})[,)]", _I)
_AGE = re.compile(
    # ("31 Jan is 3.5 months" is a date and a length of time, not an age.)
    rf"(?:^|(?<=[\s,(]))(?<!\d )(?P<name>{TOKEN}),? who(?:'s| is) (?P<age>\d{{1,2}})(?!\.\d)"
    r"(?=\s*(?:[,.;)]|$| years old| and))"
    rf"|(?:^|(?<=[\s,(]))(?<!\d )(?P<name2>{TOKEN}?)(?: (?:just )?(?:turned|(?P<turns>turns)|is)|"
    r"['’]s) (?P<age2>\d{1,2})(?!\.\d)"
    r"(?=\s*(?:[,.;!)]|$| today| this| last| on| years old| and))",
)
# "Pass is 70.", "Target is 45": what a figure is the mark of, never someone of that age
_FIGURE_WORDS = frozenset(
    (
        *("pass", "merit", "distinction", "fail", "grade", "score", "target", "goal", "limit"),
        *("minimum", "maximum", "total", "average", "record", "cutoff", "deadline", "par"),
    )
)
# "my rule.", "house rule.": said after a rule one lives by, in a sentence of its own.
_MY_RULE = re.compile(
    r"^(?:that's |thats |it's |its )?(?:(?:my|a|our) (?:golden |house )?|house |golden )rule[.!]*$",
    _I,
)


# "my dentist appointment", "my gp referral": what someone of theirs gives or holds, not a name
_WHAT_THEY_GIVE = frozenset(
    {
        *("appointment", "appointments", "visit", "visits", "meeting", "meetings", "check"),
        *("checkup", "check-up", "session", "sessions", "referral", "results", "report"),
        *("review", "call", "calls", "letter", "email", "bill", "invoice", "party", "birthday"),
        *("wedding", "funeral", "surgery", "op", "operation"),
    }
)


def message_frames(
    text: str,
    subject: str,
    lexicon: NameLexicon,
    *,
    recent: Sequence[str] = (),
    listener: str | None = None,
) -> list[FrameFact]:
    """The frame facts one message proves about ``subject`` (who wrote it) and the people it names.

    Args:
        text: The message.
        subject: Who wrote it: ``"User"``, or the other person's name.
        lexicon: The conversation's names.
        recent: The writer's previous messages, most recent last ("her name's
            Mochi" after "we got a kitten").
        listener: Whom "you" means, when it is a person (a chat between two
            people); None leaves lines about "you" out.
    """
    found: list[FrameFact] = []
    # ("Their email first: "Dear Ms Ferrier, … my dog Barney …"": not the speaker's words;
    # the sign-off of a draft they quote is read whole)
    pasted = text
    if _THEIR_TEXT.search(text) is not None:
        text = elide_quotes(text)
    if subject == "User":
        found += introduction_frames(
            text, lexicon, late=len(recent) >= FIRST_MESSAGES, to_a_person=listener is not None
        )
        found += signature_frames(pasted)
    found += roster_frames(text, subject, lexicon, listener)
    said = sentences(text)
    for index, sentence in enumerate(said):
        before = [*recent, " ".join(said[:index])] if index else list(recent)
        found += _sentence_frames(sentence, subject, lexicon, recent=before, listener=listener)
        found += occasion_frames(sentence, subject, lexicon)
    # "on nights no caffeine after 3am. my rule.": the sentence before is a rule one lives by
    for index, sentence in enumerate(said[1:], start=1):
        rule = said[index - 1].strip().rstrip(".!")
        if _MY_RULE.match(sentence) and 2 <= len(rule.split()) <= 12 and "?" not in rule:
            line = f"{subject}'s rule: {rule[:1].lower()}{rule[1:]}."
            found.append(FrameFact(line, (subject, f"rule: {rule.lower()}")))
    # "my birthday. 12 november", "zelda. fav game of all time": one fact, two sentences.
    whole = " ".join(text.split())
    found += kids_frames(whole, subject) + exam_days(text, subject, recent)
    if not any(fact.slot == (subject, "birthday") for fact in found):
        found += own_birthday(whole, subject)
    if not any(fact.slot == (subject, "allergies") for fact in found):
        found += allergy_list_after(whole, subject)
    if not any(fact.slot[1].startswith("favourite") for fact in found):
        found += _favourite(whole, subject)
    found += pets_named_after(whole, subject, lexicon)
    found += ages_after_names(whole, found)
    return found


def _sentence_frames(
    sentence: str,
    subject: str,
    lexicon: NameLexicon,
    *,
    recent: Sequence[str],
    listener: str | None = None,
) -> list[FrameFact]:
    found: list[FrameFact] = []
    for pattern in (
        _MY_RELATION,
        _MY_RELATIONS_NAME,
        _NAME_IS_MY_RELATION,
        _NAME_BRACKET_RELATION,
        _RELATION_BRACKET_NAME,
        _BARE_RELATION,
        _OF_MINE,
    ):
        for match in pattern.finditer(sentence):
            after = sentence[match.end() :]
            # "my girlfriend sofia's iphone": a possessive there is a name, not a verb.
            owns = match["name"].lower().endswith(("'s", "’s"))
            # "karim (boss)": the brackets say the word before them is a name
            shaped = (
                owns
                or pattern
                in (_NAME_BRACKET_RELATION, _RELATION_BRACKET_NAME, _OF_MINE, _MY_RELATIONS_NAME)
                or (
                    (
                        (
                            pattern is _MY_RELATION
                            and _NAME_THEN_VERB.match(after) is not None
                            # "my surgeon is unwell and …": after "is", "and" shows no name
                            and not _said_of_them(sentence, match, after)
                            # "my husband salary is …": a learner's "husband's salary"
                            and match["name"] not in OWNED_THINGS
                        )
                        # "partner marcus has …", not "friend group is tiny" nor "brother
                        # visits sometimes": with no "my", only one of a few verbs shows a name
                        or (pattern is _BARE_RELATION and _BARE_THEN_VERB.match(after) is not None)
                    )
                    and not match["name"].lower().endswith("ed")  # "my mum called, …"
                    # "my mum rang and said …"
                    and match["name"].lower() not in (*IRREGULAR_PAST, *_ALSO_PAST)
                    and match["name"].lower() not in COMMON_WORDS  # "my girlfriend mean as ever"
                )
            )
            if (
                pattern is _MY_RELATION
                and "," in match.group(0)
                and re.search(r"\b(?:is|was|called|named)\b", match.group(0), _I) is None
                and NEXT_LIST_ITEM.match(after) is not None
            ):
                continue  # "flights, telling my landlord, mabli, everything": a list, not who
            if (
                pattern is _NAME_IS_MY_RELATION
                and match["name"].islower()
                and is_everyday_word(match["name"])
                and "(" not in match.group(0)  # "dev (my manager)": the bracket names him
            ):
                continue  # "everybody still use Korean age, my mom also": a word, then who
            if (
                pattern is _NAME_IS_MY_RELATION
                and match["name"].lower().endswith("ing")
                and is_everyday_word(match["name"])
            ):
                continue  # "Hosting my partner's parents on Saturday": a deed, not a name
            if pattern is _NAME_IS_MY_RELATION and _AFTER_A_RELATION.search(
                sentence[: match.start("name")]
            ):
                continue  # "my wife Selin, my daughter Defne": Selin is the wife, in a list
            if (
                pattern is _NAME_IS_MY_RELATION
                and "," in match.group(0)
                and (_BARE_THEN_VERB.match(after) or _PLAIN_VERB_NEXT.match(after)) is not None
            ):
                continue  # "I think Skoda Fabia, my father had Skoda": a new clause, his
            if (
                pattern is _NAME_IS_MY_RELATION
                and (named := re.match(rf"\s*({TOKEN})", after)) is not None
                and lexicon.name(named[1], sentence[match.end() + named.end() :]) is not None
            ):
                continue  # "no zucchini, my partner Marcus hates it": the partner is named after
            if pattern is _NAME_BRACKET_RELATION and _JOB_ALONE.fullmatch(match["rel"]):
                continue  # "rhodri (accountant)": his job, said by bracket_roles
            if _JOB_ALONE.fullmatch(match["name"]) and (
                pattern is _RELATION_BRACKET_NAME
                or (pattern is _MY_RELATION and match["name"].islower())
            ):
                continue  # "mum (nurse)": her job; "my son teacher": a learner's "son's teacher"
            if pattern is _BARE_RELATION and match.start() > 0 and not _BARE_THEN_VERB.match(after):
                continue  # "Bridget, born 1901, father Michael Walsh": a record, not "my"
            if pattern is _BARE_RELATION and not shaped and match["name"].islower():
                verb = after.split()[0].lower() if after.split() else ""
                if not (verb in ("is", "was", "has", "had") or looks_like_a_verb(verb)):
                    continue  # "landlord gas safety cert £70", not "neighbor ana watching him"
            if re.fullmatch(RELATION, match["name"], _I):
                continue  # "My husband colleague said: …": his colleague, no one's name
            if (
                match.start("name") > match.end("rel")
                and not sentence[match.end("rel") : match.start("name")].strip()
                and match["name"].lower() in _WHAT_THEY_GIVE
                and not lexicon.written_as_a_name(match["name"])
            ):
                continue  # "my dentist appointment is on 5 March": the dentist's, no one's name
            name = lexicon.name(match["name"], after, by_shape=shaped)
            if name is not None and name != subject:
                found.append(relation_line(subject, match["rel"], name))
    for match in _THEIR_RELATION.finditer(sentence):
        owner = lexicon.name(match["owner"])
        name = lexicon.name(match["name"], sentence[match.end() :])
        if owner is not None and name is not None and subject not in (owner, name):
            rel = match["rel"].lower()
            line = f"{owner}'s {rel} is {name}."
            found.append(FrameFact(line, (owner, rel), durable=True))
    found += pet_frames(sentence, subject, lexicon)
    if (its := _ITS_NAME.match(sentence)) is not None and (
        name := lexicon.name(its["name"], by_shape=True)
    ):
        found += _named_later(subject, name, its["surname"], recent)
    for match in _WHO_IS_MY.finditer(sentence):
        name = lexicon.name(match["name"])
        what = match["what"].lower()
        if name is not None and name != subject and what.split()[0] not in FUNCTION_WORDS:
            line = f"{name} is {subject}'s {what}."
            found.append(FrameFact(line, (name, f"is {what}"), durable=subject != "User"))
    for match in _PARTNER_STATUS.finditer(sentence):
        name = lexicon.name(match["name"], sentence[match.end() :])
        if name is not None and name != subject:
            status, prep = match["status"].lower(), match["prep"].lower()
            line = f"{subject} is {status} {prep} {name}."
            found.append(FrameFact(line, (subject, "partner status")))
    found += place_frames(sentence, subject, listener)
    found += bracket_roles(sentence, subject, lexicon) + relation_equals(sentence, subject, lexicon)
    found += birthday_frames(sentence, subject, lexicon, recent=recent)
    found += _self_frames(sentence, subject, lexicon, listener)
    return found


def _said_of_them(sentence: str, match: re.Match[str], after: str) -> bool:
    """ "my surgeon is unwell and …": the word after "is" says how they are, not who."""
    return (
        _IS_BETWEEN.fullmatch(sentence[match.end("rel") : match.start("name")]) is not None
        and match["name"][:1].islower()
        and _AND_AFTER.match(after) is not None
    )


def _named_later(
    subject: str, name: str, surname: str | None, recent: Sequence[str]
) -> list[FrameFact]:
    """Whose name is given: "her name's Mochi" after "we got a kitten".

    And "her name is Ingrid Paulsen" after "my manager": the nearest pet or
    relation said before names whom the name belongs to.
    """
    for text in reversed(recent[-3:]):
        for sentence in reversed(sentences(text)):
            if _BABY_IN.search(sentence):
                return [FrameFact(f"{subject}'s baby is called {name}.", (subject, "baby"))]
            if _SOMEONE_ELSES_PET.search(sentence):
                return []  # "jodie's cat is on my notes. shes called mochi": not the user's

            pets = list(PET_IN.finditer(sentence))
            relations = list(_RECENT_RELATION.finditer(sentence))
            if pets and (not relations or pets[-1].start() > relations[-1].start()):
                return [pet_line(subject, pets[-1]["pet"], name)]
            if len({relation["rel"].lower() for relation in relations}) > 1:
                return []  # "my manager want to change … because my husband work late": whose?
            if relations:
                full = f"{name} {surname}" if surname else name
                return [relation_line(subject, relations[-1]["rel"], full)]
    return []


def _favourite(text: str, subject: str) -> list[FrameFact]:
    for pattern in (_FAVOURITE, _FAVOURITE_AFTER):
        match = pattern.search(text)
        if match is None:
            continue
        value = strip_fillers(match["value"].strip())
        if not value or value.lower().split()[0] in FUNCTION_WORDS or len(value.split()) > 5:
            continue
        what = match["what"].lower()
        line = f"{subject}'s favourite {what} is {value}."
        return [FrameFact(line, (subject, f"favourite {what}"))]
    return []


def _self_frames(
    sentence: str, subject: str, lexicon: NameLexicon, listener: str | None = None
) -> list[FrameFact]:
    found = _favourite(sentence, subject)
    if subject == "User":
        # A name and the name one goes by are two slots: "Gabrielle", who goes by "Gabby".
        for pattern, template, slot in (
            (_GOES_BY, "User goes by {}.", "goes by"),
            (_ME_NAMED, "User's name is {}.", "called"),
            (_IS_ME, "User's name is {}.", "called"),
        ):
            match = pattern.search(sentence)
            said = match.groupdict() if match else {}
            token = said.get("name") or said.get("name2") or said.get("name3")
            name = lexicon.name(token, by_shape=True) if token else None
            if name is not None:
                found.append(FrameFact(template.format(name), ("User", slot)))
    found += age_and_state_frames(sentence, subject, listener)
    for match in _AGE.finditer(sentence):
        name = lexicon.name(match["name"] or match["name2"])
        age = match["age"] or match["age2"]
        ahead = sentence[match.end() :].lstrip().lower()
        if match["turns"] and ahead.startswith(("on ", "this ", "next ", "in ")):
            continue  # "Kayode turns 8 on 2 August": not 8 yet
        if name is not None and name.lower() in _FIGURE_WORDS:
            continue  # "Pass is 70.": the mark to pass, no one's age
        if name is not None and name != subject:
            found.append(FrameFact(f"{name} is {age}.", (name, "age"), durable=True))
    found += allergy_frames(sentence, subject)
    return found
