"""How every answer should look, asked in passing: "shorter answers pls", "in km pls not miles".

People ask for the shape of the answers in a few words, often with a reason
before or after ("reading long stuff is hard so can you keep stuff short and in
bullets pls", "… im reading one handed"). :func:`answer_style` turns such a
request into a rule for the assistant ("please give short answers, in bullet
points"), worded the way people ask for it; a request about one text ("make it
shorter", "keep them short") is no rule. What an answer should hold or leave out
("just code pls", "skip the basics") is :mod:`.content_wishes`'.
"""

from __future__ import annotations

import re

from reverie.providers.offline.answer_wishes import answer_wish
from reverie.providers.offline.content_wishes import content_wish
from reverie.providers.offline.figures_wishes import figures_and_language
from reverie.providers.offline.work_wishes import work_wish

__all__ = ["answer_style"]

_I = re.IGNORECASE

# "can I ask one favour – plain English please": how every answer should read.
_STYLE_PLEASE = re.compile(
    r"(?:^|[–—:-] |favou?r,? )(?:(?:just|and|also) )?(?:in )?(?P<style>plain english|simple "
    r"(?:english|terms|language|words)|layman'?s terms|bullet points|metric(?: units)?|"
    # "British spelling throughout, please, and …"
    r"(?:british|uk|american|us|australian|canadian) (?:spelling|english))"
    r"(?: throughout| everywhere| always| from now on)?,? (?:please|pls)(?:[.!]*$|,? and\b"
    # ("british english please, it goes to the ops director": why, after it)
    r"|,\s+(?:it|it's|this|that|as|because|since|bc|cos|I|I'm)\b"
    # ("bullet points pls, short": and short)
    r"|,? (?P<short>short|brief)[.!]*$)",
    _I,
)
# "and use british spelling pls", "so please use simple English and short sentence": the
# language every answer should be written in, asked mid-sentence.
_USE_LANGUAGE = re.compile(
    r"(?:^|[,;:–—-] |\b(?:so|and|also|but|if) )"
    r"(?:(?:pls|please|plz|can you|could you|can u|you could) )*"
    # ("Please with simple words, my english is not so good …": a learner's "use")
    r"(?:always )?(?:use|with) (?P<style>(?:british|uk|us|american|australian|canadian) "
    r"(?:english|spelling)"
    # ("Can you please use more easy English?")
    r"|(?:more |very )?(?:simple|plain|easy) (?:english|words|language)(?: and short sentences?)?"
    r"|short sentences?)"
    r"(?: throughout| always| from now on| for me| with me)?(?:,? (?:pls|please|plz))?"
    # ('use Canadian spelling ("colour", "neighbour") in anything you draft for me')
    # ("please use simple words when you explain": every explanation)
    r"(?=\s*(?:[,.!?;(]|$|in (?:anything|everything|all)\b|when you (?:explain|answer|reply)\b"
    # ("use UK spelling throughout and stop it sounding so American": a second wish)
    r"|and (?:stop|don't|do not|never|avoid|keep|make)\b))",
    _I,
)
# "If you use difficult word, explain in bracket please.": how every hard word is to be met.
_EXPLAIN_HARD_WORDS = re.compile(
    r"(?:^|\bif you (?:use|write|say) (?:a |any )?)(?P<kind>difficult|hard|big|technical|"
    r"new|long|rare) (?:words?|terms?)(?:,|,? (?:then|pls|please))*\s*(?:pls |please )?"
    r"(?:explain|translate) (?:it |them |the meaning )?(?P<how>in (?:a |the )?brackets?|"
    r"in (?:simple|easy|plain) (?:english|words?))",
    _I,
)
# "so please write simple, not difficult words": the words every answer should use.
_WRITE_SIMPLE = re.compile(
    r"(?:^|[,;:–—-] |\b(?:so|and|also|but) )(?:pls|please|plz) (?:(?:can|could) you )?write "
    # ("please can you write more simple English and short sentences?")
    r"(?:in )?(?:more |very )?(?:simple|plain|easy)"
    r"(?: (?:english|words|language))?(?P<short> and short(?:er)? sentences)?"
    r"(?:,? (?:not|no|without) (?:difficult|hard|big|complicated|"
    r"fancy) words)?(?: for me| to me)?(?=\s*(?:[,.!?;]|$))",
    _I,
)
# "Would you mind answering me in ordinary paragraphs, like a letter?": the form of answers.
_ANSWER_IN = re.compile(
    # ("I prefer things explained in ordinary paragraphs, as you would in a letter")
    r"\b(?:answer|answering|reply|replying|write|writing|(?:things |it |everything )?"
    r"(?:explained|written))(?: to)?(?: me)? in (?P<form>(?:ordinary|"
    r"plain|normal|short|full) (?:paragraphs|sentences|prose)(?: and (?:paragraphs|sentences))?)\b",
    _I,
)
# "If you could keep things in plain English I would be very grateful": the words of answers.
_KEEP_IN_WORDS = re.compile(
    r"\b(?:(?:keep|put|write|explain) (?:things|it|everything|stuff|your answers|answers)"
    # "please always answer me in simple english and short sentences, because …"
    r"|(?:answer|reply|write|talk|explain)(?: to)?(?: me)?) (?:in|with|using) "
    r"(?P<style>(?:plain english|simple english|easy english|simple terms|plain language|"
    # ("Please explain in simple words, the government websites are very complicated")
    r"simple words|easy words|"
    r"layman'?s terms)"
    r"(?: and short sentences)?)\b"
    # ("can you explain in simple terms how a mortgage works": this one answer)
    r"(?!\s+(?:how|what|why|where|when|who|which|the|this|that|my|these|those)\b)",
    _I,
)
# "I should much prefer your answers in British English": the words of every answer, preferred.
_PREFER_ANSWERS_IN = re.compile(
    r"\bI(?: should| would|'d)? (?:much |really |rather |very much )?prefer (?:your |the |all )?"
    r"(?:answers|replies|responses)(?: to be)? (?:written )?in (?P<style>(?:british|uk|american|us|"
    r"australian|canadian) (?:english|spelling)|plain english|simple english|plain language)\b",
    _I,
)
# "I like it when you give me the fixed code first and then explain": the order of answers.
_LIKE_IT_WHEN = re.compile(
    r"^I (?:really )?(?:like|love|prefer) it when you (?P<do>(?:give|show|put|start with|explain|"
    r"write|answer|keep|use)\b[^,;!?]{3,80}?)(?=\s*(?:[,.;!]|$))",
    _I,
)
_ME = re.compile(r" me\b", _I)
# "Could you give me changes as a diff from now on, not the whole file again?": a question that
# asks for every answer to come so.
_FROM_NOW_ON = re.compile(
    r"^(?:(?:also|and|so|ok|okay)[,]?\s+)*(?:could|can|would|will) you (?:please |pls )?"
    r"(?:always )?(?P<do>(?:give|write|show|send|put|keep|use|answer|reply|format|start|end|add|"
    r"include|list|number|explain)\b[^?;]{3,100}?) (?:from now on|going forward|in future)"
    r"(?P<not>,? (?:not|rather than|instead of) [^?;,]{2,50}?)?(?: again| please| pls)?\??$",
    _I,
)
# "Paragraphs please, not bullets!", "full files please, not diffs, I copy-paste into neovim":
# one form of answer over another.
_FORMS = (
    r"(?:paragraphs|prose|bullet points|bullets|lists|tables|full files|whole files|diffs|snippets|"
    r"fragments|complete files|(?:the )?(?:whole|full|complete|entire) file)"
)
_FORM_NOT = re.compile(
    rf"(?:^|[,;:]\s+)(?P<form>{_FORMS}),? (?:please|pls|plz),? not (?P<not>{_FORMS})\b",
    _I,
)
# "pls only give me diffs or the changed function, not whole files": what answers should hold.
_PARTS = (
    r"(?:diffs?|files?|functions?|code|snippets?|commands?|bullets?|bullet points|examples?|yaml|"
    r"config|steps|paragraphs|essays|links|tables|answers?)"
)
_GIVE_NOT = re.compile(
    r"^(?:(?:also|and|so|but|ok)[,]?\s+)*"
    # ("ground rules: give me diffs, not whole files": said as a rule, "please" or not)
    r"(?:(?:pls|please|plz) |(?:ground rules|house rules|rules|one thing|preferences?|"
    r"for future reference|going forward|from now on)\s*:\s*"
    # ("when u change existing files just give me the diff, not the whole file")
    r"|when (?:you|u) (?P<when>[^,.;!?]{3,50}?),? (?=(?:just )?give me\b))"
    r"(?:just )?(?P<only>only )?give me "
    rf"(?P<what>[\w /-]{{0,30}}?\b{_PARTS}(?: or [\w /-]{{2,30}}?)?)"
    # "pls just give me diffs going forward, not whole files, and skip the explanations"
    r"(?: going forward| from now on)?,? "
    rf"(?:not|rather than|instead of) (?P<not>[\w /-]{{0,20}}?\b{_PARTS})"
    r"(?=\s*(?:[.!;]|$|, and\b))",
    _I,
)
# "for future reference: give me diffs, not whole files" (the preface gone as a filler): one
# form of every answer over another needs no "please".
# ("Give me full files, not fragments I have to stitch together": why, after the form)
_GIVE_FORM_NOT = re.compile(
    rf"^(?:just )?give me (?P<only>only )?(?P<what>{_FORMS}),? (?:not|rather than|instead of) "
    rf"(?P<not>{_FORMS})(?: (?:that )?(?:I|I'd|I'll|I have to|you have to) [^.;!?]{{2,40}})?"
    r"(?=\s*(?:[.!;]|$|, and\b))",
    _I,
)
# "Please give me the short version first and then details": the order of every answer.
_SHORT_FIRST = re.compile(
    r"^(?:(?:also|and|so|please|pls|plz|can you|could you|always)[,]?\s+)*"
    r"(?P<verb>(?:give me|give|start with|lead with|put|do) )?(?:the )?"
    r"(?P<what>short version|short answer|summary|bottom line|tl;?dr|conclusion|verdict|"
    # ("give me the SQL first, explanation after": the code before the words about it)
    r"(?-i:SQL)|code|commands?|config|query|queries|fix|diff) first"
    r"(?:,? (?:and )?(?:then )?(?P<then>(?:the )?(?:details?|explanations?|reasoning|rest|why))"
    r"(?: after(?:wards)?| below)?)?(?:,? (?:please|pls|plz))?(?=\s*(?:[.!;—–-]|$|, and\b))",
    _I,
)
_ANSWER_IN_LANGUAGE = re.compile(
    # ("please reply in Spanish from now on", "from now on answer in Welsh")
    r"^(?:(?:can|could) you |(?:from now on|going forward),? )?(?:please |pls )?"
    r"(?:always )?(?:answer|reply|write|talk|respond) (?:to me )?in "
    r"(?P<language>English|Spanish|French|German|Italian|Portuguese|Dutch|Polish|Irish|Welsh|"
    r"Japanese|Arabic|Swedish|Norwegian|Danish|Finnish|Greek|Turkish|Czech|Hungarian|Romanian|"
    r"Ukrainian|Russian|Hindi|Urdu|Bengali|Korean|Chinese|Mandarin|Vietnamese|Catalan|Basque|"
    r"Galician|Gaelic)\b(?: (?:from now on|going forward|please|pls))*\??$",
    _I,
)
# (a nationality gets its capital where every line is finished: person.finish_sentence)
_ACRONYMS = {"uk": "UK", "us": "US"}
# "dont need the "see a doctor" stuff": what the answers should leave out.
_DONT_NEED_STUFF = re.compile(
    r"^(?:i )?(?:don't|dont|do not) need (?:the |any |all the )?"
    r"(?:(?P<thing>[\"“'][^\"”']{2,30}[\"”']|(?!(?:more|extra|other|new|much)\b)[\w -]{2,25}?) "
    r"(?P<kind>stuff|bits|disclaimers?|warnings?|lectures?|caveats?|reminders?)"
    # "dont need long answers": how long answers should be
    r"|(?P<long>long|lengthy|huge|massive) (?:answers|paragraphs|essays|explanations|replies))"
    r"[.!]*$"
    # ("I don't want essays from you too": nor a reply as long as one)
    r"|^(?:i )?(?:don't|dont|do not) want (?:any )?(?P<essays>essays|walls of text|lectures|"
    r"long answers|long replies|long paragraphs|novels)(?: from you)?(?: too| either| please)?"
    r"[.!]*$",
    _I,
)
# "shorter answers pls", "can you keep stuff short and in bullets pls", "in general keep
# answers short": how long every answer should be, asked in passing.
_ANSWER_LENGTH = re.compile(
    # ("reading long stuff is hard so can you keep stuff short …": the reason may come first)
    r"^(?:[^,.;!?]{3,60}\bso )?"
    r"(?:(?:also|and|so|but|ok|okay|in general|generally|pls|please|can you|could you|can u|"
    r"could u|(?:can|could|may) I ask you to|before you answer:?)[,]?\s+)*"
    r"(?:(?:keep (?:it|things|stuff|everything)|(?:keep|make) (?:your )?(?:answers|replies|"
    r"responses)) "
    # ("short-ish": short, said lightly; "a bit shorter": shorter)
    r"(?:a (?:bit|little|lot) |much |way |slightly )?"
    r"(?P<how>short|shorter|brief|briefer|concise)(?:-?ish)?"
    r"|(?:(?:give|write)(?: me)? )?(?P<how2>short|shorter|brief|briefer|concise) "
    r"(?:answers|replies|responses)"
    # ("Can you answer shorter from now?": a learner's "shorter answers")
    r"|answer (?P<how3>shorter|short|briefer|more briefly)"
    # ("But explain simple, not too long": a learner's "short and simple")
    r"|explain (?:simple|simply)(?:,| and)? (?P<how4>not too long))"
    r"(?: from now(?: on)?| in future)?"
    r"(?P<more> and (?:in )?(?:bullets|bullet points|simple|to the point|in lists))?"
    r"(?:,? (?:pls|please|plz))?(?: (?:tho|though))?"
    # ("…, im reading one handed with a baby on the other arm": why, after it)
    # ("pls keep answers short-ish??": asked, not a question)
    r"(?:[.!?]*$|(?:\s*[,;—–])?\s+(?:so|because|bc|as|cause|cos|since|im|i'm|i am|reading|"
    r"i read|on my)\s.*$"
    # ("keep it short, and give me YAML/config rather than …": more asked after it)
    r"|,\s+and\s.*$)",
    _I,
)
# "pls no long paragraphs btw im reading this between lectures": a part of an answer to leave out
_PLEASE_NO = re.compile(
    r"^(?:pls|please|plz) no (?P<thing>(?:long |more |big )?(?:paragraphs|essays|emojis?|jargon|"
    r"waffle|preambles?|disclaimers|caveats|walls of text|tables|bullet points))\b",
    _I,
)

