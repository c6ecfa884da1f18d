"""What comes in, before any rule is checked: the bounds every input meets and the JSON shapes of a
hand's sides (parsed into engine values). Pure: no Flask, no database."""
