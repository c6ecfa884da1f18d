"""Club nights: the club, the night, its pairs, its rounds and tables (each an ordinary game), the director's log

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-25 01:48:52.066214

"""
from alembic import op
import sqlalchemy as sa

from scorekeeper.store.schema_changes import count, loss


# revision identifiers, used by Alembic.
revision = '0015'
down_revision = '0014'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('club',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('token', sa.String(length=32), nullable=False),
    sa.Column('name', sa.String(length=80), nullable=False),
    sa.Column('best_of', sa.Integer(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_club'))
    )
    with op.batch_alter_table('club', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_club_token'), ['token'], unique=True)

    op.create_table('night',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('director_token', sa.String(length=32), nullable=False),
    sa.Column('public_id', sa.String(length=32), nullable=False),
    sa.Column('join_code', sa.String(length=8), nullable=False),
    sa.Column('table_token', sa.String(length=32), nullable=False),
    sa.Column('name', sa.String(length=80), nullable=False),
    sa.Column('held_on', sa.Date(), nullable=False),
    sa.Column('ruleset_id', sa.String(length=40), nullable=False),
    sa.Column('options', sa.JSON(), nullable=False),
    sa.Column('recording', sa.String(length=8), nullable=False),
    sa.Column('round_kind', sa.String(length=8), nullable=False),
    sa.Column('round_length', sa.Integer(), nullable=True),
    sa.Column('rounds', sa.Integer(), nullable=False),
    sa.Column('movements', sa.JSON(), nullable=False),
    sa.Column('mitchell_step', sa.Integer(), nullable=False),
    sa.Column('scoring', sa.String(length=10), nullable=False),
    sa.Column('decisive', sa.Integer(), nullable=True),
    sa.Column('tie_breaks', sa.JSON(), nullable=False),
    sa.Column('bye_points', sa.Double(), nullable=False),
    sa.Column('bye_difference', sa.Integer(), nullable=False),
    sa.Column('lines', sa.JSON(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('club_id', sa.Integer(), nullable=True),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['club_id'], ['club.id'], name=op.f('fk_night_club_id_club'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_night'))
    )
    with op.batch_alter_table('night', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_night_director_token'), ['director_token'], unique=True)
        batch_op.create_index(batch_op.f('ix_night_join_code'), ['join_code'], unique=True)
        batch_op.create_index(batch_op.f('ix_night_table_token'), ['table_token'], unique=True)
        batch_op.create_index(batch_op.f('ix_night_club_id'), ['club_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_night_public_id'), ['public_id'], unique=True)

    op.create_table('night_log',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('night_id', sa.Integer(), nullable=False),
    sa.Column('at', sa.DateTime(), nullable=False),
    sa.Column('action', sa.String(length=16), nullable=False),
    sa.Column('detail', sa.JSON(), nullable=False),
    sa.Column('reason', sa.Text(), nullable=False),
    sa.ForeignKeyConstraint(['night_id'], ['night.id'], name=op.f('fk_night_log_night_id_night'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_night_log'))
    )
    with op.batch_alter_table('night_log', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_night_log_night_id'), ['night_id'], unique=False)

    op.create_table('night_pair',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('night_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('players', sa.JSON(), nullable=False),
    sa.Column('joined_before_round', sa.Integer(), nullable=False),
    sa.Column('left_after_round', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['night_id'], ['night.id'], name=op.f('fk_night_pair_night_id_night'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_night_pair')),
    sa.UniqueConstraint('night_id', 'number', name=op.f('uq_night_pair_night_id_number'))
    )
    with op.batch_alter_table('night_pair', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_night_pair_night_id'), ['night_id'], unique=False)

    op.create_table('night_round',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('night_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('movement', sa.String(length=16), nullable=False),
    sa.Column('byes', sa.JSON(), nullable=False),
    sa.Column('started_at', sa.DateTime(), nullable=False),
    sa.Column('ends_at', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['night_id'], ['night.id'], name=op.f('fk_night_round_night_id_night'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_night_round')),
    sa.UniqueConstraint('night_id', 'number', name=op.f('uq_night_round_night_id_number'))
    )
    with op.batch_alter_table('night_round', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_night_round_night_id'), ['night_id'], unique=False)

    op.create_table('night_table',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('round_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('north_south', sa.Integer(), nullable=False),
    sa.Column('east_west', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=True),
    sa.Column('fixed_scores', sa.JSON(), nullable=True),
    sa.Column('agreed_at', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_night_table_game_id_game'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['round_id'], ['night_round.id'], name=op.f('fk_night_table_round_id_night_round'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_night_table')),
    sa.UniqueConstraint('round_id', 'number', name=op.f('uq_night_table_round_id_number'))
    )
    with op.batch_alter_table('night_table', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_night_table_game_id'), ['game_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_night_table_round_id'), ['round_id'], unique=False)



def data_lost_by_downgrade(bind):
    """Every club night (with its pairs, rounds and tables; the tables' games stay, as games), and the clubs."""
    nights = loss(count(bind, "SELECT count(*) FROM night"), "club nights")
    clubs = loss(count(bind, "SELECT count(*) FROM club"), "clubs")
    return "; ".join(found for found in (nights, clubs) if found) or None


def downgrade():
    with op.batch_alter_table('night_table', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_night_table_round_id'))
        batch_op.drop_index(batch_op.f('ix_night_table_game_id'))

    op.drop_table('night_table')
    with op.batch_alter_table('night_round', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_night_round_night_id'))

    op.drop_table('night_round')
    with op.batch_alter_table('night_pair', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_night_pair_night_id'))

    op.drop_table('night_pair')
    with op.batch_alter_table('night_log', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_night_log_night_id'))

    op.drop_table('night_log')
    with op.batch_alter_table('night', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_night_public_id'))
        batch_op.drop_index(batch_op.f('ix_night_club_id'))
        batch_op.drop_index(batch_op.f('ix_night_table_token'))
        batch_op.drop_index(batch_op.f('ix_night_join_code'))
        batch_op.drop_index(batch_op.f('ix_night_director_token'))

    op.drop_table('night')
    with op.batch_alter_table('club', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_club_token'))

    op.drop_table('club')
