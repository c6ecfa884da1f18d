"""Gunicorn settings for `make run` (``gunicorn -c python:scorekeeper.gunicorn_conf``).

The bind address is given on the command line (``--bind 0.0.0.0:$PORT``).
"""

workers = 2
accesslog = "-"
logger_class = "scorekeeper.web.serving.RedactingLogger"
#: The longest request line gunicorn allows (its default is 4094): a long address is answered
#: by the app (404 JSON under /api), not by gunicorn's own 414 page.
limit_request_line = 8190


#: How many new objects a worker makes before it collects young ones (Python's default is 700), and how
#: many of those collections before an older generation is collected.
WORKER_GC_THRESHOLD = (10_000, 10, 10)


def post_worker_init(worker: object) -> None:
    """Once a worker has loaded the app: what it loaded (modules, templates, catalogues, the reference) is
    moved out of the garbage collector's sight. It is kept for the worker's life, and a full collection
    walking it again and again paused a worker for about 100 ms at a busy club night."""
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(*WORKER_GC_THRESHOLD)
