"""four black threes: a paper-sheet side went out with four black threes melded

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-23 13:20:00

"""
from alembic import op
import sqlalchemy as sa

from scorekeeper.store.schema_changes import count, loss


# revision identifiers, used by Alembic.
revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('hand_entry', schema=None) as batch_op:
        batch_op.add_column(sa.Column('four_black_threes', sa.Boolean(), server_default=sa.false(), nullable=False))


def data_lost_by_downgrade(bind):
    """Paper-sheet hands that went out with four black threes."""
    hands = count(bind, "SELECT count(DISTINCT hand_id) FROM hand_entry WHERE four_black_threes = :yes", yes=True)
    return loss(hands, "hands that would forget a side went out with four black threes")


def downgrade():
    with op.batch_alter_table('hand_entry', schema=None) as batch_op:
        batch_op.drop_column('four_black_threes')
