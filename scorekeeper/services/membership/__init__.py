"""A club's membership: its members, typed in or read from a file (members.py), and the names they go by, a name
typed at a night's door or on its board read as the member's, archived and merged members (roster.py). Below a
club's nights, which read names through it; above a table's game, which it never touches."""
