"""A club night's pages, for its director, its door and its pairs: the director's board and starting a night
(board.py), the director's changes that are asked first or taken back (changes.py), the club's members on the
night's pages (roster.py), the door where a pair joins (door.py), the night for everyone and a pair's own page,
the TV and a round read back (public.py), the standings to keep (standings_files.py), the tables' printed cards and
their taps (tables.py), the field from a spreadsheet and a round's printed seating (field.py); what every page
of the night stands on (base.py) and the night's forms (forms.py). On the games blueprint
(``common/blueprint.py``); a night's tables are games, whose pages are table/'s."""
