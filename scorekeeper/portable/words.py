"""A sheet's words: a hand's score item by item, the sentences that say who won or leads, each side's total and
next first-meld minimum, in the reader's language. The server's pages and the phone's offline sheet say them
with the same functions, each given the reader's catalogue (the server's Babel translations, or the phone's
``gettext`` over the same compiled files).

Every number is written with the reader's ``Numerals`` (numerals.py): 1.240 in German, −60 with a true minus.

Sentences whose verb agrees with the side it names: a team takes the plural, a lone player the singular ("Ganan
Nosotras", "Gana Ana"; "Ana & Luis win", "Ana wins")."""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from ..engine.entries import CanastaCount
from ..engine.game import SideScore
from ..engine.i18n import N_
from ..engine.rulesets import RuleSet
from ..engine.sheet import Sheet
from .numerals import Numerals


class Catalogue(Protocol):
    """The reader's catalogue: ``gettext``'s three lookups (Babel's translations and the standard library's)."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...

    def pgettext(self, context: str, message: str, /) -> object: ...

    def npgettext(self, context: str, singular: str, plural: str, n: int, /) -> object: ...


#: The items of a hand score, as the sheet names them.
BREAKDOWN_LABELS = {
    "meld_points": N_("Cards melded"),
    "canasta_bonus": N_("Canasta bonuses"),
    "red_three_bonus": N_("Red threes"),
    "going_out_bonus": N_("Going out"),
    "special_bonus": N_("Special bonuses"),
    "hand_points": N_("Cards left in hand"),
    "penalties": N_("Penalties"),
    "packet": N_("Packet"),
}
#: The going-out bonus as the family's tables name it (chiusura, batida, cierre).
FAMILY_CLOSING = N_("Closing")


def filled(found: str, **values: object) -> str:
    """A sentence looked up in the reader's catalogue (each lookup written out, for ``pybabel extract``), with its
    values filled in."""
    return found % values if values else found


def breakdown_rows(
    words: Catalogue, numerals: Numerals, side: SideScore, ruleset: RuleSet | None = None
) -> list[tuple[str, str]]:
    """A side's hand score as the sheet lists it: each item that is not 0, the canastas by kind (by the family's
    names in its games: clean, dirty, semi-clean...), and last the hand score."""
    family = ruleset.family_hand if ruleset is not None else None
    burraco = (
        ruleset is not None and ruleset.family_melds is not None and ruleset.family_melds.canasta_word == "burraco"
    )
    labels = {item: words.gettext(label) for item, label in BREAKDOWN_LABELS.items()}
    if family is not None:  # the family's tables close a hand, and name their packet
        labels |= {
            "going_out_bonus": words.gettext(FAMILY_CLOSING),
            "packet": words.gettext(family.packet_name).capitalize(),
        }
    if burraco:  # Burraco's tables call a canasta a burraco (pulito, semipulito, sporco)
        labels["canasta_bonus"] = words.gettext("Burraco bonuses")
    rows = [
        (labels[item], numerals.signed(value)) for item, value in side.breakdown.as_dict(packet=True).items() if value
    ]
    if burraco:
        made = _burracos(words, side.canastas)
    else:
        made = _family_canastas(words, side.canastas) if family is not None else _canastas(words, side.canastas)
    if made:
        rows.append((words.gettext("Burracos") if burraco else words.gettext("Canastas"), " ".join(made)))
    rows.append((words.gettext("Hand"), numerals.signed(side.hand_score)))
    return rows


def _family_canastas(words: Catalogue, kinds: CanastaCount) -> list[str]:
    """The family's canastas by its own names (natural is a clean one, mixed a dirty one)."""
    return [
        text
        for count, text in (
            (kinds.natural, filled(words.ngettext("%(num)s clean", "%(num)s clean", kinds.natural), num=kinds.natural)),
            (
                kinds.semi,
                filled(words.ngettext("%(num)s semi-clean", "%(num)s semi-clean", kinds.semi), num=kinds.semi),
            ),
            (kinds.mixed, filled(words.ngettext("%(num)s dirty", "%(num)s dirty", kinds.mixed), num=kinds.mixed)),
            (
                kinds.ace_to_king,
                filled(
                    words.ngettext("%(num)s ace to king", "%(num)s ace to king", kinds.ace_to_king),
                    num=kinds.ace_to_king,
                ),
            ),
            (
                kinds.ace_to_ace,
                filled(
                    words.ngettext("%(num)s ace to ace", "%(num)s ace to ace", kinds.ace_to_ace), num=kinds.ace_to_ace
                ),
            ),
            (
                kinds.wild,
                filled(words.ngettext("%(num)s of wild cards", "%(num)s of wild cards", kinds.wild), num=kinds.wild),
            ),
        )
        if count
    ]


