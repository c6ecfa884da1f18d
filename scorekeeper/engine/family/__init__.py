"""The Canasta family's branch of the engine: the club games Burraco, Buraco and Burako, whose melds are
written as their cards (runs of one suit, one wild card a meld, clean, semi-clean and dirty canastas)
and whose sides each have a packet (pozzetto, morto, muerto).

``cards`` reads a card in rank-and-suit notation, ``melds`` judges a meld and the canasta it makes,
``claims`` checks the kind a table wrote beside it, ``scoring`` a side's score, ``quick`` a side given the
paper sheet's way, ``hand`` a whole hand checked then scored, ``referee`` the table's questions. It reads
the rule set's ``family_melds`` and ``family_hand`` (``family_parameters`` in the core) and imports only
the engine's core, never Canasta's branch (``make lint`` checks it).
"""
