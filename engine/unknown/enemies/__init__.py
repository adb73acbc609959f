"""Enemies (rulebook: Enemies; Enemy Movement; Turn Order's enemy phases)."""
