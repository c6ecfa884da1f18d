"""heartbeat: the row the health check writes

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23 07:00:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('heartbeat',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_heartbeat'))
    )


def downgrade():
    op.drop_table('heartbeat')
