"""a_start_found_by_its_key: edit_log's one-time keys indexed alone, so that a game started on a phone with no
connection and sent again is found by its key without reading the whole log

Revision ID: 0025
Revises: 0024
Create Date: 2026-11-28 00:15:00

"""
from alembic import op


# revision identifiers, used by Alembic.
revision = '0025'
down_revision = '0024'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('edit_log', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_edit_log_save_key'), ['save_key'], unique=False)


# Nothing to lose going down: an index holds no row of its own.


def downgrade():
    with op.batch_alter_table('edit_log', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_edit_log_save_key'))
