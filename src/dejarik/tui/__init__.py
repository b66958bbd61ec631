"""A terminal app (Textual) to play the deckbuilding game against an AI or hot-seat."""
