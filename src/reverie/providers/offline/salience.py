"""Is a line that reads alone also worth remembering?

:mod:`.quality` checks that a line stands on its own; this module checks what
it says. A memory line is read as a fact, so it must state one: not a guess
("maybe", "eventually"), not a vague gesture ("something async", "support
stuff", "like 30"), not a moment ("the team kicks off today"), not a request
for help in disguise, not a question reworded, not pasted program output
("User Found 2 errors in 1 file"). Each rule names a kind of sentence, never a
word of one conversation; when in doubt a line is dropped, because a wrong fact
costs more than a missing one (the words stay in history and recall). Feelings and
verdicts on someone have their own module, :mod:`.feelings`; a thing or a deed named without
what it is ("User booked the flights."), :mod:`.thin_lines`; what holds for a day only ("Water
was 16 degrees."), :mod:`.moments`.
"""

from __future__ import annotations

import re

from reverie.providers.offline.everyday_words import is_acronym, is_everyday_word
from reverie.providers.offline.feelings import FEELINGS
from reverie.providers.offline.moments import MOMENTS
from reverie.providers.offline.thin_lines import THIN_LINES
from reverie.providers.offline.vocabulary import CONDITION_STATES, IRREGULAR_PAST, words

__all__ = ["worth_keeping"]

_I = re.IGNORECASE

