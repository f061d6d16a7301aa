"""Bring chat-style text to the plain English the extraction rules are written for.

People type "im", "i dont", "u", "pls", "lol" and emoji; the rules read "I'm",
"I don't", "you", "please" and nothing for the noise. The changes are word for
word, so a fact keeps the user's own words.
"""

from __future__ import annotations

import re

from reverie.providers.offline.called_off import new_date_named
from reverie.providers.offline.everyday_words import is_everyday_word
from reverie.providers.offline.figures_wishes import UNIT
from reverie.providers.offline.vocabulary import COMMON_WORDS, is_name, words

__all__ = ["drop_noise", "normalise_chat"]

_I = re.IGNORECASE

# Whole-word chat spellings and what they stand for.
_SPELLINGS = {
    "i": "I",
    "im": "I'm",
    "ive": "I've",
    "dont": "don't",
    "doesnt": "doesn't",
    "didnt": "didn't",
    "cant": "can't",
    "wont": "won't",
    "isnt": "isn't",
    "wasnt": "wasn't",
    "arent": "aren't",
    "havent": "haven't",
    "thats": "that's",
    "whats": "what's",
    "u": "you",
    "ur": "your",
    "pls": "please",
    "plz": "please",
    "thx": "thanks",
    "ty": "thanks",
    "tmrw": "tomorrow",
    "tmr": "tomorrow",
    "rn": "right now",
    "bc": "because",
    "cuz": "because",
    "coz": "because",
    "abt": "about",
    "ppl": "people",
    "w/": "with",
    "w/o": "without",
    "gonna": "going to",
    "wanna": "want to",
    "gotta": "have to",
    "gf": "girlfriend",
    "bf": "boyfriend",
    "bff": "best friend",
    "bday": "birthday",
    "theyre": "they're",
    "ya": "yeah",
    "obvs": "obviously",
    "obvi": "obviously",
    "defo": "definitely",
    "probs": "probably",
    "yea": "yeah",
    "ye": "yeah",
    "shes": "she's",
    "hes": "he's",
    "youre": "you're",
    "couldnt": "couldn't",
    "wouldnt": "wouldn't",
    "shouldnt": "shouldn't",
    "il": "I'll",
    "wks": "weeks",
    "hrs": "hours",
    "mins": "minutes",
    "enuf": "enough",
    "tho": "though",
    "prob": "probably",
    # a terse writer's own spellings ("wat epoxy do i get", "jus off shift")
    "wat": "what",
    "jus": "just",
    "gd": "good",
    "nite": "night",
    "tonite": "tonight",
    "fone": "phone",
    "wk": "week",
    "yrs": "years",
    "vego": "vegetarian",
}
# Words a slip of two keys makes unreadable to the rules ("jsut", "bougth", "teh"): each of
# their swapped-neighbour spellings reads as the word, unless that spelling is a word too
# ("form" is not "from", so "from" is not here).
_TYPO_TARGETS = words(
    """
    the and with have that what they this just about because really going doing thought
    bought brought think friend friends week weeks tomorrow probably actually definitely
    something which would could should people their there when where been were booked
    started moved moving working living finally always usually already
    """
)
# Swapped spellings that are words of their own (here, or in a language said in passing).
_REAL_WORDS = frozenset((*COMMON_WORDS, *_TYPO_TARGETS, *words("three bene eben weer nad juts")))


def _swaps(word: str) -> list[str]:
    return [word[:i] + word[i + 1] + word[i] + word[i + 2 :] for i in range(len(word) - 1)]


