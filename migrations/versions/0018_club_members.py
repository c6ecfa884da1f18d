"""A club's members: each player once by name (accents and case aside), with an optional number and starting grade

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-26 10:00:00

"""
from alembic import op
import sqlalchemy as sa

from scorekeeper.store.schema_changes import count, loss


# revision identifiers, used by Alembic.
revision = '0018'
down_revision = '0017'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('club_member',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('club_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=60), nullable=False),
    sa.Column('name_key', sa.String(length=240), nullable=False),
    sa.Column('number', sa.String(length=20), nullable=False),
    sa.Column('starting_grade', sa.Double(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['club_id'], ['club.id'], name=op.f('fk_club_member_club_id_club'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_club_member')),
    sa.UniqueConstraint('club_id', 'name_key', name=op.f('uq_club_member_club_id_name_key'))
    )
    with op.batch_alter_table('club_member', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_club_member_club_id'), ['club_id'], unique=False)


def data_lost_by_downgrade(bind):
    """Every club's members (the clubs and their nights stay)."""
    return loss(count(bind, "SELECT count(*) FROM club_member"), "club members")


def downgrade():
    with op.batch_alter_table('club_member', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_club_member_club_id'))

    op.drop_table('club_member')
