"""A finished table's winners (the lobby lists them without loading the game) and whether
a table is public (anyone in the lobby may take one of its free seats) — issue 27.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("winners", sa.JSON, nullable=True))
        batch.add_column(sa.Column("public", sa.Boolean, nullable=False,
                                   server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("public")
        batch.drop_column("winners")