_TYPOS = {
    typo: target
    for target in _TYPO_TARGETS
    for typo in _swaps(target)
    if typo != target and typo not in _REAL_WORDS
}
# "going w yaris": a "w" between words is "with" (not "200 w", watts).
# ("have a pico w already": a model's letter, when no object follows)
_W_WITH = re.compile(
    r"(?<![\d\w])(?<!\d )w(?= [a-z])(?! (?:already|now|too|and|or|but|is|was|so|then|yet|still|"
    r"btw|lol|has|had|came|arrived|works|worked)\b)"
)
_WORD = re.compile(r"(?<![\w'’/-])(?:w/o|w/|[A-Za-z]+)(?![\w'’/-])")
# Laughter, reactions and emoji carry no fact; they only hide the shape of a sentence.
# Kept apart from the punctuation after it: "behind on my thesis lol. my advisor
# wants …" is still two sentences once "lol" is gone.
_LAUGH = re.compile(
    r"(?<!\w)(?:lol+|lmao+|rofl|haha(?:ha)*h?|hehe+|jaja(?:ja)*|xd|omg|omfg|ugh+|meh|"
    r"yay+|oof|phew|brb|tbh|imo|imho|idk|kkk+|rsrs+)(?!\w)"
    # ("ㅋㅋ", "ㅎㅎ", "ㅠㅠ": a laugh or a cry in Korean letters; Thai "555" is a number too)
    r"|[ㅋㅎㅠㅜ]{2,}",
    _I,
)
_LOWER_I = re.compile(r"(?<![\w'’])i(?=['’](?:m|ve|ll|d)\b)")
_EMOJI = re.compile(
    "[\U0001f000-\U0001faff\u2600-\u27bf\u2b00-\u2bff\ufe0f\u200d\U0001f3fb-\U0001f3ff]+"
)
_EMOTICON = re.compile(r"(?<!\w)(?:[:;]-?[()DPp/\\|]|<3|\^\^|xD)(?!\w)")
_REPEATED_MARKS = re.compile(r"([!?])[!?]+")
_SPACES = re.compile(r"[ \t]+")
# "my mums 50th", "my bfs car": a possessive typed without its apostrophe (of someone one has
# only one of, so never a plural).
_ONES_OWN = re.compile(
    r"\b((?:my|your|his|her|our|their) (?:mum|mom|mam|dad|nan|gran|wife|husband|partner|"
    r"boyfriend|girlfriend|bf|gf|boss))s\b(?= \w)",
    _I,
)
# "my name's Sam" is "my name is Sam" (a possessive "'s" after "name" is rare in chat), and so
# is "his names pickle" typed without the apostrophe (not "her names are all Welsh").
_NAME_IS = re.compile(
    r"\b((?:my|his|her|their|your) name)(?:'s\b|s(?= (?!(?:are|were|and|or|of|for|in)\b)\w))",
    _I,
)
# "My turnover's about £21k", "my rent's £650": before a figure, "'s" is "is".
_FIGURE_IS = re.compile(
    r"\b((?:my|our) (?:[a-z]+ )?[a-z]+)'s(?= (?:about |around |roughly |nearly |almost |just |"
    # ("my dad's 2 cars are both broken": his two cars)
    r"only |now |under |over )?[£$€]?\d[\d.,]*[kKmM]?\b(?!\s+[a-z]+s\s+(?:are|were|have|need)\b))",
    _I,
)
# "she has 7 years", "I have 31 years": an age, in the words of a language that says it so
# (tiene, tem, a, ha); not "3 years left", "10 years of experience".
_HAS_YEARS = re.compile(
    r"\b(?P<who>i|he|she|(?-i:[A-ZÀ-Þ])[a-zà-ÿ]+) (?:has|have) (?P<age>\d{1,2}) years(?: old)?"
    r"(?=\s*(?:[,.;!?]|$|and\b|but\b|now\b))",
    _I,
)

