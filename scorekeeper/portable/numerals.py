"""Numbers as the reader writes them: 1,240 in English, 1.240 in Spanish, Italian, Portuguese and German, and a
negative number with a true minus (−115, never the hyphen of -115). The server builds the reader's ``Numerals``
from Babel's locale data (web/common/numbers.py); the phone, which runs this package without Babel, is given the
same values by the page (``Numerals.read``), so that its offline sheet writes every number as the server's does.
Files (JSON, a game's file, the API) keep plain numbers."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields

#: The minus sign (U+2212): as wide as the plus, and never taken for a hyphen or a dash between two scores.
MINUS = "\u2212"


@dataclass(frozen=True)
class Numerals:
    """How the reader writes a whole number: the decimal sign, the sign between groups of three digits, the
    minus and plus signs, and the fewest digits a number's first group must have before it is set apart
    (1: 1,240; 2: 1240 but 12,400). English's by default."""

    decimal: str = "."
    group: str = ","
    minus: str = MINUS
    plus: str = "+"
    min_grouping: int = 1

    def integer(self, value: int | None) -> str:
        """A whole number, its digits grouped the reader's way: 1.240, −12.400, 975 (nothing for no number)."""
        if value is None:
            return ""
        digits = str(abs(int(value)))
        if len(digits) >= 3 + self.min_grouping:
            head = len(digits) % 3 or 3
            digits = self.group.join([digits[:head], *(digits[i : i + 3] for i in range(head, len(digits), 3))])
        return self.minus + digits if value < 0 else digits

    def signed(self, value: int) -> str:
        """A hand score as the sheet writes it: +1.240, −60, 0."""
        return self.plus + self.integer(value) if value > 0 else self.integer(value)

    def written(self) -> str:
        """These numerals as the page hands them to the phone (JSON)."""
        return json.dumps(asdict(self), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def read(cls, text: str | None) -> Numerals:
        """Numerals as ``written`` gives them; anything missing or not understood is English's."""
        try:
            given = json.loads(text) if text else {}
        except ValueError:
            given = {}
        if not isinstance(given, dict):
            given = {}
        kinds = {field.name: type(getattr(cls(), field.name)) for field in fields(cls)}
        return cls(**{name: value for name, value in given.items() if name in kinds and type(value) is kinds[name]})


#: English's numerals: what the phone writes until the page says otherwise.
ENGLISH = Numerals()
