"""Who sent a side's half: the player of that side who sent it from their phone

Revision ID: 0020
Revises: 0019
Create Date: 2026-11-26 06:00:00

"""
from alembic import op
import sqlalchemy as sa

from scorekeeper.store.schema_changes import count, loss


# revision identifiers, used by Alembic.
revision = '0020'
down_revision = '0019'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('hand_half', schema=None) as batch_op:
        batch_op.add_column(sa.Column('sent_by', sa.String(length=60), nullable=True))


def data_lost_by_downgrade(bind):
    """Who sent each half (the halves stay)."""
    return loss(count(bind, "SELECT count(*) FROM hand_half WHERE sent_by IS NOT NULL"), "halves that say who sent them")


def downgrade():
    with op.batch_alter_table('hand_half', schema=None) as batch_op:
        batch_op.drop_column('sent_by')
