"""BioMasters TCG data files: the card pool and the starter decks."""
