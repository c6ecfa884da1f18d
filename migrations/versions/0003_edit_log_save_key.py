"""edit_log.save_key: the one-time key of the form that made a change

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23 07:15:00

"""
from alembic import op
import sqlalchemy as sa

from scorekeeper.store.schema_changes import count, loss


# revision identifiers, used by Alembic.
revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('edit_log', schema=None) as batch_op:
        batch_op.add_column(sa.Column('save_key', sa.String(length=64), nullable=True))
        batch_op.create_unique_constraint(batch_op.f('uq_edit_log_game_id_save_key'), ['game_id', 'save_key'])


def data_lost_by_downgrade(bind):
    """The one-time keys that stop a form sent twice from saving a hand twice."""
    keys = count(bind, "SELECT count(*) FROM edit_log WHERE save_key IS NOT NULL")
    return loss(keys, "changes that would lose the key that stops them being saved twice")


def downgrade():
    with op.batch_alter_table('edit_log', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('uq_edit_log_game_id_save_key'), type_='unique')
        batch_op.drop_column('save_key')
