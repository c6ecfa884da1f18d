"""typing: which phone is typing which hand of a game, lately

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-23 08:15:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('typing',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('hand_number', sa.Integer(), nullable=False),
    sa.Column('phone_id', sa.String(length=64), nullable=False),
    sa.Column('at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_typing_game_id_game'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_typing')),
    sa.UniqueConstraint('game_id', 'hand_number', 'phone_id', name=op.f('uq_typing_game_id_hand_number_phone_id'))
    )
    with op.batch_alter_table('typing', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_typing_game_id'), ['game_id'], unique=False)


def downgrade():
    with op.batch_alter_table('typing', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_typing_game_id'))
    op.drop_table('typing')
