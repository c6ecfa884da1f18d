"""The database and its migrations: SQLAlchemy (typed models with named constraints) and Alembic."""

from __future__ import annotations

from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import MetaData
from sqlalchemy.orm import DeclarativeBase

# Named constraints, so that later migrations can alter them on SQLite too.
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    """Base of every model (typed SQLAlchemy 2 declarative models)."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)


#: After a commit the objects keep what was just written (this request wrote it): reading it all
#: again would cost a query per table for nothing. A use case that changes a game reads it again,
#: locked, first (services/transaction.py).
db = SQLAlchemy(model_class=Base, session_options={"expire_on_commit": False})
migrate = Migrate()
