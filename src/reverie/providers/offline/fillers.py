"""Discourse fillers and lead-ins, stripped before a sentence is read.

"So, btw, …", "… lol", "context: …", "I found out …" carry nothing of the fact;
:func:`strip_fillers` drops them and has :mod:`.told_plainly` put a fact told
sideways plainly ("the GP put me on propranolol" → "I'm on propranolol"), so the
rules (:mod:`.rules`) and frames read the plain sentence.
"""

from __future__ import annotations

import re

from reverie.providers.offline.told_plainly import said_sideways_plainly, told_plainly

__all__ = ["strip_fillers"]

_I = re.IGNORECASE

_FILLERS = re.compile(
    # "Oh no. So you're not coming": dismay, never the "no" of a correction.
    r"^(?:(?:oh no+|oh dear|oh man|"
    r"well|so|ok|okay|oh|hey|hi|hello|also|and|but|btw|by the way|anyway|honestly|apparently|"
    # ("yes i use arch btw": a yes, then what the speaker says of themselves)
    r"yeah(?! yeah)|yep|yup|yes(?=\s+i\s)|in other news|"
    # "nah I already use anki": a suggestion turned down, then what the speaker does
    r"(?:nah|nope|naw)(?=[,!.]*\s+i\s+(?:already|just|still|always|usually|prefer)\b)|"
    # ("mate im a sparky": whom it is said to, then what the speaker is)
    r"(?:mate|dude|bro|bruv|man|guys|lads|girl)(?=,?\s+i(?:'m| am| have|'ve)?\s)|"
    r"basically|tbh|to be honest|obviously|luckily|thankfully|fortunately|unfortunately|sadly|"
    r"fyi|just so you know|for the record|fwiw|ps|p\.s\.|oh and|one more thing|"
    r"(?:a )?(?:small |little )?confession(?=\s*[:—–-])|"
    # ("Sorry — one thing: I said 17 km …": a lead-in, before a dash or colon only)
    r"one (?:other |last |quick |small |more )?thing(?=\s*[:—–-])|"
    # ("Before we go on — please keep using TypeScript": a lead-in, before a dash or colon only)
    r"before (?:we go on|we start|we continue|I forget|you answer)(?=\s*[,:—–-])|"
    r"just a note|note that|note|sorry|sry|soz|oops|quick one|random q|real quick|"
    # "Sorry, mistake – not Didsbury, Chorlton": owning the slip, then the correction
    r"(?:my )?(?:mistake|typo)(?=\s*[,:–—-])|my bad|"
    # "sidenote moving flat 1 feb", "unrelated but …": what follows is the news
    r"side ?note|side-note|unrelated(?: but)?|totally unrelated(?: but)?|"
    # ("Also small aside, my setup is neovim in a terminal")
    r"(?:a |one )?(?:small |quick |little |brief )?aside(?=\s*[,:—–-])|"
    r"heads[- ]up(?: for (?:the )?(?:next|coming) (?:few )?\w+)?|"
    r"yes yes|yeah yeah|hmm+|ah|um+|uh+|lol|haha|context|background|update from my side|"
    # "Facts: postdoc for 4 years in …", "About me: I am civil engineer …": a label for what follows
    r"(?:some |the |key )?facts(?=\s*:)|about me(?=\s*:)|"
    r"(?:my|our|big|bad|good|sad|great|other|some|more|exciting) news|news|random question|"
    # "I've done something slightly mad: signed up for …", "made a decision —": an
    # announcement whose news follows
    r"(?:I've|I have|I) (?:done|did|made) (?:something|a thing|a decision|a big decision)"
    r"(?: (?:a bit|slightly|really|very|kind of|quite|pretty))?(?: \w+)?(?=\s*[:—–])|"
    r"quick question|oh my god|oh my gosh|my god|my gosh|oh god|"
    r"jeez|omfg|god|"
    # "Currently I work as a barista", "these days I work from home": now, as every fact is
    r"currently|at the moment|these days|at present|"
    # ("Now I am living in Burnaby and I study English …": now, as every fact is; "Now I go
    # to buy boxes" is the moment, not a fact)
    r"now(?=,?\s+(?:I(?:'m| am) (?:living|working|studying|based|married|engaged|divorced|"
    r"retired)|I (?:live|work|study)"
    r"|my (?:job|work|home|address) is)\b)|"
    # "I'm afraid, a more personal one": a hedge, not a fear
    r"I'm afraid(?=,)|I am afraid(?=,)|"
    # "problem is im a setter": what the speaker says next is the fact, the lead a frame
    r"(?:the )?(?:problem|thing|issue|trouble|catch) is(?=,? (?:I'm|I am|I've|I have|my)\b))"
    r"\b[,!:.\s—–-]*|(?:please )?(?:remember|"
    r"keep in mind|for future reference|for your information)\s*:\s*"
    # Agreement words count as fillers only when punctuation follows them:
    # "Great, we'll use X" drops "Great,"; "Great Britain is …" stays whole.
    r"|(?:good idea|great idea|sounds good|makes sense|great|perfect|cool|nice|sure|alright|"
    r"right|yes|yeah|yep|thanks|thank you|fair|fine|true|agreed|deal|noted|exactly|"
    r"ok then|oh right|right right|omg|wow|hang on|hold on|"
    # "Haan, born in Delhi", "ja, moved in May": a yes in another language
    r"haan|han|ji|ja|jep|si|sí|oui|opo|oo|sim|tak|da)\s*[,!.]+\s*"
    # "Good but please use UK spelling": praise for the draft, then the wish
    r"|(?:good|great|nice|lovely|perfect|fine|ok|okay|thanks|thank you),? but (?=please\b))+",
    _I,
)
_TRAILING_FILLERS = re.compile(
    r"(?:[,\s]+(?:btw|lol|haha|honestly|anyway|tbh|fyi|though|tho|obviously|i guess|"
    r"i think|for now|lmao|just saying|you know|if you don't mind|if that's ok(?:ay)?|"
    r"for the (?:\d+(?:st|nd|rd|th)|hundredth|millionth|nth) time|good guess|good call|as well|"
    r"good shout|innit|I'm afraid|I am afraid|of course|and everything|and all that|and stuff|"
    r"so like|don'?t judge(?: me)?|no judg(?:e)?ment(?: please| pls)?|"
    # ("turning 40 next month, eek", "night shifts again, kill me": a cry after the fact)
    r"eek|yikes|oof|fml|"
    # ("she's always right", "you were right": "right" there is what someone is)
    r"(?<!turn )(?<!turned )(?<!the )(?<!all )(?<!always )(?<!'s )(?<! is )(?<! are )"
    r"(?<! was )(?<! were )(?<! be )(?<!totally )(?<!completely )(?<!absolutely )"
    r"(?<! not )right))+[.!]*$",
    _I,
)
# "…, but that won't matter at a kids party", "… and she's lovely but also terrifying": the
# speaker's comment on the fact, after it.
_COMMENT_TAIL = re.compile(
    r"(?:,\s*but (?:that|this|it)(?:'s| is| won't| doesn't| wont| doesnt| shouldn't| might)\b"
    r"|,\s*but just in case\b"
    # ("my 40th is on the 3rd, which is part of why this show mattered": why it matters)
    r"|,\s*which is (?:partly |part of |half |a big part of |exactly )?(?:the reason )?why\b[^.!?]*"
    # "I already use Pfeil tools, but warming the lino on the radiator — genius": praise for
    # the other side's tip, after the fact
    r"|,\s*but [a-z]+ing\b[^.!?—–]*\s[—–-]\s*(?:genius|brilliant|amazing|clever|great idea|"
    r"love (?:it|that)|nice one|game changer)\b[^.!?]*"
    # "… from being head of a primary school, so at least I have the time": its upside
    r"|,\s*so at least\b"
    # "im breastfeeding but its so hard": how it feels, after the fact
    r"|,?\s+but (?:it's|its|it is) (?:so |really |very |quite )?(?:hard|tough|difficult|"
    r"exhausting|rough|a lot|fine|ok|okay|worth it)\b"
    # "… and she said "chicken isn't really meat"": what someone answered, after the fact
    r"|\s+and (?:she|he|they|mum|mom|dad) (?:said|says|goes|went)\b"
    r"|,\s*but (?:literally |honestly )?(?:nobody|no one|everyone|everybody) (?:calls|uses|says)\b"
    r"|\s+and (?:hope|pray)(?: for the best)?(?=\s*[.!]*$)"  # "I eat a banana and hope"
    # "I'm 30 in april too don't remind me": how it feels, after the fact
    r"|(?:,?\s+too)?,?\s+(?:don'?t|do not) remind me\b"
    # ("work in IT, nothing exciting": a shrug, after the fact)
    r"|,\s*(?:nothing|not) (?:exciting|fancy|special|glamorous)(?=\s*[.!]*$)"
    # ("night shifts at the depot again, kill me": a cry, after the fact; "or Agnieszka kill
    # me" is the fact's own end)
    r"|,\s*(?:kill me(?: now)?|send help)(?=\s*[.!]*$)"
    # "he lives in deal so diff station": what follows for the talk, after the fact
    r"|,?\s+so (?:a |the )?(?:diff|different|same|other|another)\b[^.!?,]{0,25}(?=\s*[.!]*$)"
    # "switched to fedora 43 last night, cba anymore": weariness, after the fact
    r"|,?\s+(?:cba|can'?t be (?:arsed|bothered))(?: any ?more)?(?=\s*[.!]*$)"
    # "we're on postgres 15 so partial unique index is fine right": what it allows, a question
    r"|,?\s+so (?:a |an |the )?[\w -]{1,40}? (?:is|are|should be|will be|would be) "
    r"(?:fine|ok|okay|good|safe|allowed|supported)\b(?:,? right)?\??(?=\s*$)"
    # "… which covers some of my notice so fingers crossed": a hope, not part of the fact
    r"|,?\s+(?:so |and )?(?:fingers crossed|touch wood|wish me luck|here's hoping|we'll see|"
    r"good luck)\b"
    r"|,\s*(?:everyone|everybody|all my friends|most people) (?:does|do|else does)\b"
    # "no mushrooms pls theyre slimy": why, after the "please" that ends what is wanted
    r"|(?<=\bpls),?\s+(?:they're|theyre|they are|it's|its|it is) (?:so |too |just |really )?[a-z]+$"
    r"|(?<=\bplease),?\s+(?:they're|theyre|they are|it's|its|it is) (?:so |too |just |really )?"
    r"[a-z]+$"
    # "hes 9 so thatll be a laugh": what the speaker expects of it, after the fact
    r"|,?\s+(?:so|and) (?:that|it|this)(?:'ll|ll| will| should| might| may| could) be "
    r"(?:a laugh|fun|interesting|a challenge|an adventure|a nightmare|chaos|carnage|messy|"
    r"entertaining|good|great|nice|quick|short|brief|a short one|a quick one)\b"
    # "I commute Karşıyaka to Konak and it's the only quiet 25 minutes of my day": how it is
    r"|,?\s+and (?:it's|its|it is) (?:the|my) (?:only|best|worst|favourite|favorite|one)\b"
    r"|\s+and (?:she|he)(?:'s| is) (?:lovely|nice|great|alright|ok|okay|sound|a legend|amazing|"
    r"terrifying|scary|mad|lush|sweet|funny|grumpy|strict)\b).*$",
    _I,
)
# Said after the fact, and rarer: read only when their word is in the sentence.
_RARER_TAILS = (
    # "… so hopefully that helps": a hope
    (
        "hopefully",
        re.compile(r",?\s+so hopefully (?:that|it|this) (?:helps|works|sorts it)\b.*$", _I),
    ),
    # "… and October half-term can't come fast enough": a longing
    (
        "enough",
        re.compile(
            r"\s+and [^,.;]{1,40} (?:can't|cannot|can not) come (?:fast|soon|quick|quickly) "
            r"enough\b.*$",
            _I,
        ),
    ),
    # "I'm building a dashboard for our board and need help with the data prep": the ask
    (
        " and ",
        re.compile(
            r",?\s+and (?:I )?(?:need|want|would like|could use) (?:some )?(?:help|advice|"
            r"a hand|your help) (?:with|on)\b.*$",
            _I,
        ),
    ),
)
_ACTUALLY_NOT = re.compile(r",?\s+actually,?\s+not\s+", _I)
_MID_FILLERS = re.compile(
    r"\s+\b(?:btw|by the way|fyi|tbh|lol"
    r"|for the (?:\d+(?:st|nd|rd|th)|hundredth|millionth|nth) time)\b(?=[,.;!?\s]|$)",
    _I,
)
# "we're going to Porto for it, 10th to 14th October": what "it" was (a birthday) said before
_TRIP_FOR_IT = re.compile(
    r"(\b(?:going|flying|heading|off|travelling|traveling) to (?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+"
    r"(?: (?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+)?) for (?:it|that|this)\b(?=\s*[,.;!]|\s*$)",
    _I,
)
# "My budget, all told, is four thousand pounds": an aside between commas, said in passing.
_COMMA_ASIDE = re.compile(
    r",\s*(?:all told|all in all|all in|in total|in all|as it happens|of course|to be candid|"
    r"to be honest|to be fair|frankly|admittedly|if anything|I think|I suppose|I believe)\s*,\s*",
    _I,
)
# "I found out I'm lactose intolerant", "remember lola is diabetic now", "the gp says I'm
# anaemic": how the speaker came to know, or a reminder, before the fact itself.
_HOW_KNOWN = re.compile(
    r"^(?:(?:I|we) (?:just |finally )?found out|(?:it )?turns out|(?:and )?remember|"
    r"don't forget|(?:the |my )?(?:gp|doctor|doc|dentist|consultant|nurse|physio) "
    r"(?:says|said|thinks|confirmed)"
    # "i told her i'm vegetarian", "i keep telling mum i'm vegan": said again, to someone
    # ("I told that I am quality inspector": a learner's "I said", to whom left out)
    r"|I(?: have|'ve)? (?:told|tell|keep telling|kept telling) (?:her|him|them|my \w+|mum|"
    r"mom|dad|(?-i:[A-Z])\w+|that(?= I\b))"
    # "i should say i'm dyslexic": a fact brought up, not a duty
    r"|I (?:should|must|have to|need to|'d better|guess I should) (?:probably |also |just )?"
    r"(?:say|mention|add|tell you|point out)"
    # "I forgot to tell you I didn't take the veltrix job": news held back, now told
    r"|I forgot to (?:tell you|mention|say)"
    # "Maud read my first message over my shoulder and informs me that we were married on …":
    # put right by someone who knows
    r"|(?-i:[A-Z])[\w'-]+ (?:[^,.;]{0,60} and )?(?:informs|tells|reminds|has reminded|reminded|"
    r"points out to) me)(?: that)?,?\s+"
    r"(?=(?:I'm|I am|I have|I've|I didn't|I did not|I got|(?:we|I) (?:got|were|was) married|"
    r"my \w+ (?:is|has)|"
    r"[A-Za-zÀ-ÿ]+ (?:is|has) (?!to\b)))",
    _I,
)
# "De Regenboog says Defne starts Monday 17 November now": news of someone named, through
# whoever sent it (the school, the hospital); what is said of them is the fact.
_SAYS_OF_SOMEONE = re.compile(
    r"^(?:the \w+|(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+(?: (?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+)?) (?:says|said|confirmed|"
    r"wrote|emailed to say|rang to say|called to say)(?: that)?,? "
    r"(?=(?-i:[A-ZÀ-Þ])[\wÀ-ÿ'-]+ (?:starts|begins|finishes|leaves|arrives|flies|moves|is starting|"
    r"is moving|will start|can start|has a place)\b)",
    _I,
)
# "quick intro since this is new: my name is …": a short lead-in before the fact.
_PREAMBLE = re.compile(
    # ("Longer term: I'd love to …" says when, and makes a wish a goal)
    r"^(?!(?i:correction|update|actually|todo|to-?do|to do|reminder|remember|note|nb|"
    r"longer[- ]term|long[- ]term)\s*:)"
    # ("formatting request: short bullet points please": a label that says a wish follows)
    # ("Two preferences up front: give me full files rather than diffs")
    r"(?:(?i:(?:[\w' -]{0,40}\b)?(?:request|preference|favou?r)s?"
    r"(?: up front| first| before we start| for you| going forward| from now on"
    r"| for the rest of (?:this|the chat|the session|the conversation|the project))?)\s*:\s+(?=\w)|"
    # ("food question - I'm coeliac": a label of three words at most, before a dash)
    r"(?:[\w' -]{1,60}:|(?:[\w']+ ){0,2}[\w']+ [-–—])\s+"
    r"(?=(?:I|I'm|I've|my|My|we|We|we're|our|Our|call me|Call me|"
    r"(?i:can you|could you|please|remind me|don't|do not|never|always)|"
    r"[A-ZÀ-Þ][\wÀ-ÿ'-]+ and I|"
    # "medical: Theo has a peanut allergy"
    r"[A-ZÀ-Þ][\wÀ-ÿ'-]+(?: [A-ZÀ-Þ][\wÀ-ÿ'-]+)? "
    r"(?:has|is|was|had|goes|does|needs|gets|takes|can|will|works|lives)"
    r")\b))"
)

