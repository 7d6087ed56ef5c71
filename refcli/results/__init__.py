"""What a command reports, whatever the format: scores, rulings (verdicts) and validation findings."""
