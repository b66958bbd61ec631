"""Star Wars: The Clone Wars, a Pandemic System game (seed 001): the cooperative engine."""
