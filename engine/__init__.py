"""rulings: reference rules engines for tabletop games, and the harness that pins them to the rulebooks."""