# A guess or a someday is not a fact yet.
_SPECULATIVE = re.compile(
    # ("wants to do honours next year and eventually work in a lab": a goal, in steps)
    # ("a back yard of maybe 6m x 8m": about that much, not a guess at the fact)
    r"\b(?:(?:maybe|perhaps)(?! \d)|might|possibly|probably|(?<!\band )eventually|someday|one day|"
    r"at some point|"
    r"sooner or later|must have (?!been (?:diagnosed|told|given)\b)\w+)\b"
    # "User's first instinct is last-write-wins": an idea tried on, before it is settled
    r"|\b(?:first|initial) (?:instinct|thought|idea|guess|reaction)\b|\bgut (?:feeling|instinct)\b"
    # "User is thinking: when they are in Ireland they will drink tea": musing, not a plan
    r"|\bis thinking:"
    # "Ruth will be the size of a house by then or they'd come and cheer": what would be, if not
    r"|\bor (?:they|she|he|I|we|User)(?:['’]d| would)\b"
    # "User doesn't know whether to email the teacher": undecided, nothing settled
    r"|\b(?:doesn't|does not|don't|do not|never) knows? (?:whether|if|what|how|where|when|which|"
    r"who)\b"
    # "User wants to know if they should do more": a question asked, not a fact
    r"|\b(?:wants?|would like|needs?) to (?:know|find out|check) (?:whether|if)\b"
    # "User would rather not take the risk.": a reluctance about the matter in hand;
    # "User doesn't want to be stuck", "… to be the difficult daughter": a fear of the moment
    r"|\bwould (?:rather|prefer) not\b|^User (?:doesn't|does not) want to be\b"
    # "User is trying to work out what to do about their father": the question being asked
    r"|\b(?:is|are|was) (?:still |just )?trying to (?:work out|figure out|add up|decide|"
    r"understand|find out|sort out|make sense of)\b",
    _I,
)
# Words that point at nothing in particular; "like 30" hedges a number.
_VAGUE = re.compile(
    # "the hardship thing": named only as far as the talk needed
    r"\bthe (?:\w+ )?thing\b|"
    # "User's mum is doing a thing at the pub": which, the talk never said
    r"\b(?:doing|having|throwing|planning|organising|organizing) a (?:little |small |big )?thing\b|"
    r"\b(?:somethings?|stuff|things|whatever|somewhere|somehow|kinda|sorta|"
    r"kind of|sort of)\b|\blike (?:\d|a few\b|a couple\b)"
    # "has some savings", "a pile of admin": an amount nobody could write down.
    r"|\b(?:has|have|had|got) (?:got )?some\b|\b(?:a pile|a load|loads|tons|a bunch|heaps|"
    r"a mountain|a (?:great|good) deal) of\b"
    # "Mama was indeed three.": a guess of the other side's, confirmed in passing
    r"|\b(?:was|were) indeed\b"
    # "will get 2 or 3 valuations": a count not settled ("3 or 4 times a week" is a habit)
    r"|\b(?:\d+|one|two|three|four|five) or (?:\d+|two|three|four|five|six) (?!times\b)\w+s\b",
    _I,
)
# "Leoooo", "soooo": typed for effect, never a name or a fact.
# ("bbb", "www": one letter three times is an abbreviation.)
_ELONGATED = re.compile(r"\b(?=\w*([A-Za-z])\1\1)(?!([A-Za-z])\2*\b)\w+")
_HELP = re.compile(
    # ("User wants to ask help for their English test": the help asked for now)
    r"\b(?:could use|needs?|wants?|would like|would love|asked for)(?: to ask(?: for)?)? "
    r"(?:some |a little |your )?help\b"
    r"|\bhelp (?:putting|with|figuring|me)\b",
    _I,
)
# "User wants the test job defined": a task handed over, not something about them.
_WANTS_DONE = re.compile(
    r"\bwants (?:the|a|an|this|that|their|his|her) [\w -]{1,40}? "
    r"(?:\w+ed|done|made|written|built|set up|sorted|fixed|gone)\.$",
    _I,
)
# "make that impossible to forget": "that" is something said before.
# "User wants the 500.": "the 500" is an option the talk named.
_DEMONSTRATIVE_OBJECT = re.compile(
    r"\b(?:make|makes|made|keep|keeps|kept|get|gets|got)\s+(?:that|this|these|those)\b"
    # "User should like that very much.": a reply to an offer, whatever "that" was
    r"|\b(?:like|likes|love|loves|enjoy|enjoys|hate|hates) (?:that|this|it)"
    r"(?: (?:very much|a lot|so much))?\.$"
    # "User wants to apply for this job:": the job is in what was pasted, not in the line
    r"|^\S+ (?:wants|would like|is going|plans|is planning|needs) to apply (?:for|to) "
    r"(?:this|that|these|those)\b"
    # "User writes this down.": a deed on whatever "this" was
    r"|^\S+ (?:will )?\w+ (?:this|that|it|these|those) (?:down|up|out|off|through)\.$"
    # "User needs to strip that down.": a task on whatever "that" was
    r"|^\S+ (?:needs to|has to|should|will need to|is going to|wants to) \w+ "
    r"(?:this|that|it|these|those)(?: down| up| out| off| through| back| over)?\.$"
    # "User must go now.", "User has to drop off, standup then a planning meeting.": a goodbye
    r"|^\S+ (?:must|has to|needs to|should|has got to) (?:go|run|dash|head off)(?: now)?\.$"
    # "User will come back in May.": back to this chat, not to a place
    r"|^\S+ (?:will|is going to|'ll) (?:come|check) back(?: to (?:the assistant|this|it))?"
    r"(?= (?:in|on|next|when|after|later|tomorrow|tonight|soon|once)\b|\.$)"
    r"|^\S+ (?:must|has to|needs to|should|has got to) (?:drop off|hop off|jump off|log off|"
    r"sign off|head off|dash|run)(?:,| now| for| to|\.$)"
    r"|^\S+ (?:wants|chose|picked|took|prefers|likes|went for|goes for) the \d[\d,.]*\.$"
    # "Declan uses one for his salary.", "The part time one starts 6 October.": one of what,
    # the talk before said
    r"|^\S+ (?:uses|has|got|bought|wants|needs|ordered|found|chose|picked) one"
    r"(?= (?:for|from|at|in|with|too|already|now|as well)\b|\.$)"
    r"|^The (?:[\w-]+ ){1,2}one (?!of\b)"
    # "Clippy has 14 warnings.": what a tool said of the code today
    r"|^\S+ (?:has|shows|gives|reports|throws) \d+ (?:warnings?|errors?|lint errors?|"
    r"failing tests?|failures?|type errors?)\b"
    # "User is going to be the Bee Queen of Sketty.": a title in jest
    r"|\bthe (?:[A-ZÀ-Þ][\wÀ-ÿ'-]* ){1,2}(?-i:Queen|King|Lord|Lady|Empress|Emperor|Goddess|God|"
    r"Wizard|Overlord|Tsar|Czar) of\b",
    _I,
)
# A reminder keeps its content ("… reminded that the dentist is on Thursday"); a question
# turned into a reminder request ("remind me, what did I say …?") does not.
_REMINDER_WITH_CONTENT = re.compile(r"\basked to be reminded (?:that|to|about|of)\b", _I)
# A reminder request that kept nothing of what to remind about.
_BARE_REMINDER = re.compile(
    r"\basked (?:to be reminded|for a reminder)(?: (?:tomorrow|later|tonight|today|next week|"
    r"in the morning|on \w+day))?\s*[.!]?$",
    _I,
)
# "Irene has been reading about Portugal", "User has been thinking about the pond": what is on
# someone's mind lately, not what they do ("has been doing pytorch all semester" is).
_LATELY_DOING = re.compile(
    r"^\S+ (?:has|have) been (?:thinking|reading|practi[sc]ing|watching|looking|wondering|"
    r"trying)\b",
    _I,
)
# "User needs to write a resignation letter.": the help asked for in the chat, done there
# (a deadline makes it a plan: "… a report by Friday")
_A_LETTER_TO_WRITE = re.compile(
    r"^User needs? to (?:write|draft|prepare|send|compose) (?:a |an )?(?:[\w-]+ ){0,3}?"
    r"(?:letter|email|e-mail|message|note|speech|reply|complaint)"
    r"(?: (?:to|for) [\w' ,-]{1,40})?\.$",
    _I,
)
# "User must take test like a teenager.": a complaint, said as a figure of speech
_SIMILE = re.compile(
    r"\blike an? (?:teenager|child|kid|baby|toddler|idiot|robot|zombie|madman|maniac|tourist|"
    r"headless chicken)\b",
    _I,
)
# "User has a 10k.": a figure with nothing it counts ("no resistor. have a 10k")
_BARE_FIGURE = re.compile(
    r"^\S+ (?:has|have|got|bought|ordered) (?:a|an|one) [\d.,]+[a-zµΩ]{0,2}\.$", _I
)
# An adjective that needs its object: "User is allergic." says nothing.
_NEEDS_OBJECT = re.compile(
    r"\b(?:is|are|was|were) (?:very |really |so |severely |mildly )?(?:allergic|intolerant|"
    r"sensitive|afraid|scared|fond|aware|interested|addicted|used|keen|responsible)\s*[.!]?$"
    # "User is allergic, their face will explode.": allergic to what, the talk said
    r"|^\S+ (?:is|are) (?:very |really |so |severely |mildly )?(?:allergic|intolerant),"
    # "User plays since 15 years old.", "User uses also in Turkey.": a learner's line whose
    # object was said before it
    r"|^\S+ (?:uses|plays|likes|loves|hates|prefers|makes|needs|wants|buys|reads|watches|eats|"
    r"drinks|speaks|learns|teaches|studies) (?:(?:also |too )?since\b|(?:also|too)(?:\.$| (?:in|at|"
    r"on|for|with|when|because|from)\b))"
    # "The team upgraded in the summer.", "User subscribed on phone.": to what, the talk said
    r"|^\S+(?: team)? (?:upgraded|switched|migrated|changed over|moved over|subscribed|"
    # ("User switched from gedit to helix." says to what)
    r"signed up|registered)(?: (?:in|last|this|over|during|on|via|from) (?:(?! to )[\w ]){2,20})?"
    r"\.$",
    _I,
)
# "User will search.", "Kofi will check.": an intention with nothing to act on.
_BARE_INTENT = re.compile(r"^[\w'’ -]+? will \w+\.$", _I)
# "User's mum is a force of nature.", "Shona has learned their lesson.", "Shona's instructor
# was horrified.": a saying about someone, or how they took something, not a fact of theirs.
_SAYING_ABOUT = re.compile(
    r"\b(?:is|was) (?:a|an|such a|an absolute|a total|a real) force of nature\b"
    r"|\b(?:has |have )?learn(?:ed|t) (?:my|their|his|her|our) lesson\b"
    # "User's mum is not wrong about the running away part.": agreeing with a joke
    r"|\b(?:is|was|are|were)(?: not|n't|n’t) wrong about\b"
    r"|^\S+(?:'s \w+)? (?:was|were) (?:absolutely |utterly |so |very )?(?:horrified|"
    r"thrilled|delighted|mortified|gutted|furious|livid|shocked|stunned|devastated|appalled)\.$",
    _I,
)
# "User is not leaving.": what one won't do, without what it is about.
_BARE_NOT_DOING = re.compile(r"^User (?:is|are) not \w+ing\.$")
_NOW = re.compile(
    r"\b(?:today|tonight|right now|at the moment|this (?:morning|afternoon|evening))\b", _I
)
# The subject and the first word of the predicate.
_SUBJECT_VERB = re.compile(
    r"^(?P<subject>User|The team|The [\w-]+(?: [\w-]+){0,3}?|[A-ZÀ-Þ][\wÀ-ÿ'’-]*"
    r"(?: and [A-ZÀ-Þ][\wÀ-ÿ'’-]*)?)(?:'s [a-z]+(?: [A-ZÀ-Þ][\wÀ-ÿ'’-]*)?)?"
    r" (?:(?:also|still|just|really|now|already|usually|finally|only|actually|officially) )*"
    r"(?P<verb>[\w'’-]+)"
)
# "In Spain is very different": a preposition where the subject should be.
_NO_SUBJECT = re.compile(r"^(?!To do:)(?:In|On|At|For|With|From|To|By|Of|About|Into|Over|Under)\s")
# "Hamburg is grey and very beautiful", "User is so done": how it feels, not what it is.
_INTENSIFIED = re.compile(
    r"\b(?:is|are|was|were|'s|'re) (?:[a-z]+ and )?(?:very|so|really|super|pretty|quite|too|"
    r"extremely|incredibly|absolutely|totally|such an?|in love|devastated|a genius)\b"
    # ("User is very allergic to cats": how badly, of a condition that lasts)
    rf"(?! (?:{'|'.join(CONDITION_STATES)})\b)",
    _I,
)
# "User now knows far too much about fungi.": a quip about what a course taught
_TOO_MUCH = re.compile(r"\b(?:knows?|learn(?:ed|t)|read) (?:far |way |much )?too much\b", _I)
# "User knows themselves", "User covers mondays themselves": emphasis, not a fact
# ("Kasia is a data analyst herself" still says what she is).
_REFLEXIVE_END = re.compile(
    r"^(?!.*\b(?:is|are|was|were)\b).*\b(?:themselves|himself|herself)\s*[.!]?$", _I
)
# "User has a confession": announces what comes next, says nothing yet.
_ANNOUNCES = re.compile(
    r"\b(?:has|have|had|got) (?:a|an|one|another|one more) (?:\w+ ){0,2}(?:confession|question|"
    r"request|favou?r to ask|announcement|update|rant|vent|story|theory|dilemma)\s*[.!]?$"
    r"|\b(?:has|have|had|got) (?:some )?(?:\w+ ){0,2}news\b"
    r"|\b(?:has|have|had|got) (?:a|an|one|another) (?:quick |small |random )?question\b"
    # "User needs to vent for 1 min.": what the next messages will be
    r"|\b(?:needs?|wants?) to (?:vent|rant|moan)\b",
    _I,
)
# "vent AND plan": a small word shouted is a tone of voice (rules keep their "NEVER").
_SHOUTED = re.compile(r"\b(?:AND|OR|BUT|SO|VERY|REALLY|TOTALLY|SUCH|THE)\b")
# "User is a VAULT.": what someone is, shouted, is said for effect ("NHS" is an acronym)
_SHOUTED_NOUN = re.compile(r"^\S+ (?:is|are) an? (?P<word>[A-Z]{3,})\.$")
_THING_WAS = re.compile(r"^The(?: [\w+.-]+){1,5}? (?:was|were) ")
# "User's ken is just ken": says the thing is itself.
# "User must blame the anaesthetic", "knows perfectly well": a turn of phrase.
_PHRASE = re.compile(
    r"\b(?:must|ought to|have to|has to) (?:blame|admit|say|confess)\b"
    r"|\bknows? (?:perfectly |full |very )?well\b"
    r"|^The (?:other|one|first|second|last|latter|former)\b|\bhas a \d{1,2}(?:am|pm)\b"
    # "User is the one covered in flour", "User is going to be the guy pointing at boxes":
    # pointing someone out in a room, not who they are
    r"|\b(?:is|are|be) the (?:ones?|guy|girl|lady|bloke|person) (?:who|that|covered|with|in|"
    r"always|pointing|standing|sitting|holding)\b"
    # "User would rather chew glass than sleep in a tent …": a dislike said as a picture
    r"|\brather (?:chew (?:glass|nails)|eat glass|die|poke (?:my|their) (?:own )?eyes? out|"
    r"stick pins in)\b"
    # "Kez will be the size of a house": a picture, not a fact
    r"|\bthe size of a (?:house|bus|whale|planet)\b"
    # "User has got to do the banking": a chore of the day
    r"|\bha(?:s|ve) (?:got )?to do the \w+(?: after| before)?\.$"
    # "Kofi reads the wrong line", "User misread the date": a slip owned up to
    r"|\b(?:reads?|read|looked at|copied|typed|wrote|sent) the wrong \w+"
    r"|\b(?:reads?|read|copied|typed|heard) (?:the|it|that) (?:\w+ )?wrong\b"
    # "User doesn't make the rules": a saying
    r"|\b(?:don't|doesn't) make the rules\b"
    # "Jess is yeah.", "Sam is lol.": a reply word where a state would be
    r"|^\S+ (?:is|are) (?:yeah|yes|no|ok|okay|lol|haha|fine|same|true|right|well)\.$"
    r"|\bmis(?:read|typed|heard)\b"
    # "User changed their mind about ntfy.sh.": what they think now is said on its own
    r"|^\S+ (?:has )?changed (?:their|his|her) mind(?: about [^,;]+)?\.$",
    _I,
)
_TAUTOLOGY = re.compile(r"\b(\w+) (?:is|are) (?:just|still|literally|not) (?:\w+ )?\1\b", _I)
# "User will talk to Pete on Wednesday": a conversation planned, not a fact (what is
# decided in it is the fact).
_TALK_PLAN = re.compile(
    r"\b(?:will|is going to|'ll|plans to|wants to) (?:talk|speak|chat) (?:to|with)\b"
    r"|\b(?:will|is going to|'ll) (?:ask|tell|mention it to|run it by|check with)\b"
    # "User has one more question, which is about driving.": the talk's next turn
    r"|\b(?:has|had) (?:one|two|a|another) (?:more |last |quick |small )?questions?\b"
    r"|\b(?:first|second|next|last|other) question\b|\bwill be question \d"
    r"|\b(?:has|have) (?:many|some|a few|lots of|loads of|a lot of|so many|a couple of) "
    r"(?:more )?questions\b"
    # "User wants to make a list of everything they must do.": what the talk will do
    r"|\bwants? to make a list\b"
    # "User wants to have an answer.", "User wants to make sure they do everything.": a wish
    # about the talk itself
    r"|^User (?:just |really |only )?wants to (?:have an answer|be understood|make sure (?:they|it|"
    r"that|everything)\b|"
    r"get (?:it|this|everything) right\b)"
    # "User has one at work for the dispensary.": one of what the talk named
    r"|^\S+ (?:has|had) one (?:at|in|for|on)\b"
    # "User must report a change of plan.", "User must now take the dog out": the letter's
    # next line, or the writer's next minutes
    r"|^User (?:must|has to|needs to) (?:now\b|report|confess|admit|apologi[sz]e|explain)\b"
    # "User should not like to add ten per cent …": a formal writer's "would", weighing a reply
    r"|^User should (?:not )?like\b"
    # "User writes with news …", "User takes the point about the card.": the letter itself
    r"|^User (?:writes|is writing) (?:with|to (?:ask|say|tell|let)|because|again)\b"
    r"|^User takes (?:the|your) point\b",
    _I,
)