# "also no emojis in the notif text pls, sian finds them annoying": a part left out of
# something the assistant writes for the user
_NONE_IN = re.compile(
    r"^(?:(?:also|and|oh|but)[,]? )*no (?P<thing>emojis?|exclamation marks|jargon|swearing|"
    r"hashtags) in (?:the |my |any )?(?P<where>[\w -]{2,30}?),? (?:pls|please|plz)\b",
    _I,
)

# "please don't ever suggest instagram ads to me", "pls don't give me docker desktop or snap
# stuff": what no answer should offer again.
_NEVER_SUGGEST = re.compile(
    r"^(?:(?:oh|and|also|but|ok|okay)[,]? )*(?:pls|please|plz)? ?(?:don't|dont|do not|never) "
    r"(?:ever )?(?:(?:suggest|recommend)(?: me)? (?P<thing>(?!it\b|that\b|this\b|them\b)"
    r"[\w&+./ -]{2,40}?)(?: (?:to me|again|ever))*"
    r"|give me (?P<stuff>(?!the\b|a\b|an\b|it\b|that\b)[\w&+./ -]{2,40}?) (?:stuff|things|bits))"
    r"(?=[,.!;]|$| (?:i|i'm|im|we|because|bc|cos|as)\b)",
    _I,
)

# "yes but as a plain list, no emojis, no headings", "two lines, no emojis": the parts of an
# answer to leave out, listed.
_FORMAT_PARTS = r"(?:emojis?|emoji|headings|headers|tables|markdown|bold|bullet points|bullets)"
_LEAVE_OUT_LISTED = re.compile(
    r"^(?:(?:yes|yeah|ok|okay|and|but|also|so|please|pls)[,]?\s+)*"
    r"(?:(?:as )?(?:a )?(?P<plain>plain (?:list|text))[,]?\s+)?"
    rf"no (?P<first>{_FORMAT_PARTS})(?P<more>(?:,? (?:and )?no {_FORMAT_PARTS})+)"
    r"(?:,? (?:please|pls|plz))?[.!]*$",
    _I,
)

