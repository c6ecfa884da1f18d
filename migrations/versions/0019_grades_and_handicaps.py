"""A club's K for its members' grades; a night scored with handicaps (its H)

Revision ID: 0019
Revises: 0018
Create Date: 2026-11-26 03:20:00

"""
from alembic import op
import sqlalchemy as sa

from scorekeeper.store.schema_changes import count, loss


# revision identifiers, used by Alembic.
revision = '0019'
down_revision = '0018'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('club', schema=None) as batch_op:
        batch_op.add_column(sa.Column('grade_k', sa.Double(), server_default='0.1', nullable=False))
    with op.batch_alter_table('night', schema=None) as batch_op:
        batch_op.add_column(sa.Column('handicap', sa.Double(), nullable=True))


def data_lost_by_downgrade(bind):
    """A club's own K (other than 0.1) and a night's handicaps (the clubs and nights stay)."""
    lost = [
        loss(count(bind, "SELECT count(*) FROM club WHERE grade_k <> 0.1"), "clubs whose K for grades would go"),
        loss(count(bind, "SELECT count(*) FROM night WHERE handicap IS NOT NULL"), "nights scored with handicaps"),
    ]
    return "; ".join(what for what in lost if what) or None


def downgrade():
    with op.batch_alter_table('night', schema=None) as batch_op:
        batch_op.drop_column('handicap')
    with op.batch_alter_table('club', schema=None) as batch_op:
        batch_op.drop_column('grade_k')