# "refill the backpack one", "shes a teacher": points back at something said before ("the
# Windermere one-mile swim" names its distance)
_POINTS_BACK = re.compile(
    r"\b(?:the|a) (?!\w+s )\w+ one\b(?![-‐])|\b(?:shes|hes|theyre|theres)\b"
    # "User bought the ones they pinch": which ones, the talk says
    r"|\b(?:bought|got|chose|picked|ordered|took|wants?|prefers?|likes?) the ones?\b"
    # "User's old one was from the club cupboard": which one, the talk said
    r"|^\S+'s (?:old|new|other|last|first|current|spare) ones?\b",
    _I,
)
# "User can play the first 10 seconds of wonderwall": what someone manages, not who they are
# ("User can't eat gluten" is kept: a limit is worth knowing).
_ABILITY = re.compile(r"^\S+(?:'s \w+)? can (?!not\b)\w+", _I)
# "User knows staff are stretched.", "User knows very little.": a belief or a modesty,
# not a fact about the user ("User knows nginx now" is a skill: kept).
_KNOWS_HOW_THINGS_ARE = re.compile(
    r"^\S+ (?:knows|know|knew|understands|understood) (?:(?:very )?little|nothing|a lot)\.$"
    r"|^\S+ (?:knows|know|knew|understands|understood) (?:that )?(?:the )?\w+ "
    r"(?:is|are|was|were|has|have|had|will|can)\b"
)
# "Kate will be disappointed.": a feeling foretold.
_WILL_FEEL = re.compile(
    r"^\S+ will be (?:so |very |really )?(?:disappointed|thrilled|delighted|gutted|devastated|"
    r"upset|furious|chuffed|happy|sad|excited|relieved|pleased|proud|jealous|annoyed)\b"
)
# "Joel will ring him tomorrow": whom "him" means was said before.
_OBJECT_PRONOUN = re.compile(
    r"\bhim\b|\bher\b(?=\s*(?:[.,;!?]|$|tomorrow|today|tonight|later|back|about|on|at|in|"
    r"after|before|for|to|with|up|out|over)\b)",
    _I,
)


