"""The one-time key of the form that added a night's pair: the same form sent twice adds it once

Revision ID: 0022
Revises: 0021
Create Date: 2026-11-27 09:00:00

"""
from alembic import op
import sqlalchemy as sa

from scorekeeper.store.schema_changes import count, loss


# revision identifiers, used by Alembic.
revision = '0022'
down_revision = '0021'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('night_pair', schema=None) as batch_op:
        batch_op.add_column(sa.Column('save_key', sa.String(length=64), nullable=True))
        batch_op.create_unique_constraint(batch_op.f('uq_night_pair_night_id_save_key'), ['night_id', 'save_key'])


def data_lost_by_downgrade(bind):
    """The keys that stop a door's form sent twice from adding its pair twice (the pairs stay)."""
    keys = count(bind, "SELECT count(*) FROM night_pair WHERE save_key IS NOT NULL")
    return loss(keys, "pairs that would lose the key that stops them being added twice")


def downgrade():
    with op.batch_alter_table('night_pair', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('uq_night_pair_night_id_save_key'), type_='unique')
        batch_op.drop_column('save_key')
