"""Which kind of memory a sentence holds, if any.

A sentence is kept only when it has a subject a reader can identify on its own
("I", "my manager Tobias", "Priya", "the staging app", "we" in talk about
work) and a predicate that states something lasting: a trait, a taste, a
habit, a decision, a change, a plan, a task. Everything else — questions,
small talk, moods ("I'm so tired"), things happening right now ("my cat is
yelling at me"), reports of what someone said, sentences whose subject is a
bare "it" or "they" — holds nothing. Precision over recall.

Rules are checked in a fixed order: a correction first (it overrides what
came before), then a request about how to answer, an open task, and the
subject-specific rules of :mod:`.statements`.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from reverie.providers.offline.answer_style import answer_style
from reverie.providers.offline.answer_wishes import of_every_answer
from reverie.providers.offline.corrections import (
    PLAIN_WORDS,
    bare_value,
    is_subjectless,
    swappable,
)
from reverie.providers.offline.milestones import milestone
from reverie.providers.offline.restated import restated
from reverie.providers.offline.statements import Classification, Tag, is_time_bound, statement
from reverie.providers.offline.vocabulary import alternation

__all__ = ["Classification", "Tag", "classify", "is_small_talk"]


def _wordset(text: str) -> frozenset[str]:
    return frozenset(text.split())


_I = re.IGNORECASE

_SMALL_TALK_WORDS = _wordset(
    """
    a about all alright am and any anything appreciate appreciated are awesome bad be bit
    bye cheers cool day doing else everything evening fine for from glad good goodbye
    great ha haha hahaha happy hello help helped helpful hey hi how i i'm idea im is it
    sorry oops apologies bad mistake mixed confused misspoke
    it's its just let's lol lot me morning much my nice night no nope not now ok okay
    perfect pleasure point problem prob question right see so sounds sure talk thank
    thanks that that's thats the there this thx to today too up very was way we well
    what's whats will with wonderful worries would wow yeah yep yes you you're your
    """
)
# A question without its "?" ("how do I keep momentum on weekends"); "do not …"
# and "don't …" are orders, not questions.
_QUESTION_START = re.compile(
    r"^(?:how|what|what's|why|when|where|who|which|whose|is|are|am|was|were|do(?! not\b)|"
    r"does|did|can|could|would|will|should|shall|might|have|has|any|anyone|any ideas|"
    r"wanna|random q|may (?:i|we|you))\b",
    _I,
)
_FOR_NOW = re.compile(
    r"\b(?:right now|at the moment|atm|for now|for the moment|for the time being)\b", _I
)
_REMINDER = re.compile(r"\bremind me\b", _I)
_RULE_REQUEST = re.compile(
    # ("One small request: would you kindly stop using those little tick boxes …")
    r"^(?:(?:one|a) (?:small |last |more |tiny |quick )?(?:request|thing|favou?r)\s*:\s*)?"
    r"(?:can|could|would|will) you (?:please |kindly )*(?P<rule>(?:always|never|stop|not|avoid|"
    r"keep|remember to always)\b.+)$",
    _I,
)

_CORRECTION_CUES = (
    re.compile(
        # "I said I'm vegetarian but technically I'm pescatarian": what follows replaces it.
        r"^(?:i (?:said|told you|wrote)\b[^.;]*?\bbut\s+(?=actually|technically|in fact))?"
        r"(?:actually|technically|in fact|"
        r"(?:(?:small|quick|tiny|one|minor|a) )?correction(?: (?:on|from) my (?:side|end|part))?|"
        # ("small fix - flat is 3rd floor not 2nd")
        r"(?:small|quick|tiny|one) fix(?=\s*[,:–—-])|"
        r"to correct (?:myself|that)|scratch that|"
        r"scrap that|update|make (?:it|that)(?= \S)|"
        # ("But also change, my day off is now Saturday": a learner's "another change:")
        r"(?:another |one more |one |small )?change(?=[,:])|"
        r"sorry,? i meant)(?:\s+(?:from earlier|from before|to (?:that|what i said)))?"
        r"\b[,:;!.\s–—-]*",
        _I,
    ),
    # ("I got the hours wrong — it's 35 a week, not 37")
    re.compile(
        r"^i (?:was wrong(?: (?:yesterday|earlier|before|last time))?(?: about "
        r"(?P<about>[^,.;:–—]+?)(?=\s*(?:[,.;:–—]|$)))?|got (?:it|that|those|the [\w-]+(?: "
        r"[\w-]+)?) (?:wrong|mixed up))[,:;.!\s–—-]*",
        _I,
    ),
    # ("I've just checked — it's 4.49%, not 4.2", "checked and its ch 2", "wrong date before,
    # gig is the 12th not 14th": looked again, or owned up to a slip, then the new value)
    re.compile(
        r"^(?:(?:i've|i have|i|ive)\s+)?(?:just\s+)?(?:checked|double[- ]checked|looked)"
        r"(?:\s+(?:again|the \w+|my \w+|it))?(?:\s+again)?\s*(?:[,:–—]|\s-|\s+and\b)\s*"
        r"(?=(?:it's|its|it is|it was|that's)\b)"
        r"|^wrong (?:date|day|time|number|figure|year|month|price|amount)"
        r"(?: (?:before|earlier|above|last time))?\s*[,:–—]\s*",
        _I,
    ),
    re.compile(r"^i meant\b[,:\s]*", _I),
    # ("No sorry, she has 8": an apology after the "no" is part of the cue)
    # ("No pellets at all, not even the ferric ones": "no" there is none of them)
    re.compile(
        r"^(?:no|nope|wait)(?:[,.!]?\s+sorry)?\b(?!\s+\w+(?:\s\w+)?\s+at all\b)[,:;!.\s–—-]+", _I
    ),
    # "Sorry, LEFT heel, not right": an apology that opens "X, not Y"
    re.compile(r"^(?:sorry|oops|my bad)[,.!]*\s+(?=[^.;]*?,?\s+not\s+\w+[.!]*$)", _I),
)
# "my flight isn't Monday, it's Tuesday": the old value, then the new one.
_ISNT_ITS = re.compile(
    r"^(?P<what>(?:my |the |our )?[\w'-]+(?: [\w'-]+){0,3}?) (?:isn't|isnt|is not) "
    r"(?P<old>(?:the |on )?[\w'-]+(?: [\w'-]+)?),? (?:it's|its|it is) (?P<new>[^,;]+)(?:[,;].*)?$",
    _I,
)
# "sorry, not 2016, it is 2017", "no wait not the 14th but the 15th": the old value first.
_NOT_THEN_NEW = re.compile(
    r"^(?:(?:and|ah|oh|oops|sorry|so|no|wait)[,!.]?\s+)*not "
    r"(?P<old>(?:the |on )?[\w'-]+(?: [\w'-]+)??),? (?:it's |its |it is |but )?"
    r"(?P<new>(?:the |on )?[\w'-]+(?: [\w'-]+)?)[.!]*$",
    _I,
)
# "so june 16 now, not june 2", "march 24 not the 17th": a new value and the old, nothing else.
_BARE_PAIR = re.compile(
    r"^(?:(?:so|ok|okay|right|well|now)[,]? )?"
    r"(?!(?:it's|its|it|that's|thats|he's|she's|they're)\b)"
    r"(?P<new>(?:the |on )?[\w'-]+(?: [\w'-]+)?)"
    r"(?: now)?,? not (?P<old>(?:the |on )?[\w'-]+(?: [\w'-]+)?)[.!]*$",
    _I,
)
_DAY_OR_DATE = re.compile(
    r"\d{1,2}(?:st|nd|rd|th)\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b"
    r"|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b",
    _I,
)
# "not X but Y" and "X …, not Z": a correction without a cue word.
_CORRECTION_SHAPES = re.compile(
    r"\bnot\s+(?:\S+\s+){0,4}?but\s+\S|\S,\s*not\s+(?!only\b|just\b|sure\b|really\b|yet\b)\S"
    r"|^(?:it|it's|it is|that's|they're)\b.*\S\s+instead of\s+\S"
    # "its now the 19th march not the 12th": a date or a day for another, comma or not
    r"|^(?:it's|its|it is|that's)\s.*\S\s+not\s+(?:the\s+|on\s+)?(?:\d|(?:mon|tues|wednes|"
    r"thurs|fri|satur|sun)day)"
    # "it's P3 not P2!": a code for a code, a learner's comma left out
    r"|^(?:it's|its|it is|that's)\s+(?=[\w.-]*\d)[\w.-]+\s+not\s+(?=[\w.-]*\d)[\w.-]+[.!]*$"
    # "now I do 24 hours a week not 20": hours for others, a learner's comma left out
    r"|\b\d+ (?:hours?|days?|shifts?) (?:a|per) (?:week|day|month) not \d+\b"
    # "the viva is the 19th not 9th": a day for another, said of what it is
    r"|\b(?:is|are|was|'s) (?:on )?(?:the )?\d{1,2}(?:st|nd|rd|th)\s+not\s+(?:the\s+)?"
    r"\d{1,2}(?:st|nd|rd|th)?\b"
    # "I start the 17th instead of the 10th": a date for another
    r"|\d(?:st|nd|rd|th)?\b[^,;]{0,20}\s+instead of\s+(?:the\s+|on\s+)?[£$€]?\d"
    # "sorry colemak-dh not plain colemak", "Bradford not Leeds": the whole message is the swap
    # (words, not figures: "5 not 6" alone corrects nothing said)
    # (not "I do not drive much", "probably not tonight": a verb or a hedge before "not")
    r"|^(?!(?:i|we|you|he|she|it|they|this|that|there|probably|definitely|maybe|why|if)\b)"
    r"(?![\w.+-]+ (?:do|does|did|is|are|am|was|were|can|could|will|would|should|has|have|had)"
    rf"\b)[a-z][\w.+-]*(?: [a-z][\w.+-]*)? not (?:{alternation(PLAIN_WORDS)} )?[a-z][\w.+-]*"
    r"(?: [a-z][\w.+-]*)?[.!]*$",
    _I,
)
_SPLICED_CORRECTION = re.compile(r",\s+(?P<tail>(?:it's|it is|they're|that's)\s.+)$", _I)
_IT_IS = re.compile(r"^it(?:'s| is)\s+(?P<rest>.+)$", _I)
_NOT_OLD = re.compile(r"[,(]?\s+not\s+(?!only\b|just\b|sure\b|really\b)[^,;()]+", _I)

# "cancelled the paddle course rota changed …", "I've called off the party": a plan undone.
_CANCELLED_PLAN = re.compile(
    # ("cancelled the ad200, got the ad300 pro instead": a swap, kept whole)
    r"^(?!.*\binstead\b)(?:I |I've |we |we've )?(?:cancel+ed|called off|scrapped) "
    r"(?P<what>(?:the|my|our) (?!(?:order|booking|plan|idea|subscription|appointment)\b)"
    r"[a-z][\w-]*(?: [a-z][\w-]*){0,3}?)"
    r"(?=\s*(?:[,.;!]|$)|\s+(?:because|bc|cos|as|since|so|due|rota|after|today|yesterday|"
    r"got|and|now)\b)",
    _I,
)

# "the society trip on the 10th got cancelled", "our dinner at the Mooring has been called off":
# the same plan undone, said of the plan.
_PLAN_CANCELLED = re.compile(
    r"^(?:(?:so|and|but|ok|well)\s+)?(?P<what>(?:the|my|our) (?!(?:order|booking|plan|idea|"
    r"subscription|appointment)\b)[a-z][\w-]*(?: [a-z][\w-]*){0,3}?)"
    r"(?: (?:on|for|at|this|next) [\w ]{1,20}?)?"
    r" (?:got|was|has been|have been|is|are|'s been|’s been) (?:now |just |officially )?"
    r"(?:cancel+ed|called off|scrapped)\b",
    _I,
)

_TASK = re.compile(
    r"^(?:i (?:still |really |also |just |definitely )?(?:need|have|ought) to|i've got to|"
    # ("I should like to know …", "I should be lost without the Dales": the older "would")
    r"i must|i gotta|i should(?! (?:like|love|hate|prefer|think|imagine|hope|be (?:glad|"
    r"grateful|lost|delighted|happy|obliged|pleased|interested|sorry|surprised)))|remind me|"
    r"(?:can|could|would|will) you (?:please )?remind me|"
    r"don'?t (?:let me )?forget|remember to|we (?:still |really |also )?need to|we must|"
    r"we should|we have to)\b|^(?:todo|to-do|to do)\b[:\s]",
    _I,
)
# "we need a cancellation policy field" is work to do; "I need some advice" asks for help.
_ROUTINE_TASK = re.compile(
    r"^(?:i|we) (?:still |really |also |just |probably )?(?:need|have|ought|must|should|gotta)"
    r"(?: to)? (?:check|look|see|try|figure|think|debug|test|run|restart|read|ask|google|find out|"
    r"understand|know|learn how|get|go|leave|sleep|eat|log off|head out|take a break|focus|"
    r"call it|wrap up|finish up|step away|grab|double.check|verify|confirm|review|fix (?:it|this|"
    r"that)|rerun|re-run|redeploy|deploy|push|commit|merge|update|install|clean up|refactor|"
    r"figure out|dig|investigate|compare|decide"
    # "I need to buy milk": the week's shopping
    r"|(?:buy|pick up) (?:some |more )?(?:milk|bread|eggs|groceries|food|coffee|snacks|"
    r"toilet roll|loo roll|cat food|dog food|nappies|diapers)\b)\b",
    _I,
)
_NEED_THING = re.compile(r"^we (?:still |really |also )?need (?:a|an|the|new|some|\d+)\b", _I)
# "I need to write, tack!": a task needs an object, not just a verb.
_TASK_TOO_SHORT = re.compile(
    r"^(?:i|we) (?:\w+ )?(?:need|have|ought|must|should|gotta|got) (?:to )?\w+\s*(?:[,.!;]|$)", _I
)

_RULE = re.compile(
    r"^(?:please (?:always|never|don't|do not|use|keep|write|answer|reply|respond|stop|"
    r"avoid|give|quote|show|format|spell|include)|(?:always|never) (?:answer|respond|reply|"
    r"write|use|speak|talk|greet|start|suggest|include|add|give|format|explain|call|keep|ask|"
    r"mention|show|put|lead)|(?:don't|do not) "
    r"(?:suggest|use|write|answer|add|include|start|give|explain|call|ask|summari[sz]e|"
    r"mention|recommend|send|reply|respond|repeat))\b",
    _I,
)
# "please always correct my mistakes, ok?": a request, with a word to check it is heard.
_PLEASE_OK = re.compile(
    r"^(?P<asked>(?:please|pls|plz) [^?]+?),?\s+(?:ok|okay|yes|yeah|right|alright)\s*\?+$", _I
)
_STANDING = re.compile(
    r"\b(?:always|never|from now on|going forward|in (?:the )?future|every time|by default|"
    r"whenever|any time|each time|in general|for (?:all )?my (?:\w+ )?(?:stuff|work|texts|"
    r"emails|code|questions)"
    # "please use British spellings", "give all prices in pounds": every answer, by its nature
    r"|(?:british|american|uk|us) spellings?|abbreviations|all (?:prices|amounts|figures|"
    r"measurements|units|answers|replies)|(?:in|for) (?:your|all|every) (?:answers|replies|"
    r"responses)"
    # "please write in British English and in complete paragraphs": how everything is written
    r"|in (?:british|american|uk|us|plain|simple) english|in (?:complete|full|whole) "
    r"(?:paragraphs|sentences)|(?:no|without) bullet points"
    # "please keep using TypeScript in examples": what goes on being done, in every example
    r"|keep (?:using|writing|answering|giving)(?! (?:the same|that|this|it|them|those)\b)"
    r"|(?:in|for) (?:the |all |your |code )?examples)\b",
    _I,
)
# Role-play and one-off tasks are instructions for one conversation, not rules.
_ONE_OFF = re.compile(
    r"\b(?:act as|pretend|role-?play|imagine you|you are now|this (?:text|email|code|article))\b",
    _I,
)
# ('never "I hope this email finds you well"': what is quoted is the words, not the request)
_QUOTED_WORDS = re.compile(r"[\"“][^\"”]*[\"”]")
# 'never "Hope you're well"': a phrase never to write
_NEVER_QUOTED = re.compile(r"^(?:(?:and|also|but|please),? )*never (?=[\"“])", re.IGNORECASE)


def _one_off(sentence: str) -> bool:
    return _ONE_OFF.search(_QUOTED_WORDS.sub('"…"', sentence)) is not None


_ROLE_PLAY = re.compile(
    r"\byou (?:to )?(?:act as|pretend|role-?play|play the role|be my \w+ for)\b|\byou are now\b", _I
)
# "use pytest parametrize instead of loops, always": an imperative with a standing word.
_BARE_IMPERATIVE = re.compile(
    r"^(?:use|write|answer|reply|respond|keep|format|explain|give|suggest|prefer|stick to)\s+\S",
    _I,
)
# "keep answers short", "format replies as bullets": about every answer, so standing by nature.
_ABOUT_ANSWERS = re.compile(
    r"^(?:please )?(?:keep|make|give|write|format|put|start|end)\s+(?:your |the |all |my )?"
    r"(?:answers|replies|responses|explanations|summaries)\b"
    # "keep it short pls": said of the answers, in chat ("keep it simple" is said of the work)
    r"|^(?:please )?keep it (?:short|brief|concise|tight|to (?:one|a|\d))\b",
    _I,
)
_KEEP_IT = re.compile(r"^(?:please )?keep it\b", _I)
# "i hate essays, commands and bullets pls": a taste, then a request run into it.
_ENDS_WITH_PLEASE = re.compile(
    r"^(?:(?:also|fyi|btw|and|oh)[,:]? )*I (?:really )?"
    r"(?:hate|love|like|prefer|dislike|can't stand)\b.*\b(?:please|pls|plz)[.!]*$",
    _I,
)
_WHY_AFTER = re.compile(r",\s+(?:the|my|i|i'm|it|it's|this|that|we|they)\b.*$", _I)
# "please don't do motivational quotes at me": whom the rule is for goes without saying
_AT_ME = re.compile(r"\s+(?:at|to) me(?=[.!]*$)", _I)
_THOSE_ONES = re.compile(r"\b(using|use|giving|give|adding|add) (?:those|these) (?:little )?", _I)
_TRAILING_PLEASE = re.compile(r",?\s*\bplease[.!]*$", _I)


def _as_rule(asked: str) -> str:
    """ "keep it short please" → "please keep answers short": a rule for the answers."""
    rule = _TRAILING_PLEASE.sub("", _KEEP_IT.sub("keep answers", asked))
    rule = _WHY_AFTER.sub("", rule)  # "keep it short, the fridge is full of drawings"
    # "stop using those little tick boxes": the ones in the answers, whoever reads the rule
    rule = of_every_answer(_THOSE_ONES.sub(r"\1 ", rule))
    return rule if rule.lower().startswith("please") else f"please {rule}"


_CAN_YOU = re.compile(r"^(?:can|could) you (?:just |please )*", _I)
# "I need you to be blunt with me about tone", "be brutally honest": how to answer, always.
# ("be honest, is it bad?" asks once.)
_MANNER = re.compile(
    r"^(?:(?:I need you to |I want you to )(?P<asked>be (?:\w+ )?(?:blunt|honest|direct|frank|"
    r"harsh|critical)\b[^?]*)|(?:please |pls |just )?(?P<said>be (?:brutally |totally |"
    r"completely |really |very )?(?:blunt|honest|direct|frank|harsh|critical) with me\b[^?]*)"
    # "Be blunt please, I don't want nice, I want good."
    r"|(?P<begged>be (?:brutally |really |very )?(?:blunt|honest|direct|frank|harsh|critical)),? "
    r"(?:please|pls)\b[^?]*)$",
    _I,
)


def _in_answers(manner: str) -> str:
    """ "Be blunt" → "be blunt in answers": a manner asked for alone, said of every answer."""
    return f"{manner[:1].lower()}{manner[1:]} in answers"


_NEGATIVE_RULE = re.compile(
    r"^(?:please )?(?:don't|do not|never|always|stop (?:using|doing|giving|adding|putting|"
    r"saying|writing|including|starting|ending|apologi[sz]ing))\b",
    _I,
)
# "please drop the emojis", "lose the preamble": the way answers look, asked for once and
# for all (the thing names a part of an answer, never of the work).
_DROP_THING = re.compile(
    r"^(?:(?:and|also|oh|but),? )?(?:pls |please |can you |could you )?"
    r"(?:drop|lose|ditch|skip|stop using|stop with|"
    r"cut|no more|no) (?:the |all the |all )?(?P<thing>emojis?|emoticons|exclamation marks|"
    r"preambles?|intros?|disclaimers|caveats|small talk|pleasantries|apologies|"
    r"headings|bullet points|summaries|recaps|essays|walls of text|lectures|waffle)\b"
    # ("and no emojis anywhere, last bot put rockets in my comments")
    r"(?: anywhere| ever| at all| in (?:the |my )?(?:code|comments))?"
    r"(?:,?\s*(?:please|pls))?"
    r"(?=[,.!;]|$)",
    _I,
)
_NO_THING_PLEASE = re.compile(
    r"^no (?P<thing>\w[^,.;]*?)\s*,?\s*(?:please|from you|in your (?:answers|replies))[.!]*$", _I
)


# "I'll report back after the 21st": a promise to the listener, not a fact of one's own
_WILL_TELL_YOU = re.compile(
    r"^(?:i'll|i will|will|i'm going to|gonna)\s+(?:report back|let you know|keep you posted|"
    r"update you|get back to you|check back|circle back|ping you|tell you how)\b",
    _I,
)


def is_small_talk(sentence: str) -> bool:
    """True when every word is greeting, thanks or agreement vocabulary (and no number)."""
    if re.search(r"\d", sentence):
        return False  # "I'm 34" says something
    words = re.findall(r"[a-z]+(?:'[a-z]+)?", sentence.lower().replace("’", "'"))
    return all(word in _SMALL_TALK_WORDS for word in words)


def _is_question(sentence: str) -> bool:
    return sentence.rstrip().endswith("?") or bool(_QUESTION_START.match(sentence))


def _correction(sentence: str, work: bool, names: Collection[str] | None) -> Classification | None:
    for index, cue in enumerate(_CORRECTION_CUES):
        match = cue.match(sentence)
        if match is None:
            continue
        rest = sentence[match.end() :].strip()
        if not rest:
            # "I was wrong about the date." states the correction itself.
            said_so = index == 1 and match["about"] is not None
            return Classification("correction", sentence) if said_so else None
        if is_small_talk(rest) or _is_question(rest):
            return None  # "wait is that not a wedding weekend" asks; it corrects nothing
        about = match.groupdict().get("about")
        pronoun = _IT_IS.match(rest)
        if about and pronoun is not None:
            # "I was wrong about the budget, it is 40k" names what "it" is.
            return Classification("correction", f"{about} is {pronoun['rest']}", cued=True)
        inner = classify(rest, work=work, names=names)
        if inner is None and not _NOT_OLD.search(rest):
            # "sorry I meant the 21st", "make that 650": a new value for what was just said
            value = bare_value(rest)
            return Classification("correction", f"it's {value}", cued=True) if value else None
        if inner is not None and inner.tag == "ephemeral" and not _NOT_OLD.search(rest):
            return inner  # "actually, I need to …" is a task, not a correction
        body = inner.body if inner is not None else rest
        return Classification("correction", body, cued=True, about=about)
    if _CORRECTION_SHAPES.search(sentence):
        inner = statement(sentence, work=work, names=names)
        if inner is not None:
            return Classification("correction", inner.body)
        if is_subjectless(sentence) and swappable(sentence):
            # "it's Glasgow now, not Edinburgh": applied to what was said before, or dropped.
            return Classification("correction", sentence)
    # "my class moved, it's on Thursdays now instead of Tuesdays": the correction after a comma.
    spliced = _SPLICED_CORRECTION.search(sentence)
    if spliced is not None and swappable(spliced["tail"]):
        return Classification("correction", spliced["tail"])
    return None


def classify(
    sentence: str, *, work: bool = True, names: Collection[str] | None = None
) -> Classification | None:
    """Decide whether one sentence holds a memory, and which kind.

    Args:
        sentence: One sentence, fillers already stripped.
        work: The conversation is about work, so "we" means the speaker's team
            (otherwise sentences about "we" are left out).
        names: Words known to be names in the conversation (see
            :func:`~.statements.statement`); None accepts any capitalised word.

    Returns:
        The classification, or None for questions, small talk and sentences
        that hold no fact about the speaker or their work.
    """
    s = sentence.strip()
    if not s or is_small_talk(s) or _WILL_TELL_YOU.match(s):
        return None
    if (turned := _ISNT_ITS.match(s)) is not None:
        # "my flight isn't Monday, it's Tuesday" → "my flight is Tuesday, not Monday"; when
        # the rules cannot read what it is about ("osce isnt the 26th its the 27th"), the
        # value mends the line that held the old one
        new, old = turned["new"].rstrip(".!"), turned["old"]
        named = f"{turned['what']} is {new}, not {old}"
        if statement(named, work=work, names=names) is None:
            return classify(f"it's {new}, not {old}", work=work, names=names)
        s = named
    s = restated(s)
    if _NEVER_QUOTED.match(s):
        s = _NEVER_QUOTED.sub("never write ", s)
    if (flipped := _NOT_THEN_NEW.match(s)) is not None:
        s = f"it's {flipped['new']}, not {flipped['old']}"
    if (pair := _BARE_PAIR.match(s)) is not None and all(
        _DAY_OR_DATE.search(value) for value in (pair["new"], pair["old"])
    ):
        said = f"it's {pair['new']}, not {pair['old']}"
        if swappable(said):
            return classify(said, work=work, names=names)
    if (tagged := _PLEASE_OK.match(s)) is not None:
        s = tagged["asked"]  # "please always correct my mistakes, ok?" asks nothing
    if (style := answer_style(s)) is not None:
        return Classification("permanent", style)
    if _is_question(s):
        if _REMINDER.search(s):
            return Classification("ephemeral", s) if not _TASK_TOO_SHORT.match(s) else None
        request = _RULE_REQUEST.match(s.rstrip("?").strip())
        if request is not None:
            return Classification("permanent", _as_rule(request["rule"]))
        # "can u just give me kg always": a standing request, asked as a question
        request_text = s.rstrip("?").strip()
        asked = _CAN_YOU.sub("", request_text)
        if asked != request_text and _BARE_IMPERATIVE.match(asked) and _STANDING.search(asked):
            return Classification("permanent", f"please {asked}")
        return None
    if _FOR_NOW.search(s) or _ROLE_PLAY.search(s):
        return None  # "… for now" will change; "I want you to act as …" is a game
    if (cancelled := _CANCELLED_PLAN.match(s)) is not None:
        # it replaces the line of the plan ("User booked a paddle course.") when Dream runs
        return Classification("correction", f"I cancelled {cancelled['what']}")
    if (cancelled := _PLAN_CANCELLED.match(s)) is not None:
        return Classification("correction", f"I cancelled {cancelled['what'].lower()}")
    correction = _correction(s, work, names)
    if correction is not None:
        return correction
    # "please write a poem about the sea" asks once; "please use metric units,
    # always" and "please don't suggest Java" are standing rules.
    standing = _STANDING.search(s) or _NEGATIVE_RULE.match(s)
    if _RULE.match(s) and standing and not _one_off(s):
        # ("never use emoji please": the "please" belongs to the asking, not the rule)
        return Classification("permanent", _TRAILING_PLEASE.sub("", _AT_ME.sub("", s)))
    if _BARE_IMPERATIVE.match(s) and standing and not _one_off(s):
        bare = _TRAILING_PLEASE.sub("", s)
        return Classification("permanent", f"please {bare[:1].lower()}{bare[1:]}")
    if _ABOUT_ANSWERS.match(s) and not _one_off(s):
        return Classification("permanent", _as_rule(s))
    if (manner := _MANNER.match(s)) is not None and not _one_off(s):
        return Classification(
            "permanent",
            f"please {manner['asked'] or manner['said'] or _in_answers(manner['begged'])}",
        )
    if (no_thing := _NO_THING_PLEASE.match(s) or _DROP_THING.match(s)) is not None:
        return Classification("permanent", f"please no {no_thing['thing']}")
    # ("I'm handing in my notice at DHL today": a step in a life, on a day)
    if (_TASK.search(s) or _NEED_THING.match(s)) and milestone(s) is None:
        if _TASK_TOO_SHORT.match(s) or (s.lower().startswith("we") and not work):
            return None
        if _ROUTINE_TASK.match(s) and not is_time_bound(s):
            return None  # "I need to check the logs": a step of the work at hand
        return Classification("ephemeral", s)
    if _ENDS_WITH_PLEASE.search(s):
        return None  # "i hate essays, commands and bullets pls": a request ran into it
    return statement(s, work=work, names=names)
