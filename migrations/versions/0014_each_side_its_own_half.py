"""Each side its own half: the game's way of recording, each side's link, the halves, each side's word on a hand

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-25 00:59:07.901623

"""
from alembic import op
import sqlalchemy as sa

from scorekeeper.store.schema_changes import count, loss


# revision identifiers, used by Alembic.
revision = '0014'
down_revision = '0013'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('hand_half',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('hand_number', sa.Integer(), nullable=False),
    sa.Column('side_position', sa.Integer(), nullable=False),
    sa.Column('entry', sa.JSON(), nullable=False),
    sa.Column('partners', sa.JSON(), nullable=True),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('save_key', sa.String(length=64), nullable=True),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_hand_half_game_id_game'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_hand_half')),
    sa.UniqueConstraint('game_id', 'hand_number', 'side_position', name=op.f('uq_hand_half_game_id_hand_number_side_position'))
    )
    with op.batch_alter_table('hand_half', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_hand_half_game_id'), ['game_id'], unique=False)

    op.create_table('hand_word',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('hand_id', sa.Integer(), nullable=False),
    sa.Column('side_position', sa.Integer(), nullable=False),
    sa.Column('hand_version', sa.Integer(), nullable=False),
    sa.Column('agreed', sa.Boolean(), nullable=False),
    sa.Column('disputed_side', sa.Integer(), nullable=True),
    sa.Column('remark', sa.String(length=200), nullable=False),
    sa.Column('at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['hand_id'], ['hand.id'], name=op.f('fk_hand_word_hand_id_hand'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_hand_word')),
    sa.UniqueConstraint('hand_id', 'side_position', name=op.f('uq_hand_word_hand_id_side_position'))
    )
    with op.batch_alter_table('hand_word', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_hand_word_hand_id'), ['hand_id'], unique=False)

    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('recording', sa.String(length=8), server_default='one', nullable=False))

    with op.batch_alter_table('hand', schema=None) as batch_op:
        batch_op.add_column(sa.Column('by_halves', sa.Boolean(), server_default=sa.false(), nullable=False))

    with op.batch_alter_table('side', schema=None) as batch_op:
        batch_op.add_column(sa.Column('token', sa.String(length=32), nullable=True))
        batch_op.create_index(batch_op.f('ix_side_token'), ['token'], unique=True)



def data_lost_by_downgrade(bind):
    """Games kept by halves, with their halves and the sides' words on their hands."""
    games = count(bind, "SELECT count(*) FROM game WHERE recording <> 'one'")
    halves = count(bind, "SELECT count(*) FROM hand_half")
    words = count(bind, "SELECT count(*) FROM hand_word")
    hands = count(bind, "SELECT count(*) FROM hand WHERE by_halves")
    lost = [
        loss(games, "games recorded by halves"),
        loss(halves, "halves of hands"),
        loss(words, "sides' words on hands"),
        loss(hands, "hands awaiting every side's agreement"),
    ]
    return "; ".join(found for found in lost if found) or None


def downgrade():
    with op.batch_alter_table('side', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_side_token'))
        batch_op.drop_column('token')

    with op.batch_alter_table('hand', schema=None) as batch_op:
        batch_op.drop_column('by_halves')

    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('recording')

    with op.batch_alter_table('hand_word', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_hand_word_hand_id'))

    op.drop_table('hand_word')
    with op.batch_alter_table('hand_half', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_hand_half_game_id'))

    op.drop_table('hand_half')
