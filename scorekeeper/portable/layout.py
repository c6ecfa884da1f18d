"""The hand form's layout under a rule set: which meld, sequence, run and quick-entry rows a side is
offered, and how the page groups a side's fields. The server's form (WTForms fields) and the phone's (the values a
page holds, ``plain_form.py``) are both read through it: a field is whatever has a ``name``, its ``data`` and its
``errors``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..engine.cards import HAND_KEYS, MELD_RANKS, WILD_RANK, sequence_between
from ..engine.entries import FAMILY_THREE, POINT_CLASSES
from ..engine.family.cards import HIGH_ACE_PLACE, LOW_ACE_PLACE, TWO_PLACE, run_cards
from ..engine.family.melds import FamilyCanasta
from ..engine.family_parameters import ACE, JOKER, RANKS, SUITS, TWO
from ..engine.rulesets import RuleSet


class Field(Protocol):
    """A box of the hand form: its name on the page, what it holds (typed: a count is a number), its problems."""

    name: str
    data: Any
    errors: Any


MELD_PARTS = (("n", "naturals"), ("j", "jokers"), ("t", "twos"))
#: A run's wild card standing for the ace above the king, where a run may go from ace to ace (the plain "A" is
#: the ace at whichever end the run has one: low when it starts at the ace).
HIGH_ACE = "A+"
#: Fields the page fills in itself, not the person.
UNTYPED = frozenset({"csrf_token", "expected_hands", "version", "save_key"})


@dataclass
class MeldRow:
    """One row of the melds grid: a rank (fixed or chosen) and its three counts."""

    prefix: str
    rank: str | None
    rank_field: Field | None
    counts: tuple[Field, Field, Field]


@dataclass
class SequenceRow:
    """A sequence of one suit (Samba), from its lowest card to its highest."""

    prefix: str
    low: Field
    high: Field

    def cards(self) -> list[str]:
        """The ranks it runs through, in order (none until both ends are chosen, or when they are the
        wrong way round: then the engine names the broken rule)."""
        if not self.low.data or not self.high.data:
            return []
        return list(sequence_between(self.low.data, self.high.data))


@dataclass
class RunRow:
    """A run of the Canasta family (Burraco, Buraco, Burako): its suit, its lowest and highest card, and
    the rank its wild card stands for, if it has one (which wild card: a joker, or a two)."""

    prefix: str
    suit: Field
    low: Field
    high: Field
    at: Field
    wild: Field | None  # None where the game has no jokers: the wild card is a two

    @property
    def typed(self) -> bool:
        """Whether the run's ends or wild card were chosen (a suit alone, a chip tapped by mistake, is no run)."""
        return any(box.data for box in (self.low, self.high, self.at))

    def span(self) -> tuple[int, int] | None:
        """The run's first and last places (1 a low ace, 14 a high ace), once its suit and ends are chosen."""
        if not (self.suit.data and self.low.data and self.high.data):
            return None
        return run_place(self.low.data, high=False), run_place(self.high.data, high=True)

    def wild_place(self) -> int | None:
        """The place the wild card stands in (an ace low when the run starts at the ace, else high; the high
        ace when chosen as such)."""
        if not self.at.data:
            return None
        if self.at.data == HIGH_ACE:
            return HIGH_ACE_PLACE
        return run_place(self.at.data, high=self.low.data != ACE)

    def wild_card(self) -> str:
        """Which wild card: a two, or a joker where the game has them and it was chosen (the default)."""
        return (self.wild.data or JOKER) if self.wild is not None else TWO

    def natural_twos(self) -> list[str]:
        """The two of the run's suit standing in its own place, if the run holds it as a natural card."""
        span = self.span()
        if span is None or self.wild_place() == TWO_PLACE or not span[0] <= TWO_PLACE <= span[1]:
            return []
        return [f"{TWO}{self.suit.data}"]

    def cards(self, twos: WildTwos) -> list[str]:
        """The run's cards low to high, its wild card in the place it stands for (none until the suit and both
        ends are chosen)."""
        span = self.span()
        if span is None or span[0] > span[1]:
            return []
        place = self.wild_place()
        if place is None or not span[0] <= place <= span[1]:
            return run_cards(self.suit.data, *span)
        wild = twos.two_for(self.suit.data) if self.wild_card() == TWO else JOKER
        return run_cards(self.suit.data, *span, wild=(place, wild))


@dataclass
class WildTwos:
    """The suit of each two a run holds as its wild card: of another suit than the run's, the one least used
    among the hand's runs, so that no one two is written more often than the packs hold it."""

    used: Counter[str] = field(default_factory=Counter)

    def two_for(self, run_suit: str) -> str:
        """A two to stand as the wild card of a run of ``run_suit``."""
        others = [suit for suit in SUITS if suit != run_suit]
        suit = min(others, key=lambda s: (self.used[s], SUITS.index(s)))
        self.used[suit] += 1
        return f"{TWO}{suit}"


