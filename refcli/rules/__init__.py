"""The citation catalogue: every clause quoted from the rulebooks, the rulings register, and searching them."""
