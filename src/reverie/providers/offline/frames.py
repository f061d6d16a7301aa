"""Facts of a known shape: who is in someone's life, where they live, their pets and dates.

The clause rules (:mod:`.rules`) keep a sentence only when it reads alone. Much
of what people say about themselves does not: "rewatching Reply 1988 with my
roommate Bea" is about a TV show, "pepper is a greyhound leo, she'll love the
sofa" ends with whom it is said to, "her name's Mochi" needs the kitten of the
message before, "bristol" answers "where do you live now?". A frame looks for
one such shape anywhere in a message and writes the one plain line it proves
("User's roommate is Bea.", "Pepper is a greyhound.").

Every line a frame writes has a *slot* (:func:`slot_of`): who it is about and
what it says of them. A person has one value of a slot at a time — one home,
one birthday, one partner — so a later line for the same slot replaces the
earlier one, in one extraction and in the memory files.

Names are taken only when they look like names: written with a capital
letter, or (in a chat typed all in lower case) a word that is never used like
a common one (after "the" or "a") and is not a function word or a verb.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from reverie.providers.offline.rules import strip_fillers
from reverie.providers.offline.vocabulary import (
    COMMON_WORDS,
    EVENT_VERBS,
    HABIT_VERBS,
    NOT_NAMES,
    PREFERENCE_VERBS,
    alternation,
    is_name,
    words,
)

__all__ = ["FrameFact", "NameLexicon", "answer_frames", "message_frames", "slot_of"]

_I = re.IGNORECASE

_RELATION_WORDS = (
    *words(
        """
        wife husband partner girlfriend boyfriend gf bf fiance fiancee fiancé fiancée sister
        brother mum mom mother dad father son daughter roommate flatmate housemate boss manager
        advisor adviser supervisor bestie cousin aunt uncle grandma grandmother gran nan grandpa
        grandfather granddad twin niece nephew stepdad stepmom stepmum stepson stepdaughter ex
        ex-wife ex-husband neighbour neighbor colleague coworker co-worker mentor therapist
        doctor dentist coach landlord landlady cofounder co-founder
        """
    ),
    "best friend",
)
# Of these a person has one at a time: a new name replaces the old one.
_ONE_AT_A_TIME = frozenset(
    words(
        """
        wife husband partner girlfriend boyfriend fiance fiancee fiancé fiancée mum mom mother
        dad father boss manager advisor supervisor landlord landlady therapist doctor dentist
        """
    )
)
_SPELLED_OUT = {"gf": "girlfriend", "bf": "boyfriend", "adviser": "advisor"}
_PET_WORDS = (
    *words(
        """
        dog cat puppy pup kitten rabbit bunny hamster parrot budgie tortoise turtle snake gecko
        lizard ferret horse pony goldfish rat chinchilla hedgehog
        """
    ),
    "guinea pig",
)
_BREED_WORDS = (
    *words(
        """
        greyhound labrador lab retriever terrier staffie staffy spaniel collie poodle beagle
        husky corgi dachshund pug whippet lurcher tabby siamese ragdoll bengal sphynx mutt
        schnauzer dalmatian rottweiler doberman chihuahua cockapoo labradoodle goldendoodle
        """
    ),
    "shih tzu",
)
_ANIMAL = alternation(_PET_WORDS + _BREED_WORDS)
_RELATION = alternation(_RELATION_WORDS)
_KIN_ADJ = r"(?:(?:older|younger|little|big|baby|eldest|oldest|youngest|new|best|twin|old) )?"
_TOKEN = r"[A-Za-zÀ-ÿ][\wÀ-ÿ'’-]*"
# After a relation or pet word, what may follow a name: the sentence goes on, or ends.
_AFTER_NAME = r"(?=$|[\s,.;:!?)'’])"
_MONTHS = (
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec"
)
_MONTH = alternation(words(_MONTHS))
_DAY = r"\d{1,2}(?:st|nd|rd|th)?"
_DATE = rf"(?:{_DAY}\s+(?:of\s+)?{_MONTH}\b|{_MONTH}\.?\s+{_DAY}\b)"

# Words that are never a name in these slots, even when a chat types them in lower case.
_FUNCTION_WORDS = frozenset(
    words(
        """
        is was are were be been being am has have had do does did will would can could should
        may might must shall and or but so if then than that this these those there here who
        whom whose which what when where why how not no yes also just still even really very
        too again always never ever now today tonight tomorrow yesterday soon later already
        it its it's he she they them his her their him me my mine you your we our us i
        a an the of in on at to for from with by about as into onto over under after before
        says said thinks thought told asked wants wanted went got gets getting keeps kept
        lol haha omg tho though btw tbh idk
        """
    )
)
_PLACE_WORD = r"(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'’.-]*"
_PLACE = rf"({_PLACE_WORD}(?:[ -](?:(?-i:upon|on|de|del|la|le) )?{_PLACE_WORD}){{0,2}})"
_LOWER_PLACE = r"(?P<place>[a-zà-ÿ][\wà-ÿ'-]+(?: [a-zà-ÿ][\wà-ÿ'-]+)?)"


@dataclass(frozen=True)
class FrameFact:
    """One line a frame proved, with the slot it fills.

    Attributes:
        text: The memory line ("User's roommate is Bea.").
        slot: ``(subject, what)``: a later line for the same slot replaces this one.
        durable: The line is about someone else (it belongs with durable facts).
    """

    text: str
    slot: tuple[str, str]
    durable: bool = False


class NameLexicon:
    """Which words of a conversation are names.

    A capitalised word in a name's position is one (unless it is a word that
    starts sentences, see :func:`~.vocabulary.is_name`). A lower-case word is
    one when the conversation writes it capitalised elsewhere, or never puts
    it after an article or a possessive and never uses it as a common word.
    """

    _AFTER_DETERMINER = re.compile(
        r"\b(?:a|an|the|this|that|some|my|your|his|her|our|their|its)\s+([a-zà-ÿ][\wà-ÿ'-]+)", _I
    )
    _CAPITALISED = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-ZÀ-Þ][a-zà-ÿ'’-]+")

    def __init__(self, texts: Sequence[str], known: Collection[str] = ()) -> None:
        self._known = {name.lower() for name in known}
        self._common: set[str] = set()
        for text in texts:
            for line in text.splitlines():
                for match in self._CAPITALISED.finditer(line):
                    if is_name(match.group(0)):
                        self._known.add(match.group(0).lower().removesuffix("'s"))
                for match in self._AFTER_DETERMINER.finditer(line):
                    self._common.add(match.group(1).lower())

    def name(self, token: str, following: str = "") -> str | None:
        """``token`` written as a name, or None when it is not one.

        Args:
            token: The word.
            following: What the sentence says after it: a lower-case word
                followed by a particle ("my colleague set up …") is a verb.
        """
        bare = token.rstrip(".,;:!?").removesuffix("'s").removesuffix("’s")
        lower = bare.lower()
        if len(bare) < 2 or lower in _FUNCTION_WORDS or lower in NOT_NAMES:
            return None
        if not re.fullmatch(r"[A-Za-zÀ-ÿ][\wÀ-ÿ'’-]*", bare) or any(c.isdigit() for c in bare):
            return None
        titled = bare[:1].upper() + bare[1:]
        if "-" in bare and not all(part[:1].isupper() for part in bare.split("-")):
            return None  # "Non-smoker" starts a sentence; "Jean-Luc" is a name
        if bare[:1].isupper():
            return titled if is_name(titled) and not bare.isupper() else None
        if lower in self._known:
            return titled
        if lower in COMMON_WORDS or lower in self._common or _looks_like_a_verb(lower):
            return None
        if _PARTICLE.match(following):
            return None
        return titled


_PARTICLE = re.compile(
    r"^\s*(?:up|out|off|in|on|down|over|back|away|to|the|a|an|me|him|her|us|them|it|that|this|"
    r"my|your|his|our|their|some|with|for|about|at)\b",
    _I,
)


def _looks_like_a_verb(word: str) -> bool:
    verbs = {*HABIT_VERBS, *PREFERENCE_VERBS, *EVENT_VERBS}
    stems = {word, word.removesuffix("s"), word.removesuffix("es"), word.removesuffix("ed")}
    return bool(stems & verbs) or word.endswith(("ing", "ly"))


def _relation_word(word: str) -> str:
    lower = " ".join(word.lower().split())
    return _SPELLED_OUT.get(lower, lower)


_MY_RELATION = re.compile(
    rf"\bmy {_KIN_ADJ}(?P<rel>{_RELATION}),? (?:is |was )?(?:called |named )?(?P<name>{_TOKEN})"
    rf"{_AFTER_NAME}",
    _I,
)
_NAME_IS_MY_RELATION = re.compile(
    rf"(?:^|(?<=[\s,(]))(?P<name>{_TOKEN}),? (?:is )?my {_KIN_ADJ}(?P<rel>{_RELATION})\b", _I
)
_MY_RELATIONS_NAME = re.compile(
    rf"\bmy {_KIN_ADJ}(?P<rel>{_RELATION})(?:'s name is|'s called| is called| is named)\s+"
    rf"(?P<name>{_TOKEN}){_AFTER_NAME}",
    _I,
)
_MY_PET = re.compile(
    rf"\bmy (?:\w+ )?(?P<pet>{_ANIMAL}),? (?:is )?(?:called |named )?(?P<name>{_TOKEN})"
    rf"{_AFTER_NAME}",
    _I,
)
_NAME_IS_MY_PET = re.compile(
    rf"(?:^|(?<=[\s,(]))(?P<name>{_TOKEN}),? (?:is )?my (?:\w+ )?(?P<pet>{_ANIMAL})\b", _I
)
_MY_PETS_NAME = re.compile(
    rf"\bmy (?P<pet>{_ANIMAL})(?:'s name is|'s called| is called| is named)\s+(?P<name>{_TOKEN})"
    rf"{_AFTER_NAME}",
    _I,
)
_GOT_A_PET_NAMED = re.compile(
    rf"\b(?:got|adopted|rescued|have|getting|bought)\s+an? (?:\w+ ){{0,2}}?(?P<pet>{_ANIMAL})\b"
    rf"[^.!?]{{0,40}}?\b(?:called|named)\s+(?P<name>{_TOKEN}){_AFTER_NAME}",
    _I,
)
_PET_MENTION = re.compile(rf"\b(?:a|an|my|our|new) (?:\w+ )?(?P<pet>{_ANIMAL})\b", _I)
_ITS_NAME = re.compile(
    rf"^(?:and )?(?:her|his|its|their) name(?:'s| is)\s+(?P<name>{_TOKEN}){_AFTER_NAME}", _I
)
_IS_A_BREED = re.compile(
    rf"(?:^|(?<=[.!?,;]\s))(?P<name>{_TOKEN}) is an? (?:(?:\w+|\w+-\w+) )?"
    rf"(?P<pet>{alternation(_BREED_WORDS + _PET_WORDS)})\b"
    r"(?! (?:person|people|lover|owner|sitter|walker|food|bed|hair|tree|flap|video|cafe|café))",
    _I,
)
_LIVES = re.compile(
    rf"\b(?:i|we) (?:currently |now |still |both )?live (?:in|near) {_PLACE}"
    rf"|\bi(?:'m| am) (?:based|living) in {_PLACE}",
)
_LIVES_LOWER = re.compile(
    r"(?:\b(?:i|we) (?:currently |now |still |both )?live (?:in|near)|^(?:so )?(?:i'm |i am |im )?"
    r"staying in|\bi (?:still )?stay in) "
    r"(?P<place>[a-zà-ÿ][\wà-ÿ'-]+)(?=\s*(?:[,.;!]|$| now| these days| with| and))"
    r"|\bi(?:'m| am) (?:based|living) in (?P<place2>[a-zà-ÿ][\wà-ÿ'-]+)(?=\s*(?:[,.;!]|$| now))",
    _I,
)
_MOVING = re.compile(
    rf"\b(?:i'm|i am|we're|we are) (?:now )?moving to {_PLACE}"
    rf"|\b(?:i|we) (?:just |finally )?moved to {_PLACE}",
    _I,
)
_BIRTHDAY = re.compile(
    rf"\bmy (?:birthday|bday|b-day)(?:'s| is|:|\.| -|,)?\s*(?:on )?(?:the )?(?P<date>{_DATE})", _I
)
_NAMED_BIRTHDAY = re.compile(
    rf"(?:^|(?<=[\s(]))(?P<name>{_TOKEN})'s (?:birthday|bday) is (?:on )?(?:the )?"
    rf"(?P<date>{_DATE})",
    _I,
)
_MINE_IS_ON = re.compile(rf"\bmine(?:'s| is) (?:on )?(?:the )?(?P<date>{_DATE})", _I)
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
    rf"(?:^|(?<=[.!?,;]\s))(?P<name>{_TOKEN}) is what (?:everyone|everybody|people|most people|"
    r"my friends|friends|they all) calls? me\b"
    rf"|\bi go by (?P<name2>{_TOKEN}){_AFTER_NAME}",
    _I,
)
_ME_NAMED = re.compile(rf"^(?:ok[.,!]?\s+)?me \((?P<name>{_TOKEN})\)", _I)
_AGE = re.compile(
    rf"(?:^|(?<=[\s,(]))(?P<name>{_TOKEN}),? who(?:'s| is) (?P<age>\d{{1,2}})"
    r"(?=\s*(?:[,.;)]|$| years old| and))"
    rf"|(?:^|(?<=[\s,(]))(?P<name2>{_TOKEN}) (?:just )?(?:turned|turns) (?P<age2>\d{{1,2}})"
    r"(?=\s*(?:[,.;!)]|$| today| this| last| on| years old))",
)
_SICK_FROM = re.compile(
    r"^(?P<what>(?:[a-z]+ ){0,2}[a-z]+) (?P<verb>makes?) me (?:sick|ill|break out|sneeze)\b", _I
)
_ALLERGY_CONTEXT = re.compile(
    r"\b(?:i'm|im|i am) (?:(?:very|severely|really|mildly|also) )?allergic\b|\bmy allergies\b", _I
)
_LIST_AFTER_COLON = re.compile(r":\s*(?P<items>[^:.!?()]{3,120})")

_AFTER_QUESTION_WORDS = re.compile(r"^(?:uh+|um+|oh|well|hmm+|yeah|yep|yes|so|ah)\b[,.!\s]*", _I)
_NOT_AN_ANSWER = re.compile(
    r"^(?:no|nope|nah|not|idk|dunno|don't|i don't|no idea|depends|maybe|probably|kinda|"
    r"kind of|why|what|lol|haha|ha|hmm|same|you|ugh|both|neither|nowhere|nothing|none)\b",
    _I,
)
_ASKS_WHERE_LIVE = re.compile(
    r"\bwhere (?:do|d'you|did) you (?:live|end up living)\b|\bwhere are you (?:based|living|"
    r"located|now|these days)\b|\bwhich city\b|\bwhere(?:'s| is) home\b",
    _I,
)
_ASKS_BIRTHDAY = re.compile(r"\bwhen(?:'s| is) your (?:birthday|bday)\b", _I)
_ASKS_PET_NAME = re.compile(
    rf"\bwhat(?:'s| is) (?:her|his|its|the|your (?:\w+ )?(?P<pet>{_ANIMAL})'s) name\b"
    r"|\bwhat(?:'s| is) (?:she|he|it) called\b|\bwhat did you (?:call|name) (?:her|him|it)\b",
    _I,
)
_ASKS_FAVOURITE = re.compile(
    r"\bwhat(?:'s| is) your fav(?:ou?rite|e)? (?P<what>[a-z]+(?: [a-z]+)?)\s*\??$", _I
)
_ASKS_TIMEZONE = re.compile(r"\bwhat(?:'s| is)? ?(?:your )?time ?zone\b|\btime ?zone are you\b", _I)


def _pet_line(subject: str, pet: str, name: str) -> FrameFact:
    pet = " ".join(pet.lower().split())
    article = "an" if pet[:1] in "aeiou" else "a"
    return FrameFact(f"{subject} has {article} {pet} called {name}.", (name, "pet"))


def _relation_line(subject: str, rel: str, name: str) -> FrameFact:
    rel = _relation_word(rel)
    what = rel if rel in _ONE_AT_A_TIME else f"{rel} {name}"
    return FrameFact(f"{subject}'s {rel} is {name}.", (subject, what))


def _date(text: str) -> str:
    """ "12 november" → "12 November"."""
    return " ".join(
        w[:1].upper() + w[1:] if re.fullmatch(_MONTH, w, _I) else w for w in text.split()
    )


def _items(text: str) -> list[str]:
    parts = re.split(r",\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+", text.strip())
    items = [part.strip(" .") for part in parts if part.strip(" .")]
    if not items or any(len(item.split()) > 3 for item in items):
        return []
    return items


def _joined(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def message_frames(
    text: str,
    subject: str,
    lexicon: NameLexicon,
    *,
    recent: Sequence[str] = (),
) -> list[FrameFact]:
    """The frame facts one message proves about ``subject`` (who wrote it) and the people it names.

    Args:
        text: The message.
        subject: Who wrote it: ``"User"``, or the other person's name.
        lexicon: The conversation's names.
        recent: The writer's previous messages, most recent last ("her name's
            Mochi" after "we got a kitten").
    """
    found: list[FrameFact] = []
    for sentence in _sentences(text):
        found += _sentence_frames(sentence, subject, lexicon, recent=recent)
    # "my birthday. 12 november", "zelda. fav game of all time": one fact, two sentences.
    whole = " ".join(text.split())
    dated = any(fact.slot == (subject, "birthday") for fact in found)
    if not dated and (match := _BIRTHDAY.search(whole)) is not None:
        line = f"{subject}'s birthday is {_date(match['date'])}."
        found.append(FrameFact(line, (subject, "birthday")))
    if not any(fact.slot[1].startswith("favourite") for fact in found):
        found += _favourite(whole, subject)
    return found


def _sentences(text: str) -> list[str]:
    out: list[str] = []
    for line in re.sub(r"```.*?(?:```|$)", "\n", text, flags=re.DOTALL).splitlines():
        out += [part.strip() for part in re.split(r"(?<=[.!?])\s+", line) if part.strip()]
    return out


def _sentence_frames(
    sentence: str, subject: str, lexicon: NameLexicon, *, recent: Sequence[str]
) -> list[FrameFact]:
    found: list[FrameFact] = []
    for pattern in (_MY_RELATION, _MY_RELATIONS_NAME, _NAME_IS_MY_RELATION):
        for match in pattern.finditer(sentence):
            name = lexicon.name(match["name"], sentence[match.end() :])
            if name is not None and name != subject:
                found.append(_relation_line(subject, match["rel"], name))
    for pattern in (_MY_PET, _MY_PETS_NAME, _NAME_IS_MY_PET, _GOT_A_PET_NAMED):
        for match in pattern.finditer(sentence):
            name = lexicon.name(match["name"], sentence[match.end() :])
            if name is not None and name != subject:
                found.append(_pet_line(subject, match["pet"], name))
    if (its := _ITS_NAME.match(sentence)) is not None and (name := lexicon.name(its["name"])):
        pet = _recent_pet(recent)
        if pet is not None:
            found.append(_pet_line(subject, pet, name))
    for match in _IS_A_BREED.finditer(sentence):
        name = lexicon.name(match["name"])
        if name is not None and name != subject:
            pet = " ".join(match["pet"].lower().split())
            article = "an" if pet[:1] in "aeiou" else "a"
            found.append(FrameFact(f"{name} is {article} {pet}.", (name, "animal"), durable=True))
    found += _place_frames(sentence, subject)
    found += _date_frames(sentence, subject, lexicon, recent=recent)
    found += _self_frames(sentence, subject, lexicon)
    return found


def _recent_pet(recent: Sequence[str]) -> str | None:
    for text in reversed(recent[-3:]):
        mentions = _PET_MENTION.findall(text)
        if mentions:
            return str(mentions[-1])
    return None


def _place_frames(sentence: str, subject: str) -> list[FrameFact]:
    found: list[FrameFact] = []
    for match in _LIVES.finditer(sentence):
        place = next(p for p in match.groups() if p)
        found.append(FrameFact(f"{subject} lives in {place}.", (subject, "home")))
    if not found:
        for match in _LIVES_LOWER.finditer(sentence):
            place = match["place"] or match["place2"]
            if any(w in _FUNCTION_WORDS or w in COMMON_WORDS for w in place.lower().split()):
                continue
            if _looks_like_a_verb(place.lower()):
                continue
            titled = " ".join(word[:1].upper() + word[1:] for word in place.split())
            found.append(FrameFact(f"{subject} lives in {titled}.", (subject, "home")))
    for match in _MOVING.finditer(sentence):
        place = next(p for p in match.groups() if p)
        if not place[:1].isupper():
            continue
        verb = "moved to" if re.search(r"\bmoved to\b", match.group(0), _I) else "is moving to"
        found.append(FrameFact(f"{subject} {verb} {place}.", (subject, "home")))
    return found


def _date_frames(
    sentence: str, subject: str, lexicon: NameLexicon, *, recent: Sequence[str]
) -> list[FrameFact]:
    found: list[FrameFact] = []
    if (match := _BIRTHDAY.search(sentence)) is not None:
        found.append(
            FrameFact(f"{subject}'s birthday is {_date(match['date'])}.", (subject, "birthday"))
        )
    for match in _NAMED_BIRTHDAY.finditer(sentence):
        name = lexicon.name(match["name"])
        if name is not None and name != subject:
            line = f"{name}'s birthday is {_date(match['date'])}."
            found.append(FrameFact(line, (name, "birthday"), durable=True))
    about_birthdays = re.search(r"\bbirthday", " ".join([*recent[-1:], sentence]), _I)
    if about_birthdays and (match := _MINE_IS_ON.search(sentence)) is not None:
        found.append(
            FrameFact(f"{subject}'s birthday is {_date(match['date'])}.", (subject, "birthday"))
        )
    return found


def _favourite(text: str, subject: str) -> list[FrameFact]:
    for pattern in (_FAVOURITE, _FAVOURITE_AFTER):
        match = pattern.search(text)
        if match is None:
            continue
        value = strip_fillers(match["value"].strip())
        if not value or value.lower().split()[0] in _FUNCTION_WORDS or len(value.split()) > 5:
            continue
        what = match["what"].lower()
        line = f"{subject}'s favourite {what} is {value}."
        return [FrameFact(line, (subject, f"favourite {what}"))]
    return []


def _self_frames(sentence: str, subject: str, lexicon: NameLexicon) -> list[FrameFact]:
    found = _favourite(sentence, subject)
    if subject == "User":
        for pattern, template in (
            (_GOES_BY, "User goes by {}."),
            (_ME_NAMED, "User's name is {}."),
        ):
            match = pattern.search(sentence)
            token = match and (match.groupdict().get("name") or match.groupdict().get("name2"))
            name = lexicon.name(token) if token else None
            if name is not None:
                found.append(FrameFact(template.format(name), ("User", "called")))
    for match in _AGE.finditer(sentence):
        name = lexicon.name(match["name"] or match["name2"])
        age = match["age"] or match["age2"]
        if name is not None and name != subject:
            found.append(FrameFact(f"{name} is {age}.", (name, "age"), durable=True))
    if (sick := _SICK_FROM.match(sentence)) is not None:
        what = sick["what"]
        if what.split()[0].lower() not in _FUNCTION_WORDS:
            line = f"{what[:1].upper()}{what[1:]} {sick['verb'].lower()} {subject} sick."
            found.append(FrameFact(line, (subject, f"sick from {what.lower()}")))
    if _ALLERGY_CONTEXT.search(sentence) and (listed := _LIST_AFTER_COLON.search(sentence)):
        items = _items(re.sub(r"\([^)]*\)?", "", listed["items"]))
        if len(items) >= 2:
            line = f"{subject} is allergic to {_joined(items)}."
            found.append(FrameFact(line, (subject, "allergies")))
    return found


def answer_frames(
    question: str, answer: str, subject: str, lexicon: NameLexicon, *, recent: Sequence[str] = ()
) -> list[FrameFact]:
    """Facts in a short ``answer`` to the other side's ``question`` ("where do you live?" "leeds").

    Args:
        question: The message just before, by the other side.
        answer: The reply, by ``subject``.
        subject: Who answered.
        lexicon: The conversation's names.
        recent: The answerer's earlier messages (for "what's her name?" about a pet).
    """
    asked = _sentences(question)
    if not asked or not asked[-1].endswith("?"):
        return []
    last = asked[-1]
    first = _AFTER_QUESTION_WORDS.sub("", _sentences(answer)[0] if _sentences(answer) else "")
    head = re.split(r"[,.;!?(]|\s+-\s+|\s+—\s+", first, maxsplit=1)[0].strip()
    head = strip_fillers(head)
    if not head or _NOT_AN_ANSWER.match(head) or len(head.split()) > 4:
        return []
    if _ASKS_WHERE_LIVE.search(last):
        if all(
            w.lower() not in _FUNCTION_WORDS and w.lower() not in COMMON_WORDS for w in head.split()
        ):
            place = " ".join(word[:1].upper() + word[1:] for word in head.split())
            return [FrameFact(f"{subject} lives in {place}.", (subject, "home"))]
        return []
    if _ASKS_BIRTHDAY.search(last) and (date := re.match(_DATE, head, _I)):
        return [
            FrameFact(f"{subject}'s birthday is {_date(date.group(0))}.", (subject, "birthday"))
        ]
    if (pet_question := _ASKS_PET_NAME.search(last)) is not None and len(head.split()) == 1:
        name = lexicon.name(head)
        pet = pet_question["pet"] or _recent_pet([*recent, question])
        if name is not None and pet is not None:
            return [_pet_line(subject, pet, name)]
        return []
    if (favourite := _ASKS_FAVOURITE.search(last)) is not None:
        what = favourite["what"].lower()
        return [
            FrameFact(f"{subject}'s favourite {what} is {head}.", (subject, f"favourite {what}"))
        ]
    if _ASKS_TIMEZONE.search(last) and re.search(r"[A-Za-z]{2,}|\+\d", head):
        return [FrameFact(f"{subject}'s time zone is {head}.", (subject, "time zone"))]
    return []


_SLOT_SHAPES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^(?P<who>.+?) (?:lives in|is moving to|moved to) \S"), "home"),
    (re.compile(r"^(?P<who>.+?)'s birthday is \S"), "birthday"),
    (re.compile(r"^(?P<who>.+?)'s time zone is \S"), "time zone"),
    (re.compile(r"^(?P<who>[A-ZÀ-Þ][\wÀ-ÿ'’-]*) is \d{1,3}\.$"), "age"),
    (re.compile(rf"^(?P<who>.+?)'s (?P<what>{_RELATION}) is [A-ZÀ-Þ]\S*\.$", _I), ""),
    (re.compile(r"^(?P<who>.+?)'s (?P<what>favourite [a-z]+(?: [a-z]+)?) is \S"), ""),
)


def slot_of(text: str) -> tuple[str, str] | None:
    """``(subject, what)`` when ``text`` is a frame line with one value at a time, else None.

    "User lives in Leeds." and "User is moving to Glasgow." share the slot
    ``("User", "home")``: the later one replaces the earlier.
    """
    for pattern, what in _SLOT_SHAPES:
        match = pattern.match(text.strip())
        if match is not None:
            if what:
                return match["who"], what
            word = _relation_word(match["what"])
            if word.startswith("favourite") or word in _ONE_AT_A_TIME:
                return match["who"], word
            return None
    return None
