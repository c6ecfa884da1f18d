"""Modern American: the special hand a side went out with

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-24 21:00:00

"""
from alembic import op
import sqlalchemy as sa

from scorekeeper.store.schema_changes import count, loss


# revision identifiers, used by Alembic.
revision = '0012'
down_revision = '0011'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('hand_entry', schema=None) as batch_op:
        batch_op.add_column(sa.Column('special_hand', sa.String(length=12), server_default='', nullable=False))


def data_lost_by_downgrade(bind):
    """Modern American hands won with a special hand."""
    hands = count(bind, "SELECT count(DISTINCT hand_id) FROM hand_entry WHERE special_hand <> ''")
    return loss(hands, "hands that would lose the special hand a side went out with")


def downgrade():
    with op.batch_alter_table('hand_entry', schema=None) as batch_op:
        batch_op.drop_column('special_hand')
