"""The Canasta family's hands (Burraco, Buraco, Burako): melds as cards, held cards, the packet, how a side
went out and its closing discard, quick entry's further canasta kinds, and a hand ended on the stock

Revision ID: 0021
Revises: 0020
Create Date: 2026-11-26 09:00:00

"""
from alembic import op
import sqlalchemy as sa

from scorekeeper.store.schema_changes import count, loss


# revision identifiers, used by Alembic.
revision = '0021'
down_revision = '0020'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('hand_entry', schema=None) as batch_op:
        batch_op.add_column(sa.Column('card_melds', sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column('held_cards', sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column('packet', sa.String(length=16), server_default='', nullable=False))
        batch_op.add_column(sa.Column('closing', sa.String(length=12), server_default='', nullable=False))
        batch_op.add_column(sa.Column('closing_discard', sa.String(length=4), server_default='', nullable=False))
        batch_op.add_column(sa.Column('canastas_semi', sa.Integer(), server_default='0', nullable=False))
        batch_op.add_column(sa.Column('canastas_ace_to_king', sa.Integer(), server_default='0', nullable=False))
        batch_op.add_column(sa.Column('canastas_ace_to_ace', sa.Integer(), server_default='0', nullable=False))
    with op.batch_alter_table('hand', schema=None) as batch_op:
        batch_op.add_column(sa.Column('ended', sa.String(length=12), server_default='', nullable=False))


def data_lost_by_downgrade(bind):
    """The family's hands (Canasta's keep everything)."""
    sides = count(bind, "SELECT count(*) FROM hand_entry WHERE packet <> ''")
    ended = count(bind, "SELECT count(*) FROM hand WHERE ended <> ''")
    return loss(sides + ended, "sides of hands of Burraco, Buraco or Burako, and hands ended on the stock")


def downgrade():
    with op.batch_alter_table('hand', schema=None) as batch_op:
        batch_op.drop_column('ended')
    with op.batch_alter_table('hand_entry', schema=None) as batch_op:
        batch_op.drop_column('canastas_ace_to_ace')
        batch_op.drop_column('canastas_ace_to_king')
        batch_op.drop_column('canastas_semi')
        batch_op.drop_column('closing_discard')
        batch_op.drop_column('closing')
        batch_op.drop_column('packet')
        batch_op.drop_column('held_cards')
        batch_op.drop_column('card_melds')
