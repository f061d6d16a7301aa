"""Lines that name a thing or a deed without what it is: the talk around them said it.

"User booked the flights.", "User found 2 options.", "User has a draft.", "User
got 5l of evapo-rust.", "Closing date is 25 July.": each reads alone and is
true, but keeps nothing a reader could use, because which flights, which
options, what draft, what closes, only the chat before said. :data:`THIN_LINES`
lists the shapes; :func:`.salience.worth_keeping` drops a line of any of them.
"""

from __future__ import annotations

import re

from reverie.providers.offline.frame_words import ANIMAL, DATE
from reverie.providers.offline.vocabulary import LASTING_ALONE, alternation

__all__ = ["THIN_LINES"]

_I = re.IGNORECASE

# "Omar has got about 20." (guests, after "how many are you inviting?"): a count of nothing
_BARE_COUNT = re.compile(
    r"^\S+ (?:has|have|ordered|bought|booked|needs|wants|got|is doing|are doing)(?: got)? "
    # ("User has 31 years.", an age said the way another language says it, is read as one)
    r"(?:about |around |roughly |like |maybe |only |just )?\d+(?:ish)?(?: years)?\.$",
    _I,
)
# "User is learning.", "Theo has been thinking.", "Start date is moving.": doing something,
# without what (or where to).
_BARE_DOING = re.compile(
    # (not "User is studying nursing": the thing studied may end in "-ing" too)
    r"^[A-ZÀ-Þ]\S*(?: [a-z]\S*){0,2} (?:is|are|has been|have been) (?!not )"
    r"(?:(?:still|really|just|now|also|always|currently|actually|finally|already) )?"
    # ("User is breastfeeding." says it all)
    rf"(?!{alternation(LASTING_ALONE)}\.)\w+ing\.$"
    # "User is going to start tomorrow": start what, the talk says.
    r"|^\S+ (?:is going to|will|wants to|plans to) (?:start|begin|try|do it|go for it)"
    r"(?: (?:tomorrow|today|tonight|soon|now|next week|on \w+day))?\.$"
    # "User will send on 21 October 2025.": send what, the talk said
    r"|^\S+ will (?:send|do|check|post|email|write|finish|submit|book|pay|buy|order|sign)"
    r"(?: (?:it|them|that|this))?(?: (?:on|by|tomorrow|today|tonight)\b[^.]*)?\.$"
    # "User has no intention of doing so.": of what, the talk before said
    r"|^\S+ (?:has|have) no (?:intention|plans?) of (?:doing|going)(?: so| it| that)?\.$"
)
# "User booked the flights.", "User found a place.": a deed whose thing only the talk names
# ("User has got an allotment" has it; "Luis got an offer" is news). An animal, a house or
# a car is a thing of a life, whichever one: "User adopted a greyhound."
_BARE_DEED = re.compile(
    r"^\S+ (?:has |have )?(?:just )?(?:\w+ed|found|bought|sold|made|took|lost|sent|paid) "
    rf"(?:the|a|an) (?!(?:{ANIMAL}|house|car)\.)[a-z]+\.$"
)
# "User booked first one.", "User found 2 options.", "User signed and sent.": a deed whose
# object is only a count or "one" said in the chat before.
_BARE_PICK = re.compile(
    r"^\S+ (?:has |have )?(?:just )?(?:\w+ed|found|bought|sold|made|took|sent|paid|got|chose)"
    r"(?: (?:the|a|an|both|all|\d+|two|three|four|first|second|third|last|other|new|old))"
    r"{0,2} (?:one|ones|options?|choices?|things?)\.$"
    r"|^\S+ (?:\w+ed|sent|sold|paid|done) and (?:\w+ed|sent|sold|paid|done)\.$"
    r"|^\S+ (?:has )?(?:chosen|picked) User\.$"  # a cat's fondness: "she's chosen me"
    # "User booked physio.", "User applied online.", "User got the job.": what, when or
    # which one, only the talk around it said (someone's news, "Ines got the job.", is kept)
    r"|^\S+ (?:has )?(?:just )?(?:booked|applied)(?: online)?(?: [a-z]+)?\.$"
    r"|^\S+ (?:has )?(?:just )?(?:signed up|registered|enrolled|subscribed)\.$"
    # "We are 4 people.": who "we" are, the talk says
    r"|^User (?:is|are) (?:\d+|two|three|four|five|six|seven|eight) (?:people|persons|of us)\b"
    r"|^User (?:has )?(?:just )?got the job\.$"
    # "User has two options.": which, the talk said
    r"|^\S+ (?:has|have|had) (?:\d+|two|three|four|a few|some|several) (?:options|choices)\.$",
    _I,
)
# "User got 5l of evapo-rust.", "User ordered 30 sheets.": supplies for the job in hand,
# bought by measure or by the pack ("User got 120 firebricks" builds something: kept).
_SUPPLIES = re.compile(
    # "User ordered 2 kits 36 eur total.", "User has five copies of the death certificate."
    # ("User has a pair of reading glasses" is kept)
    r"^\S+ (?:has |have )?(?:just |also )?(?:(?:got|ordered|bought) (?:\d+|a|an|one|two|three|"
    r"four|five|six|ten)|(?:has|have) (?:\d+|two|three|four|five|six|ten)) "
    r"(?:copies|kits?|sets?|pairs?)\b|"
    r"^\S+ (?:has |have )?(?:just |also )?(?:got|ordered|bought|picked up|grabbed) (?:another )?"
    r"(?:\d+(?:[.,]\d+)?|a|an|one|two|three|four|five|six|ten) ?(?:ml|l|litres?|liters?|kg|kilos?|"
    r"g|grams?|m|metres?|meters?|ft|foot|feet|cm|mm|lbs?|oz|gallons?|tins?|bags?|packs?|boxes|"
    r"rolls?|tubes?|bottles?|sheets?|cans?|cartons?|tubs?)\b(?! (?:old|long|wide|high|deep)\b)",
    _I,
)
# "The Samsung is 60 cm.", "The flourish bits are 0.2pt.": a thing's size, measured for the
# job in hand (a size of one's own, "User is 1.80 m", has a person for its subject).
_THINGS_SIZE = re.compile(
    r"^The [^.]*\b(?:is|are) [^.]*\b\d+(?:\.\d+)? ?(?:cm|mm|pt|m|mp|inch(?:es)?|ft|"
    r"metres?|meters?)\b"
)
# "Closing date is 25 July.", "The due date is the 28th.", "Target: 31 December.": a date
# whose thing only the talk names ("Deadline: beta launch is March 28" names it).
_WHOSE_DATE = re.compile(
    r"^(?:the )?(?:closing date|deadline|target|due date|end date|date)(?: is|:) "
    r"(?![^.]* is )[^.]{1,30}\.$",
    _I,
)
# "User has started the online form.": a task under way, finished by the next talk.
_TASK_STARTED = re.compile(
    r"^\S+ (?:has|have) (?:just )?(?:started|begun) (?:the|a|an|their) (?:[\w-]+ ){0,2}?"
    r"(?:form|list|sheet|spreadsheet|application|draft|paperwork|homework|letter|report|email)\b"
)
# "User writes the note.", "User practices two times.", "User reads together before sleep.":
# a task of the day or a manner, said in the present ("User writes Java all day" is a job).
_TASK_IN_PRESENT = re.compile(
    r"^User (?:writes|reads|practices|practises) (?:the|a|an|all|together|like|with|two|three|four|"
    r"\d+)\b"
    # "User writes in their notebook.": where today's notes go
    r"|^User writes (?:it )?(?:in|on|down in) (?:their|a|the) (?:notebook|diary|journal|"
    r"calendar|phone)\b"
)
# "User wants the paneer.", "User wants a real orchestrator.": a wish of the moment, named in
# a word or two with nothing to keep it by ("User wants to learn the cello" is a plan).
_BARE_WANT = re.compile(
    r"^User wants (?:the|a|an|some) (?:[\w-]+ ){0,2}[\w-]+\.$|^User wants the same\b"
    # "User wants to change the goal.", "User wants to stay.": to what, or where, the talk says
    r"|^User wants to (?:stay|change (?:the|it|that|this)(?: [\w-]+)?)\.$"
    # "User wants to start with grandad.", "User wants to be kind but not grovel.", "User
    # wants to say they open window every day.": the order or the tone of the piece in hand,
    # or what it should say
    r"|^User wants to (?:start|begin|open|end|finish) with\b"
    r"|^User wants to be (?:kind|polite|firm|honest|nice|clear|friendly|professional|warm)"
    r"(?: but| and|,)"
    r"|^User wants to (?:say|mention) (?:that |they |we |it )"
    r"|^User wants to (?:write|send|do|try) (?:a |an |the )?(?:polite |short |nice |quick )?"
    r"(?:email|letter|message|note|reply|draft) first\."
    # "User needs to reply to this complaint.", "User wants to go home.": the task in hand, or
    # the moment's wish
    r"|^User (?:wants|needs|has) to (?:reply|respond|answer|write back) to (?:this|that|these|"
    r"those|it|them)\b"
    r"|^User (?:just |really )?wants to go (?:home|to bed|to sleep)\.$"
)
# "User booked for the 9th.": booked what, the talk says.
# "User actually booked the 16th.": a day, of what the talk said.
_BOOKED_A_DATE = re.compile(
    r"^\S+ (?:has )?(?:just |actually )?booked (?:it |in )?for (?:the )?\S+\.$"
    r"|^\S+ (?:has )?(?:just |actually )?booked the \d{1,2}(?:st|nd|rd|th)\.$",
    _I,
)
# "User has a draft.", "User has a meeting.": something had, with nothing said about it.
_THIN_HAVE = re.compile(
    r"^\S+ (?:has|have) (?:got )?an? (?:new |big |quick |small |little )?(?:draft|plan|idea|"
    r"question|problem|issue|meeting|call|favou?r|request|suggestion|thought|feeling|headache|"
    r"cold|hangover|moment|minute|second|lab|point|theory|confession|update|lot|few|bit|"
    r"dilemma|situation|thing|working title|quote|estimate)(?: already| now| too| back)?\.$"
    # "User has a multimeter.", "User doesn't have a spare pia.": one thing owned or not, with
    # nothing said of it (its name, what it is for)
    r"|^User (?:has|doesn't have) an? (?:spare |new |old )?[a-z]+\.$"
    # "Lila has an allergist appointment next week.", "Magda has an interview tomorrow.": an
    # event named only by when it is, counted from a day the line does not keep
    r"|^\S+ has (?:got )?an? (?:[\w-]+ )?(?:appointment|interview|exam|test|meeting|call|"
    r"viewing) (?:next week|tomorrow|today|tonight|this week|this afternoon|this morning|later)"
    r"\.$"
)
# "User is going in November, not October.", "User wants to go now": going where, the talk says.
_GOING_WHEN = re.compile(
    r"^\S+ (?:is going|are going|wants to go|want to go|will go|is leaving|are leaving) "
    r"(?:in|on|at|now|this|next|then|early|later|soon)\b"
    # ("User and their partner Dami are going.": where, the talk said)
    r"|^\S+(?: and their [\w' -]+)? (?:is|are) (?:both )?going\.$"
)
# "User is B1": a level or a code without what it is a level of.
_BARE_CODE = re.compile(
    r"^\S+ (?:is|are) (?=[A-Za-z]*\d)(?=\d*[A-Za-z])[A-Za-z\d]{2,4}\.$"
    # "The kitchen is 1987.": from that year, said of something only the talk shows
    r"|^(?:The|User's) [a-z]+ (?:is|are|was|were) (?:from )?(?:19|20)\d\ds?\.$"
)

