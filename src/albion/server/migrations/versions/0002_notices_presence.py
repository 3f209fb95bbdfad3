"""Notices (stand-ins taking over and owners coming back) and presence (the connections each
server process holds per seat), so that several processes share a table's clock.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    op.create_table(
        "notices",
        sa.Column("table_id", sa.String(16), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("stand_in", sa.String(200), nullable=True),
        sa.Column("reason", sa.String(32), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "presence",
        sa.Column("table_id", sa.String(16), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("process", sa.String(32), primary_key=True),
        sa.Column("connections", sa.Integer, nullable=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("presence")
    op.drop_table("notices")