# "Having spoken to Ros and to Brenda, the gathering will now be …": how it came about, before
# what stands.
_HAVING_DONE = re.compile(
    r"^having (?:\w+ed|spoken|been|seen|thought|slept|heard|read|taken|given|done|met|"
    r"gone|found|got|gotten|made|had)\b[^,;.]{0,60},\s+(?=\w)",
    _I,
)

# "actually that's not a joke, the tinnitus in my left ear is bad": said in earnest, then what
# "I've just realised we're on Python 3.12, not 3.11": what the speaker now sees is so.
_REALISED = re.compile(
    r"^(?:(?:and|oh|also|but)[,]?\s+)?I(?:'ve| have)? (?:just |only just |now )?(?:realised|"
    r"realized|noticed|checked)(?: that)?,?\s+(?=(?:we're|we are|I'm|I am|it's|its|it is|"
    r"my \w+ (?:is|has))\b)",
    _I,
)
_IN_EARNEST = re.compile(
    r"^(?:(?:actually|seriously|honestly|no but)[,]?\s+)?(?:that's|that is|it's|its) "
    r"(?:not a joke|no joke|not even a joke|true tho|true though)[,.:;]?\s+(?=\w)",
    _I,
)
# "I'm not entirely sure this is the right place to ask, but my mother died in June": a hedge
# about asking at all, before what is told.
_HEDGED_ASK = re.compile(
    r"^(?:(?:I'm|I am|im|I’m) not (?:entirely |really |quite |totally |even |100% )?sure|"
    r"not (?:entirely |really |quite )?sure|I (?:don't|dont|do not) (?:really |even )?know|"
    r"sorry if|this (?:might|may) (?:be|sound))"
    r"(?: (?:if|whether))? (?:this|it|you|I|I'm|im|that)\b[^,.;!?]{0,60}?,?\s+but\s+(?=\w)",
    _I,
)
# "I have decided that the Tallinn tour will be my last": what was decided is what stands.
_DECIDED_THAT = re.compile(
    r"^(?:I|we) (?:have |'ve )?(?:now |finally |just )?decided that,?\s+(?=\w)", _I
)