# "Please do keep answering in the same numbered order as my questions, as you have just
# done": a way of answering already shown, asked for from now on.
_KEEP_ANSWERING = re.compile(
    r"^(?:(?:please|pls|and|also)[,]?\s+)*(?:do )?(?:keep|carry on|continue) (?:answering|"
    # ("please continue to answer my questions in the order and numbering in which I ask them")
    r"replying|writing|to (?:answer|reply|write))(?: (?:my questions|me))?"
    r"(?P<how> (?:in|with|like) [^,.;!?]{4,80}?)"
    r"(?:,? (?:as|like) you (?:have |did )?(?:just )?(?:done|did|are)(?: here| now)?)?"
    r"(?:,? (?:please|pls))?[.!]*$",
    _I,
)

# "it would help me enormously if you could number your answers to correspond with my
# questions", "I would find it helpful if, at the end of each of your answers, you gave me a
# two-line summary": a wish about every answer, said as a condition.
_HELPFUL_IF = re.compile(
    r"\b(?:it would (?:really |greatly |so )?help(?: me)?(?: (?:enormously|greatly|a lot|hugely))?"
    r"|i(?: would|'d) (?:find it (?:very |most |really |so )?(?:helpful|useful)|(?:really )?"
    r"appreciate it|be (?:very )?grateful)) if,?(?: (?P<when>at the end of [^,;]{3,50}),)?"
    r" you (?:could |would |can )?(?P<do>[a-z]+ [^.;!?]{4,120}?)"
    r"(?:,? (?:as you did(?: above| here)?|please|thanks?))?(?=[.;!?]|$)",
    _I,
)
_ABOUT_ANSWERS = re.compile(r"\b(?:answers?|repl(?:y|ies)|responses?|summary|questions)\b", _I)
_PLAIN_VERB = {
    "gave": "give",
    "numbered": "number",
    "kept": "keep",
    "wrote": "write",
    "used": "use",
    "added": "add",
    "ended": "end",
    "started": "start",
    "included": "include",
    "put": "put",
    "made": "make",
    "listed": "list",
}


