"""The API's answers, declared once: typed dicts that the code building each answer is checked
against (mypy) and that the OpenAPI document is made from (pydantic).

Typed dicts rather than models: an answer is built once from engine values and sent, so it
needs a checked shape and a schema, not validation on the way out.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired

from pydantic import ConfigDict, Field, with_config
from typing_extensions import TypedDict

CLOSED = ConfigDict(extra="forbid")


@with_config(CLOSED)
class Breakdown(TypedDict):
    """A side's hand score, item by item."""

    meld_points: int
    canasta_bonus: int
    red_three_bonus: int
    going_out_bonus: int
    special_bonus: int
    hand_points: int
    penalties: int
    packet: NotRequired[
        Annotated[int, Field(description="Burraco, Buraco, Burako: the packet not taken or not played, minus.")]
    ]


@with_config(CLOSED)
class Canastas(TypedDict):
    """The canastas a side has, by kind: Canasta's (natural, mixed, wild, samba) or the family's (clean,
    dirty, semi, ace_to_king, ace_to_ace, wild)."""

    natural: NotRequired[int]
    mixed: NotRequired[int]
    wild: int
    samba: NotRequired[Annotated[int, Field(description="Samba only, when the side has any.")]]
    clean: NotRequired[Annotated[int, Field(description="Burraco, Buraco, Burako: clean canastas.")]]
    dirty: NotRequired[Annotated[int, Field(description="Burraco, Buraco, Burako: dirty canastas.")]]
    semi: NotRequired[Annotated[int, Field(description="Burraco, Buraco, Burako: semi-clean burracos.")]]
    ace_to_king: NotRequired[Annotated[int, Field(description="Burraco, Buraco, Burako: clean from ace to king.")]]
    ace_to_ace: NotRequired[Annotated[int, Field(description="Burraco, Buraco, Burako: clean from ace to ace.")]]


@with_config(CLOSED)
class SideScore(TypedDict):
    """One side's result for a hand."""

    name: str
    hand_score: int
    breakdown: Breakdown
    canastas: Canastas
    total_after: int
    next_minimum: Annotated[int | None, Field(description="None after the last round of a game of fixed hands.")]


@with_config(CLOSED)
class ScoreResult(TypedDict):
    """A scored hand."""

    ruleset: str
    sides: list[SideScore]
    winner: str | None
    game_over: bool


@with_config(CLOSED)
class Violation(TypedDict):
    """One rule a hand breaks: its id, the side and field at fault, a sentence, a link to the rule."""

    side: int | None
    field: str | None
    rule: str
    message: str
    help: str


@with_config(CLOSED)
class Violations(TypedDict):
    """Every rule a hand breaks (422)."""

    errors: list[Violation]


class HandRecord(TypedDict):
    """A hand as it was saved (what a 409 shows beside the one refused)."""

    partners: list[int] | None
    sides: list[dict[str, Any]]


class Error(TypedDict):
    """Every refusal but a 422: a code, a sentence, and for a malformed body the field at fault."""

    error: str
    message: str
    field: NotRequired[Annotated[str, Field(description="The field at fault, for a malformed body.")]]
    hand_number: NotRequired[int | None]
    saved: NotRequired[HandRecord | None]


@with_config(CLOSED)
class Ruleset(TypedDict):
    """A rule set: names in the request's language, its options, variants and every parameter."""

    id: str
    name: str
    description: str
    players: list[int]
    individual: bool
    sides: list[int]
    sources: list[str]
    options: list[str]
    variants: dict[str, dict[str, Any]]
    parameters: dict[str, Any]


@with_config(CLOSED)
class Rulesets(TypedDict):
    """Every rule set."""

    rulesets: list[Ruleset]


@with_config(CLOSED)
class GameHand(TypedDict):
    """A hand of a game: as entered and as scored."""

    number: int
    version: int
    dealer: str
    partners: list[int] | None
    end: NotRequired[
        Annotated[Literal["stock_out"], Field(description="Burraco, Buraco, Burako: the hand ended on the stock.")]
    ]
    entries: list[dict[str, Any]]
    sides: list[SideScore]
    counted: Annotated[
        bool, Field(description="False for a hand played after the hand that ended the game: left out of the totals.")
    ]


@with_config(CLOSED)
class GameSide(TypedDict):
    """A side of a game and its players, clockwise."""

    name: str
    players: list[str]


@with_config(CLOSED)
class HalfState(TypedDict):
    """A side's half of the hand in play: done (sent) or counting, and what it says once sent."""

    side: int
    state: Annotated[str, Field(description="done (the half is in) or counting (not sent yet).")]
    version: Annotated[int, Field(description="The half's version (0 while counting): send it back to change it.")]
    entry: dict[str, Any] | None
    partners: list[int] | None


@with_config(CLOSED)
class PendingHand(TypedDict):
    """The hand in play of a game kept by halves."""

    number: int
    sides: list[HalfState]
    problems: Annotated[
        list[Violation],
        Field(description="Every half is in but they do not make a hand the rules allow: why (until a side changes)."),
    ]


@with_config(CLOSED)
class WordState(TypedDict):
    """A side's word on the current version of a hand made of halves."""

    side: int
    agreed: bool
    half_of: Annotated[int | None, Field(description="Not right: whose half (that half is open again).")]
    remark: str


@with_config(CLOSED)
class HandWords(TypedDict):
    """A hand made of halves: agreed by every side, or not yet (each side's word, null where not said)."""

    number: int
    version: int
    agreed: bool
    words: list[WordState | None]
    half_versions: Annotated[
        list[int],
        Field(
            description="Each side's half's version, in side order (0: none): a half reopened by another side's"
            " word (its half_of) is sent again with its version."
        ),
    ]


@with_config(CLOSED)
class HalvesState(TypedDict):
    """Where a game kept by halves stands."""

    pending: PendingHand | None
    hands: list[HandWords]


@with_config(CLOSED)
class Game(TypedDict):
    """A game and its whole sheet, every number from the engine."""

    id: str
    ruleset: str
    options: dict[str, Any]
    version: int
    first_dealer: int
    entry_mode: str
    starting_totals: list[int]
    note: Annotated[str, Field(description="A short note kept with the game: where, what was at stake.")]
    recording: Annotated[str, Field(description="one (one recorder) or halves (each side its own half).")]
    halves: Annotated[HalvesState | None, Field(description="Recorded by halves: the hand in play and agreement.")]
    sides: list[GameSide]
    links: dict[str, str]
    hands: list[GameHand]
    totals: list[int]
    next_hand: int
    next_dealer: str
    next_minimums: list[int | None]
    to_target: list[int | None]
    game_over: bool
    winner: str | None
    edit_token: NotRequired[Annotated[str, Field(description="Only in the answer that creates the game.")]]
    side_tokens: NotRequired[
        Annotated[
            list[str],
            Field(description="Each side's own token, in side order: only to the edit token's holder, when by halves."),
        ]
    ]
