"""Whom messages are said to: the name someone is called by, read from how they are addressed.

In a chat between two people the other person's name is what the user calls
them: a greeting ("morning Tomás!"), a name shouted alone ("LEYLA!!!"), a name
opening a message ("jonas!! the landlord answered") or ending what is said to
them ("it's BROWN danny"). :func:`vocatives` counts such names in messages;
:func:`trailing_vocative` finds the one word the other side keeps ending
sentences with. A laugh, chat shorthand, an everyday word, a place or someone
merely talked about is never taken for a name (see :mod:`.speakers`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from reverie.providers.offline.everyday_words import is_acronym, is_everyday_word
from reverie.providers.offline.frame_words import MONTH
from reverie.providers.offline.vocabulary import COMMON_WORDS, words

__all__ = [
    "AFTER_DETERMINER",
    "NOT_NAMES",
    "SELF_INTRO",
    "rarely_capitalises",
    "trailing_vocative",
    "vocatives",
]

_I = re.IGNORECASE

# Words that start a message with a capital letter but are not anyone's name.
NOT_NAMES = frozenset(
    words(
        """
    yes no ok okay sure well so and but also anyway honestly btw wait hmm hm update
    morning evening night hey hi hello thanks thank sorry actually great nice cool
    perfect awesome good bad oh ah yeah yep nope right done fine true lol omg wow
    what why how when where who which whose please help stop listen look guys
    congrats congratulations cheers welcome dear today tomorrow yesterday tonight
    monday tuesday wednesday thursday friday saturday sunday i im the a an this that
    it we you they he she my our your his her their random quick big small new old
    first next last same other another yup yesss nooo ugh meh fyi ps obvs obvi defo probs
    birthday bday
    """
    )
    # What family and friends call each other: "nana no you sent money!!", "love you mum"
    + words(
        """
    nana nanna nan gran granny grandma grandad grandpa gramps mum mom mam mummy mommy mama
    dad daddy papa babe baby hun honey love darling sweetie sweetheart bro sis bruv auntie
    aunty uncle kiddo son lad fam hon chief legend
    """
    )
)
# Laughter and sounds drawn out: "hahaha", "hehe", "ahhh", "ughhh", "lolll", "jajaja".
_SOUND = re.compile(
    r"(?:h*a+h+)+a*|(?:h+e+)+h*|l+o+l+|(?:ja)+j?|a+h+|o+h+|u+g+h+|h+m+|w+o+w+|y+a+y+|a+w+|e+k+|"
    r"o+m+g+|n+o+|y+e+s+|s+h+|p+s+t+|e+w+|b+r+r+|g+r+r*|m+h*m+|u+m+|e+r+m+"
)
# Words that open a message like a name would ("ugh, …", "dude!", "rude. accurate",
# "vale, …") but are not names.
_INTERJECTIONS = frozenset(
    words(
        """
        ugh yay wow omg lol lmao ok okay hey yo bro dude babe hun guys hello hi yes nope yep
        sure thanks cool nice great wait look listen well hmm ah oh damn shit fuck ha haha
        aww ooh oooh whoa huh right true fine done deal perfect same update btw also anyway
        honestly seriously really please sorry congrats yess yesss noo nooo rip ouch oops
        amazing awesome cheers morning night bye thx ty agreed exactly totally literally
        enjoy welcome careful hurry relax chill stop man mate girl buddy pal sweetie honey
        celebrate breathe focus rest smile behave
        love darling boss team everyone everybody folks yikes nah meh sigh oof
        rude savage brutal harsh fair accurate valid iconic tragic cute gross weird creepy
        jesus christ god lord gosh heavens blimey crikey
        bold classy cringe lame correct noted agreed facts mood bless typical classic wild
        insane brilliant lovely gorgeous stunning hilarious ridiculous unreal rough
        vale venga dale bueno claro genial vamos hala oye mira nein genau tja allez bref
        ciao ecco dai boh basta beleza tá pronto nossa caramba uau
        grabe hala naku nako sige ayy ayo aiyo aiya walao alamak yalla wallah habibi boo
        ffs smh wtf omfg fml istg ngl imo imho afaik tbf lmk ikr jfc smdh
        ttyl ttys brb gtg g2g gn gm hbu wbu nvm np tysm omw irl idc ily ilysm xoxo xx xo bet
        aye naw nae och ach ta tara cheerio eh ey howay haway wey lush mint sound grand
        """
    )
)
_GREETING = (
    r"(?:hey|hi|hello|hiya|yo|morning|good morning|good evening|evening|thanks|thank you|"
    r"thx|cheers|danke|gracias|merci|grazie|obrigad[oa]|ok|okay|sorry|congrats|dear|"
    r"bye|night|good night|oh|aw+|ah)"
)
_NAME = r"[A-ZÀ-Þ][a-zà-ÿ'-]+"
_EMOJI_AFTER = r"[\u2600-\u27bf\U0001f300-\U0001faff]"
# "Ffion." alone, after "...once": a name said as a reproach ("Sensible." is a word).
_NAME_SAID_ALONE = re.compile(rf"^(?P<name>{_NAME})\.?$")
_VOCATIVE_PATTERNS = (
    # ("oh gus 💔": an emoji ends what is said to her)
    re.compile(rf"^{_GREETING}[,!]?\s+(?P<name>{_NAME})(?=\s*(?:[,.!?:]|$|{_EMOJI_AFTER}))", _I),
    re.compile(rf"^(?P<name>{_NAME}),\s+\w"),
    # "Tobi!! Have you been to a doctor?"
    re.compile(rf"^(?P<name>{_NAME})!+(?=\s|$)"),
    _NAME_SAID_ALONE,
    # "Ffi that's Pontcanna", "Jonas you're a genius": the name, then what is said to them
    re.compile(
        rf"^(?P<name>{_NAME}) (?=(?:that'?s|that is|you'?re|you are|you'?ve|you were|you did|"
        r"you need|you should|you can)\b)"
    ),
    # ("RUTH 🎉🎉🎉": a name shouted, then the cheer; "BRIDIE I'm so proud of you")
    re.compile(
        rf"^(?P<name>[A-ZÀ-Þ]{{3,}})(?=\s*(?:[!.?]|$|{_EMOJI_AFTER})|\s+(?i:i'?m|i am|you|ur)\s)"
    ),
    # "HAPPY BIRTHDAY KOF 🎂", "WELCOME TO ROTTERDAM KOFI": a wish shouted, with a name
    re.compile(
        r"^(?:HAPPY (?:BIRTHDAY|BDAY|ANNIVERSARY|NEW YEAR|CHRISTMAS)|WELCOME(?: (?:TO|BACK|HOME)"
        r"(?: [A-ZÀ-Þ]+)?)?|CONGRATS|CONGRATULATIONS|GOOD LUCK|MISS YOU|LOVE YOU)[,!]* "
        rf"(?P<name>[A-ZÀ-Þ]{{3,}})(?=[!.]*\s*(?:$|{_EMOJI_AFTER}))"
    ),
    re.compile(
        rf"\b(?:thanks|thank you|thx|danke|gracias|love you|miss you)"
        # ("Thanks for coming Soph.": what for, then whom)
        r"(?: for (?:\w+ing|it all|everything)(?: (?:me|us|up|over|round|by))?)?,?\s+"
        rf"(?P<name>{_NAME})"
        r"(?=\s*(?:[,.!?]|$))",
        _I,
    ),
)
# "oh my god. Tomasz. yes.": a name written as one, a sentence of its own, mid-message.
# ("WHAT. GUS. I'm so proud": shouted, when the name is written plainly elsewhere too)
_NAME_ALONE = re.compile(
    r"(?<=[.!?]\s)(?P<name>[A-ZÀ-Þ](?:[a-zà-ÿ]{2,}|[A-ZÀ-Þ]{2,}))[.!]+(?=\s|$)"
)
_WORD_ENDINGS = ("able", "ible", "ly", "ed", "ing", "tion", "tions", "ness", "ment", "ful", "ous")
# Typed all in lower case: "jonas!! the landlord answered". Only read in the user's
# messages, for the other person's name: "enjoy! I'll be around" names nobody.
_LOWERCASE_VOCATIVE = re.compile(
    # "kuya miggy!! have u talked to …": a family title may come first
    r"^(?:(?:kuya|ate|tita|tito|auntie|aunty|uncle|cuz|bro|sis|dear|tía|tia|tío|tio|nonna|"
    r"zia|zio)\s+)?(?P<name>[a-zà-ÿ]{3,})(?=(?:!+|,|\.)\s"
    # ("bridie you fell over on the ice rink": whom it is said to, then "you")
    r"|\s+(?:you|u|ur|you're|youre|you've|youve)\s)"
    # ("caversham, 3 bed villa": a place, then what is there)
    r"(?!,\s+\d)"
)
# Typed in lower case, a greeting and a name that ends what is said: "i'm bringing two. night
# inês", "welcome hame inês 😂 the haar rolled in". (A greeting
# word also names things: "best 10 days. night safari. botanic gardens.")
_LOWERCASE_ADDRESSED = re.compile(
    r"(?:^|[.!?]\s+)(?:hey|hi|hello|hiya|yo|morning|night|good ?night|bye|thanks|thank you|"
    r"thx|cheers|love you|miss you|welcome(?: hame| home| back)?)[,!]?\s+"
    rf"(?P<name>[a-zà-ÿ]{{3,}})(?=[.!?]*\s*(?:$|{_EMOJI_AFTER}))",
    _I,
)
# "he's an orange cat maya", "shut up danny": a name at the end of what is said to someone.
# A place ends sentences too ("the drive from manchester"): not after a preposition.
_TRAILING_VOCATIVE = re.compile(
    r"(?<!\bfrom)(?<!\bin)(?<!\bto)(?<!\bat)(?<!\bnear)(?<!\bof)(?<!\bfor)(?<!\bwith)"
    r"(?<!\bby)(?<!\bon)(?<!\babout)(?<!\bthe)(?<!\ba)(?<!\bmy)(?<!\byour)"
    # ("hobbits and earthquakes new zealand": the second word of a place)
    r"(?<!\bnew)(?<!\bsan)(?<!\blos)(?<!\blas)(?<!\bst)(?<!\bsaint)(?<!\bport)(?<!\bfort)"
    r"(?<!\bmount)(?<!\blake)"
    # ("welcome hame inês 😂 the haar rolled in": an emoji ends what was said to her)
    r"(?:,\s*|\s)(?P<name>[A-Za-zÀ-ÿ]{3,})"
    r"(?:[.!?]*\s*$|,\s|\s*[\u2600-\u27bf\U0001f300-\U0001faff])",
    _I,
)
SELF_INTRO = re.compile(rf"\b(?:i'm|i am|this is|it's)\s+(?P<name>{_NAME})(?=\s*(?:[,.!]|$))")

_LINES_READ = 3
_ABOUT_SOMEONE_ELSE = re.compile(r"[.!?,\s]*(?:she|he|her|his|him)\b", _I)


# A word that is also a name ("dev", "will") is taken for one when it is said to someone
# in this many lines ("thx dev.", "dev thats a festival", "cake is always vegetarian dev").
_CALLED_OFTEN = 3


def vocatives(texts: Sequence[str], *, lower_case: bool = False) -> Counter[str]:
    found: Counter[str] = Counter()
    words_called: Counter[str] = Counter()
    patterns = (
        (*_VOCATIVE_PATTERNS, _LOWERCASE_VOCATIVE, _LOWERCASE_ADDRESSED)
        if lower_case
        else _VOCATIVE_PATTERNS
    )
    for index, text in enumerate(texts):
        # "AHHHHH\nKOFI!!!!! i knew it": each line of a chat message is a text of its own.
        lines = text.strip().split("\n")[:_LINES_READ]
        for match in _NAME_ALONE.finditer(text):
            name = match["name"]
            low = name.lower()
            said_before = re.search(rf"\b{re.escape(name)}\b", text[: match.start()], _I)
            if said_before is None and not _after_an_exclamation(text[: match.start()]):
                # "Found a flat!!! Dennistoun. One bed.": where, not whom ("omar did u eat
                # my hummus. Omar." calls him twice)
                continue
            if (
                low not in COMMON_WORDS
                and low not in NOT_NAMES
                and not low.endswith(_WORD_ENDINGS)  # "Understandable.", "Congratulations!"
                and (not name.isupper() or _shouted_name(name, texts))
            ):
                found[_tidy_name(name)] += 2  # written as a name, said to them
        for pattern, line in ((p, line) for p in patterns for line in lines):
            for match in pattern.finditer(line):
                name = match["name"]
                # ("WHATTT": a word drawn out is still that word)
                low = _tidy_name(name).lower()
                if (
                    low in NOT_NAMES
                    or low in _INTERJECTIONS
                    or _SOUND.fullmatch(low)
                    or low in COMMON_WORDS
                    or re.fullmatch(MONTH, low) is not None  # "when's the wedding, june?"
                    or len(name) < 2
                    # "sending.", "crying."; "ok ayo's.": a place, not a person
                    # ("Homeowners! Wee adults!": who one is, said in the plural; but
                    # "TULLY!!!!" shouts a name)
                    or (
                        low.endswith(("ed", "ing", "ly", "ers", "'s", "’s"))
                        and not (name.isupper() and _shouted_name(name, texts))
                    )
                ):
                    continue
                if _ABOUT_SOMEONE_ELSE.match(line, match.end()):
                    continue  # "LINDA. she has no discipline": said about her, not to her
                if re.search(rf"\b(?:i|we) \w+ {re.escape(name)}\b", line[match.end() :], _I):
                    continue  # "gerald. i miss gerald": a topic, then said about him
                if pattern is _NAME_SAID_ALONE and is_everyday_word(low):
                    continue
                if name.islower() and is_everyday_word(low):  # "fancy. better than …"
                    words_called[name] += 1
                    continue
                if name.isupper() and not lower_case and not _shouted_name(name, texts):
                    continue  # "GARDEN. pepper's dream" shouts a word, "NHS." an acronym
                # "MARK. just saw ur post": a chat opens with whom it is said to
                found[_tidy_name(name)] += 2 if index == 0 and line is lines[0] else 1
    for name, times in words_called.items():
        if times >= _CALLED_OFTEN:
            found[_tidy_name(name)] += times
    return _fuller_names(found)


# How much longer a name may be than the short form it is also called by ("Tull", "Tully").
_SHORTENED_BY = 3


def _fuller_names(found: Counter[str]) -> Counter[str]:
    """ "oh tull", "thanks tull", "TULLY!!!!": one person, by the name in full.

    ("NADS" and "NADIA": a short form may end in an s of its own.)
    """
    for short in sorted(found, key=len):
        stem = short[:-1] if short.endswith("s") and not short.endswith("ss") else short
        longer = [
            name
            for name in found
            if name != short
            and name.lower().startswith(stem.lower())
            and 0 < len(name) - len(stem) <= _SHORTENED_BY
        ]
        if len(short) >= 3 and len(longer) == 1:
            found[longer[0]] += found.pop(short)
    return found


def _after_an_exclamation(before: str) -> bool:
    """ "oh my god.", "WHAT.": what a name said alone mid-message follows when it calls someone."""
    sentence = re.split(r"[.!?]+\s+", before.strip().rstrip(".!?"))[-1]
    said = [w.lower() for w in re.findall(r"[\w']+", sentence)]
    return len(said) <= _EXCLAMATION_WORDS and all(
        w in _INTERJECTIONS or w in NOT_NAMES or _SOUND.fullmatch(w) for w in said
    )


_EXCLAMATION_WORDS = 3


def _shouted_name(word: str, texts: Sequence[str]) -> bool:
    """ "IMMY. amazing." and "FREYA." shout a name; "GARDEN." a word, "NHS." an acronym.

    A name is written plainly elsewhere ("oh immy"), or its capitals are not a
    token of their own in the tokenizer's table, as an acronym's are.
    """
    if any(_spelled_out(word, text) for text in texts):
        return False
    plain = re.compile(rf"\b{re.escape(word)}\b", _I)
    written = [(text, match) for text in texts for match in plain.finditer(text)]
    if is_everyday_word(word):
        # ("soph" is a word, from "sophomore"; "thanks for coming Soph" writes it as a name)
        return any(_capital_mid_sentence(text, match) for text, match in written)
    if any(not match[0].isupper() for _, match in written):
        return True
    return not is_acronym(word)


def _capital_mid_sentence(text: str, match: re.Match[str]) -> bool:
    """ "aunt Soph", "coming Soph.": a capital after a word in lower case, as names have."""
    said = match[0]
    return (
        said[:1].isupper()
        and not said.isupper()
        and re.search(r"[a-z] $", text[: match.start()]) is not None
    )


_LINKING = frozenset(words("of for and the in on at to"))


def _spelled_out(word: str, text: str) -> bool:
    """ "SAMS. scottish association for marine science": the words after it spell it out."""
    at = text.find(word)
    if at < 0:
        return False
    after = re.findall(r"[A-Za-zÀ-ÿ]+", text[at + len(word) :])[: 2 * len(word)]
    initials = "".join(w[0] for w in after if w.lower() not in _LINKING).lower()
    return initials.startswith(word.lower())


def _tidy_name(word: str) -> str:
    """ "LEOOOO" → "Leo": a name shouted or drawn out, written plainly."""
    plain = re.sub(r"(\w)\1{2,}", r"\1", word.lower())
    return plain[:1].upper() + plain[1:]


_TRAILING_VOCATIVES_NEEDED = 3
AFTER_DETERMINER = re.compile(
    r"\b(?:a|an|the|this|that|these|those|some|my|your|his|her|our|their)\s+([a-zà-ÿ]+)"
    # ("who's this mark lad": a person, however "this" puts it)
    r"(?!\s+(?:lad|guy|girl|bloke|fella|fellow|woman|man|kid|chap|dude|person)\b)",
    _I,
)


# Someone who starts almost no sentence with a capital writes names without one too.
_STARTS_NEEDED = 10
_CAPITAL_STARTS_AT_MOST = 0.1


def rarely_capitalises(texts: Sequence[str]) -> bool:
    """True when whoever wrote ``texts`` types in lower case ("night inês")."""
    starts = [s for t in texts for s in re.findall(r"(?:^|[.!?]\s+)([A-Za-zÀ-ÿ])", t, re.M)]
    capitals = sum(s.isupper() for s in starts)
    return len(starts) >= _STARTS_NEEDED and capitals <= _CAPITAL_STARTS_AT_MOST * len(starts)


def _plural(word: str, capitalised: set[str]) -> bool:
    """ "girls" is a plural; "Inês" and "Marcus" (never a word without the s) are names."""
    if not word.endswith("s") or word.endswith("ss"):
        return False
    return word.isascii() and (word not in capitalised or is_everyday_word(word[:-1]))


def trailing_vocative(replies: Sequence[str], said: Sequence[str], other: str | None) -> str | None:
    """The word the other person ends sentences with, three times, that the user never writes.

    A common word ends sentences on both sides; the user's name ends only the
    other person's ("it's BROWN danny", "he's SO fat danny").
    """
    found: Counter[str] = Counter()
    for text in replies:
        for sentence in re.split(r"(?<=[.!?])\s+|\n", text):
            for match in _TRAILING_VOCATIVE.finditer(sentence):
                found[match["name"].lower()] += 1
    own = set(re.findall(r"[a-zà-ÿ]+", " ".join(said).lower()))
    # A name is written with a capital, or shouted, at least once ("maya. MAYA."), unless
    # its writer types in lower case ("night inês").
    capitalised = {w.lower() for w in re.findall(r"\b[A-ZÀ-Þ][\wÀ-ÿ]+", " ".join(replies))}
    # "the girls", "my mates": a word used with a determiner is a common noun.
    own |= {m.lower() for m in AFTER_DETERMINER.findall(" ".join([*replies, *said]))}
    lower_case_writer = rarely_capitalises(replies)
    for word, count in found.most_common():
        if count < _TRAILING_VOCATIVES_NEEDED:
            break
        if word in own or is_everyday_word(word) or word in NOT_NAMES or word in _INTERJECTIONS:
            continue
        if _SOUND.fullmatch(word):
            continue
        if word not in capitalised and not lower_case_writer:
            continue
        if word.endswith(("ed", "ing", "ly")) or _plural(word, capitalised):
            continue  # "flower girls" ends sentences too; a plural is rarely a name
        if other is not None and word == other.lower():
            continue
        return word[:1].upper() + word[1:]
    return None
