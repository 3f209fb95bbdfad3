"""Friends (issue 30): who added whom by name; both ways, two accounts are friends.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"


def upgrade() -> None:
    op.create_table(
        "friend_links",
        sa.Column("account_id", sa.String(16), sa.ForeignKey("accounts.id"),
                  primary_key=True),
        sa.Column("friend_id", sa.String(16), sa.ForeignKey("accounts.id"),
                  primary_key=True, index=True),
        sa.Column("added_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("friend_links")