def _helpful_if(s: str) -> str | None:
    wish = _HELPFUL_IF.search(s)
    if wish is None or not _ABOUT_ANSWERS.search(f"{wish['when'] or ''} {wish['do']}"):
        return None
    verb, rest = wish["do"].split(" ", 1)
    when = re.sub(r"\s+from now on$", "", wish["when"] or "", flags=_I)
    rest = re.sub(r"\s+from now on$", "", rest, flags=_I)
    wanted = f"{_PLAIN_VERB.get(verb.lower(), verb.lower())} {rest}" + (f" {when}" if when else "")
    # ("each of your answers" is each answer; "give me a summary" gives one)
    wanted = re.sub(r"\beach of your (answer|response)s\b", r"each \1", wanted, flags=_I)
    wanted = re.sub(r"\beach of your replies\b", "each reply", wanted, flags=_I)
    wanted = re.sub(r"\byour (answers|replies|responses)\b", r"the \1", wanted, flags=_I)
    return "please " + re.sub(r"^give me\b", "give", wanted, flags=_I)


def _left_out(listed: re.Match[str]) -> str:
    parts = [listed["first"], *re.findall(_FORMAT_PARTS, listed["more"], _I)]
    plain = f"use a {listed['plain'].lower()}, with " if listed["plain"] else ""
    return f"please {plain}no {' and no '.join(part.lower() for part in parts)}"


