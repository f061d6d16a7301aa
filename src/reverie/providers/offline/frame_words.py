"""The words and shapes the frames share: relations, pets, dates, places, and a frame's line.

See :mod:`.frames` for what a frame is. A frame's line names its slot
(:class:`FrameFact`); the helpers here write the lines the same way whichever
frame found the fact.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from reverie.providers.offline.pasted import drop_code
from reverie.providers.offline.sentences import dashed_apposition
from reverie.providers.offline.vocabulary import alternation, words

__all__ = [
    "AFTER_NAME",
    "ANIMAL",
    "AUXILIARY",
    "BARE_AGE",
    "BREED_WORDS",
    "DATE",
    "JOB",
    "KIN_ADJ",
    "MONTH_NAMES",
    "NEXT_LIST_ITEM",
    "ONE_AT_A_TIME",
    "OWNED_THINGS",
    "PET_WORDS",
    "PLACE",
    "RELATION",
    "SPEAKER_OR_LISTENER",
    "TOKEN",
    "FrameFact",
    "bare_age",
    "date_text",
    "fragments",
    "month_name",
    "ordinal_suffix",
    "pet_line",
    "recent_pet",
    "relation_line",
    "relation_word",
    "sentences",
    "titled",
]

_I = re.IGNORECASE

# The verbs every "does this fragment have a verb?" check counts; each adds its own.
AUXILIARY = r"is|are|was|were|has|have|had|will|would|can|did|does"

RELATION_WORDS = (
    *words(
        """
        wife husband partner girlfriend boyfriend gf bf fiance fiancee fiancé fiancée sister
        brother mum mom mam mother dad father son daughter roommate flatmate housemate boss manager
        advisor adviser supervisor bestie cousin aunt uncle grandma grandmother gran nan grandpa
        grandfather granddad twin niece nephew stepdad stepmom stepmum stepson stepdaughter ex
        granddaughter grandson
        ex-wife ex-husband neighbour neighbor colleague coworker co-worker mentor therapist
        doctor dentist coach landlord landlady cofounder co-founder friend mate buddy lead
        teammate agent trainer physio midwife gp vet tutor solicitor lawyer accountant nanny
        childminder surgeon consultant instructor grandad granny nana
        nonna nonno abuela abuelo babcia dziadek yiayia oma
        """
    ),
    "best friend",
    "other half",
    "health visitor",
    "social worker",
    "driving instructor",
    "team lead",
    "tech lead",
    "line manager",
)
# What a learner says someone has without the "'s" ("my husband salary is …"): a thing of
# theirs, never their name.
OWNED_THINGS = frozenset(
    words(
        """
        name salary job work car birthday phone company office boss back leg knee arm health
        visa passport school class teacher english contract pay flat house room age
        """
    )
)
# Of these a person has one at a time: a new name replaces the old one.
ONE_AT_A_TIME = frozenset(
    words(
        """
        wife husband partner girlfriend boyfriend fiance fiancee fiancé fiancée mum mom mother
        dad father boss manager advisor supervisor landlord landlady therapist doctor dentist
        """
    )
)
_SPELLED_OUT = {
    "gf": "girlfriend",
    "bf": "boyfriend",
    "adviser": "advisor",
    "other half": "partner",
}
PET_WORDS = (
    *words(
        """
        dog cat puppy pup kitten rabbit bunny hamster parrot budgie tortoise turtle snake gecko
        lizard ferret horse pony goldfish rat chinchilla hedgehog beardie axolotl cockatiel
        iguana tarantula gerbil degu canary cockatoo terrapin
        """
    ),
    "guinea pig",
    "bearded dragon",
    "corn snake",
)
BREED_WORDS = (
    *words(
        """
        greyhound labrador lab retriever terrier staffie staffy spaniel collie poodle beagle
        husky corgi dachshund pug whippet lurcher tabby siamese ragdoll bengal sphynx mutt
        schnauzer dalmatian rottweiler doberman chihuahua cockapoo labradoodle goldendoodle
        cavapoo sheepdog westie vizsla weimaraner bulldog frenchie springer cocker kelpie
        springador sprocker cavachon maltipoo bichon samoyed akita malamute
        """
    ),
    "shih tzu",
    "jack russell",
    "border collie",
    "french bulldog",
    "maine coon",
)
ANIMAL = alternation(PET_WORDS + BREED_WORDS)
# Before "'s tortoise" a breed, not an owner: "hermann's tortoise".
NOT_A_BREED = r"(?!(?:hermann|horsfield|przewalski|pallas)'s\b)"
RELATION = alternation(RELATION_WORDS)
KIN_ADJ = r"(?:(?:older|younger|little|big|baby|eldest|oldest|youngest|new|best|twin|old) )?"
TOKEN = r"[A-Za-zÀ-ÿ][\wÀ-ÿ'’-]*"
# After a relation or pet word, what may follow a name: the sentence goes on, or ends.
AFTER_NAME = r"(?=$|[\s,.;:!?)'’])"
_MONTHS = (
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec"
)
MONTH = alternation(words(_MONTHS))
MONTH_NAMES = tuple(word.capitalize() for word in _MONTHS.split()[:12])
"""The months by name, January first."""


def ordinal_suffix(day: int) -> str:
    """ "st", "nd", "rd" or "th": how a day of the month ends when written "21st"."""
    if 10 <= day % 100 <= 20:
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")


def month_name(word: str) -> str:
    """ "jan", "Sept", "january" → "January": a month as a line writes it."""
    low = word.lower()
    return next((name for name in MONTH_NAMES if name.lower().startswith(low[:3])), word)


# ("the sixth of January", "the twenty-first of June": a date written out in words)
_DAY = (
    r"(?:\d{1,2}(?:st|nd|rd|th)?|(?:twenty-|thirty-)?(?:first|second|third|fourth|fifth|sixth|"
    r"seventh|eighth|ninth)|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|"
    r"seventeenth|eighteenth|nineteenth|twentieth|thirtieth)"
)
DATE = rf"(?:{_DAY}\s+(?:of\s+)?{MONTH}\b|{MONTH}\.?\s+{_DAY}\b)"
# "telling my landlord, mabli, everything": what follows a name when the name is one item of a
# list (one more item), not the name of the relation before it.
NEXT_LIST_ITEM = re.compile(r"^,\s*(?:and\s+|&\s+)?[\w'-]+(?:\s*[,.;!]|\s*$)")

_PLACE_WORD = r"(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'’.-]*"
PLACE = rf"({_PLACE_WORD}(?:[ -](?:(?-i:upon|on|de|del|la|le) )?{_PLACE_WORD}){{0,2}})"


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


def relation_word(word: str) -> str:
    """A relation as a memory line writes it ("gf" → "girlfriend")."""
    lower = " ".join(word.lower().split())
    return _SPELLED_OUT.get(lower, lower)


SPEAKER_OR_LISTENER = re.compile(
    r"\b(?:i|i'm|im|i've|i'll|i'd|me|my|mine|you|your|you're|we|we're|us|our)\b", _I
)
"""A word for who speaks or is spoken to: a value holding one is not stored as it stands."""

_PET_MENTION = re.compile(rf"\b(?:a|an|my|our|new) (?:\w+ )?(?P<pet>{ANIMAL})\b", _I)


def pet_line(subject: str, pet: str, name: str) -> FrameFact:
    """ "User has a kitten called Mochi." """
    pet = " ".join(pet.lower().split())
    article = "an" if pet[:1] in "aeiou" else "a"
    return FrameFact(f"{subject} has {article} {pet} called {name}.", (name, "pet"))


def relation_line(subject: str, rel: str, name: str) -> FrameFact:
    """ "User's roommate is Bea.": one partner at a time, any number of sisters."""
    rel = relation_word(rel)
    what = rel if rel in ONE_AT_A_TIME else f"{rel} {name}"
    return FrameFact(f"{subject}'s {rel} is {name}.", (subject, what))


def titled(place: str) -> str:
    """ "hyde park" → "Hyde Park": a place as a line writes it."""
    return " ".join(word[:1].upper() + word[1:] for word in place.split())


def date_text(text: str) -> str:
    """ "12 november" → "12 November"; "fourth of march" → "the fourth of March"."""
    said = " ".join(
        w[:1].upper() + w[1:] if re.fullmatch(MONTH, w, _I) else w for w in text.split()
    )
    return f"the {said}" if re.match(r"[a-z]+(?:-[a-z]+)? of ", said) else said


def sentences(text: str) -> list[str]:
    """The sentences of a message, code blocks left out."""
    out: list[str] = []
    for line in drop_code(text).splitlines():
        line = dashed_apposition(line)
        out += [part.strip() for part in re.split(r"(?<=[.!?])\s+", line) if part.strip()]
    return out


def recent_pet(recent: Sequence[str]) -> str | None:
    """The animal the last few messages mention ("we got a kitten"), for "her name's Mochi"."""
    for text in reversed(recent[-3:]):
        mentions = _PET_MENTION.findall(text)
        if mentions:
            return str(mentions[-1])
    return None


# "im rafael. hotel receptionist. lisbon. 29.": beside a name, or after "how old are you?",
# a number alone is an age.
# An age said alone: "22", "22yo", "22 years old".
BARE_AGE = re.compile(r"(?P<age>1[6-9]|[2-9]\d)(?:\s*(?:yo|y/o|yrs? old|years old))?")


# Where terse chat ends a fragment: a stop, a comma, a line, a dash; not the dot of "0.72.6"
# or "84.6", nor the comma of "1,500".
_FRAGMENT_END = re.compile(r"[.;,](?!\d)\s*|\n\s*|\s+[-–—]\s+")


def fragments(text: str) -> list[str]:
    """ "jay. 22. salford. weight 84.6" → ["jay", "22", "salford", "weight 84.6"]."""
    return [part.strip(" !") for part in _FRAGMENT_END.split(text.strip())]


def bare_age(text: str, subject: str) -> list[FrameFact]:
    """ "jay. 22. salford." → "jay is 22.": the one number said alone in ``text``, as an age."""
    ages = [match["age"] for part in fragments(text) if (match := BARE_AGE.fullmatch(part))]
    if len(ages) != 1:
        return []  # "29. 31." is not one person's age
    return [FrameFact(f"{subject} is {ages[0]}.", (subject, "age"))]


# What people do for a living, as typed in chat ("nurse", "eng", "sre").
JOB = (
    r"(?:cook|chef|nurse|teacher|engineer|eng|developer|dev|designer|manager|lawyer|"
    r"solicitor|accountant|barista|paramedic|doctor|gp|pharmacist|mechanic|electrician|"
    r"plumber|carpenter|student|intern|analyst|consultant|architect|illustrator|writer|"
    r"librarian|cashier|cleaner|driver|receptionist|technician|scientist|researcher|"
    r"lecturer|professor|vet|dentist|midwife|carer|baker|butcher|hairdresser|editor|"
    r"journalist|photographer|translator|tutor|coach|apprentice|officer|assistant|sre|swe|sde|tech|"
    r"devops|qa|tester|recruiter|paralegal|firefighter|waiter|waitress|bartender|courier|nanny|"
    r"childminder|farmer|gardener|landscaper|builder|roofer|welder|pilot|social worker|"
    r"therapist|counsellor|counselor|psychologist|physio|optician|radiographer|hygienist|"
    r"caregiver|secretary|bookkeeper|inspector|supervisor|surveyor|programmer|administrator|"
    r"coordinator|operator|postdoc|postgrad|phd student|surgeon|arborist|joiner|decorator|"
    r"labourer|locksmith|clerk|chemist|biologist|physicist|economist|statistician|dietitian|"
    r"podiatrist|sonographer|anaesthetist|florist|barber|tattooist|porter|glazier|tiler)"
)
