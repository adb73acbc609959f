"""Turn order (rulebook: Turn Order): the round's phases, whose turn it is, and upkeep."""
