"""The reference engine for Unknown, organised by the rulebook's sections."""