# "i can't do dairy without feeling rough": "do" a food is eating it
_CANT_DO_FOOD = re.compile(
    r"\b(can't|cant|cannot|can not) do (dairy|gluten|lactose|caffeine|alcohol|spicy food|spice|"
    r"meat|fish|eggs|nuts|wheat|sugar|coffee|onions?|garlic|shellfish)\b",
    _I,
)
# "My parents, Gerald and Maureen Fairweather, were married in 1976": who they are, said in
# passing, is a statement of its own.
_NAMED_IN_PASSING = re.compile(
    r"\b(?P<my>my|our) (?P<who>parents|children|kids|sons|daughters|grandparents|twins),\s+"
    r"(?P<names>(?-i:[A-ZÀ-Þ][a-zà-ÿ'-]+)(?:,\s+(?-i:[A-ZÀ-Þ][a-zà-ÿ'-]+))*,?\s+and\s+"
    r"(?-i:[A-ZÀ-Þ][a-zà-ÿ'-]+)(?:\s+(?-i:[A-ZÀ-Þ][a-zà-ÿ'-]+))?),\s+(?=[a-z])",
    _I,
)
# "Booked! A ryokan in Gora with …": the news, then what it is
_DONE_THEN_WHAT = re.compile(
    r"(?:^|(?<=[.!?] ))(?P<done>Booked|Bought|Ordered|Found|Got|Signed|Paid)!+\s+"
    r"(?P<what>(?:A|An|The|Two|Three|\d+) )",
)
# "I make small-batch hot sauce and sell it at the Sunday market": made, to sell there.
_MADE_TO_SELL = re.compile(
    r"\b(?P<made>(?:make|bake|brew|grow|knit|sew|build|paint|print|roast|cook) [^,.;!?]{2,40}?) "
    r"and sell (?:it|them) (?=(?:at|on|in|through|to|via|online)\b)",
    _I,
)
# "Mother has macular degeneration", "for Mother's property": one's own, called by the word
# for who she is, as a formal letter does (never "Mother's Day", "Mother Nature" or "my
# Mother"; "Mum" and "Dad" are as often someone else's, said to their child)
_KIN_AS_NAME = re.compile(
    r"(?P<before>\b(?i:my|her|his|our|your|the|their|a|to be|dear)\s"
    r"|\b(?:Reverend|Holy|Queen|King)\s)?"
    r"\b(?P<kin>Mother|Father)\b"
    r"(?!['’]s (?:Day|Union)\b| (?:Nature|Earth|Superior|Goose|Christmas|Ted|Time)\b)"
)
# "I myself have coeliac disease": the stress is no part of the fact.
_MYSELF = re.compile(
    r"\b(I|we) (?:myself|ourselves)\b(?=,? (?:have|am|was|had|use|work|live|"
    r"do|don't|can't|cannot|prefer|eat|need)\b)",
    _I,
)
# "I do have mild asthma though": a stressed "do", no part of the fact (not "I do yoga").
_STRESSED_DO = re.compile(
    r"\b(I|we) do (?=(?:really |actually |still )?(?:have|like|love|want|need|know|live|work|"
    r"use|prefer|eat|speak|own|enjoy|miss|get|play|run|drink|feel|take|keep|care|mind)\b)",
    _I,
)
# "Grams please, I don't do cups.": one wish about units, the refused one said as a habit
_UNIT_REFUSED = re.compile(
    rf"\b(?P<unit>{UNIT}) (?P<please>please|pls),? I (?:don't|do not|can't) do (?P<not>{UNIT})\b",
    _I,
)
# "Zeynep can start on Monday 13 October": with its day, the news of when someone starts ("I
# can start on the 5th" offers a day; it starts nothing).
_CAN_START_ON = re.compile(
    r"\b(?P<who>(?-i:[A-ZÀ-Þ])[a-zà-ÿ]+|he|she) can (?P<verb>start|begin) "
    r"(?=(?:on |next |\d|(?:mon|tues|wednes|thurs|fri|satur|sun)day))",
    _I,
)
# "My mother comes on 18 December": a visit on a day of the calendar, said in the present.
_COMES_ON = re.compile(
    r"\b(?P<who>(?:[Mm]y|[Oo]ur) [a-z]+|(?-i:[A-ZÀ-Þ])[a-zà-ÿ]+)"
    r"(?P<aside> \([^()]{1,30}\))? comes(?= on (?:the )?\d)"
)
# "I PASSED!!! Life in UK test, 22 from 24": what was passed, said after the news
_PASSED_WHAT = re.compile(
    r"\b(?P<said>I (?:passed|failed))[!.]+\s+(?:the |my )?(?P<what>(?:[A-Za-z]+ ){0,4}?"
    r"(?:test|exam|interview|assessment|audition|probation|theory|practical))\b"
    r"(?=\s*(?:[,.;!]|$|with\b|today\b))",
    _I,
)
# "I shall step down in July": a formal writer's "will" (not "shall we …?", asking).
_FORMAL_WILL = re.compile(r"\b(I|[Ww]e) shall\b(?! we\b)")
# "New goal is 2:20", "Goal is sub-2:15": the speaker's own goal, its "my" left out
_BARE_GOAL = re.compile(
    r"(?:^|(?<=[.!?] ))(?:(?:[Ss]o|[Aa]nd|[Oo]k|[Oo]kay),? )?(?P<new>[Nn]ew )?"
    # ("Target: v5.0.0 ships 3 March" is a work item's label, not an aim)
    r"(?:(?P<what>[Gg]oal)(?: is|:)|(?P<aim>[Tt]arget) is) (?=\S)"
)
# "I should be grateful if you would use British spellings": a formal "please"
_GRATEFUL_IF = re.compile(
    r"\bI (?:should|would|'d) be (?:most |very )?(?:grateful|obliged) if you (?:would|could) "
)
# "we were married on 12 April 1986": the day of a wedding, said as a state
_WERE_MARRIED_ON = re.compile(
    r"\b(?P<who>I|[Ww]e) (?:were|was) married (?=(?:on|in) (?:\d|the \d|[A-Z][a-z]+ \d))"
)
# "I'm aiming for 2:10 now not sub 2": a target, said as what one aims for.
_AIMING_FOR = re.compile(
    r"\b(?:I'm|I am|im) (?:now |still )?aiming for (?=(?:sub[ -]?|under |about |around )?\d)", _I
)
# "im away 12-19 oct, lisbon": where, said after the dates with a comma
_AWAY_THEN_WHERE = re.compile(
    r"\b(?P<away>(?:i'm|im|i am|we're|we are) away (?:from )?(?:the )?\d{1,2}(?:st|nd|rd|th)?\s*"
    r"(?:-|–|to)\s*\d{1,2}(?:st|nd|rd|th)? [A-Za-z]{3,9}\.?),\s+(?P<where>[a-z][a-z-]{2,})"
    # ("we're away 21-28 mar, texel with maaike and fenna": who with, after the place)
    r"(?=\s*(?:[.!]|$|with\b))",
    re.IGNORECASE,
)
# "swapped to selectolax", "swapped over to fish": a switch, said the other way
_SWAPPED_TO = re.compile(r"\bswapped (?:over )?to\b", re.IGNORECASE)
# "2:10 now not sub 2", "€110 now, was €95": the new value, then the old one.
_NOW_NOT = re.compile(r"(?<=\d) now,? (?:not|was) (?=(?:sub[ -]?|under |over |the )?[£$€]?\d)")
# "Luca is 8 not 7!!": one figure put right by another, said without the comma
_FIGURE_NOT_FIGURE = re.compile(
    r"\b(?P<be>is|are|was) (?P<new>\d{1,3}) not (?=\d{1,3}\b(?![-–:/.%]\d?))", _I
)
_HAS_AGE_AGAIN = re.compile(
    r"\b(?P<who>he|she|(?-i:[A-ZÀ-Þ])[a-zà-ÿ]+) has (?P<age>\d{1,2})(?=\s*(?:[,.;!?]|$))", _I
)


