"""Kuhhandel final scoring: the engine's pure functions, against the documents."""

from __future__ import annotations

import pytest

from refcli.games.kuhhandel.scoring import Holding, Snapshot, open_animals, score_game, score_player

FULL_REST = {"cat": 4, "goose": 4, "sheep": 4, "goat": 4, "donkey": 4, "cow": 4, "horse": 4}


def test_rulebook_example_000_is_2460() -> None:
    """000 "Ejemplo de puntuación": 4 pigs, 4 dogs, 4 roosters → 650 + 160 + 10 = 820 × 3 = 2460."""
    result = score_player(Holding("Ana", {"pig": 4, "dog": 4, "rooster": 4}), edition=2, multiply=False)
    assert (result.animal_sum, result.multiplier, result.score) == (820, 3, 2460)
    assert result.explanation() == "pig 650 + dog 160 + rooster 10 = 820 × 3 sets = 2460"


def test_edition_1_is_the_plain_sum_plus_the_bonus_card() -> None:
    """001: "Tan sólo se suman las puntuaciones de los animales" and the 500 bonus card."""
    plain = score_player(Holding("Ana", {"pig": 4, "dog": 4, "rooster": 4}), edition=1, multiply=False)
    assert plain.score == 820
    bonus = score_player(Holding("Ana", {"pig": 4, "dog": 4, "rooster": 4}, bonus=True), edition=1, multiply=False)
    assert bonus.score == 1320


def test_edition_1_multiplier_variant_adds_the_bonus_after_multiplying() -> None:
    """Register K9: (820 × 3) + 500, not (820 + 500) × 3."""
    result = score_player(Holding("Ana", {"pig": 4, "dog": 4, "rooster": 4}, bonus=True), edition=1, multiply=True)
    assert result.score == 820 * 3 + 500


def test_incomplete_sets_score_nothing_and_no_sets_scores_zero() -> None:
    result = score_player(Holding("Ana", {"horse": 3, "cow": 1}), edition=2, multiply=False)
    assert result.score == 0
    assert result.unscored == (("cow", 1), ("horse", 3))


def test_single_set_is_multiplied_by_one() -> None:
    assert score_player(Holding("Ana", {"horse": 4}), edition=2, multiply=False).score == 1000


def test_open_animals_names_split_and_unheld_cards() -> None:
    players = (Holding("Ana", {"cat": 2, **{k: 4 for k in ("pig", "dog", "rooster")}}), Holding("Ben", {"cat": 2}))
    open_list = {o.animal: o for o in open_animals(players)}
    assert open_list["cat"].holders == (("Ana", 2), ("Ben", 2))
    assert open_list["cat"].unheld == 0
    assert open_list["horse"].unheld == 4
    assert "pig" not in open_list


def test_complete_game_is_over_and_cites_the_scoring_rules() -> None:
    snapshot = Snapshot(2, (Holding("Ana", {"pig": 4, "dog": 4, "rooster": 4}), Holding("Ben", FULL_REST)))
    result = score_game(snapshot)
    assert result.over
    assert {"score.multiply", "score.set-value", "end.game-over"} <= set(result.clauses)
    assert "K8" not in result.clauses


def test_equal_top_scores_cite_the_shared_win_interpretation() -> None:
    """Register K8: Ana (40 + 90 + 250 + 350 + 650) × 5 = 6900 = Cid (500 + 800 + 1000) × 3."""
    tied = Snapshot(
        2,
        (
            Holding("Ana", {"goose": 4, "cat": 4, "sheep": 4, "goat": 4, "pig": 4}),
            Holding("Ben", {"rooster": 4, "dog": 4}),
            Holding("Cid", {"donkey": 4, "cow": 4, "horse": 4}),
        ),
    )
    result = score_game(tied)
    assert [p.score for p in result.players] == [6900, 340, 6900]
    assert "K8" in result.clauses
    untied = Snapshot(2, (Holding("Ana", {"horse": 4}), Holding("Ben", {"cow": 4})))
    assert "K8" not in score_game(untied).clauses


@pytest.mark.parametrize(
    ("holding", "warned"),
    [
        (Holding("Ana", {"rooster": 4, "goose": 4}, bonus=True), False),
        (Holding("Ana", {"dog": 4, "cat": 4}, bonus=True), False),
        (Holding("Ana", {"sheep": 4, "goat": 4}, bonus=True), False),
        (Holding("Ana", {"sheep": 4, "cat": 4}, bonus=True), True),
    ],
)
def test_bonus_holder_without_a_complete_pair_is_warned_not_refused(holding: Holding, warned: bool) -> None:
    """Register K10."""
    result = score_game(Snapshot(1, (holding, Holding("Ben", {}))))
    assert bool(result.warnings) is warned
    assert ("K10" in result.clauses) is warned
    assert result.players[0].bonus == 500


def test_completed_pair_without_any_bonus_holder_is_warned() -> None:
    result = score_game(Snapshot(1, (Holding("Ana", {"rooster": 4, "goose": 4}), Holding("Ben", {}))))
    assert any("nobody holds the bonus card" in warning for warning in result.warnings)
