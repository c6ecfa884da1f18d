"""groups: a table of friends with its own link, its roster of players, and its games

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-23 14:00:00

"""
from alembic import op
import sqlalchemy as sa

from scorekeeper.store.schema_changes import count, loss


# revision identifiers, used by Alembic.
revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('table_group',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('token', sa.String(length=32), nullable=False),
    sa.Column('name', sa.String(length=80), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_table_group'))
    )
    with op.batch_alter_table('table_group', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_table_group_token'), ['token'], unique=True)
    op.create_table('group_player',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('group_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=60), nullable=False),
    sa.ForeignKeyConstraint(['group_id'], ['table_group.id'], name=op.f('fk_group_player_group_id_table_group'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_group_player')),
    sa.UniqueConstraint('group_id', 'position', name=op.f('uq_group_player_group_id_position'))
    )
    with op.batch_alter_table('group_player', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_group_player_group_id'), ['group_id'], unique=False)
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('group_id', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_game_group_id'), ['group_id'], unique=False)
        batch_op.create_foreign_key(batch_op.f('fk_game_group_id_table_group'), 'table_group', ['group_id'], ['id'], ondelete='SET NULL')


def data_lost_by_downgrade(bind):
    """Tables of friends, their rosters and their games' membership."""
    return loss(count(bind, "SELECT count(*) FROM table_group"), "tables of friends that would be deleted")


def downgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_game_group_id_table_group'), type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_game_group_id'))
        batch_op.drop_column('group_id')
    with op.batch_alter_table('group_player', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_group_player_group_id'))
    op.drop_table('group_player')
    with op.batch_alter_table('table_group', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_table_group_token'))
    op.drop_table('table_group')
