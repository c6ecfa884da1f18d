"""Canasta's branch of the engine: the games whose melds are sets of one rank, written by rank and counts
(classic for two to six, the Spanish, Uruguayan, Hoyle and Modern American rule sets, Samba, Hand and Foot).

``melds`` judges a meld and the canasta it makes, ``scoring`` a side's score item by item,
``partnership`` pools cutthroat partners for a hand, ``deck`` finds counts no pack holds, ``validation``
every problem of a hand's entry, ``hand`` a whole hand checked then scored, ``referee`` the table's
questions. It reads the rule set's own parameters and imports only the engine's core, never the family's
branch (``make lint`` checks it).
"""
