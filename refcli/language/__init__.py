"""Words: the run's language and its catalogues, words folded as people type them, text made safe to echo."""
