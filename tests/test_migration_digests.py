"""A landed revision never changes: every file under migrations/versions has its sha256 listed in
tests/migration_digests.txt, and it matches. A database made with a revision that changed later never gets
the change (0015 and 0016 did; 0017 repairs what they left behind): a change goes in a new revision."""

from __future__ import annotations

import hashlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VERSIONS = ROOT / "migrations" / "versions"
DIGESTS = Path(__file__).with_name("migration_digests.txt")


def listed() -> dict[str, str]:
    """Each revision file's path (from the project's root) and its sha256, as listed (sha256sum's format)."""
    found: dict[str, str] = {}
    for line in DIGESTS.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            digest, path = line.split(maxsplit=1)
            found[path.lstrip("*")] = digest
    return found


def revision_files() -> dict[str, str]:
    """Each revision file under migrations/versions and its sha256 as it is now."""
    return {
        path.relative_to(ROOT).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(VERSIONS.glob("*.py"))
    }


def test_every_landed_revision_file_is_byte_for_byte_as_it_landed():
    known, now = listed(), revision_files()
    changed = sorted(path for path in now if path in known and now[path] != known[path])
    assert changed == [], (
        f"{changed}: a landed revision never changes (a database made with it would never get the change). "
        "Put it back as it was (git checkout) and write a new revision that makes the change, "
        "inspecting the schema where a database may already have it (see 0017_repair_club_nights.py)."
    )


def test_every_revision_file_has_its_digest_listed():
    unlisted = sorted(set(revision_files()) - set(listed()))
    assert unlisted == [], (
        f"{unlisted}: a new revision adds its line to tests/migration_digests.txt once it is final "
        "(`sha256sum <file> >> tests/migration_digests.txt`); from then on it never changes."
    )


def test_no_listed_revision_file_is_gone():
    assert sorted(set(listed()) - set(revision_files())) == []  # a landed revision is never removed or renamed
