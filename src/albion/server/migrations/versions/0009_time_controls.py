"""Time controls (issue 31): when a table's play began (its clock's first turn), so that
each seat's time is computed again from the stored decisions after a restart or on
another process; and the accounts' vacations, which pause their seats' clocks.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"


def upgrade() -> None:
    op.add_column("tables", sa.Column("started_at", sa.DateTime(timezone=True),
                                      nullable=True))
    op.create_table(
        "vacations",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.String(16), sa.ForeignKey("accounts.id"),
                  nullable=False, index=True),
        sa.Column("starts_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ends_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("vacations")
    op.drop_column("tables", "started_at")
