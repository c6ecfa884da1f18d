"""A phone's club nights and clubs (the home page lists them, as it lists its tables of friends); the hands a
table's "we agree" agreed to

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-25 04:04:14.868119

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0016'
down_revision = '0015'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('phone_club',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('phone_id', sa.String(length=64), nullable=False),
    sa.Column('club_id', sa.Integer(), nullable=False),
    sa.Column('opened_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['club_id'], ['club.id'], name=op.f('fk_phone_club_club_id_club'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_phone_club')),
    sa.UniqueConstraint('phone_id', 'club_id', name=op.f('uq_phone_club_phone_id_club_id'))
    )
    with op.batch_alter_table('phone_club', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_phone_club_club_id'), ['club_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_phone_club_phone_id'), ['phone_id'], unique=False)

    op.create_table('phone_night',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('phone_id', sa.String(length=64), nullable=False),
    sa.Column('night_id', sa.Integer(), nullable=False),
    sa.Column('director', sa.Boolean(), nullable=False),
    sa.Column('opened_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['night_id'], ['night.id'], name=op.f('fk_phone_night_night_id_night'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_phone_night')),
    sa.UniqueConstraint('phone_id', 'night_id', name=op.f('uq_phone_night_phone_id_night_id'))
    )
    with op.batch_alter_table('phone_night', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_phone_night_night_id'), ['night_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_phone_night_phone_id'), ['phone_id'], unique=False)

    with op.batch_alter_table('night_table', schema=None) as batch_op:
        batch_op.add_column(sa.Column('agreed_hands', sa.String(length=32), nullable=True))
    bind = op.get_bind()
    for table_id, game_id, _ in _agreed_tables(bind):  # a table agreed before: to its hands as they are
        bind.execute(
            sa.text("UPDATE night_table SET agreed_hands = :hands WHERE id = :id"),
            {"hands": _last_hand_change(bind, game_id), "id": table_id},
        )


def _last_hand_change(bind, game_id):
    """The game's hands as they stand, as the app names them (services/night_results.py, as of this
    revision): the last change of its log that changed a hand."""
    last = bind.execute(
        sa.text("SELECT max(id) FROM edit_log WHERE game_id = :game AND action IN ('add', 'edit', 'undo', 'restore')"),
        {"game": game_id},
    ).scalar()
    return str(last or 0)


def _agreed_tables(bind):
    return bind.execute(
        sa.text("SELECT id, game_id, agreed_hands FROM night_table WHERE agreed_at IS NOT NULL AND game_id IS NOT NULL")
    ).all()


def data_lost_by_downgrade(bind):
    """Nothing a game or a night needs: the phones' lists of nights and clubs are only a convenience, and a
    table's agreement that lapsed since (its hands changed) is kept by clearing its time."""
    return None


def downgrade():
    bind = op.get_bind()
    for table_id, game_id, agreed in _agreed_tables(bind):  # an agreement that lapsed says so without the column
        if agreed is not None and agreed != _last_hand_change(bind, game_id):
            bind.execute(sa.text("UPDATE night_table SET agreed_at = NULL WHERE id = :id"), {"id": table_id})
    with op.batch_alter_table('night_table', schema=None) as batch_op:
        batch_op.drop_column('agreed_hands')
    with op.batch_alter_table('phone_night', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_phone_night_phone_id'))
        batch_op.drop_index(batch_op.f('ix_phone_night_night_id'))

    op.drop_table('phone_night')
    with op.batch_alter_table('phone_club', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_phone_club_phone_id'))
        batch_op.drop_index(batch_op.f('ix_phone_club_club_id'))

    op.drop_table('phone_club')
