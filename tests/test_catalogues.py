"""Every language's catalogue holds every user-visible string, with the same placeholders, none fuzzy, and none
left in English where the language has its own words (a missing one fails here)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from scorekeeper.config import Config

ROOT = Path(__file__).resolve().parents[1]
TRANSLATIONS = ROOT / "scorekeeper" / "translations"
PLACEHOLDER = re.compile(r"%\((\w+)\)s")
#: Every language the app speaks, and those translated from English.
LANGUAGES = Config.LANGUAGES
TRANSLATED = tuple(language for language in LANGUAGES if language != "en")


@pytest.fixture(scope="module")
def extracted(tmp_path_factory):
    target = tmp_path_factory.mktemp("pot") / "messages.pot"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "babel.messages.frontend",
            "extract",
            "-F",
            "babel.cfg",
            "-k",
            "N_",
            "-k",
            "_l",
            "-k",
            "lazy_gettext",  # the same keywords as `make translations`
            "--no-location",
            "-o",
            str(target),
            ".",
        ],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    with target.open("rb") as handle:
        return {(message.id, message.context) for message in read_po(handle) if message.id}


def test_every_language_the_app_speaks_has_its_catalogue():
    assert {path.parent.parent.name for path in TRANSLATIONS.glob("*/LC_MESSAGES/messages.po")} == set(LANGUAGES)


@pytest.mark.parametrize("language", LANGUAGES)
def test_catalogue_translates_every_extracted_string(extracted, language):
    with (TRANSLATIONS / language / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        catalogue = {(m.id, m.context): m for m in read_po(handle) if m.id}  # a pgettext entry by its context too
    missing = sorted(str(text) for text in extracted if text not in catalogue or not all(forms(catalogue[text].string)))
    assert not missing, f"{language} catalogue lacks: {missing}"
    fuzzy = sorted(text for text in extracted if catalogue[text].fuzzy)
    assert not fuzzy, f"{language} catalogue has fuzzy entries: {fuzzy}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_catalogue_keeps_a_string_the_app_no_longer_has(extracted, language):
    """A translator reads only what the app shows: a string removed from the code leaves every catalogue."""
    with (TRANSLATIONS / language / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        kept = {(m.id, m.context) for m in read_po(handle) if m.id}
    assert sorted(str(text) for text in kept - extracted) == []


def forms(text):
    """The forms of a catalogue string: one, or the singular and plurals of an ngettext entry."""
    return list(text) if isinstance(text, tuple) else [text]


def catalogue(language: str):
    with (TRANSLATIONS / language / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        return read_po(handle)


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_translation_keeps_every_placeholder(language):
    for message in catalogue(language):
        if message.id:
            expected = set(PLACEHOLDER.findall(forms(message.id)[-1]))
            for form in forms(message.string):
                assert set(PLACEHOLDER.findall(form)) == expected, message.id


#: Strings that are the same words in a language and in English (numbers and units, names, the notation the
#: engine reads); longer than a word, so that a string left in English is seen.
SAME_AS_ENGLISH: dict[str, set[str]] = {
    "es": {"%(n)s canastas", "Total %(total)s"},
    "pt_BR": {"%(name)s, %(hand)s", "Total %(total)s"},  # placeholders and a comma; "total" is Portuguese
    "it": {"%(name)s, %(hand)s"},
    "de": {"%(name)s, %(hand)s", "Team %(number)s"},  # "Team" is the usual German word, shorter than "Mannschaft"
}


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_translation_is_a_copy_of_english(language):
    same = [m.id for m in catalogue(language) if m.id and m.id == m.string and len(m.id) > 12]
    assert set(same) <= SAME_AS_ENGLISH[language]


@pytest.mark.parametrize("language", TRANSLATED)
def test_each_catalogue_says_how_it_addresses_the_reader(language):
    """The form of address (Sie or du, tu or Lei, você, usted) is decided once per language and written in its
    catalogue's header."""
    header = (TRANSLATIONS / language / "LC_MESSAGES" / "messages.po").read_text(encoding="utf-8").split("msgid")[0]
    assert "# Address:" in header


#: A number of four digits or more written in a sentence (not a rule text's code like [EB2781], a card code or a
#: date), and the sentences that name values a player types or the API reads as they are (a claim's 1000, a JSON
#: example), and the one year a sentence names.
WRITTEN_NUMBER = re.compile(r"(?<![\w.,:/\[{\\])-?\d{4,}(?![\w\-\]\\])")
TYPED_AS_IS = ("%(claim)s", "an object from")
YEARS = {"2008"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_number_written_in_a_sentence_is_grouped_as_the_language_writes_it(language):
    """Issue 50: 5.000 in Italian, 5,000 in English, also where the number is part of a sentence's words (a rule set's
    description: "game to 5000" read so on the new-game page), with a true minus."""
    with (TRANSLATIONS / language / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        catalogue = read_po(handle)
    ungrouped = []
    for message in catalogue:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        if not ids[0] or ids[0].startswith(TYPED_AS_IS):
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        ungrouped += [found for text in strings for found in WRITTEN_NUMBER.findall(text) if found not in YEARS]
    assert not ungrouped
