"""Analysis: exact PAR sheets from the engines' own rules."""
