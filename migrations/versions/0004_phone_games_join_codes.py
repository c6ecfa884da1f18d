"""phone_game: the games each phone opened; game.join_code: a short code to follow a game

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23 07:20:00

"""
import secrets

from alembic import op
import sqlalchemy as sa

from scorekeeper.store.schema_changes import count, loss


# revision identifiers, used by Alembic.
revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None

JOIN_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"


def upgrade():
    op.create_table('phone_game',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('phone_id', sa.String(length=64), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('edit_token', sa.String(length=32), nullable=True),
    sa.Column('opened_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_phone_game_game_id_game'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_phone_game')),
    sa.UniqueConstraint('phone_id', 'game_id', name=op.f('uq_phone_game_phone_id_game_id'))
    )
    with op.batch_alter_table('phone_game', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_phone_game_game_id'), ['game_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_phone_game_phone_id'), ['phone_id'], unique=False)

    # Existing games get their join codes before the column becomes required.
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('join_code', sa.String(length=8), nullable=True))
    bind = op.get_bind()
    used = set()
    for (game_id,) in bind.execute(sa.text("SELECT id FROM game")).fetchall():
        code = None
        while code is None or code in used:
            code = "".join(secrets.choice(JOIN_ALPHABET) for _ in range(6))
        used.add(code)
        bind.execute(sa.text("UPDATE game SET join_code = :code WHERE id = :id"), {"code": code, "id": game_id})
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.alter_column('join_code', existing_type=sa.String(length=8), nullable=False)
        batch_op.create_index(batch_op.f('ix_game_join_code'), ['join_code'], unique=True)


def data_lost_by_downgrade(bind):
    """Each game's short code (a new one would be drawn on the way back up) and each phone's list of games."""
    games = count(bind, "SELECT count(*) FROM game")
    phones = count(bind, "SELECT count(*) FROM phone_game")
    return loss(games, "games that would lose their short codes") or loss(phones, "games that would leave phones' lists")


def downgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_join_code'))
        batch_op.drop_column('join_code')
    with op.batch_alter_table('phone_game', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_phone_game_phone_id'))
        batch_op.drop_index(batch_op.f('ix_phone_game_game_id'))
    op.drop_table('phone_game')