# "User has 20 minutes.", "User has got 7 working days instead of 12.": the time someone has
# for the task in hand.
_TIME_IN_HAND = re.compile(
    r"^\S+ (?:has|have)(?: got)? (?:only |just |about |still )?(?:\d+|two|three|four|five|six|"
    r"seven|a few|some) (?:extra |more |spare |free |working |whole )?(?:minutes|mins|hours|"
    r"days|weeks)(?: (?:left|to go|more|instead of \d+))?\.$"
    # "User has a week more than they thought." (a deadline moved, said as time gained)
    # ("User has one more day.": the exam moved a day)
    r"|^\S+ (?:has|have)(?: got)? (?:an?|one|another) (?:extra |more )?(?:hour|day|week|month)"
    r"(?: (?:more|extra|longer))?(?: than (?:they|he|she|User) thought)?\.$"
)

# "User has decided to withdraw.", "User makes a mistake.": from what, which one, the talk said.
_BARE_DECISION = re.compile(
    r"^\S+ (?:has )?decided to \w+\.$|^\S+ (?:makes|made|has made) (?:a|one) mistake\.$", _I
)
# "User has two pieces of news.", "User is not new.", "User is writing from the armchair.":
# what follows is the news; the line is only its preface.
_PREFACE = re.compile(
    r"^\S+ has (?:two|three|some|a few|a couple of|\d+) (?:pieces|bits) of news\.$"
    r"|^\S+ is not (?:new|sure|certain|bothered|fussed)\.$"
    # (not "… from their armchair, nine days after their new hip, which went in on the 6th")
    r"|^\S+ is (?:writing|typing|messaging|texting) (?:this )?(?:from|on|in|with)\b(?![^.]*\d)"
    # "User knows all about waiting for results.": sympathy, not a fact
    # ("User knows all about blister packs." names something known)
    r"|^\S+ knows all about (?:\w+ing|that|it|this|how|what)\b"
    # "Jordan knows User's going to be far away.", "… knows their audience": what is
    # said next is the point ("… but ur the one who always turns up for me")
    r"|^\S+ knows (?:that )?(?:User|they|he|she|you|the assistant)(?:'s|'re| is| are| will)\b"
    r"|^\S+ knows (?:their|his|her) audience\.$"
    # "User is starting to lose track.": of what the talk is settling
    r"|^\S+ (?:is|am) (?:starting to |beginning to )?(?:lose|losing) track\b"
    # "User wants to make plan.": a plan of what, the talk said
    r"|^\S+ (?:wants|needs) to make (?:a )?plan\.$",
    _I,
)
# "Please do not take this as a plan.": what "this" is, only the talk before says.
_ABOUT_THIS = re.compile(
    r"^User wants the assistant (?:not )?to [a-z]+ (?:this|that|it)(?: (?:as|for|like) [^.]+)?\.$"
)
# "User wants to do a bit tomorrow.": a bit of what, the talk said.
_BIT_OF_IT = re.compile(
    r"^\S+ (?:wants to|will|is going to|plans to|needs to) do (?:a bit|some|a little|a few)"
    r"(?: more)?(?: (?:tonight|tomorrow|today|later|on [^.]+))?\.$",
    _I,
)
# "The team will do the characteristic.", "The team waits 1ms.": which one, or before
# what, only the talk said.
_BARE_PLAN = re.compile(
    r"^\S+(?: team)? (?:will|is going to|are going to) (?:do|use|take|go with|try|get) the "
    r"[a-z]+\.$"
    r"|^\S+(?: team)? waits? (?:about |only )?\d+ ?(?:ms|µs|us|s|secs?|seconds?|mins?|minutes?)\.$"
)
# "Fiona will transfer hers at the end of March.", "… and theirs does too": whose what,
# the talk said ("a cousin of theirs", "waited two years for hers" carry their noun).
_WHOSE_THING = re.compile(
    r"(?<!\bof )(?<!\bfor )(?<!\ba )(?<!\bthe )\b(?:hers|theirs|ours|yours|mine)\b(?! of\b)", _I
)
# "Devika owns that file.": which file, the talk said
_THAT_THING = re.compile(r"^\S+ [a-z]+s (?:that|this|those|these) [a-z]+\.$")
# "Alistair has been outvoted.": the vote was the talk's
_BARE_OUTCOME = re.compile(r"^\S+ (?:has|have) been (?:outvoted|overruled|outnumbered)\.$")
# "Senhor Teixeira proposes a menu: …", "Alistair has also suggested, half-seriously, that
# …": an idea put forward, which the talk went on to take or leave.
_PUT_FORWARD = re.compile(
    r"^(?-i:[A-Z])\w+(?: (?-i:[A-Z])\w+)? (?:has |had )?(?:also )?(?:proposes|proposed|suggests|"
    r"suggested)\b"
)
# "User wants to ask if they need translation.", "User is writing about their problems.", "User
# moves soon.": the talk itself, or a plan with no when.
_ABOUT_THE_TALK = re.compile(
    r"^User (?:wants? to ask (?:if|whether|about|how|what|when|where|why|which|who)|"
    r"(?:is|was) (?:writing|asking|telling you) about)\b"
    r"|^\S+ (?:moves?|is moving) soon\.$"
)
# "Timothy has asked User, with some embarrassment.": what was asked, the talk said.
_ASKED_NOTHING = re.compile(
    r"^\S+(?: \S+)? (?:has |had )?asked (?:User|them|him|her)(?:,? (?:with|in|rather|very|a bit)"
    r"\b[^,.]*)?\.$"
)
# "User starts 6:00.": a start of what, the talk said.
_BARE_HOUR = re.compile(
    # ("User is on at 4.": a shift, today's)
    r"^\S+ (?:starts|finishes|begins|ends|leaves|gets up|wakes up|is on)(?: at)? \d{1,2}"
    r"(?:[:.]\d\d)?"
    r"(?: ?[ap]m)?\.$",
    _I,
)