def _burracos(words: Catalogue, kinds: CanastaCount) -> list[str]:
    """Burraco's canastas, burraco pulito, semipulito, sporco: the family's names, agreeing with a burraco where a
    language says so (1 pulito, not 1 pulita); the house rules' kinds as the family's."""
    said = [
        (
            kinds.natural,
            str(words.npgettext("a burraco", "%(num)s clean", "%(num)s clean", kinds.natural)),
        ),
        (
            kinds.semi,
            str(words.npgettext("a burraco", "%(num)s semi-clean", "%(num)s semi-clean", kinds.semi)),
        ),
        (kinds.mixed, str(words.npgettext("a burraco", "%(num)s dirty", "%(num)s dirty", kinds.mixed))),
    ]
    others = _family_canastas(words, replace(kinds, natural=0, semi=0, mixed=0))
    return [filled(text, num=count) for count, text in said if count] + others


def _canastas(words: Catalogue, kinds: CanastaCount) -> list[str]:
    """Canasta's canastas by kind."""
    # each ngettext with its literal strings, so that they are extracted for translation
    return [
        text
        for count, text in (
            (
                kinds.natural,
                filled(words.ngettext("%(num)s natural", "%(num)s natural", kinds.natural), num=kinds.natural),
            ),
            (kinds.mixed, filled(words.ngettext("%(num)s mixed", "%(num)s mixed", kinds.mixed), num=kinds.mixed)),
            (kinds.wild, filled(words.ngettext("%(num)s wild", "%(num)s wild", kinds.wild), num=kinds.wild)),
            (kinds.samba, filled(words.ngettext("%(num)s samba", "%(num)s sambas", kinds.samba), num=kinds.samba)),
        )
        if count
    ]


def total_line(words: Catalogue, numerals: Numerals, side: SideScore) -> str:
    """A side's total after a hand being typed, and its next first-meld minimum where the game has one."""
    total = numerals.integer(side.total_after)
    if side.next_minimum is None:
        return filled(words.gettext("Total %(total)s"), total=total)
    return filled(
        words.gettext("Total %(total)s · next first meld %(minimum)s"),
        total=total,
        minimum=numerals.integer(side.next_minimum),
    )


def _is_team(sheet: Sheet) -> bool:
    return not sheet.ruleset.individual


def winner_sentence(words: Catalogue, numerals: Numerals, sheet: Sheet) -> str:
    """Who won the game, and with what."""
    values = {"name": sheet.winner, "total": numerals.integer(sheet.leading_total)}
    if _is_team(sheet):
        return filled(words.gettext("%(name)s win with %(total)s."), **values)
    return filled(words.gettext("%(name)s wins with %(total)s."), **values)


def finished_sentence(words: Catalogue, sheet: Sheet) -> str:
    """A finished game in a list: who won."""
    if _is_team(sheet):
        return str(words.pgettext("a team", "Finished: %(name)s won")) % {"name": sheet.winner}
    return filled(words.gettext("Finished: %(name)s won"), name=sheet.winner)


def leader_sentence(words: Catalogue, numerals: Numerals, sheet: Sheet) -> str:
    """A game in progress in a list: who leads, with what."""
    values = {"name": sheet.leaders[0], "total": numerals.integer(sheet.leading_total)}
    if _is_team(sheet):
        return filled(words.gettext("In progress: %(name)s lead with %(total)s"), **values)
    return filled(words.gettext("In progress: %(name)s leads with %(total)s"), **values)


def ends_game_sentence(words: Catalogue, sheet: Sheet, name: str) -> str:
    """A hand being typed that would end the game: who would win."""
    if _is_team(sheet):
        return filled(words.gettext("This hand ends the game: %(name)s win."), name=name)
    return filled(words.gettext("This hand ends the game: %(name)s wins."), name=name)
