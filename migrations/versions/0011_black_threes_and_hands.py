"""Modern American: black threes laid out as bonus cards, and each player's own cards held

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-24 10:20:00

"""
from alembic import op
import sqlalchemy as sa

from scorekeeper.store.schema_changes import count, loss


# revision identifiers, used by Alembic.
revision = '0011'
down_revision = '0010'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('hand_entry', schema=None) as batch_op:
        batch_op.add_column(sa.Column('black_threes', sa.Integer(), server_default='0', nullable=False))
        batch_op.add_column(sa.Column('cards_held_by_player', sa.JSON(), nullable=True))


def data_lost_by_downgrade(bind):
    """Modern American hands: black threes laid out, and each player's own cards."""
    hands = count(
        bind,
        "SELECT count(DISTINCT hand_id) FROM hand_entry WHERE black_threes <> 0"
        " OR (cards_held_by_player IS NOT NULL AND CAST(cards_held_by_player AS TEXT) <> 'null')",
    )
    return loss(hands, "hands that would lose their black threes or each player's cards")


def downgrade():
    with op.batch_alter_table('hand_entry', schema=None) as batch_op:
        batch_op.drop_column('cards_held_by_player')
        batch_op.drop_column('black_threes')
