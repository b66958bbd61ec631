"""Playing at a terminal: line by line (`lines`) for any game with views, or the full-screen app
(Textual) for a game whose views offer one, against an AI or hot-seat."""
