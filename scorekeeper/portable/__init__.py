"""What the phone runs of the app besides the engine: pure Python, standard library only, shipped with the engine
to the browser (Pyodide, in a Web Worker) so that a table keeps scoring with no connection.

``bridge`` is the worker's door: JSON in, JSON out, every number from the engine (``engine.sheet`` sums a game's
hands up, ``engine.records`` turns a hand's record into the engine's values), every word from the app's own
catalogues (``gettext`` over the same compiled ``.mo`` files the server reads). The server never imports it.
"""
