"""A phone's tables of friends (the home page lists them); a game's note

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-24 22:30:00

"""
from alembic import op
import sqlalchemy as sa

from scorekeeper.store.schema_changes import count, loss


# revision identifiers, used by Alembic.
revision = '0013'
down_revision = '0012'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('phone_group',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('phone_id', sa.String(length=64), nullable=False),
    sa.Column('group_id', sa.Integer(), nullable=False),
    sa.Column('opened_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['group_id'], ['table_group.id'], name=op.f('fk_phone_group_group_id_table_group'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_phone_group')),
    sa.UniqueConstraint('phone_id', 'group_id', name=op.f('uq_phone_group_phone_id_group_id'))
    )
    with op.batch_alter_table('phone_group', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_phone_group_group_id'), ['group_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_phone_group_phone_id'), ['phone_id'], unique=False)
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('note', sa.String(length=200), server_default='', nullable=False))


def data_lost_by_downgrade(bind):
    """Games' notes (the phones' lists of tables of friends are only a convenience: they go)."""
    notes = count(bind, "SELECT count(*) FROM game WHERE note <> ''")
    return loss(notes, "games whose note would be deleted")


def downgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('note')
    with op.batch_alter_table('phone_group', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_phone_group_phone_id'))
        batch_op.drop_index(batch_op.f('ix_phone_group_group_id'))
    op.drop_table('phone_group')
