"""Build the recall evaluation set from the hand-written scenarios.

Each ``scenarios/<name>.txt`` is one long conversation written as a script::

    split dev                          # dev (used while tuning) or heldout
    key eval:wedding                   # the session key it is imported under
    filler-user: a line the user may say between scenes
    filler-assistant: a line the other side may say
    session 2026-02-03 09:14           # a new sitting; turns are 1-4 minutes apart
    U: the venue called, june 14 is ours {venue}
    A: Wonderful!
    ~ 6                                # six turns of small talk from the filler lines
    Q: When is the wedding? | venue

A conversation between two named people says so first, and its turns are
written by name (the first speaker is imported as ``user``, the second as
``assistant``; every message keeps its speaker in ``name``, as a two-person
import does)::

    speakers Maya Priya
    filler-Maya: a line Maya may say between scenes
    Maya: I adopted a dog yesterday!! {dog}
    Priya: omg what kind

``{label}`` marks a turn that answers a question; ``Q:`` lines name the labels
whose turns answer them (all of them for "all answer turns"). Filler is drawn
from the scenario's own lines and a shared pool, with the odd typo, by a seeded
generator, so the output is the same on every run.

Writes ``data/<name>.jsonl`` (reverie-jsonl: a metadata line, then one message
per line, importable with ``reverie ingest``) and ``data/<name>.questions.jsonl``
(``{"id", "question", "session_key", "answers": [absolute indexes], "split"}``).

Run: ``python benchmarks/recall_eval/build.py``.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

HERE = Path(__file__).resolve().parent
SCENARIOS = HERE / "scenarios"
DATA = HERE / "data"

SHARED_USER = [
    "ok",
    "haha yes",
    "sorry, got distracted for a sec",
    "one sec, phone",
    "back",
    "right",
    "hmm let me think about it",
    "that makes sense",
    "ugh, long day",
    "ok cool",
    "fair enough",
    "not sure tbh",
    "yeah no that's fine",
    "wait what was I saying",
    "lol",
    "thanks!!",
    "good point",
    "I'll check and get back to you",
    "can we come back to this later?",
    "anyway",
    "makes sense, thanks",
    "brb coffee",
    "honestly I keep forgetting stuff this week",
    "so tired today",
    "ok moving on",
    "true",
    "I guess",
    "yep",
    "nope",
    "perfect",
]
SHARED_ASSISTANT = [
    "Sure.",
    "No rush.",
    "Take your time.",
    "Got it.",
    "Makes sense.",
    "Sounds good to me.",
    "Happy to help with that whenever you're ready.",
    "Of course.",
    "Fair point.",
    "Let me know when you want to pick it up again.",
    "Understood.",
    "That's a lot at once, one thing at a time.",
    "Okay!",
    "Noted.",
    "Yes, that works.",
    "Right, go on.",
]

SHARED_FRIEND = [
    "haha",
    "lol stop",
    "omg",
    "wait really?",
    "no wayyy",
    "ok that's actually hilarious",
    "ugh same",
    "sorry, was in a meeting",
    "brb, someone's at the door",
    "back! where were we",
    "how's your week going otherwise?",
    "it's been a week honestly",
    "i'm so tired today",
    "did you eat yet? I'm starving",
    "the weather here is so grim",
    "sun's finally out here, feels illegal",
    "my phone is at 3% so if I vanish that's why",
    "hahaha classic",
    "I love that for you",
    "that's so annoying, I'm sorry",
    "true true",
    "fair",
    "yeah I get that",
    "anyway enough about that",
    "you always say that lol",
    "ok but how are YOU",
    "I keep meaning to call you",
    "we should actually talk on the phone soon",
    "miss you!!",
    "this made my day",
    "sending hugs",
    "ok I need to go cook, talk later?",
    "night! sleep well",
    "morning!! coffee first",
    "I just spilled tea everywhere",
    "traffic was a nightmare today",
    "I've been so bad at replying, sorry",
    "no worries at all",
    "is it bad that I'm already thinking about the weekend",
    "netflix and bed tonight, no shame",
    "ha, I'd forgotten about that",
    "yes!! exactly",
    "hmm not sure",
    "let me think about it",
    "you're the best",
    "I'll tell you properly when we talk",
    "long story, later",
    "honestly same",
    "ok good good",
    "so proud of you",
]


@dataclass
class Scenario:
    name: str
    key: str = ""
    split: str = "dev"
    filler_user: list[str] = field(default_factory=list)
    filler_assistant: list[str] = field(default_factory=list)
    speakers: tuple[str, str] | None = None
    messages: list[dict[str, str]] = field(default_factory=list)
    labels: dict[str, list[int]] = field(default_factory=dict)
    questions: list[tuple[str, list[str], int]] = field(default_factory=list)


_LABEL = re.compile(r"\s*\{([a-z0-9_ ]+)\}\s*$")


def _shared_filler(user: bool, *, friends: bool) -> list[str]:
    if friends:
        return SHARED_FRIEND
    return SHARED_USER if user else SHARED_ASSISTANT


def _typo(text: str, rng: random.Random) -> str:
    words = text.split(" ")
    candidates = [i for i, word in enumerate(words) if len(word) > 4 and word.isalpha()]
    if not candidates:
        return text
    i = rng.choice(candidates)
    word = words[i]
    j = rng.randrange(1, len(word) - 2)
    words[i] = word[:j] + word[j + 1] + word[j] + word[j + 2 :]
    return " ".join(words)


def parse(path: Path) -> Scenario:
    scenario = Scenario(name=path.stem)
    rng = random.Random(path.stem)
    clock: datetime | None = None
    lines = path.read_text(encoding="utf-8").splitlines()

    def add(role: str, text: str) -> None:
        nonlocal clock
        assert clock is not None, f"{path}: a turn before the first 'session' line"
        clock += timedelta(minutes=rng.randint(1, 4), seconds=rng.randint(0, 59))
        message = {"role": role, "content": text, "timestamp": clock.isoformat(timespec="seconds")}
        if scenario.speakers is not None:
            message["name"] = scenario.speakers[0 if role == "user" else 1]
        scenario.messages.append(message)

    def turn(role: str, text: str) -> None:
        found = _LABEL.search(text)
        if found:
            text = text[: found.start()].rstrip()
            for label in found.group(1).split():
                scenario.labels.setdefault(label, []).append(len(scenario.messages))
        add(role, text)

    speakers: tuple[str, str] | None = None
    for number, raw in enumerate(lines, start=1):
        line = raw.rstrip()
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        head, _, rest = line.partition(" ")
        if head == "split":
            scenario.split = rest.strip()
        elif head == "key":
            scenario.key = rest.strip()
        elif head == "speakers":
            first, second = rest.split()
            scenario.speakers = speakers = (first, second)
        elif head == "filler-user:" or (speakers and head == f"filler-{speakers[0]}:"):
            scenario.filler_user.append(rest.strip())
        elif head == "filler-assistant:" or (speakers and head == f"filler-{speakers[1]}:"):
            scenario.filler_assistant.append(rest.strip())
        elif head == "session":
            clock = datetime.fromisoformat(rest.strip().replace(" ", "T"))
        elif head in ("U:", "A:"):
            turn("user" if head == "U:" else "assistant", rest.strip())
        elif speakers and head in (f"{speakers[0]}:", f"{speakers[1]}:"):
            turn("user" if head == f"{speakers[0]}:" else "assistant", rest.strip())
        elif head == "~":
            count = int(rest)
            # Two friends' small talk carries on from whoever spoke last.
            offset = int(bool(speakers and scenario.messages[-1]["role"] == "user"))
            for number in range(count):
                user = (number + offset) % 2 == 0
                own = scenario.filler_user if user else scenario.filler_assistant
                shared = _shared_filler(user, friends=speakers is not None)
                pool = own if own and rng.random() < 0.6 else shared
                text = rng.choice(pool)
                if (user or speakers) and rng.random() < 0.15:
                    text = _typo(text, rng)
                add("user" if user else "assistant", text)
        elif head == "Q:":
            question, _, labels = rest.partition("|")
            scenario.questions.append((question.strip(), labels.split(), number))
        else:
            raise SystemExit(f"{path}:{number}: cannot read {line!r}")
    for _question, labels, number in scenario.questions:
        for label in labels:
            if label not in scenario.labels:
                raise SystemExit(f"{path}:{number}: no turn is labelled {label!r}")
    return scenario


def write(scenario: Scenario) -> tuple[int, int]:
    DATA.mkdir(exist_ok=True)
    first = scenario.messages[0]["timestamp"]
    header = {
        "_type": "metadata",
        "key": scenario.key,
        "created_at": first,
        "updated_at": scenario.messages[-1]["timestamp"],
        "metadata": {},
        "last_consolidated": 0,
    }
    with (DATA / f"{scenario.name}.jsonl").open("w", encoding="utf-8") as out:
        for record in [header, *scenario.messages]:
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
    with (DATA / f"{scenario.name}.questions.jsonl").open("w", encoding="utf-8") as out:
        for number, (question, labels, _) in enumerate(scenario.questions, start=1):
            answers = sorted({index for label in labels for index in scenario.labels[label]})
            record = {
                "id": f"{scenario.name}-{number}",
                "question": question,
                "session_key": scenario.key,
                "answers": answers,
                "split": scenario.split,
            }
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
    return len(scenario.messages), len(scenario.questions)


def main() -> None:
    for path in sorted(SCENARIOS.glob("*.txt")):
        scenario = parse(path)
        turns, questions = write(scenario)
        print(f"{scenario.name:12} {scenario.split:8} {turns:4} turns {questions:3} questions")


if __name__ == "__main__":
    main()
