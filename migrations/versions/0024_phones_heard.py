"""phones_heard: when a club night's table's phones were last heard from, and the changes they keep unsent

Revision ID: 0024
Revises: 0023
Create Date: 2026-11-28 09:00:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0024'
down_revision = '0023'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('phones_heard',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('link', sa.Integer(), nullable=False),
    sa.Column('heard_at', sa.DateTime(), nullable=False),
    sa.Column('kept', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_phones_heard_game_id_game'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_phones_heard')),
    sa.UniqueConstraint('game_id', 'link', name=op.f('uq_phones_heard_game_id_link'))
    )
    with op.batch_alter_table('phones_heard', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_phones_heard_game_id'), ['game_id'], unique=False)


# Nothing to lose going down: when a table's phones were last heard from is known again within a minute of asking.


def downgrade():
    with op.batch_alter_table('phones_heard', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_phones_heard_game_id'))
    op.drop_table('phones_heard')
