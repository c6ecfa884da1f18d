"""A club's members archived (off its lists, history kept) or merged into another, and the version of a club's
roster

Revision ID: 0023
Revises: 0022
Create Date: 2026-11-27 10:00:00

"""
from alembic import op
import sqlalchemy as sa

from scorekeeper.store.schema_changes import count, loss


# revision identifiers, used by Alembic.
revision = '0023'
down_revision = '0022'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('club', schema=None) as batch_op:
        batch_op.add_column(sa.Column('roster_version', sa.Integer(), server_default='1', nullable=False))
    with op.batch_alter_table('club_member', schema=None) as batch_op:
        batch_op.add_column(sa.Column('archived_at', sa.DateTime(), nullable=True))
        batch_op.add_column(sa.Column('merged_into_id', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_club_member_merged_into_id'), ['merged_into_id'], unique=False)
        batch_op.create_foreign_key(
            batch_op.f('fk_club_member_merged_into_id_club_member'),
            'club_member',
            ['merged_into_id'],
            ['id'],
            ondelete='SET NULL',
        )


def data_lost_by_downgrade(bind):
    """Members archived or merged: they would be on the club's lists again, each a member of their own (the
    members stay)."""
    lost = [
        loss(count(bind, "SELECT count(*) FROM club_member WHERE archived_at IS NOT NULL"), "archived members"),
        loss(count(bind, "SELECT count(*) FROM club_member WHERE merged_into_id IS NOT NULL"), "merged members"),
    ]
    return "; ".join(what for what in lost if what) or None


def downgrade():
    with op.batch_alter_table('club_member', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_club_member_merged_into_id_club_member'), type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_club_member_merged_into_id'))
        batch_op.drop_column('merged_into_id')
        batch_op.drop_column('archived_at')
    with op.batch_alter_table('club', schema=None) as batch_op:
        batch_op.drop_column('roster_version')
