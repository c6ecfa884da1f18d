"""A meld as a request writes it: Canasta's by rank and counts (a sequence of Samba by its ranks), or the
family's by its cards and the canasta the table claims."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, model_validator

from ...engine import entries
from ...engine.cards import MELD_RANKS, SEQUENCE_ORDER, SEQUENCE_RANK, WILD_RANK
from ...engine.i18n import N_, Msg
from ..problems import FieldProblem, OneOf
from .fields import CardText, Closed, Count, empty

#: The most cards a meld of the family lists: a run from ace to ace (14), or a set of every card of a rank.
MOST_MELD_CARDS = 16


class Meld(Closed):
    """A meld: its rank and how many naturals, jokers and twos it holds; in Samba a sequence (rank SEQ)
    lists its ranks; in Burraco, Buraco and Burako a meld may be its cards, without a rank."""

    rank: Annotated[str, OneOf((*MELD_RANKS, SEQUENCE_RANK, "3"), any_case=True)] | None = None
    naturals: Count = 0  # a sequence that does not say counts its cards
    jokers: Count = 0
    twos: Count = 0
    cards: Annotated[
        list[CardText],
        Field(
            max_length=MOST_MELD_CARDS,
            description="Samba: a sequence's ranks in order (rank SEQ). Burraco, Buraco, Burako: the meld's cards"
            ' in rank-and-suit notation ("10H", "JK"), a run low to high with its wild card where it stands, and'
            " no rank.",
        ),
    ] = empty(list)
    claim: Annotated[
        str,
        Field(
            max_length=8,
            description="Burraco, Buraco, Burako: the canasta the table wrote beside the meld: clean, dirty, semi,"
            " 500, 1000 or wild (checked against the cards).",
        ),
    ] = ""

    @model_validator(mode="after")
    def _cards_fit_the_rank(self) -> Meld:
        if self.rank is None:
            if not self.cards:
                raise FieldProblem(Msg(N_("%(field)s is required: a meld gives its rank, or its cards.")), ("rank",))
            return self
        sequence = self.rank.upper() == SEQUENCE_RANK
        if sequence and (not self.cards or any(card.upper() not in SEQUENCE_ORDER for card in self.cards)):
            ranks = " ".join(SEQUENCE_ORDER)
            raise FieldProblem(
                Msg(N_("%(field)s must list the sequence's cards, each one of %(ranks)s."), {"ranks": ranks}),
                ("cards",),
            )
        if not sequence and "cards" in self.model_fields_set:
            raise FieldProblem(
                Msg(N_("A meld gives its rank or its cards; only a sequence (rank SEQ) gives both: %(field)s.")),
                ("cards",),
            )
        if self.rank.upper() == WILD_RANK and self.naturals:
            raise FieldProblem(Msg(N_("A WILD meld holds wild cards only: %(field)s must be 0.")), ("naturals",))
        return self

    @property
    def family_only(self) -> str | None:
        """The field only a game of the family reads, when the meld gives one: its cards without a rank,
        its claim, a rank of plain threes."""
        if self.rank is None:
            return "cards"
        if self.claim:
            return "claim"
        return "rank" if self.rank == "3" else None

    def meld(self) -> entries.Meld:
        """The engine's meld (Canasta's)."""
        assert self.rank is not None
        if not self.cards:  # every meld but a sequence
            return entries.Meld(self.rank.upper(), self.naturals, self.jokers, self.twos)
        cards = tuple(card.upper() for card in self.cards)
        naturals = self.naturals if "naturals" in self.model_fields_set else len(cards)
        return entries.Meld(rank=self.rank.upper(), naturals=naturals, jokers=self.jokers, twos=self.twos, cards=cards)

    def card_meld(self) -> entries.CardMeld:
        """The engine's meld of the family: its cards, or a set by rank and counts."""
        if self.rank is None:
            return entries.CardMeld(cards=tuple(card.strip().upper() for card in self.cards), claim=self.claim)
        rank = self.rank.upper()
        return entries.CardMeld(
            rank="3" if rank in ("3B", "3R") else rank,
            naturals=self.naturals,
            jokers=self.jokers,
            twos=self.twos,
            claim=self.claim,
        )