def _unresolved_object(text: str) -> bool:
    if _OBJECT_PRONOUN.search(text) is None:
        return False
    found = re.findall(r"\b[A-ZÀ-Þ][\wÀ-ÿ-]+", text)
    names = [w for w in found if w not in ("User", "The")]
    return len(names) <= 1  # only the subject is named: "him" is someone else, unnamed


# Words short enough to be everyday and a tool's name at once ("uv", "gh"): only these count.
_SHORT_WORDS = frozenset(words("a an the in on at to of for by as is be it up off no not now all"))


def _team_says_nothing_named(text: str) -> bool:
    """ "The team converts in the schema.", "The team mocks the consumer.": a short team line of
    everyday words only, no tool, name or number, is what the talk was doing, not a fact."""
    if not text.startswith("The team ") or len(text.split()) > 7:
        return False
    said = re.findall(r"\S+", text.removeprefix("The team ").rstrip("."))
    verb = said[0] if said else ""
    if not verb.endswith("s") or verb in ("is", "has", "was") or "not" in said or "never" in said:
        return False  # "The team is not doing delivery apps.": a decision, however plain
    return all(
        word.isalpha()
        and word.islower()
        and is_everyday_word(word)
        and (len(word) > 2 or word in _SHORT_WORDS)
        for word in said
    )


