"""Ratings (issue 30): a table is rated when its creator asked for it (the lobby's
"rated" option, never with a chosen seed); each entity's current rating per game and
player count, and each rated table's step of it, for the profile's graph.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"


def upgrade() -> None:
    op.add_column("tables", sa.Column("rated", sa.Boolean, nullable=False,
                                      server_default=sa.false()))
    op.add_column("tables", sa.Column("rating", sa.String(16), nullable=True))
    op.create_table(
        "ratings",
        sa.Column("entity", sa.String(200), primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("players", sa.Integer, primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", sa.String(40), nullable=True),
    )
    op.create_table(
        "rating_steps",
        sa.Column("table_id", sa.String(16), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("entity", sa.String(200), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("display", sa.Float, nullable=False),
        sa.Column("returned", sa.Float, nullable=False),
        sa.Column("rated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Index("rating_steps_entity", "entity", "game", "players", "rated_at"),
    )


def downgrade() -> None:
    op.drop_table("rating_steps")
    op.drop_table("ratings")
    op.drop_column("tables", "rating")
    op.drop_column("tables", "rated")
