"""Star Wars: The Deckbuilding Game: rules engine, packs, notation, scenarios."""