def _says_nothing_lasting(text: str) -> bool:
    match = _SUBJECT_VERB.match(text)
    if match is None:
        return False
    verb = match["verb"]
    if verb[:1].isupper() and match["subject"] == "User":
        return True  # "User Found 2 errors in 1 file": program output read as a sentence
    if _THING_WAS.match(text):
        return True  # "The plan from last month was Django": how things stood, not stand
    # "The team kicks off properly today" happens now; "Leo applied to 3 jobs today" happened.
    low = verb.lower()
    past = low in IRREGULAR_PAST or (low.endswith("ed") and len(low) > 3)
    return bool(_NOW.search(text)) and not past


# "you're the 3rd, I'm the 18th": whose birthday, or what, only the talk says
_ONE_OF_US_IS_A_DAY = re.compile(
    r"^(?:i'?m|i am|you'?re|you are|we'?re|we are) the \d{1,2}(?:st|nd|rd|th)\W*$", _I
)


def worth_keeping(text: str, *, original: str = "") -> bool:
    """True when ``text`` (a line that reads alone) states a fact worth storing.

    Args:
        text: The memory line, in the third person.
        original: The clause as the speaker wrote it; a question there stays a
            question, however it was reworded ("remind me, what did I say …?").
    """
    if "?" in original and not _REMINDER_WITH_CONTENT.search(text):
        return False
    if _ONE_OF_US_IS_A_DAY.match(original):
        return False
    if _ELONGATED.search(text):
        return False
    if (shouted := _SHOUTED_NOUN.match(text)) is not None and not is_acronym(shouted["word"]):
        return False
    checks = (
        _NO_SUBJECT,
        _BARE_NOT_DOING,
        _SAYING_ABOUT,
        _INTENSIFIED,
        _TOO_MUCH,
        _REFLEXIVE_END,
        _ANNOUNCES,
        _SHOUTED,
        _SPECULATIVE,
        _VAGUE,
        _HELP,
        _WANTS_DONE,
        _DEMONSTRATIVE_OBJECT,
        _BARE_REMINDER,
        _A_LETTER_TO_WRITE,
        _SIMILE,
        _LATELY_DOING,
        _NEEDS_OBJECT,
        _BARE_INTENT,
        _PHRASE,
        _TAUTOLOGY,
        _POINTS_BACK,
        _ABILITY,
        _WILL_FEEL,
        _KNOWS_HOW_THINGS_ARE,
        _TALK_PLAN,
        _BARE_FIGURE,
        *FEELINGS,
        *MOMENTS,
        *THIN_LINES,
    )
    if any(check.search(text) for check in checks) or _unresolved_object(text):
        return False
    if _team_says_nothing_named(text):
        return False
    return not _says_nothing_lasting(text)
