"""Turn-based deadlines (issue 31): when a table's earliest seat runs out of time, so a
table nobody watches can be unloaded for days and loaded again by a sweep in time for
its deadline, after a restart too and on any process sharing the database.

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"


def upgrade() -> None:
    op.add_column("tables", sa.Column("due_at", sa.DateTime(timezone=True), nullable=True))
    op.create_index("ix_tables_due_at", "tables", ["due_at"])


def downgrade() -> None:
    op.drop_index("ix_tables_due_at", "tables")
    op.drop_column("tables", "due_at")
