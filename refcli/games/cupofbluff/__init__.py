"""Cup of Bluff (document 004): three dice, calls, and chips 3-18."""
