"""Lines that say how someone feels or what the speaker thinks of someone, not a fact.

"Priya is mortified.", "Gaz is brilliant.", "Bea is a criminal", "User wants to lie
down on the lab floor": true when said, and worth nothing a week later.
:mod:`.salience` drops a line any of :data:`FEELINGS` finds.
"""

from __future__ import annotations

import re

__all__ = ["FEELINGS"]

_I = re.IGNORECASE

# "Bea is a criminal", "User's cat is a menace": a nickname or a verdict, not what someone is.
_EPITHET = re.compile(
    r"\b(?:is|are|'s|will be|has been|have been) (?:actually |honestly |genuinely |such |"
    r"really )?(?:an? |the )?(?:absolute |total |little |"
    r"complete |actual |real |"
    r"(?-i:[a-z]+) )?"
    r"(?:menace|legend|nightmare|disaster|gremlin|saint|criminal|genius|monster|idiot|mess|"
    r"joke|hero|angel|clown|diva|pain|beast|goblin|gem|treasure|keeper|icon|queen|king|"
    r"pile of \w+|husk|wreck|zombie|potato|snack|menace to society|liability|devil|frying pan|"
    r"ghost|dinosaur|grandad of|grandma of|softie|wimp|lightweight|sweetheart|sweetie|"
    r"darling|star|superstar|rockstar|functioning (?:adult|human|person))\b"
    # "User is going to be the best auntie": a boast or a verdict, not a fact.
    r"|\b(?:is|are|'s|will be|is going to be) the (?:best|worst|greatest|biggest|coolest|"
    r"favourite|happiest|proudest|luckiest|maddest) (?!(?:man|woman) at\b)\w+"
    # "User is basically running the place", "literally the devil": said for effect.
    r"|\b(?:is|are|'s|was) (?:basically|practically|virtually|technically)\b|^[^,]*\bliterally\b"
    # "User lives in lawson at this point", "would rather die", "is an expert."
    r"|\bat this point\b|\brather (?:die|drown|be dead|eat glass)\b"
    # "User will be the chalkiest.", "can't draw a straight line", "will have a go at …": a
    # boast, a modest joke, a try
    r"|\bwill be the \w+(?:iest|est)\b(?! (?:in|at|of|to|person|one)\b)"
    r"|\bcan't draw a straight line\b|\bwill have a go at\b"
    r"|\bis an? (?:expert|pro|natural|professional)\.$"
    # "i'm a tired daughter", "I'm a bad friend": how one feels in a part, not the part
    # (not "a proud mum of two", which says how many)
    r"|\b(?:is|'s) an? (?:very |so |really |bit of an? )?(?:tired|proud|exhausted|worried|"
    r"stressed|sleepy|broke|skint|bad|terrible|rubbish|useless|lazy|grumpy|frazzled|anxious|"
    r"nervous|guilty|sad|stressed-out|worn-out) (?:daughter|son|mum|mom|mother|dad|father|parent|"
    r"wife|husband|partner|sister|brother|auntie|aunt|uncle|friend|teacher|nurse|student|person|"
    r"human|girl|boy|woman|man|lady|employee|owner)\b(?! of\b)"
    # "but i know a guy": help on offer, said for effect
    r"|\bknows? a (?:guy|bloke|man|woman|person|girl)\.?$"
    # "i'm a professional i swear": a claim made in jest
    # (not "… every night though, I promise": a promise is kept)
    r"|,? (?:they|I) swear\.?$"
    # "User's heart is broken.": how it feels, said plainly
    r"|^\S+ heart is (?:broken|breaking|in pieces)\.$"
    # "The caravan incident lives in User's head rent free.", "Carys is sobbing in the kitchen",
    # "Seren is obsessed with her now": the moment, told for effect
    r"|\brent[- ]free\b|^\S+ is (?:sobbing|crying|screaming|howling|dying)\b"
    r"|\bobsessed with (?:him|her|them|it)\b"
    # "User is a terrible nana": a verdict on oneself, said for a laugh
    r"|^\S+ (?:is|are) an? (?:terrible|awful|useless|rubbish|hopeless|horrible|bad|shocking) "
    r"(?:nana|nan|gran|grandma|grandad|mum|mom|dad|parent|friend|daughter|son|sister|brother|"
    r"wife|husband|partner|person|human|adult|student|teacher|boss)\.$"
    # "User just wants to be asked", "… wants to be around": a wish of the moment
    r"|^\S+ (?:just )?wants? to be (?:around|asked|told|included|involved|there|heard|"
    r"left alone|listened to)\.$",
    _I,
)
# "User wants to lie down on the lab floor", "… is their #1 nightmare": how a day feels.
_MOOD = re.compile(
    r"\bwants? to (?:lie down|die|cry|scream|sleep|hide|disappear|move to the moon|quit life)\b"
    r"|\b(?:wants?|needs?) (?:a |some |another )?(?:nap|break|coffee|drink|beer|wine|snack|lunch|"
    r"dinner|food|sleep|holiday|vacation|hug|shower|walk)\b"
    # "main character energy" (not "Fernhill Energy", a company)
    r"|\bnightmare\b|\bdream come true\b|(?-i:\b[a-z]+ energy)\.$"
    r"|\blong day\b|\bbusy (?:day|week)\b|\bguess what\b"
    r"|\bof (?:chaos|nonsense|rubbish|garbage)\b|\bshould(?: have|'ve) \w+"
    r"|\bwill be (?:so |very )?(?:proud|happy|thrilled|pleased|fine|ok|okay|sad|gutted|furious|"
    r"devastated|jealous|confused|surprised|shocked|annoyed|upset|mad|delighted|relieved|"
    r"horrified|scandali[sz]ed|fuming|livid|ecstatic)\b"
    r"|\bwill (?:love|hate|adore) (?:it|that|this|User|them|him|her)\b"
    r"|^(?:This|Next|Last) (?:week|weekend|month)\b|^(?:Today|Tomorrow)\b"
    # "Priya is mortified.", "Kerry is knackered too.": a feeling of the moment, nothing more
    # ("User's flatmate Hemi will be stoked.": a feeling to come)
    r"|^(?:\S+ ){0,3}?\S+ (?:is|was|are|were|will be|seems|looks|sounds) (?:\w+ )?(?:mortified|"
    r"disappointed|stoked|delighted|furious|gutted|thrilled|upset|annoyed|knackered|exhausted|"
    r"shattered|livid|"
    r"fuming|buzzing|stressed|nervous|worried|jealous|relieved|devastated|chuffed|excited|"
    r"proud|embarrassed|grumpy|miserable|sulking)(?: too| now| again)?\.$"
    r"|\beither going to be \w+ or \w+\b|\b(?:is|was|were) in (?:\w+ )?form\.$"
    r"|\b(?:is|was) on (?:the|a) (?:call|phone)\.$"
    # "User just finished a night shift": the end of a day, not of a degree
    r"|\bjust (?:finished|got off|got back from|came off) (?:a |an |the |their |my )?"
    r"(?:\w+ ){0,2}(?:shift|work|run|class|lecture|call|meeting|lunch|dinner|gym)\b"
    # "User likes the colours", "Marcus likes scary": a taste for something only the talk names.
    r"|^\S+ (?:likes|loves|hates|enjoys) (?:the \w+s|(?-i:[a-z]+y))\.$"
    r"|^The \w+s is\b"
    # "Theo likes User.": a feeling for the user, said to tease or please
    r"|^\S+ (?:likes|loves|hates|adores|misses) User\b"
    # "User reads wrong, their eyes are tired": a slip owned up to
    r"|^\S+ (?:reads?|read|heard|typed|wrote|counted|misread) (?:it |that )?wrong\b"
    # "User won 5 in a row.", "… the place to themselves for 2 hours": a streak, an evening
    r"|\bin a row\b|\bto themselves for\b|\bas long as their arm\b"
    # "I've accepted my fate", "I have many opinions about this now": a sigh, not a fact
    r"|\b(?:accepted|accepting) (?:their|User's|his|her) fate\b"
    r"|\bhas (?:many|lots of|a lot of|strong) opinions\b",
    _I,
)
# "User's schedule is a bit chaotic.", "User's writing is like a 12 year old.": a verdict.
_VERDICT = re.compile(
    r"^\S+(?:'s \w+)? (?:is|are|was) (?:(?:a bit|kind of|sort of|so|very|really|quite|pretty|"
    r"super|way too|too) \w+|like an? [\w -]+)\.$"
    # "User's English is not so good, sorry for mistakes.": an apology before the question
    r"|^User's (?-i:[A-Z])\w+ is (?:also |still )?(?:not|n't) (?:so |very |that |too |really )?"
    r"(?:good|great|"
    r"perfect|strong)\b"
    # "User's husband is not wrong.", "Kofi is a real person.": said to agree or to tease
    r"|^\S+(?:'s \w+)? (?:is|are) (?:not|n't) (?:wrong|right|joking|kidding|lying)\.$"
    r"|^\S+ is a real (?:person|human|thing)\.$"
    # "Gaz is brilliant.", "Femi is relentless.": a word on someone, not a fact about them;
    # "The port is massive.", "Shreya is always right.": on a thing seen, a point made
    r"|^(?:\S+|(?i:the) \w+(?: \w+)?) (?:is|are|was|were) (?:(?:always|so|really|very|actually|"
    r"honestly|absolutely|literally|totally|completely) )?(?:relentless|brilliant|lovely|amazing|"
    r"hilarious|useless|annoying|lazy|great|awesome|sweet|kind|nice|funny|mad|crazy|weird|"
    r"wonderful|fantastic|incredible|gorgeous|cute|perfect|impossible|unbearable|insufferable|"
    r"obsessed|iconic|a star|massive|huge|enormous|tiny|unreal|insane|wild|stunning|beautiful|"
    r"horrible|awful|terrible|gross|disgusting|chaos|chaotic|right|wrong|correct)"
    r"(?: too| now| again)?\.$"
)

FEELINGS = (_EPITHET, _MOOD, _VERDICT)