def run_place(rank: str, *, high: bool) -> int:
    """A rank's place in a run: an ace is 1 at the low end and 14 at the high end."""
    if rank == RANKS[0]:
        return HIGH_ACE_PLACE if high else LOW_ACE_PLACE
    return RANKS.index(rank) + 1


@dataclass
class SideFields:
    """The fields of one side, grouped the way the page shows them."""

    index: int
    name: str
    #: The values of "who went out" that name this side, each with its label (plain, concealed, special hands).
    out_values: tuple[tuple[str, str], ...]
    mode: Field
    red_threes: Field | None  # None in the family's games: no red threes
    melds: list[MeldRow]
    sequences: list[SequenceRow]
    held: list[tuple[str, Field]]
    #: Modern American: each player's cards held, by name (the side's are then their sum).
    held_by_player: list[tuple[str, list[tuple[str, Field]]]]
    black_threes: Field | None  # Modern American: black threes laid out
    by_value: list[tuple[int, Field]]
    penalties: list[tuple[str, int, Field]]
    custom_points: Field
    custom_reason: Field
    quick: dict[str, Field]
    four_black_threes: Field | None  # quick entry, where the rule set pays for them
    # The Canasta family (Burraco, Buraco, Burako): runs, the packet, the card discarded to go out
    runs: list[RunRow] = field(default_factory=list)
    packet: Field | None = None
    closing_discard: Field | None = None

    @property
    def holds_cards(self) -> bool:
        """Whether the folded "cards left in hand" block holds anything typed (so it opens)."""
        each = [field for _, fields in self.held_by_player for field in fields]
        return any(field.data or field.errors for _, field in [*self.held, *self.by_value, *each])

    @property
    def has_penalties(self) -> bool:
        """Whether the folded penalties block holds anything typed (so it opens)."""
        fields = [field for _, _, field in self.penalties] + [self.custom_points, self.custom_reason]
        return any(field.data or field.errors for field in fields)


#: Quick-entry field -> the engine's field name (for errors).
QUICK_FIELDS = {
    "meld_points": "meld_points",
    "natural": "canastas.natural",
    "mixed": "canastas.mixed",
    "wild": "canastas.wild",
    "samba": "canastas.samba",
    "semi": "canastas.semi",
    "ace_to_king": "canastas.ace_to_king",
    "ace_to_ace": "canastas.ace_to_ace",
    "hand_points": "hand_points",
}
QUICK_COLUMNS = {
    "meld_points": "meld_points",
    "canastas.natural": "canastas_natural",
    "canastas.mixed": "canastas_mixed",
    "canastas.wild": "canastas_wild",
    "canastas.samba": "canastas_samba",
    "canastas.semi": "canastas_semi",
    "canastas.ace_to_king": "canastas_ace_to_king",
    "canastas.ace_to_ace": "canastas_ace_to_ace",
    "hand_points": "hand_points",
}

#: The family's sets: a row per rank, ace to three (threes are plain cards; twos are wild, never a set).
FAMILY_SET_RANKS: tuple[str, ...] = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", FAMILY_THREE)
#: The family's cards held by rank: jokers, twos, aces ... fours and plain threes.
FAMILY_HELD_KEYS: tuple[str, ...] = ("JOKER", TWO, *FAMILY_SET_RANKS)
#: Run rows a side is offered in the family's games (the page shows a few, the rest fold away).
FAMILY_RUN_ROWS = 8
#: A run's ends: its lowest card (an ace is low there) and its highest (an ace is high there).
RUN_LOWS: tuple[str, ...] = RANKS
RUN_HIGHS: tuple[str, ...] = (*RANKS[1:], RANKS[0])


def is_family(ruleset: RuleSet) -> bool:
    """Whether the rule set is one of the Canasta family's club games (Burraco, Buraco, Burako)."""
    return ruleset.family_melds is not None


def held_keys(ruleset: RuleSet) -> tuple[str, ...]:
    """The cards a side may hold, by rank, under this rule set (jokers only where the game has them)."""
    if ruleset.family_melds is None:
        return HAND_KEYS
    return tuple(key for key in FAMILY_HELD_KEYS if key != "JOKER" or ruleset.family_melds.jokers)


#: The order the family's canasta kinds are asked for and listed.
FAMILY_KIND_ORDER: tuple[FamilyCanasta, ...] = (
    FamilyCanasta.CLEAN,
    FamilyCanasta.SEMI,
    FamilyCanasta.DIRTY,
    FamilyCanasta.ACE_TO_KING,
    FamilyCanasta.ACE_TO_ACE,
    FamilyCanasta.WILD,
)


