"""Money! / ¡Dinero! (document 003, Reiner Knizia): currency bidding, exchanges and scoring."""