# Parents and grandparents, as family call them without "my".
_BARE_KIN = r"mum|mam|mom|dad|mother|father|nan|nana|gran|granny|grandma|grandad|grandpa"
# "Mum died in 2016", "Dad moved into Oakfield Lodge today": family said without "my", as the
# subject of what they did.
_BARE_KIN_SUBJECT = re.compile(
    # ("dad is in lagos" is where he lives, read with its place by :mod:`.place_frames`)
    rf"^({_BARE_KIN})"
    r"(?! (?:is|lives) in\b)"
    # (what befell them or how they are; "mum asked if he was a doctor" is talk)
    r"(?=(?: \([^)]{1,30}\))? (?:(?:just|still|never|finally|now) )?(?:is|was|has|had|died|"
    r"passed|moved|lived|turned|turns|fell|broke|works|worked|retired|married|"
    r"divorced|remarried|graduated|started|finished|can't|isn't|wasn't|doesn't|won't)\b)",
    _I,
)
# "mums flying over from wroclaw on the 14th": "mum's", its apostrophe left out, doing
# something.
_BARE_KIN_DOING = re.compile(
    # ("mothers staying at the hostel" may be many mothers)
    rf"^(?!mother|father)({_BARE_KIN})(?:'s|’s|s) "
    r"(?=(?:flying|coming|moving|staying|visiting|starting|retiring|driving|going|having)\b)",
    _I,
)
# "dad's cataract op is thursday 16th oct", "mum's birthday is the 30th": family said
# without "my", as the owner of what is told.
_BARE_KIN_OWNER = re.compile(
    rf"^({_BARE_KIN}|wife|"
    r"husband|hubby|"
    r"sister|brother|son|daughter|boyfriend|girlfriend|partner|fianc[eé]e?)(?:'s|’s) "
    # ("Mother's Day is 15th March": a day, nobody's)
    r"(?!day\b)(?=[a-z][\w-]*(?: [a-z][\w-]*){0,3} (?:is|was|are|were|has|had|will be|got)\b)",
    _I,
)


