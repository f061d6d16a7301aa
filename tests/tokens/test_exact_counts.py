"""Text counts equal tiktoken's for the same encoding, on text that trips tokenizers up."""

from __future__ import annotations

import json

import pytest
import tiktoken
from hypothesis import given, settings
from hypothesis import strategies as st

from reverie.tokens import count_text_tokens

TOOL_CALL_JSON = json.dumps(
    [
        {
            "id": "call_8f2a",
            "type": "function",
            "function": {
                "name": "edit_file",
                "arguments": json.dumps(
                    {
                        "path": "memory/MEMORY.md",
                        "old_text": "- uses SQLite",
                        "new_text": "- uses PostgreSQL 16",
                    }
                ),
            },
        }
    ],
    separators=(",", ":"),
)

CORPUS = [
    "",
    " ",
    "\n\n\n",
    "Hello, world!",
    "The quick brown fox jumps over the lazy dog. It's 3:45pm and we've 12,345 items.",
    "I prefer tabs over spaces; my name is Ana and I'm a backend developer in Lisbon.",
    "我喜欢在周末去爬山，也喜欢喝绿茶。请记住我的名字是李华。",
    "東京の天気は明日晴れるでしょう。プロジェクトはRustで書かれています。",
    "한국어 문장도 정확하게 세어야 합니다.",
    "Emoji: 🎉🚀👩‍💻🏳️‍🌈 and flags 🇵🇹🇯🇵, skin tones 👍🏽",
    "Ünïcödé çombining: é (e + ́) — “quotes” and ‘apostrophes’ … ellipsis",
    "Русский текст и العربية و हिन्दी मिश्रित",
    "def fib(n: int) -> int:\n    return n if n < 2 else fib(n - 1) + fib(n - 2)\n",
    "for (let i = 0; i < 10; i++) {\n\tconsole.log(`i=${i}`);\n}\n",
    "    indented    with   irregular   spaces   \t\t tabs\r\nand CRLF\r\n",
    "1234567890 3.14159 -42 0x1F 1e-9 2026-04-03T10:00:00Z",
    "<|endoftext|> is counted as plain text, as are <|fim_prefix|> and <|endofprompt|>",
    "https://example.com/path?query=1&other=two#frag user@example.org",
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    "ab" * 500 + " " + "ñ" * 300,
    TOOL_CALL_JSON,
    "I'M SHOUTING and i'M not, we'LL see, it'S fine, they'Re here, I'd, you've",
]


@pytest.mark.parametrize("text", CORPUS, ids=range(len(CORPUS)))
def test_cl100k_counts_equal_tiktoken(text: str, cl100k: tiktoken.Encoding) -> None:
    assert count_text_tokens(text, model="gpt-4") == len(cl100k.encode_ordinary(text))


@pytest.mark.parametrize("text", CORPUS, ids=range(len(CORPUS)))
def test_o200k_counts_equal_tiktoken(text: str, o200k: tiktoken.Encoding) -> None:
    assert count_text_tokens(text, model="gpt-4o") == len(o200k.encode_ordinary(text))


def test_whole_corpus_as_one_text(cl100k: tiktoken.Encoding, o200k: tiktoken.Encoding) -> None:
    text = "\n".join(CORPUS) * 20
    assert count_text_tokens(text, model="gpt-4.1") == len(o200k.encode_ordinary(text))
    assert count_text_tokens(text, model="gpt-3.5-turbo") == len(cl100k.encode_ordinary(text))


def test_lone_surrogates_are_counted_like_tiktoken(cl100k: tiktoken.Encoding) -> None:
    # Text decoded with surrogateescape can carry lone surrogates; they must not crash.
    text = "broken \udce9 byte"
    assert count_text_tokens(text, model="gpt-4") == len(cl100k.encode_ordinary(text))


@settings(max_examples=60, deadline=None)
@given(text=st.text(max_size=200))
def test_random_text_matches_both_encodings(
    text: str, cl100k: tiktoken.Encoding, o200k: tiktoken.Encoding
) -> None:
    assert count_text_tokens(text, model="gpt-4") == len(cl100k.encode_ordinary(text))
    assert count_text_tokens(text, model="gpt-4o") == len(o200k.encode_ordinary(text))
