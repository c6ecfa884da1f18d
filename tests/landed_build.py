"""Databases made by landed code, one after another in this one process: ``python tests/landed_build.py JOBS``.

JOBS is a JSON file of ``[code folder, database URL]`` pairs, each folder a landed commit's ``scorekeeper`` and
``migrations`` (``git archive``). For each, that commit's own code runs ``flask db upgrade``: its package is
imported afresh from its folder (the one before it forgotten), its app made as ``flask --app scorekeeper``
makes it (``create_app()``, DATABASE_URL from the environment, the folder the working directory) and its
migrations run to their head. Flask, SQLAlchemy, Alembic and the other libraries are imported once for all of
them: that import was most of the time a subprocess of each took. Prints a JSON object: each folder's ``""``
when its upgrade ran, or what it raised.

Run by tests/test_migrations_landed.py; it imports nothing of today's code.
"""

from __future__ import annotations

import gc
import json
import os
import sys
import traceback


def forget_the_package() -> None:
    for name in [name for name in sys.modules if name == "scorekeeper" or name.startswith("scorekeeper.")]:
        del sys.modules[name]


def build(folder: str, url: str) -> str:
    forget_the_package()
    os.chdir(folder)
    sys.path.insert(0, folder)
    os.environ["DATABASE_URL"] = url
    try:
        from flask_migrate import upgrade

        from scorekeeper import create_app  # the commit's own

        app = create_app()
        with app.app_context():
            upgrade()
        return ""
    except BaseException:  # what the commit's upgrade raised, for the test to print
        return traceback.format_exc()[-3000:]
    finally:
        sys.path.remove(folder)
        let_go_of_the_database()


def let_go_of_the_database() -> None:
    """Close every connection the commit's app opened (its own, its rate counts', its stamps'), as the end of
    its process did: PostgreSQL copies a database only while nobody is connected to it."""
    from sqlalchemy.engine import Engine

    gc.collect()
    for engine in [found for found in gc.get_objects() if isinstance(found, Engine)]:
        engine.dispose()


def main(jobs_file: str) -> None:
    with open(jobs_file, encoding="utf-8") as jobs:
        done = {folder: build(folder, url) for folder, url in json.load(jobs)}
    sys.stdout.write(json.dumps(done))


if __name__ == "__main__":
    main(sys.argv[1])
