"""Kuhhandel / You're Bluffing! (documents 000 and 001), editions 1 and 2."""
