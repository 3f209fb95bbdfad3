"""Notifications (issue 31): one row per "your turn", invitation and game ended, unique
by its key (a turn is notified once), leased by the process that sends it; each
account's e-mail address and choice, and its browsers' Web Push subscriptions.

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"


def upgrade() -> None:
    op.create_table(
        "notifications",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.String(16), sa.ForeignKey("accounts.id"),
                  nullable=False, index=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("table_id", sa.String(16), nullable=False),
        sa.Column("turn", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("claimed_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("delivered_at", sa.DateTime(timezone=True), nullable=True, index=True),
        sa.Column("read_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
        sa.UniqueConstraint("account_id", "kind", "table_id", "turn",
                            name="uq_notification_key"),
    )
    op.create_table(
        "account_emails",
        sa.Column("account_id", sa.String(16), sa.ForeignKey("accounts.id"),
                  primary_key=True),
        sa.Column("address", sa.String(254), nullable=False),
        sa.Column("notify", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("lang", sa.String(8), nullable=False, server_default="en"),
        sa.Column("base", sa.Text, nullable=False),
        sa.Column("confirmed", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("confirm_hash", sa.String(64), nullable=True, unique=True),
    )
    op.create_table(
        "push_subscriptions",
        sa.Column("endpoint", sa.Text, primary_key=True),
        sa.Column("account_id", sa.String(16), sa.ForeignKey("accounts.id"),
                  nullable=False, index=True),
        sa.Column("p256dh", sa.String(200), nullable=False),
        sa.Column("auth", sa.String(100), nullable=False),
        sa.Column("lang", sa.String(8), nullable=False, server_default="en"),
        sa.Column("base", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("push_subscriptions")
    op.drop_table("account_emails")
    op.drop_table("notifications")