# "The date User has settled on is Saturday 20th September.": the date of what, the talk said.
_SETTLED_ON = r"(?:settled on|chosen|picked|decided on|agreed on|gone for|booked)"
_WHOSE_CHOSEN_DATE = re.compile(
    rf"^The (?:date|day|time|place|venue|weekend) User (?:has |have |had )?{_SETTLED_ON}\b"
)
# "User booked for wed 3 Dec.", "User has settled on Friday 16 January 2026.": a date chosen
# for what, only the talk before said.
_BARE_DATE_CHOICE = re.compile(
    rf"^User (?:has |have )?(?:just |now |finally )?(?:{_SETTLED_ON}|chose)(?: it)?(?: for| on)? "
    r"(?:the )?"
    # ("User has decided on Sunday 28th September, early in the morning, before …")
    rf"(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*,? )?{DATE}(?:,? \d{{4}})?(?:,[^.]*)?\.$",
    _I,
)
# "User sometimes cooks together.": with whom, the "we" of the talk said.
_ALONE_TOGETHER = re.compile(r"^User (?!and\b)(?:(?!with\b)\w+ ){1,3}together\b(?! with\b)")
# "User just likes the pretty colours.", "User likes the look.": of what, the talk said.
_LIKES_THE_THING = re.compile(
    r"^User (?:just |really |also |still )?(?:likes|loves|enjoys) the (?:[a-z]+ )?[a-z]+\.$"
)
# "User likes the idea of a harpist in principle.": a maybe, which the talk settled later.
_IN_PRINCIPLE = re.compile(r"\bin (?:principle|theory)\b", _I)


