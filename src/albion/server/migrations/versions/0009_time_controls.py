"""Time controls (issue 31): when a table's play began (its clock's first turn), so that
each seat's time is computed again from the stored decisions after a restart or on
another process.

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


def downgrade() -> None:
    op.drop_column("tables", "started_at")
