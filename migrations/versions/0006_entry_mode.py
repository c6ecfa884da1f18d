"""entry mode: how a table enters its first hand (card by card or the paper sheet's totals)

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-23 12:40:00

"""
from alembic import op
import sqlalchemy as sa

from scorekeeper.store.schema_changes import count, loss


# revision identifiers, used by Alembic.
revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('entry_mode', sa.String(length=10), server_default='detailed', nullable=False))


def data_lost_by_downgrade(bind):
    """Tables that enter their hands from the paper sheet would be set back to card by card."""
    quick = count(bind, "SELECT count(*) FROM game WHERE entry_mode <> 'detailed'")
    return loss(quick, "games that would forget they enter hands from the paper sheet")


def downgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('entry_mode')