# "User writes what they said.", before a practice answer pasted: the paste, not a fact
_WRITES_WHAT_WAS_SAID = re.compile(
    r"\b(?:writes?|wrote|sends?|sent|pastes?|pasted|records?|recorded|types?|typed) (?:down |out )?"
    r"what (?:they|he|she|User|\w+) (?:said|wrote|recorded|answered)\b",
    _I,
)
# "User must be careful.": a note to oneself, not something lasting about them
_NOTE_TO_SELF = re.compile(
    r"^\S+ (?:must|should|has to|needs to|will have to|have to) be (?:more )?(?:careful|patient|"
    r"strong|brave|realistic|honest with (?:themselves|himself|herself))\.$",
    _I,
)


# "User's feeling is no.", "Orphans: probably a handful.": a hunch, or a value guessed at
_HUNCH = re.compile(
    r"^User's (?:gut |own )?(?:feeling|gut|hunch|instinct|guess|vote)s? (?:is|are) "
    r"|^[A-Z][\w /-]{1,30}: (?:probably|maybe|possibly|not sure|no idea|dunno|unclear)\b"
)
THIN_LINES: tuple[re.Pattern[str], ...] = (
    _HUNCH,
    _WRITES_WHAT_WAS_SAID,
    _NOTE_TO_SELF,
    _BARE_COUNT,
    _BARE_DOING,
    _BARE_DEED,
    _BARE_PICK,
    _SUPPLIES,
    _THINGS_SIZE,
    _WHOSE_DATE,
    _TASK_STARTED,
    _TASK_IN_PRESENT,
    _BARE_WANT,
    _BOOKED_A_DATE,
    _THIN_HAVE,
    _GOING_WHEN,
    _BARE_CODE,
    _TIME_IN_HAND,
    _BARE_HOUR,
    _BIT_OF_IT,
    _BARE_DECISION,
    _PREFACE,
    _ABOUT_THIS,
    _BARE_PLAN,
    _WHOSE_THING,
    _ALONE_TOGETHER,
    _WHOSE_CHOSEN_DATE,
    _BARE_DATE_CHOICE,
    _LIKES_THE_THING,
    _IN_PRINCIPLE,
    _BARE_OUTCOME,
    _PUT_FORWARD,
    _THAT_THING,
    _ASKED_NOTHING,
    _ABOUT_THE_TALK,
)
