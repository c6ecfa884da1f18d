"""A game's pages, for the players at its table: starting a game and its sheet (games.py, with its forms in
forms.py), recording, fixing and undoing hands (hands.py) with the hand form (hand_form/), each side its own half
(halves.py) and its own page (side.py) with who is sending (senders.py), a game started with no connection
(offline_new.py), a refused entry's problems by field
(problems.py), a form sent too late (expired.py), sharing the game (share.py), files out and in (export.py), and a
table of friends' games (groups.py). On the games blueprint (``common/blueprint.py``)."""
