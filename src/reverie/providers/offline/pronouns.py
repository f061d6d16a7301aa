"""Who "he", "she", "his", "her" and "it" are, from the clauses said just before.

A clause that starts with "she" says nothing alone; "my sister is a nurse. she
works nights" says the sister works nights. :func:`resolve_pronouns` puts back
the one person (or, for "it", the one thing) the nearest earlier clause names,
and guesses nothing when it names two, or names only a place.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from functools import partial

from reverie.providers.offline.countries import is_country
from reverie.providers.offline.everyday_words import is_everyday_word
from reverie.providers.offline.frame_words import ANIMAL, DATE, NEXT_LIST_ITEM, NOT_A_BREED
from reverie.providers.offline.genders import of_gender, settled_otherwise
from reverie.providers.offline.name_lexicon import TITLES
from reverie.providers.offline.vocabulary import COMMON_WORDS, is_name, words

__all__ = ["blanks_filled", "names_resolved", "resolve_pronouns"]

_I = re.IGNORECASE

# ("No sorry, she has 8": a correction cue first, kept before the name)
_HE_SHE = re.compile(
    r"^(?P<cue>(?:(?:no|sorry|wait|actually|oops)[,.!]?\s+){1,3})?(?:he|she)(?P<rest>(?:'s|\s).*)$",
    _I,
)
_HIS_HER = re.compile(r"^(?:his|her)\s+(?P<rest>.*)$", _I)
_IT = re.compile(r"^it(?P<verb>'s| is| uses| runs| was| has)\b(?P<rest>.*)$", _I)
# "I'm off to my quilting guild now — we meet every second Saturday": "we" is the group.
_WE_MEET = re.compile(
    r"^we (?P<verb>meet|rehearse|train|practise|practice|play|sing|ride|run|walk)\b"
    r"(?P<rest> (?:every|each|on|twice|once|weekly|fortnightly|monthly)\b[^,;]*)",
    _I,
)
_MY_GROUP = re.compile(
    r"\bmy (?P<group>(?:[\w-]+ ){0,2}(?:guild|club|choir|band|team|group|circle|society|league|"
    r"crew|squad|orchestra|troupe|class))\b",
    _I,
)
_BARE_NP = re.compile(r"^(?:our|my|the)\s+(?:[\w'./-]+\s+){0,3}[\w'./-]+[.!]?$", _I)
_VERBISH = re.compile(
    r"\b(?:is|are|was|were|has|have|had|do|does|did|will|would|can)\b|\w+ed\b", _I
)
_RELATION = re.compile(
    r"\b(?:my|the) (?:grand(?:mother|father|ma|pa)|mother|mom|mum|father|dad|sister|brother|wife|"
    r"husband|partner|boyfriend|girlfriend|son|daughter|boss|manager|friend|colleague|cousin|"
    r"aunt|uncle|niece|nephew|neighbou?r|landlord|landlady|roommate|flatmate|doctor|"
    r"therapist|teacher|coach|accountant|supervisor|advisor|mentor)\b(?!(?-i: [A-ZÀ-Þ]))",
    _I,
)
# "Hi [Manager's name],": a draft's blank for someone's name, whom "his name is Gary" fills
_NAME_BLANK = re.compile(
    r"\[(?:your )?(?P<who>grand(?:mother|father|ma|pa)|mother|mom|mum|father|dad|sister|brother|"
    r"wife|husband|partner|boyfriend|girlfriend|son|daughter|boss|manager|friend|colleague|"
    r"cousin|aunt|uncle|landlord|landlady|teacher|coach|supervisor|advisor|mentor|"
    r"line manager|team lead)(?:'s|’s)? (?:first )?name\]",
    _I,
)
# "mum is freaking out about money", "son wants to help": family said without "my", as a
# clause's subject.
_BARE_KIN = re.compile(
    r"^(mum|mam|mom|dad|nan|gran|grandma|grandad|grandpa|son|daughter|wife|husband|hubby|"
    r"missus|sister|brother)\b"
    # ("mum cried on the phone. shes up in launceston")
    r"(?= (?:is|was|has|had|says|said|thinks|wants|keeps|just|did|does|rang|came|went|got|told|"
    r"sent|knows|loves|lives|works|needs|\w+ed)\b"
    # ("mam. she's had another fall": the news said of whom, first, alone)
    r"|\s*[.!:]*$)",
    _I,
)
# After "my daughter": her name, so the two are one person.
_NAMED_AFTER = re.compile(
    r"(?:,| is| was|'s)? (?:called |named )?(?P<name>[A-Za-zÀ-ÿ]+)(?=[,.!;]|$)"
)


def _a_name(word: str) -> bool:
    """ "Wren", or "wren" typed in lower case when it is no everyday word."""
    if word[:1].isupper():
        return is_name(word)
    return not is_everyday_word(word)  # (common words included)


_LOOK_BACK = 6
# "him"/"her"/"his" inside a clause (not its subject), with what follows it.
# Only in a clause about the speaker ("I need to find her a hotel"): in "Mila gets her
# own room" the "her" is Mila.
_OBJECT_PRONOUN = re.compile(r"(?<=\w) (?P<word>him|her|his)(?! own\b)(?P<after>\W\S*|$)", _I)
_SPEAKER_SUBJECT = re.compile(r"^(?:i|i'm|i'll|i've|i'd|my|we|we're|we'll|our)\b", _I)
# What follows "her" as an object ("find her a hotel", "i like her already"); any other
# word makes it the possessive ("her flight").
_OBJECT_FOLLOWERS = frozenset(
    ["", ".", ",", "!", " a", " an", " the", " to", " some", " and", " up", " in", " on", " at"]
    + [
        f" {word}"
        for word in words(
            """
            already too so now again back more tomorrow today tonight later soon for with about
            from if when but or out off over round around yet though tho well much anymore
            either enough properly
            """
        )
    ]
)


# Before a place, not a person: "a flat in Leith", "moving to Berlin", "back from Lagos"
# ("tell it to Brenda", "a text from Ana" are people), or a thing: "the Control key".
_PLACE_BEFORE = re.compile(
    r"(?:^|\s)(?:in|near|around|via|into|outside|across|towards"
    r"|(?:move|moving|moved|fly|flying|flew|flight|flights|drive|driving|drove|trip|"
    r"travel\w*|going|go|went|back|home|road|train|visit|visiting|visited|relocat\w+) "
    r"(?:(?:up|down|over|back|out) )?(?:to|from)"
    # "She work at Coles but her sister is bookkeeper": where one works, not who
    r"|(?:work|works|worked|working|job|shifts?) (?:at|for)"
    # "his wife's family are from Cork"; "the Control and plus" (no name takes "the")
    r"|(?:is|are|was|were|comes?|came|coming|over|up|down) from|the)$",
    _I,
)


_SENTENCE_OPENERS = COMMON_WORDS | frozenset(
    words("of in on at for with by from to as course sure oh no yes")
)


# A thing named in code ("DataFrame"), not a person ("McKenzie", "DeShawn").
_CAMEL_CASE = re.compile(r"^(?!(?:Mc|Mac|De|Di|Da|La|Le|Van|Von|Du)[A-Z]).*[a-z][A-Z]")


# What follows a firm's name, never a person's: "Brightwatt colleague", "Acme staff"
_ITS_PEOPLE = frozenset(
    words(
        "colleague colleagues staff employee employees customers clients office offices "
        "headquarters hq branch shop store website app account team teams"
    )
)


def _referents(
    clause: str, speaker: str, own: bool, known: Collection[str] = (), speaker_name: str = ""
) -> tuple[set[str], set[str]]:
    """Who a clause names (names, and "my sister" when the speaker said it), and which of
    them are places ("moving to Berlin") or things, never the "she" of the next clause."""
    said = clause.split()
    # ("'Pony Morning' for children": the quote marks are no part of a name)
    bare = [word.strip(".,;:!?'\"‘’“”").removesuffix("'s") for word in said]
    # An acronym ("the UX course") is a thing, never the "he" of the next clause.
    named = [
        (index, word)
        for index, word in enumerate(bare)
        if is_name(word)
        and not word.isupper()
        and not (len(word) > 2 and word[:-1].isupper() and word.endswith("s"))  # "two LISAs"
        and not _CAMEL_CASE.match(word)  # "DataFrame", "GitHub": a thing
        and word not in (speaker, "User", speaker_name)
        and not (index == 0 and word.lower() in _SENTENCE_OPENERS)  # "Of course."
        # ("Leopard gecko?", "Border collie": a kind of animal, not someone)
        and not (index + 1 < len(bare) and _ANIMAL_WORD.fullmatch(bare[index + 1]))
        and not _a_date_month(bare, index)
        # ("Year 2, not Year 1! She started …": a thing by its number is no "she")
        and not (said[index] == word and index + 1 < len(bare) and bare[index + 1].isdigit())
        # ("A Lifetime ISA is another option if she's under 40": a product by its acronym)
        and not (index + 1 < len(bare) and len(bare[index + 1]) > 1 and bare[index + 1].isupper())
        # ("every Brightwatt colleague would understand": a firm, by the people in it)
        and not (index + 1 < len(bare) and bare[index + 1].lower() in _ITS_PEOPLE)
    ]
    found = {word for _, word in named}
    for match in _RELATION.finditer(clause):
        after = _NAMED_AFTER.match(clause, match.end())
        if (
            after is not None
            and after[0].startswith(",")
            and NEXT_LIST_ITEM.match(clause[after.end() :])
        ):
            after = None  # "flights, telling my landlord, mabli, everything": a list, not who
        if after is not None and _a_name(after["name"]):
            # "my daughter is Wren", "my daughter, wren": one person, by name
            found.add(after["name"][:1].upper() + after["name"][1:])
            continue
        if own or not match.group(0).lower().startswith("my "):
            found.add(match.group(0).lower())
    for relation in list(found):
        # "Mateo, my son, he has 3 years", "Saga is my girlfriend": the name and the relation
        # are one person ("my mother-in-law, kyria Despina": the relation first, a title, then
        # the name)
        if relation.startswith("my ") and any(
            re.search(
                rf"\b{re.escape(name)}(?:,| is| was|['’]s)? {re.escape(relation)}\b(?!['’]s)",
                clause,
                _I,
            )
            or re.search(
                rf"\b{re.escape(relation)}(?:-in-law)?,? (?:[a-z]+ )?{re.escape(name)}\b",
                clause,
                _I,
            )
            for name in found
            if not name.startswith(("my ", "the "))
        ):
            found.discard(relation)
    if own and (kin := _BARE_KIN.match(clause)) is not None:
        found.add(f"my {kin[1].lower()}")  # "mum is freaking out. she's a nurse": my mum
    places = {
        w
        for i, w in named
        if is_country(w) or _PLACE_BEFORE.search(" ".join(said[max(0, i - 3) : i]))
    }
    # "Photos of the reaction …", "Apply as early as allowed": an everyday word whose
    # capital only opens the other side's sentence is a thing, so the clause names no one
    # sure; in one's own, only a plural is ("Pics or it didn't happen"). ("Joy is a
    # teacher" stays Joy when the chat writes "Joy" mid-sentence somewhere.)
    places |= {
        word
        for index, word in named
        if index == 0
        and word not in known
        and (_plural_thing(word) if own else not _a_person(word))
        # ("Ines is my wife": someone, whatever the word's last letter)
        and not re.match(rf"{re.escape(word)}(?:,| is| was|['’]s) (?:my|our) \w", clause)
    }
    return found, places


# A lower-case word that starts a clause and does something: "dosa just walked across …",
# "maya's coming too".
_LOWER_SUBJECT = re.compile(
    r"^(?:(?:sorry|omg|lol|ok|oh|so|and|but|haha)[,!.]?\s+)*(?P<word>[a-zà-ÿ]{3,})"
    r"(?:\s+(?:just |has |had |is |was |keeps |kept )?[a-z]+(?:ed|s)\b"
    # "ollie cant come either": a helper verb, said or denied
    r"|\s+(?:can['’]?t|won['’]?t|isn['’]?t|wasn['’]?t|doesn['’]?t|didn['’]?t|hasn['’]?t)\b"
    # "maya's coming too": "is" doing something ("jodie's cat" is hers, not her)
    r"|['’]s (?:just |also |now |probably |still |definitely |finally )?[a-z]{2,}ing\b)"
)
# "jodie's cat": someone else's animal, whom a "she" after it means (the user's own is named
# in the talk, "Pickles. My cat. He is 14")
_ANIMAL_WORD = re.compile(ANIMAL, _I)
_AN_ANIMAL = re.compile(rf"\b{NOT_A_BREED}[\w-]+'s (?:{ANIMAL})\b", _I)
_A_PUP_OR_LITTER = re.compile(r"\b(?:litter|pups?|puppies|kittens?|foals?|one left)\b", _I)
# Which pronoun a clause opens with, by its first word ("she's" read without the apostrophe).
_GENDER_OF = {"he": "he", "hes": "he", "his": "he", "she": "she", "shes": "she", "her": "she"}
# "Arlo … carries an EpiPen in his backpack": not whom a later "she" means.
_OTHER_GENDER = {
    "he": re.compile(r"\b(?:she|her|hers)\b", _I),
    "she": re.compile(r"\b(?:he|him|his)\b", _I),
}


def _gender(clause: str) -> str | None:
    """ "he" for a clause that opens with "he", "he's" or "his"; "she" likewise."""
    first = re.match(r"[a-z]+", clause.lower().replace("'", "").replace("’", ""))
    return _GENDER_OF.get(first.group(0)) if first else None


def _referent(
    before: Sequence[tuple[str, str]],
    speaker: str,
    pronoun: str | None = None,
    known: Collection[str] = (),
    speaker_name: str = "",
    unlike: Collection[str] = (),
) -> str | None:
    """The one person the nearest clause naming anyone names, or None if it names two,
    or only a place ("we're moving to Berlin. she's never been" leaves "she" unknown).

    A clause that names only ``unlike`` people (settled as the other pronoun's) is passed
    over: "run like Keith is chasing you" names no "she".
    """
    for clause, said_by in list(before)[-_LOOK_BACK:][::-1]:
        found, places = _referents(clause, speaker, said_by == speaker, known, speaker_name)
        if found and found <= set(unlike):
            continue
        if _AN_ANIMAL.search(clause) and (not found or _A_PUP_OR_LITTER.search(clause)):
            # "jodie's cat is on my notes. shes called mochi": the cat; "my cousin's cockapoo
            # had a litter … her name is Bramble": a pup, not the cousin
            return None
        if found:
            # ("My mother is coming from Brazil …, she arrives 10 January": a kinswoman and a
            # place, and the place is no "she")
            people = found - places
            if len(people) == 1 and next(iter(people)).startswith("my "):
                found, places = people, set()
            if len(found) != 1 or places or (pronoun and _OTHER_GENDER[pronoun].search(clause)):
                return None  # two people; a place; "he" there, so not the "she" here
            who = found.pop()
            if (
                said_by != speaker
                and re.search(rf"\b{re.escape(who)}['’]s \w", clause)
                and not re.search(rf"\b{re.escape(who)}\b(?!['’]s \w)", clause)
                and (own := _own_last_named(before, speaker, known, speaker_name))
                and who not in own
            ):
                # "my wife Clare is due …" — "(with Siobhan's decision quoted)" — "she's a
                # GP": the other side named someone else's thing since; whom is meant is unsure
                return None
            return who
        if (lower := _LOWER_SUBJECT.match(clause)) is not None and _a_name(lower["word"]):
            # "luis is an ICU nurse …", typed in lower case: the name is who "he" is
            word = lower["word"]
            return word[:1].upper() + word[1:]
    return None


def _own_last_named(
    before: Sequence[tuple[str, str]], speaker: str, known: Collection[str], speaker_name: str
) -> set[str]:
    """Whom the speaker's own latest clause naming anyone names, in this turn or the one
    before it (further back, the talk has moved on)."""
    turns, last = 0, ""
    for clause, said_by in reversed(before):
        if said_by != last:
            turns, last = turns + 1, said_by
        if turns > 3 or (turns == 3 and said_by != speaker):
            break
        if said_by != speaker:
            continue
        found, places = _referents(clause, speaker, True, known, speaker_name)
        if people := found - places:
            return people
    return set()


def _as_object(match: re.Match[str], who: str) -> str:
    """ "find her a hotel" → "find my mom a hotel"; "her flight" → "my mom's flight"."""
    # ("email her tomorrow." ends with the stop: the word before it says which "her")
    after = match["after"]
    if match["word"].lower() == "his" or (
        after not in _OBJECT_FOLLOWERS and after.rstrip(".,;:!?") not in _OBJECT_FOLLOWERS
    ):
        return f" {who}'s{match['after']}"
    return f" {who}{match['after']}"


def _expand_s(rest: str) -> str:
    """ "'s a data analyst" → " is a data analyst"; "'s got swimming" → " has got swimming"."""
    if not rest.startswith("'s"):
        return rest
    # "she's bought a new swimming costume": "has" before a past participle that is not
    # also an adjective ("she's tired", "she's married" stay "is").
    has = (
        re.match(
            r"'s (?:just |already |finally |never |also |not )?(?:got|been|bought|made|done|gone|"
            r"had|seen|taken|given|found|lost|won|told|sent|spent|paid|kept|brought|taught|"
            r"written|booked|started|ordered|signed|moved|decided|applied|joined|quit|"
            r"asked|offered|agreed|promised|invited|sold|left|chosen|picked|forgotten|"
            r"eaten|broken up|gotten|grown|become|stopped|switched|changed|fallen)\b",
            rest,
        )
        is not None
        # "she's printed me a pace band", "he's fixed the boiler": a deed done to something
        # ("she's worried the flight …" feels, "she's tired" is)
        or re.match(
            r"'s (?:just |already |finally |also )?(?!(?:worried|scared|convinced|surprised|"
            r"pleased|excited|shocked|amazed|annoyed|relieved|thrilled|obsessed|interested|"
            r"engaged|married|based|located|called|named|supposed|used|related|qualified|"
            r"allowed|allergic|tired|bored|stressed)\b)[a-z]+ed "
            r"(?:me|us|him|her|them|a|an|the|my|his|our|their|your|some|two|three|\d)\b",
            rest,
        )
        is not None
    )
    return (" has" if has else " is") + rest[2:]


# Someone the clause itself names, whom its "his"/"her" may mean.
_OWN_PERSON = re.compile(
    r"\bmy (?:little |big |older |younger )?(?:brother|sister|son|daughter|dad|father|mum|mom|"
    r"mother|husband|wife|partner|boyfriend|girlfriend|friend|boss|manager|colleague|flatmate|"
    r"roommate|cousin|uncle|aunt|auntie|grand\w+|nephew|niece|kid|baby|nan|nana|nanna|gran|"
    r"granny|step\w+|fianc\w+)\b",
    re.IGNORECASE,
)


_NAME_GIVEN = re.compile(r"^(?:his|her|their) (?P<rest>(?:first |full )?name is \S.*)", _I)


def blanks_filled(clauses: list[str], asked: str) -> list[str]:
    """ "His name is Gary." answering a draft that wrote "Hi [Manager's name]," names the
    manager: the blank the other side left is whose name it is (one kind of blank only)."""
    blanks = {blank["who"].lower() for blank in _NAME_BLANK.finditer(asked)}
    if len(blanks) != 1:
        return clauses
    (who,) = blanks
    return [
        f"my {who}'s {given['rest']}" if (given := _NAME_GIVEN.match(clause)) else clause
        for clause in clauses
    ]


def resolve_pronouns(
    clauses: list[str],
    speaker: str = "User",
    context: Sequence[tuple[str, str]] = (),
    known: Collection[str] = (),
    speaker_name: str = "",
    *,
    as_said: Sequence[str] | None = None,
    genders: dict[str, list[str]] | None = None,
) -> list[str]:
    """Give "he"/"she"/"it" at the start of a clause the subject said before.

    "he"/"she" become the one person the nearest earlier clause names (a name,
    or the speaker's "my sister"); "it's" after a bare noun phrase ("our
    booking API. it's Django") becomes that phrase. Nothing is guessed when two
    people are named.

    Args:
        clauses: The clauses of one message, in order.
        speaker: Who wrote them (never the one "he"/"she" refers to).
        context: Earlier clauses ``(clause, who said it)``, oldest first, for a
            message that starts with "she": "Hi Kasia!" → "she works at a bank".
        known: Names the conversation writes as names, so "Joy" opening a sentence
            is still someone though "joy" is an everyday word.
        speaker_name: The speaker's own name, when known: "JOEL OH MY GOD" from a friend
            names no "she" of Joel's next message.
        as_said: The same clauses as the speaker wrote them, when some were emptied for
            want of a subject: who they name is still said.
        genders: Who has been "he" and who "she" so far in the conversation; each
            pronoun put right here is added. Dottie, once "she", is never a later "he".
    """
    out: list[str] = []
    before = list(context)
    previous = ""
    for index, clause in enumerate(clauses):
        resolved = clause
        if (he := _HE_SHE.match(clause)) is not None:
            unlike = settled_otherwise(_gender(clause), genders)
            who = _referent(before, speaker, _gender(clause), known, speaker_name, unlike)
            who = of_gender(who, _gender(clause), genders)
            if who is not None:
                rest = he["rest"]
                # "she's a data analyst": "is" far more often than "has" before a noun.
                resolved = (he["cue"] or "") + who + _expand_s(rest)
        elif (his := _HIS_HER.match(clause)) is not None:
            unlike = settled_otherwise(_gender(clause), genders)
            who = _referent(before, speaker, _gender(clause), known, speaker_name, unlike)
            who = of_gender(who, _gender(clause), genders)
            if who is not None:
                resolved = f"{who}'s {his['rest']}"
        elif (
            _SPEAKER_SUBJECT.match(clause)
            and _OBJECT_PRONOUN.search(clause)
            and not _OWN_PERSON.search(clause)  # "when my brother finishes his boards"
            and (who := _referent(before, speaker, known=known, speaker_name=speaker_name))
        ):
            resolved = _OBJECT_PRONOUN.sub(partial(_as_object, who=who), clause)
        elif (we := _WE_MEET.match(clause)) is not None and (
            group := _MY_GROUP.search(previous)
        ) is not None:
            resolved = f"my {group['group']} {we['verb']}s{we['rest'].rstrip('.!')}."
        elif (
            (it := _IT.match(clause)) is not None
            and _BARE_NP.match(previous)
            and not _VERBISH.search(previous)
        ):
            verb = " is" if it["verb"] == "'s" else it["verb"]
            resolved = previous.rstrip(".!") + verb + it["rest"]
            out = out[:-1] if out and out[-1] == previous else out
        out.append(resolved)
        before.append((resolved or (as_said[index] if as_said else ""), speaker))
        previous = resolved
    return out


def names_resolved(clauses: Sequence[str], resolved: Sequence[str], speaker: str) -> set[str]:
    """The names :func:`resolve_pronouns` put where "he" or "she" stood, when they are people.

    "ewan says … he's a physics teacher" gives "Ewan"; never a word that opens a
    sentence ("Important", "Crayons"), a title ("Mrs") or the speaker.
    """
    said = set(clauses)
    found = set()
    for after in resolved:
        first = word[0] if (word := re.match(r"[^\W\d_]+", after)) else ""
        if after not in said and first[:1].isupper() and first != speaker and _a_person(first):
            found.add(first)
    return found


_DATE = re.compile(DATE, _I)


def _a_date_month(bare: Sequence[str], index: int) -> bool:
    """ "the 10th of jan", "jan 9": a month beside its day, never the "she" of what follows."""
    window = " ".join(bare[max(index - 2, 0) : index + 2])
    return any(bare[index] in date.group(0).split() for date in _DATE.finditer(window))


def _plural_thing(word: str) -> bool:
    """ "Pics", "Drops": an everyday word's plural, a thing even where a name could go."""
    return word.endswith("s") and is_everyday_word(word[:-1])


def _a_person(word: str) -> bool:
    """ "Ewan", not "Crayons", "Mrs" or "Important": who a pronoun may be said of."""
    if is_everyday_word(word) or word.lower() in TITLES:
        return False
    return not _plural_thing(word)