def _age_said(match: re.Match[str]) -> str:
    who = match["who"]
    return f"{who}'m {match['age']}" if who.lower() == "i" else f"{who} is {match['age']}"


def _ends_a_thought(match: re.Match[str]) -> str:
    # "I'm learning 😂 perfect, merci": the emoji ended one sentence and the next began.
    between_words = match.start() > 0 and match.end() < len(match.string)
    before = match.string[: match.start()].rstrip()
    after = match.string[match.end() :].lstrip()
    if between_words and before[-1:].isalnum() and after[:1].isalnum():
        return ". "
    return " "


def drop_noise(text: str) -> str:
    """Remove emoji, emoticons and laughter ("lol", "haha"), and repeated !/?.

    Between two words, one of them ends a sentence: "I'm learning 😂 perfect,
    merci" is two sentences, not "I'm learning perfect".
    """
    text = _EMOJI.sub(_ends_a_thought, text)
    text = _EMOTICON.sub(" ", text)
    text = _LAUGH.sub(_ends_a_thought, text)
    text = _REPEATED_MARKS.sub(r"\1", text)
    # (not before a file's extension or a version: "plain .py scripts", "node .nvmrc")
    text = re.sub(r"\s+([,.;:!?])(?!(?<=\.)\w)", r"\1", text)
    text = re.sub(r"^[,.;:!?\s]+|([,.;:!?])[,.;:!?]+", r"\1", text)
    return _SPACES.sub(" ", text).strip()


def _spelling(match: re.Match[str]) -> str:
    word = match.group(0)
    lower = word.lower()
    replacement = _SPELLINGS.get(lower) or _TYPOS.get(lower)
    if replacement is None:
        return word
    if word.islower():
        return replacement
    if word.istitle() and len(word) > 1 and "'" in replacement:
        # "Im moving", "Dont forget" at the start of a sentence.
        return replacement[:1].upper() + replacement[1:]
    return word  # "US", "U-Bahn", "TY" in capitals: names more likely than chat spellings


# "I BOUGHT NEW SKATES", "I'M PREGNANT!!": a whole sentence shouted, read as said ("we use
# the NHS API" keeps its acronyms).
_SHOUTED_SENTENCE = re.compile(
    # ("I GOT THE INVERNESS JOB 😭😭😭": an emoji ends it as well as a full stop)
    r"(?:^|(?<=[.!?]\s))[A-Z]+(?:'[A-Z]+)?(?:[ ,]+[A-Z]+(?:'[A-Z]+)?)+"
    r"(?=\s*(?:[.!?]|$|[\U0001F300-\U0001FAFF\u2600-\u27BF]))"
)


