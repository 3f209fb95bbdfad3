"""Secrets nobody can compute (issue 25): a table's chance comes from a secret kept only
here (`secret`, 256 bits as hex), a seed only when its creator chose one (`seed_chosen`);
seat links are single-claim invitations (`seats.invite_hash`), and a table has at most one
rematch.

Unfinished tables stored before this migration go on from a fresh secret: their past
draws are in their decisions, and from now on their chance cannot be computed from the
32-bit seed they were dealt with.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("secret", sa.String(64), nullable=True))
        batch.add_column(sa.Column("seed_chosen", sa.Boolean, nullable=False,
                                   server_default=sa.false()))
        batch.alter_column("seed", existing_type=sa.BigInteger, nullable=True)
        batch.create_unique_constraint("uq_tables_rematch_of", ["rematch_of"])
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("invite_hash", sa.String(64), nullable=True))
    connection = op.get_bind()
    unfinished = connection.execute(sa.text(
        "SELECT id FROM tables WHERE status <> 'over'")).scalars().all()
    for table_id in unfinished:
        connection.execute(sa.text("UPDATE tables SET secret = :secret, seed = NULL "
                                   "WHERE id = :id"),
                           {"secret": secrets.token_hex(32), "id": table_id})


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("invite_hash")
    with op.batch_alter_table("tables") as batch:
        batch.drop_constraint("uq_tables_rematch_of", type_="unique")
        batch.drop_column("seed_chosen")
        batch.drop_column("secret")
