"""The API's request bodies, declared once: pydantic checks them and the OpenAPI document is made from them.

Each model says what JSON is well formed and turns it into engine values; whether a hand keeps
the rules of Canasta is the engine's to say (a 422 listing every rule broken). By what they describe:
the field types every body is made of (``fields``), a meld (``melds``), a side's hand (``sides``), a
hand to score, add or replace (``hands``), a new game (``new_game``), each side its own half
(``halves``), and a whole game exported and imported back (``game_file``).
"""

from .game_file import ExportedGame
from .halves import HalfBody, RecordingChoice, WordBody
from .hands import FixedHand, HandBody, NewHand, ScoreRequest
from .melds import Meld
from .new_game import NewGame, NewSide
from .sides import Penalty, QuickCanastas, SideEntry

__all__ = [
    "ExportedGame",
    "FixedHand",
    "HalfBody",
    "HandBody",
    "Meld",
    "NewGame",
    "NewHand",
    "NewSide",
    "Penalty",
    "QuickCanastas",
    "RecordingChoice",
    "ScoreRequest",
    "SideEntry",
    "WordBody",
]
