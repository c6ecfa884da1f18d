"""Which member a name is, and the director's care of the club's roster.

A name typed at a night's door (or by its director) that is a member's, accents, case, spaces and invisible
characters aside, is that member: the pair is kept with the member's name as the club writes it. A merged
member's name is the member it was merged into; an archived member is still that member (off the club's lists,
not brought back by a pair at the door). Any other name is a guest of the night: it plays, and joins the club
only when the director adds it. The door's completion offers a few members, never the roster. The season, the
grades and the records read every name through the club's ``Roster``, so a merged member's nights count for
the member it was merged into."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from sqlalchemy import or_, select
from sqlalchemy.orm import aliased

from ...engine.i18n import N_, Msg
from ...shapes.limits import clean_name
from ...store.database import db
from ...store.members import ClubMember
from ...store.models import now
from ...store.nights import Club, Night
from ...translation import collation_key
from ..errors import Refused
from ..transaction import writes
from .members import bump_roster, lock_club, member_key

#: The letters of a name a door's completion needs before it offers members, and the most it offers.
LEAST_LETTERS = 3
MOST_OFFERED = 5

NO_SUCH_MEMBER = N_("There is no such member of the club.")


@dataclass(frozen=True)
class Roster:
    """A club's members as its nights, season, grades and records read a name: ``spellings``, the name as the
    club writes it by member key (of every member, archived and merged ones too: a merged one's key gives the
    name of the member it was merged into); ``kept``, a merged member's key and the key of that member;
    ``starting``, the starting grades the club gave, by member key."""

    spellings: Mapping[str, str] = field(default_factory=dict)
    kept: Mapping[str, str] = field(default_factory=dict)
    starting: Mapping[str, float] = field(default_factory=dict)

    def key(self, name: str) -> str:
        """The key ``name`` counts under: its member's (a merged member's: the member it was merged into)."""
        key = member_key(name)
        return self.kept.get(key, key)

    def spelling(self, name: str) -> str:
        """``name`` as the club writes it when it is a member's; else as it was typed (a guest's)."""
        return self.spellings.get(member_key(name), name)

    def who(self, name: str) -> tuple[str, str]:
        """The key ``name`` counts under and the name to show for it."""
        return self.key(name), self.spelling(name)

    def is_member(self, name: str) -> bool:
        """Whether ``name`` is a member's (archived or merged ones too)."""
        return member_key(name) in self.spellings


def roster_of(club_id: int | None) -> Roster:
    """The roster of club ``club_id`` (an empty one: no club)."""
    if club_id is None:
        return Roster()
    rows = db.session.execute(
        select(
            ClubMember.id, ClubMember.name, ClubMember.name_key, ClubMember.merged_into_id, ClubMember.starting_grade
        )
        .where(ClubMember.club_id == club_id)
        .order_by(ClubMember.id)
    ).all()
    by_id = {row.id: row for row in rows}
    spellings: dict[str, str] = {}
    kept: dict[str, str] = {}
    starting: dict[str, float] = {}
    for row in rows:
        target = row
        for _ in range(len(rows)):  # a merge points at a member that is not merged; an older database, who knows
            if target.merged_into_id is None or target.merged_into_id not in by_id:
                break
            target = by_id[target.merged_into_id]
        spellings[row.name_key] = target.name
        if target is not row:
            kept[row.name_key] = target.name_key
        elif row.starting_grade is not None:
            starting[row.name_key] = row.starting_grade
    return Roster(spellings, kept, starting)


def members_named(club_id: int, names: Iterable[str]) -> list[str]:
    """A pair's ``names`` as the night keeps them: each a member's name as the club writes it (a merged member's:
    the member it was merged into), or as typed (a guest of the night). Nothing is added to the club."""
    typed = [clean_name(name) for name in names]
    kept = aliased(ClubMember)
    found = db.session.execute(
        select(ClubMember.name_key, ClubMember.name, kept.name)
        .outerjoin(kept, ClubMember.merged_into_id == kept.id)
        .where(ClubMember.club_id == club_id, ClubMember.name_key.in_({member_key(name) for name in typed}))
    ).all()
    spellings = {key: merged_into or name for key, name, merged_into in found}
    return [spellings.get(member_key(name), name) for name in typed]