def _proper(match: re.Match[str]) -> str:
    word = match[0].lower()
    return _ACRONYMS.get(word, word.capitalize())


def answer_style(sentence: str) -> str | None:
    """The rule ``sentence`` asks for ("please give short answers"), or None."""
    s = sentence
    if (
        style := _STYLE_PLEASE.search(s) or _KEEP_IN_WORDS.search(s) or _PREFER_ANSWERS_IN.search(s)
    ) is not None:
        said = style["style"]
        # ("metric please": metric units; "british spelling": British, as a name is written)
        said = "metric units" if said.lower() == "metric" else said
        said = re.sub(r"^(british|uk|american|us|australian|canadian)\b", _proper, said, flags=_I)
        if style.re is _STYLE_PLEASE and style["short"]:
            return f"please give short answers, in {said.lower()}"
        return f"please use {said}"
    if (given := _GIVE_NOT.match(s) or _GIVE_FORM_NOT.match(s)) is not None:
        when = given.groupdict().get("when")
        given_rule = f"please give {given['only'] or ''}{given['what']}, not {given['not']}"
        return f"{given_rule}, when you {when}" if when else given_rule
    if (first := _SHORT_FIRST.match(s)) is not None and (first["verb"] or first["then"]):
        then = first["then"]
        what = first["what"] if first["what"].isupper() else first["what"].lower()
        return f"please give the {what} first" + (
            f", then the {then.lower().removeprefix('the ')}" if then else ""
        )
    if (wish := content_wish(s)) is not None:
        return wish
    if (language := _ANSWER_IN_LANGUAGE.match(s)) is not None:
        return f"please answer in {language['language'].capitalize()}"
    if (simple := _WRITE_SIMPLE.search(s)) is not None:
        if simple["short"]:
            return "please use simple English and short sentences"
        return "please use simple words"
    if (asked := _FROM_NOW_ON.match(s)) is not None:
        return f"please {_ME.sub('', asked['do'])}{asked['not'] or ''}"
    if (liked := _LIKE_IT_WHEN.match(s)) is not None:
        return f"please {_ME.sub('', liked['do'])}"
    if (unneeded := _DONT_NEED_STUFF.match(s)) is not None:
        if unneeded["long"] or unneeded["essays"]:
            return "please give short answers"
        thing, kind = unneeded["thing"], unneeded["kind"].lower()
        if thing[:1] not in "\"“'" and kind in ("stuff", "bits"):
            return None  # "i dont need any more stuff" is no rule
        kind = "advice" if kind in ("stuff", "bits") else kind  # "stuff" names nothing
        return f"please no {thing} {kind}"
    if (never := _NEVER_SUGGEST.match(s)) is not None:
        return f"please never suggest {(never['thing'] or never['stuff']).lower()}"
    if (kept := _KEEP_ANSWERING.match(s)) is not None:
        # ("… in which I ask them": the order of the questions, whoever reads the rule)
        how = re.sub(r"\s+in which I (?:ask|put|number) them$", " of the questions", kept["how"])
        return f"please keep answering{how}"
    if (wish := _helpful_if(s)) is not None:
        return wish
    if (listed := _LEAVE_OUT_LISTED.match(s)) is not None:
        return _left_out(listed)
    if (leave_out := _PLEASE_NO.match(s)) is not None:
        return f"please no {leave_out['thing'].lower()}"
    if (none_in := _NONE_IN.match(s)) is not None:
        return f"please no {none_in['thing'].lower()} in the {none_in['where'].lower()}"
    if (length := _ANSWER_LENGTH.match(s)) is not None:
        # said the way people ask for it: "short answers", "shorter answers"
        how = (length["how"] or length["how2"] or length["how3"] or "short and simple").lower()
        how = how.replace("briefer", "shorter").replace("more briefly", "shorter")
        more = re.sub(r"^ and (?:in )?", ", in ", (length["more"] or "").lower())
        more = more.replace(", in bullets", ", in bullet points")
        return f"please give {how} answers{more}"
    if (language := _USE_LANGUAGE.search(s)) is not None:
        said = " ".join(_ACRONYMS.get(w, w) for w in language["style"].lower().split())
        return "please use " + re.sub(r"\bsentence$", "sentences", said)
    if (form := _ANSWER_IN.search(s)) is not None:
        return f"please answer in {form['form'].lower()}"
    if (form := _FORM_NOT.search(s)) is not None:
        return f"please answer in {form['form'].lower()}, not {form['not'].lower()}"
    if (shown := figures_and_language(s)) is not None:
        return shown
    if (hard := _EXPLAIN_HARD_WORDS.search(s)) is not None:
        how = re.sub(r"\b(?:a |the )?bracket\b", "brackets", hard["how"].lower())
        return f"please explain {hard['kind'].lower()} words {how}"
    return answer_wish(s) or work_wish(s)