# "please use simple english na", "I live in Galway ka": a particle of politeness from another
# language, which ends a sentence
_PARTICLE = re.compile(r"(?<=\w) (?:ka|kha|krub|khrap|krap|na|naa|jaa|lah|leh|lor)(?=[,.!?]|\s*$)")
# "never use preset down live anyway": what the speaker never does, not a rule for the answers
_NEVER_ANYWAY = re.compile(r"^never (?P<what>[^.!?]+?),? anyway(?=[.!]*$)", _I)


def strip_fillers(sentence: str) -> str:
    """Drop discourse fillers ("So, btw, …", "… lol") and a short lead-in ("context: …").

    A fact said sideways is put plainly too: "the GP put me on propranolol" →
    "I'm on propranolol", "I'm in a shared house in Mutley" → "I live in …",
    "I am seventy-two" → "I am 72".
    """
    text = told_plainly(_FILLERS.sub("", sentence.strip()).strip())
    text = _PREAMBLE.sub("", _SAYS_OF_SOMEONE.sub("", _HOW_KNOWN.sub("", text)))
    text = _REALISED.sub("", text)
    text = _DECIDED_THAT.sub("", _HAVING_DONE.sub("", _IN_EARNEST.sub("", text)))
    text = _HEDGED_ASK.sub("", text)
    text = said_sideways_plainly(text)
    text = _NEVER_ANYWAY.sub(r"I never \g<what>", _PARTICLE.sub("", text))
    text = _TRAILING_FILLERS.sub("", _COMMENT_TAIL.sub("", text))
    for word, tail in _RARER_TAILS:
        if word in text:
            text = tail.sub("", text)
    text = _ACTUALLY_NOT.sub(", not ", text)  # "based in hove actually not brighton"
    if " for " in text:
        text = _TRIP_FOR_IT.sub(r"\1", text)
    # ("(roller derby lol)" → "(roller derby)")
    text = re.sub(r"\s+\)", ")", _MID_FILLERS.sub("", _COMMA_ASIDE.sub(" ", text))).strip()
    text = _BARE_KIN_DOING.sub(lambda kin: f"my {kin[1].lower()} is ", text)
    text = _BARE_KIN_SUBJECT.sub(lambda kin: f"my {kin[1].lower()}", text)
    text = _BARE_KIN_OWNER.sub(lambda kin: f"my {kin[1].lower()}'s ", text)
    return _FILLERS.sub("", text).strip()
