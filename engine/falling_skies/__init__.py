"""Under Falling Skies: the reference engine (CLI/game name ``falling-skies``)."""
