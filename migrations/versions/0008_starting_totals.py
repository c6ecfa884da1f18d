"""starting totals: a game resumed from a paper sheet starts from each side's total there

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-23 13:40:00

"""
from alembic import op
import sqlalchemy as sa

from scorekeeper.store.schema_changes import count, loss


# revision identifiers, used by Alembic.
revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('starting_totals', sa.JSON(), nullable=True))


def data_lost_by_downgrade(bind):
    """Games carried on from a paper sheet would start from zero again."""
    carried = count(
        bind, "SELECT count(*) FROM game WHERE starting_totals IS NOT NULL AND CAST(starting_totals AS TEXT) <> 'null'"
    )
    return loss(carried, "games that would lose the totals carried over from a paper sheet")


def downgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('starting_totals')
