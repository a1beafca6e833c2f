"""A seat may leave its deck to the person who takes it: ``seats.brings_deck`` says the
seat's deck is still to be brought (until the match is dealt), ``seats.deck`` the deck its
person brought on joining (a built-in deck's key or a deck code), kept there until every
such seat has one and the match is dealt."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "seats",
        sa.Column("brings_deck", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.add_column("seats", sa.Column("deck", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("deck")
        batch.drop_column("brings_deck")
