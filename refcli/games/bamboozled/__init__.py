"""Bamboozled (document 002): two dice, declarations, bluffs, strikes and action cards."""
