"""A game at a table: starting and finding it (games.py), its hands recorded, fixed and undone (hands.py), each
side its own half (halves.py, halves_state.py), the score sheet (sheet.py), whether it changed (stamps.py), who
is typing (presence.py), taken out to a file and brought back (export.py), and a table of friends' games and
records (history.py, standing.py). ``scorekeeper.services`` gives their public names."""