def guests(night: Night) -> set[str]:
    """The names of ``night``'s pairs that are no member's (none: a night of no club)."""
    if night.club_id is None:
        return set()
    roster = roster_of(night.club_id)
    return {name for pair in night.pairs for name in pair.players if name and not roster.is_member(name)}


def completions(club_id: int | None, typed: str) -> tuple[list[str], bool]:
    """At most ``MOST_OFFERED`` of the club's members (archived and merged ones never) whose name has a word
    starting with ``typed`` (accents, case and spaces aside), by name, and whether they are all that match;
    none before ``LEAST_LETTERS`` letters."""
    wanted = member_key(typed)
    if len(wanted.replace(" ", "")) < LEAST_LETTERS:
        return [], False
    if club_id is None:
        return [], True
    pattern = wanted.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    found = db.session.scalars(
        select(ClubMember.name).where(
            ClubMember.club_id == club_id,
            ClubMember.archived_at.is_(None),
            ClubMember.merged_into_id.is_(None),
            or_(
                ClubMember.name_key.like(f"{pattern}%", escape="\\"),
                ClubMember.name_key.like(f"% {pattern}%", escape="\\"),
            ),
        )
    )
    matching = sorted(found, key=collation_key)
    return matching[:MOST_OFFERED], len(matching) <= MOST_OFFERED


@writes
def archive_member(club: Club, member_id: int) -> ClubMember:
    """Take a member off the club's lists and a door's completion: their nights and grade stay, their name
    typed at a door is still theirs (``Refused``: no such member)."""
    return _set_archived(club, member_id, archived=True)


@writes
def restore_member(club: Club, member_id: int) -> ClubMember:
    """Bring an archived member back to the club's lists (``Refused``: no such member)."""
    return _set_archived(club, member_id, archived=False)


def _set_archived(club: Club, member_id: int, *, archived: bool) -> ClubMember:
    club_id = lock_club(club)
    member = _member(club_id, member_id)
    member.archived_at = now() if archived else None
    bump_roster(club_id)
    db.session.commit()
    return member


@writes
def merge_members(club: Club, kept_id: int, merged_id: int) -> ClubMember:
    """Member ``merged_id`` becomes member ``kept_id``: their nights, grades and records count for the kept
    member, their name typed at a door is the kept member's, and the kept member takes their number and
    starting grade when it has none. Nothing of a night changes. ``Refused`` naming ``other``: no such
    member, or the same one twice."""
    club_id = lock_club(club)
    kept = _member(club_id, kept_id)
    merged = _member(club_id, merged_id, field="other")
    if kept.id == merged.id:
        db.session.rollback()
        raise Refused("other", Msg(N_("Choose another member to merge into %(name)s."), {"name": kept.name}))
    for earlier in db.session.scalars(select(ClubMember).where(ClubMember.merged_into_id == merged.id)):
        earlier.merged_into_id = kept.id  # every name merged before leads to the kept member at once
    merged.merged_into_id = kept.id
    if kept.starting_grade is None:
        kept.starting_grade = merged.starting_grade
    kept.number = kept.number or merged.number
    bump_roster(club_id)
    db.session.commit()
    return kept


def _member(club_id: int, member_id: int, field: str = "member") -> ClubMember:
    """A member of the club not merged into another, in the writing transaction begun."""
    member = db.session.scalars(
        select(ClubMember).where(
            ClubMember.club_id == club_id, ClubMember.id == member_id, ClubMember.merged_into_id.is_(None)
        )
    ).one_or_none()
    if member is None:
        db.session.rollback()
        raise Refused(field, Msg(NO_SUCH_MEMBER))
    return member
