"""Repair a database made while 0015 and 0016 were still changing: the club, a night's club and its table
cards' link, and the hands a table's "we agree" agreed to

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-25 06:30:00

Revisions 0015 and 0016 were changed after they had landed, so a database made in between was stamped
with their number but never got what was added to them later:

- 0015 as first landed (60df51e) had no ``night.table_token``; as landed next (8006921) it had, but
  neither had the ``club`` table nor ``night.club_id`` (added in b8fcc3a);
- 0016 as first landed (afa318f) had no ``night_table.agreed_hands`` (added in 133e217).

This revision adds whatever of those is missing, backfilling as the later versions would have (a new
table cards' link per night; a table agreed before agrees to its hands as they are, as 0016 does), and
does nothing on a database that has them: every part is looked up in the database first.

On PostgreSQL a database whose 0015 had no club cannot even run 0016 (``phone_club`` refers to
``club``: relation "club" does not exist), and 0016 must not change, nor be given a revision to run
after (its ``down_revision`` would change). So ``complete_0015`` is also named in ``repairs_before``:
migrations/env.py runs it inside 0016's own step, before 0016's upgrade (one transaction: if 0016 still
fails, the repair is rolled back with it). On SQLite 0016 ran without the club; this revision repairs
such a database after the fact.
"""
import secrets

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0017'
down_revision = '0016'
branch_labels = None
depends_on = None


def complete_0015():
    """What 0015 as landed last makes and its earlier versions did not: the club (and its link's index),
    a night's table cards' link, a night's club."""
    if 'club' not in _tables():
        op.create_table('club',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('token', sa.String(length=32), nullable=False),
        sa.Column('name', sa.String(length=80), nullable=False),
        sa.Column('best_of', sa.Integer(), nullable=True),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_club'))
        )
    if 'ix_club_token' not in _indexes('club'):
        with op.batch_alter_table('club', schema=None) as batch_op:
            batch_op.create_index(batch_op.f('ix_club_token'), ['token'], unique=True)

    if 'table_token' not in _columns('night'):
        with op.batch_alter_table('night', schema=None) as batch_op:
            batch_op.add_column(sa.Column('table_token', sa.String(length=32), nullable=True))
        bind = op.get_bind()
        for (night_id,) in bind.execute(sa.text("SELECT id FROM night")).all():  # as models.new_token does
            bind.execute(
                sa.text("UPDATE night SET table_token = :token WHERE id = :id"),
                {"token": secrets.token_urlsafe(16), "id": night_id},
            )
        with op.batch_alter_table('night', schema=None) as batch_op:
            batch_op.alter_column('table_token', existing_type=sa.String(length=32), nullable=False)
    if 'ix_night_table_token' not in _indexes('night'):
        with op.batch_alter_table('night', schema=None) as batch_op:
            batch_op.create_index(batch_op.f('ix_night_table_token'), ['table_token'], unique=True)

    if 'club_id' not in _columns('night'):
        with op.batch_alter_table('night', schema=None) as batch_op:
            batch_op.add_column(sa.Column('club_id', sa.Integer(), nullable=True))
    if not any(fk['constrained_columns'] == ['club_id'] for fk in sa.inspect(op.get_bind()).get_foreign_keys('night')):
        with op.batch_alter_table('night', schema=None) as batch_op:
            batch_op.create_foreign_key(
                batch_op.f('fk_night_club_id_club'), 'club', ['club_id'], ['id'], ondelete='SET NULL'
            )
    if 'ix_night_club_id' not in _indexes('night'):
        with op.batch_alter_table('night', schema=None) as batch_op:
            batch_op.create_index(batch_op.f('ix_night_club_id'), ['club_id'], unique=False)


def complete_0016():
    """What 0016 as landed last makes and its first version did not: the hands a table's "we agree"
    agreed to, backfilled as 0016 does (its phone_club and phone_night were in every version of it)."""
    if 'agreed_hands' in _columns('night_table'):
        return
    with op.batch_alter_table('night_table', schema=None) as batch_op:
        batch_op.add_column(sa.Column('agreed_hands', sa.String(length=32), nullable=True))
    bind = op.get_bind()
    agreed = bind.execute(
        sa.text("SELECT id, game_id FROM night_table WHERE agreed_at IS NOT NULL AND game_id IS NOT NULL")
    ).all()
    for table_id, game_id in agreed:  # a table agreed before: to its hands as they are (as 0016 does)
        last = bind.execute(
            sa.text("SELECT max(id) FROM edit_log WHERE game_id = :game AND action IN ('add', 'edit', 'undo', 'restore')"),
            {"game": game_id},
        ).scalar()
        bind.execute(
            sa.text("UPDATE night_table SET agreed_hands = :hands WHERE id = :id"),
            {"hands": str(last or 0), "id": table_id},
        )


#: For migrations/env.py: repairs to run inside a landed revision's step, before its own upgrade.
repairs_before = {'0016': [complete_0015]}


def _tables():
    return set(sa.inspect(op.get_bind()).get_table_names())


def _columns(table):
    return {column['name'] for column in sa.inspect(op.get_bind()).get_columns(table)}


def _indexes(table):
    return {index['name'] for index in sa.inspect(op.get_bind()).get_indexes(table)}


def upgrade():
    complete_0015()
    complete_0016()


def data_lost_by_downgrade(bind):
    """Nothing: the downgrade changes nothing."""
    return None


def downgrade():
    # Nothing to undo. What upgrade() added belongs to 0015 and 0016 as they landed last (a database
    # made with them already has every part of it, and this revision added nothing there): their own
    # downgrades drop it. Dropping it here would leave a repaired database at 0016 without what 0016
    # (and 0015) make, the very state this revision repairs, and 0016's downgrade would then fail.
    pass
