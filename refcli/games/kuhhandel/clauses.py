"""Ids of the clauses in data/rules/kuhhandel.toml that the engine cites.

The engine cites only these names, and a test checks every one exists in
the catalogue, so a typo in an id cannot reach a user.
"""

COMPONENTS_CARDS = "components.cards"
SCORE_SET_VALUE = "score.set-value"
SCORE_MULTIPLY = "score.multiply"
SCORE_EXAMPLE = "score.example"
SCORE_MONEY_WORTHLESS = "score.money-worthless"
SCORE_WINNER = "score.winner"
END_GAME_OVER = "end.game-over"
PAIRS_COMPLETE_SET = "pairs.complete-set.001"
EDITION1_SCORING = "edition1.scoring"
EDITION1_BONUS = "edition1.bonus"

SHARED_WIN = "K8"
BONUS_AFTER_MULTIPLY = "K9"
BONUS_HOLDER = "K10"
FOUR_OF_A_KIND = "K11"
