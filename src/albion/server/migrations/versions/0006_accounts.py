"""Optional accounts (issue 30): an account (its name unique whatever the case, its
Argon2id password hash), its sessions (only a hash of each session's token; signing out
everywhere deletes them all), the seats it holds (a guest's seats it kept, a seat taken
while signed in) and the seats offered to it by name.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("username", sa.String(24), nullable=True),
        sa.Column("username_key", sa.String(24), nullable=True, unique=True),
        sa.Column("password_hash", sa.String(255), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("deleted", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "account_sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(16), sa.ForeignKey("accounts.id"),
                  nullable=False, index=True),
        sa.Column("csrf", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "account_seats",
        sa.Column("table_id", sa.String(16), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.String(16), sa.ForeignKey("accounts.id"),
                  nullable=False, index=True),
        sa.Column("linked_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["table_id", "seat"], ["seats.table_id", "seats.seat"]),
    )
    op.create_table(
        "seat_offers",
        sa.Column("table_id", sa.String(16), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.String(16), sa.ForeignKey("accounts.id"),
                  nullable=False, index=True),
        sa.Column("invite_hash", sa.String(64), nullable=False),
        sa.Column("offered_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["table_id", "seat"], ["seats.table_id", "seats.seat"]),
    )


def downgrade() -> None:
    op.drop_table("seat_offers")
    op.drop_table("account_seats")
    op.drop_table("account_sessions")
    op.drop_table("accounts")
