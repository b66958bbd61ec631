"""Star Wars Trading Card Game (Wizards of the Coast, 2002-2005): the card pool and, later,
the rules engine."""
