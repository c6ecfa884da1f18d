"""sambas on the paper sheet: a side's canastas in sequence (Samba) counted in the quick entry

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-24 09:40:00

"""
from alembic import op
import sqlalchemy as sa

from scorekeeper.store.schema_changes import count, loss


# revision identifiers, used by Alembic.
revision = '0010'
down_revision = '0009'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('hand_entry', schema=None) as batch_op:
        batch_op.add_column(sa.Column('canastas_samba', sa.Integer(), server_default='0', nullable=False))


def data_lost_by_downgrade(bind):
    """Paper-sheet hands that counted sambas."""
    hands = count(bind, "SELECT count(DISTINCT hand_id) FROM hand_entry WHERE canastas_samba <> 0")
    return loss(hands, "hands that would lose their sambas")


def downgrade():
    with op.batch_alter_table('hand_entry', schema=None) as batch_op:
        batch_op.drop_column('canastas_samba')
