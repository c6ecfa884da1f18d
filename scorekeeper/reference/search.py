"""Search across the reference in both languages, forgiving accents and case ("comodin" finds "comodín")."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from flask import current_app

from ..engine.rulesets import RuleSet
from ..i18n import in_language
from .content import Section, Topic
from .topics import build_all


@dataclass(frozen=True)
class Result:
    """A passage that matches: its topic, its section (anchor) and the text to show."""

    slug: str
    topic: str
    anchor: str
    title: str
    passage: str


def normalize(text: str) -> str:
    """Lower case without accents, for comparing what people type with what the reference says."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def _text(topic: Topic, section: Section) -> str:
    rows = " ".join(f"{label} {value}" for label, value in section.rows)
    return " ".join([topic.title, section.title, *section.paragraphs, rows])


def search(query: str, ruleset: RuleSet) -> list[Result]:
    """Every section whose text holds all the words, looked for in every language, shown in the page's."""
    words = normalize(query).split()
    if not words:
        return []
    hits: set[tuple[str, str]] = set()
    for language in current_app.config["LANGUAGES"]:
        with in_language(language):
            for topic in build_all(ruleset):
                for section in topic.sections:
                    text = normalize(_text(topic, section))
                    if all(word in text for word in words):
                        hits.add((topic.slug, section.id))
    results = []
    for topic in build_all(ruleset):
        for section in topic.sections:
            if (topic.slug, section.id) in hits:
                passage = next(
                    (p for p in section.paragraphs if any(word in normalize(p) for word in words)),
                    section.paragraphs[0] if section.paragraphs else "",
                )
                results.append(Result(topic.slug, topic.title, section.id, section.title, passage))
    return results