def _said_plainly(shout: re.Match[str]) -> str:
    """ "WE ARE IN DUBLIN" → "we are in Dublin": a name keeps its capital."""
    return re.sub(
        r"[A-Z]+",
        lambda word: (
            word[0].title()
            if not is_everyday_word(word[0].lower())
            and not is_everyday_word(word[0].lower().removesuffix("s"))
            and is_name(word[0].title())
            else word[0].lower()
        ),
        shout[0],
    )


# "I PASSED Competent Crew!", "we NEVER fly": one word shouted after its subject, read as said
_SHOUTED_WORD = re.compile(r"\b(?P<who>I|I'm|I've|we|We|we're|We're) (?P<word>[A-Z]{3,})\b")


def _word_said_plainly(shout: re.Match[str]) -> str:
    word = shout["word"].lower()
    return f"{shout['who']} {word}" if is_everyday_word(word) else shout[0]


def _whose_kin(match: re.Match[str]) -> str:
    before = match["before"]
    if before and before.strip().lower() in ("my", "our"):
        return f"{before}{match['kin'].lower()}"  # "My Mother is 88": a mother, as any
    if before:
        return match[0]
    return f"my {match['kin'].lower()}"


def _starts_then(match: re.Match[str]) -> str:
    return f"{match['who']} {match['verb']}s "


def _named_in_passing(match: re.Match[str]) -> str:
    said = f"{match['my']} {match['who']}"
    return f"{said} are {match['names']}. {said[0].upper()}{said[1:]} "


def normalise_chat(text: str) -> str:
    """Smart quotes, chat spellings and noise normalised; line breaks kept.

    Example:
        >>> normalise_chat("im moving to porto in may lol 😅")
        "I'm moving to porto in may"
    """
    text = new_date_named(text.replace("\u2019", "'").replace("\u2018", "'"))
    lines = []
    for line in text.split("\n"):
        line = _SHOUTED_SENTENCE.sub(_said_plainly, line)
        line = _SHOUTED_WORD.sub(_word_said_plainly, line)
        line = _W_WITH.sub("with", _NAME_IS.sub(r"\1 is", _ONES_OWN.sub(r"\1's", line)))
        line = _FIGURE_IS.sub(r"\1 is", line)
        line = _CANT_DO_FOOD.sub(r"\1 have \2", line)
        line = _NAMED_IN_PASSING.sub(_named_in_passing, line)
        line = _CAN_START_ON.sub(_starts_then, line)
        if " do " in line:  # (most lines have no "do" to read: the two rules cost time)
            line = _UNIT_REFUSED.sub(r"\g<unit> \g<please>, not \g<not>", line)
            line = _STRESSED_DO.sub(r"\1 ", line)
        line = _AIMING_FOR.sub("my target is ", _MYSELF.sub(r"\1", line))
        line = _NOW_NOT.sub(" now, not ", line)
        if " not " in line:
            line = _FIGURE_NOT_FIGURE.sub(r"\g<be> \g<new>, not ", line)
        if "swapped" in line:
            line = _SWAPPED_TO.sub("switched to", line)
        if "away" in line:
            line = _AWAY_THEN_WHERE.sub(
                lambda said: f"{said['away']} in {said['where'].capitalize()}", line
            )
        line = _FORMAL_WILL.sub(r"\1 will", line)
        line = _GRATEFUL_IF.sub("please ", line)
        line = _BARE_GOAL.sub(
            lambda m: f"my {(m['new'] or '').lower()}{(m['what'] or m['aim']).lower()} is ", line
        )
        line = _WERE_MARRIED_ON.sub(r"\g<who> got married ", line)
        line = _PASSED_WHAT.sub(r"\g<said> the \g<what>", line)
        line = _COMES_ON.sub(r"\g<who>\g<aside> is coming", line)
        line = _MADE_TO_SELL.sub(r"\g<made> to sell ", line)
        line = _KIN_AS_NAME.sub(_whose_kin, line)
        line = _DONE_THEN_WHAT.sub(lambda m: f"{m['done']} {m['what'].lower()}", line)
        if _HAS_YEARS.search(line):
            # "she has 7 years. No sorry, she has 8": the second is an age too
            line = _HAS_AGE_AGAIN.sub(_age_said, _HAS_YEARS.sub(_age_said, line))
        line = drop_noise(_WORD.sub(_spelling, _LOWER_I.sub("I", line)))
        lines.append(line)
    return "\n".join(lines)
