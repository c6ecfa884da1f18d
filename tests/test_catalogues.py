"""Both catalogues hold every user-visible string, with the same placeholders (a missing one fails here)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
TRANSLATIONS = ROOT / "scorekeeper" / "translations"
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


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


@pytest.mark.parametrize("language", ["es", "en"])
def test_catalogue_translates_every_extracted_string(extracted, language):
    with (TRANSLATIONS / language / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        catalogue = {(m.id, m.context): m for m in read_po(handle) if m.id}  # a pgettext entry by its context too
    missing = sorted(str(text) for text in extracted if text not in catalogue or not all(forms(catalogue[text].string)))
    assert not missing, f"{language} catalogue lacks: {missing}"
    fuzzy = sorted(text for text in extracted if catalogue[text].fuzzy)
    assert not fuzzy, f"{language} catalogue has fuzzy entries: {fuzzy}"


def forms(text):
    """The forms of a catalogue string: one, or the singular and plurals of an ngettext entry."""
    return list(text) if isinstance(text, tuple) else [text]


def test_spanish_keeps_every_placeholder():
    with (TRANSLATIONS / "es" / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        for message in read_po(handle):
            if message.id:
                expected = set(PLACEHOLDER.findall(forms(message.id)[-1]))
                for form in forms(message.string):
                    assert set(PLACEHOLDER.findall(form)) == expected, message.id


#: Strings that are the same words in both languages.
SAME_IN_BOTH = {"%(n)s canastas", "Total %(total)s", "%(hours)s h %(minutes)s min"}


def test_spanish_is_not_a_copy_of_english():
    with (TRANSLATIONS / "es" / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        same = [m.id for m in read_po(handle) if m.id and m.id == m.string and len(m.id) > 12]
    assert set(same) <= SAME_IN_BOTH
