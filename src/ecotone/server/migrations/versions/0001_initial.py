"""The first schema: matches, seats, moves, pending simultaneous choices, chat."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def _match_fk() -> sa.ForeignKey:
    return sa.ForeignKey("matches.id", ondelete="CASCADE")


def upgrade() -> None:
    op.create_table(
        "matches",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("variant", sa.String(64), nullable=True),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("rules_version", sa.String(32), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("state", sa.Text, nullable=False),
        sa.Column("digest", sa.String(64), nullable=False),
        sa.Column("move_seconds", sa.Float, nullable=True),
        sa.Column("deadline", sa.Float, nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_matches_status", "matches", ["status"])
    op.create_index("ix_matches_updated_at", "matches", ["updated_at"])
    op.create_table(
        "seats",
        sa.Column("match_id", sa.String(32), _match_fk(), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("bot", sa.String(200), nullable=True),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("taken_over", sa.Boolean, nullable=False),
    )
    op.create_table(
        "moves",
        sa.Column("match_id", sa.String(32), _match_fk(), primary_key=True),
        sa.Column("version", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("by", sa.String(8), nullable=False),
        sa.Column("visible", sa.BigInteger, nullable=False),
        sa.Column("tag_visible", sa.BigInteger, nullable=False),
        sa.Column("digest", sa.String(64), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "pending",
        sa.Column("match_id", sa.String(32), _match_fk(), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("by", sa.String(8), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("match_id", sa.String(32), _match_fk(), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_chat_match_id", "chat", ["match_id"])


def downgrade() -> None:
    op.drop_table("chat")
    op.drop_table("pending")
    op.drop_table("moves")
    op.drop_table("seats")
    op.drop_index("ix_matches_updated_at", "matches")
    op.drop_index("ix_matches_status", "matches")
    op.drop_table("matches")