def meld_ranks(ruleset: RuleSet) -> list[str]:
    """The meld rows a side is offered under this rule set (the family's: its sets by rank, and its meld of
    wild cards where it has one)."""
    family = ruleset.family_melds
    if family is not None:
        allowed = family.sets_only_of
        ranks = [r for r in FAMILY_SET_RANKS if allowed is None or r in allowed] if family.sets_allowed else []
        return ranks + ([WILD_RANK] if family.wild_canasta_bonus is not None else [])
    ranks = [rank for rank in MELD_RANKS if rank not in ("3B", WILD_RANK)]
    if ruleset.black_three_meld:
        ranks.append("3B")
    if ruleset.wild_meld is not None:
        ranks.append(WILD_RANK)
    return ranks


def extra_meld_rows(ruleset: RuleSet) -> int:
    """Rows for a second meld of a rank, where the rule set allows one (or closes wild melds; the family's
    sets: two packs hold eight cards of a rank)."""
    if ruleset.family_melds is not None:
        return 2 if ruleset.family_melds.sets_allowed else 0
    return 2 if ruleset.allow_duplicate_rank or ruleset.wild_meld is not None else 0


def sequence_rows(ruleset: RuleSet) -> int:
    """Rows for sequences of one suit, where the rule set has them (Samba): a side rarely makes more."""
    return 4 if ruleset.sequences else 0


def run_rows(ruleset: RuleSet) -> int:
    """Rows for runs of one suit, in the family's games."""
    return FAMILY_RUN_ROWS if ruleset.family_melds is not None else 0


def run_row(fields: Mapping[str, Any], p: str, r: int) -> RunRow:
    """Run row ``r`` of the side whose fields start ``p``."""
    q = f"{p}r{r}"
    return RunRow(
        q, fields[f"{q}_suit"], fields[f"{q}_low"], fields[f"{q}_high"], fields[f"{q}_at"], fields.get(f"{q}_wild")
    )


def side_fields(
    fields: Mapping[str, Any],
    ruleset: RuleSet,
    i: int,
    name: str,
    players: Sequence[str],
    *,
    out_values: tuple[tuple[str, str], ...] = (),
    penalty_labels: Sequence[str] = (),
) -> SideFields:
    """Side ``i``'s fields of a hand form's ``fields`` (by name), grouped as the page shows them and as the record
    reads them; ``out_values`` and ``penalty_labels`` are the page's words (the phone's form has none)."""
    p = f"s{i}_"

    def three(prefix: str) -> tuple[Any, Any, Any]:
        return (fields[f"{prefix}_n"], fields[f"{prefix}_j"], fields[f"{prefix}_t"])

    rows = [MeldRow(f"{p}m_{rank}", rank, None, three(f"{p}m_{rank}")) for rank in meld_ranks(ruleset)]
    rows += [
        MeldRow(f"{p}x{r}", None, fields[f"{p}x{r}_rank"], three(f"{p}x{r}")) for r in range(extra_meld_rows(ruleset))
    ]
    family = is_family(ruleset)
    labels = list(penalty_labels) or [""] * len(ruleset.penalty_list)
    return SideFields(
        index=i,
        name=name,
        out_values=out_values,
        mode=fields[f"{p}mode"],
        red_threes=None if family else fields[f"{p}red3"],
        melds=rows,
        sequences=[
            SequenceRow(f"{p}sq{r}", fields[f"{p}sq{r}_low"], fields[f"{p}sq{r}_high"])
            for r in range(sequence_rows(ruleset))
        ],
        held=[(key, fields[f"{p}h_{key}"]) for key in held_keys(ruleset)],
        held_by_player=[
            (player, [(key, fields[f"{p}h{k}_{key}"]) for key in held_keys(ruleset)])
            for k, player in enumerate(players if ruleset.mac_scoring else ())
        ],
        black_threes=fields.get(f"{p}black3"),
        by_value=[] if family else [(points, fields[f"{p}v_{points}"]) for points in POINT_CLASSES],
        penalties=[
            (label, kind.points, fields[f"{p}p_{kind.key}"])
            for label, kind in zip(labels, ruleset.penalty_list, strict=True)
        ],
        custom_points=fields[f"{p}pc_points"],
        custom_reason=fields[f"{p}pc_reason"],
        quick={name: fields[f"{p}q_{name}"] for name in QUICK_FIELDS},
        four_black_threes=fields.get(f"{p}q_black3"),
        runs=[run_row(fields, p, r) for r in range(run_rows(ruleset))],
        packet=fields.get(f"{p}packet"),
        closing_discard=fields.get(f"{p}discard"),
    )
