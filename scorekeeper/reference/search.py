"""Search across the reference in both languages, forgiving accents and case ("comodin" finds "comodín").

A section matches when its text holds every word, in any language; results come best first (the
words in a title, then in the rule's name, then only in the text), each with the paragraph that
holds most of the words, shown in the page's language with the words found marked.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from flask import current_app

from ..engine.rulesets import RuleSet
from ..translation import in_language
from .content import Section, Topic
from .topics import build_all


@dataclass(frozen=True)
class Result:
    """A passage that matches: its topic, its section (anchor) and the text to show, in pieces
    (text, found) so that the page can mark the words found."""

    slug: str
    topic: str
    anchor: str
    title: str
    passage: tuple[tuple[str, bool], ...]


def normalize(text: str) -> str:
    """Lower case without accents, for comparing what people type with what the reference says."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def _text(topic: Topic, section: Section) -> str:
    rows = " ".join(f"{label} {value}" for label, value in section.rows)
    return " ".join([topic.title, section.title, *section.paragraphs, rows])


@dataclass
class _Hit:
    rank: int  # 2: a word in a title; 1: in the rule's name; 0: only in the text
    paragraph: int  # the paragraph holding most of the words (-1: none, the rows did)
    held: int  # how many of the words that paragraph holds


def _weigh(topic: Topic, section: Section, words: list[str]) -> _Hit | None:
    if not all(word in normalize(_text(topic, section)) for word in words):
        return None
    titles = normalize(f"{topic.title} {section.title}")
    name = normalize(section.id.replace("_", " ").replace("-", " "))
    rank = 2 if any(word in titles for word in words) else 1 if any(word in name for word in words) else 0
    counts = [sum(word in normalize(p) for word in words) for p in section.paragraphs]
    best = max(range(len(counts)), key=lambda i: counts[i], default=-1)
    return _Hit(rank, best if best >= 0 and counts[best] else -1, counts[best] if best >= 0 else 0)


def search(query: str, ruleset: RuleSet) -> list[Result]:
    """Every section whose text holds all the words, looked for in every language, shown in the page's."""
    words = normalize(query).split()
    if not words:
        return []
    hits: dict[tuple[str, str], _Hit] = {}
    for language in current_app.config["LANGUAGES"]:
        with in_language(language):
            for topic in build_all(ruleset):
                for section in topic.sections:
                    hit = _weigh(topic, section, words)
                    key = (topic.slug, section.id)
                    if hit is not None and (key not in hits or (hit.rank, hit.held) > (hits[key].rank, hits[key].held)):
                        hits[key] = hit
    found = []
    for order, topic in enumerate(build_all(ruleset)):
        for place, section in enumerate(topic.sections):
            hit = hits.get((topic.slug, section.id))
            if hit is None:
                continue
            paragraphs = section.paragraphs
            passage = paragraphs[hit.paragraph] if 0 <= hit.paragraph < len(paragraphs) else ""
            passage = passage or (paragraphs[0] if paragraphs else "")
            result = Result(topic.slug, topic.title, section.id, section.title, marked(passage, words))
            found.append(((-hit.rank, -hit.held, order, place), result))
    return [result for _, result in sorted(found, key=lambda pair: pair[0])]


WORD = re.compile(r"\w+")


def marked(text: str, words: list[str]) -> tuple[tuple[str, bool], ...]:
    """``text`` in pieces, each word that holds one of ``words`` (accents and case aside) marked."""
    pieces: list[tuple[str, bool]] = []
    last = 0
    for match in WORD.finditer(text):
        if any(word in normalize(match.group()) for word in words):
            if match.start() > last:
                pieces.append((text[last : match.start()], False))
            pieces.append((match.group(), True))
            last = match.end()
    if last < len(text):
        pieces.append((text[last:], False))
    return tuple(pieces)
