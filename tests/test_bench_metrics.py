import numpy as np
import pytest
from sklearn.metrics import roc_auc_score

from factalign.bench import metrics
from factalign.bench.variants import parse_variants
from factalign.errors import FactalignError

LABELS = np.array([1, 1, 1, 0, 0, 0])
SCORES = np.array([0.9, 0.8, 0.4, 0.5, 0.2, 0.1])


def test_candidates_are_scores_and_midpoints():
    assert metrics.candidate_thresholds(np.array([0.4, 0.1, 0.4, 0.2])).tolist() == pytest.approx([0.1, 0.15, 0.2, 0.3, 0.4])


def test_balanced_accuracy_at_each_threshold():
    # >= 0.1: all consistent (0.5); >= 0.3: positives 3/3, negatives 2/3; >= 0.45: 2/3 and 2/3; >= 0.65: 2/3 and 3/3
    got = metrics.balanced_accuracy_at(LABELS, SCORES, np.array([0.1, 0.3, 0.45, 0.65, 0.95]))
    assert got.tolist() == pytest.approx([0.5, 5 / 6, 2 / 3, 5 / 6, 0.5])


def test_tuning_keeps_the_lowest_best_threshold_which_is_a_midpoint():
    # 0.3, 0.4, 0.65 and 0.8 all reach 5/6; the lowest is the midpoint of 0.2 and 0.4
    assert metrics.tune_threshold(LABELS, SCORES) == pytest.approx(0.3)


def test_balanced_accuracy_matches_sklearn_and_by_hand():
    pred = np.array([0.35, 0.25, 0.2, 0.6]) >= 0.3
    assert metrics.balanced_accuracy(np.array([1, 0, 1, 0]), pred) == pytest.approx(0.5)
    assert metrics.balanced_accuracy(np.array([1, 1, 1, 0]), np.array([1, 0, 1, 0])) == pytest.approx((2 / 3 + 1) / 2)


def test_thresholds_are_tuned_per_group_and_fold():
    labels = np.array([1, 0, 1, 0, 1, 0, 1, 0])
    scores = np.array([0.9, 0.1, 0.8, 0.7, 0.3, 0.2, 0.25, 0.4])
    groups = ["a", "a", "a", "a", "b", "b", "b", "b"]
    folds = [(np.array([0, 1, 4, 5]), np.array([2, 3, 6, 7]))]
    pred, thresholds = metrics.tuned_predictions(labels, scores, groups, folds)
    # a tunes on (0.9 pos, 0.1 neg): best lowest midpoint 0.5; b on (0.3 pos, 0.2 neg): 0.25
    assert thresholds == {"a": [pytest.approx(0.5)], "b": [pytest.approx(0.25)]}
    assert np.isnan(pred[[0, 1, 4, 5]]).all()
    assert pred[[2, 3, 6, 7]].tolist() == [1, 1, 1, 1]


def test_a_group_with_one_class_to_tune_on_gets_no_predictions():
    pred, thresholds = metrics.tuned_predictions(np.array([1, 1, 1, 0]), np.array([0.9, 0.8, 0.7, 0.1]), ["a"] * 4,
                                                 [(np.array([0, 1]), np.array([2, 3]))])
    assert thresholds == {} and np.isnan(pred).all()


def test_roc_auc_by_hand_with_a_tie_and_undefined_for_one_class():
    assert metrics.roc_auc(np.array([1, 1, 0, 0]), np.array([0.9, 0.4, 0.5, 0.1])) == pytest.approx(0.75)
    assert metrics.roc_auc(np.array([1, 1, 0, 0]), np.array([0.5, 0.4, 0.5, 0.1])) == pytest.approx(0.625)
    assert np.isnan(metrics.roc_auc(np.array([1, 1]), np.array([0.2, 0.3])))


def test_resamples_are_seeded_and_stratified():
    labels = np.array([0, 1, 0, 1, 1])
    a, b = metrics.resamples(labels, 200, seed=7), metrics.resamples(labels, 200, seed=7)
    assert a.shape == (200, 5) and (a == b).all()
    assert (labels[a[:, :3]] == 1).all() and (labels[a[:, 3:]] == 0).all()
    assert not (a == metrics.resamples(labels, 200, seed=8)).all()
    with pytest.raises(FactalignError, match="one class"):
        metrics.resamples(np.array([1, 1]))


def test_bootstrap_auc_equals_sklearn_on_every_resample():
    rng = np.random.default_rng(0)
    labels = rng.integers(0, 2, 40)
    scores = np.round(rng.random(40), 1)  # rounded: ties
    idx = metrics.resamples(labels, 50)
    fast = metrics.bootstrap_roc_auc(labels, scores, idx)
    assert fast == pytest.approx([roc_auc_score(labels[i], scores[i]) for i in idx])


def test_perfect_scores_have_a_degenerate_interval():
    idx = metrics.resamples(LABELS, 1000)
    assert metrics.interval(metrics.bootstrap_roc_auc(LABELS, np.array([6, 5, 4, 3, 2, 1.0]), idx)) == (1.0, 1.0)
    assert metrics.interval(metrics.bootstrap_balanced_accuracy(LABELS, LABELS, idx)) == (1.0, 1.0)


def test_interval_is_the_percentile_interval():
    assert metrics.interval(np.arange(101) / 100) == pytest.approx((0.025, 0.975))


def test_paired_difference():
    same = metrics.paired_difference(np.array([0.7, 0.8, 0.9]), np.array([0.7, 0.8, 0.9]), 0.0)
    assert same == {"diff": 0.0, "lo": 0.0, "hi": 0.0, "p": 1.0}
    better = metrics.paired_difference(np.full(100, 0.9), np.full(100, 0.6), 0.3)
    assert better["lo"] == pytest.approx(0.3) and better["p"] == 0.0


def test_resampled_ttest_separates_a_perfect_method_from_noise():
    rng = np.random.default_rng(1)
    labels = np.array([1, 0] * 30)
    out = metrics.resampled_ttest(labels, labels + rng.random(60) * 0.5, rng.random(60), n=200)
    assert out["diff"] > 0.3 and out["p"] < 1e-6


def test_correlations():
    got = metrics.correlations(np.array([1, 2, 3, 4.0]), np.array([1, 2, 3, 5.0]))
    assert got["spearman"] == pytest.approx(1) and got["kendall"] == pytest.approx(1)
    assert got["pearson"] == pytest.approx(np.corrcoef([1, 2, 3, 4], [1, 2, 3, 5])[0, 1])


def test_variants_keep_readable_names_and_merge_shared_params():
    got = parse_variants("fenice, fenice[use_coref=false],infuse-k[k=3],fizz[expand=false,filter=false]", ["fenice.T=0.7"])
    assert [v.name for v in got] == ["fenice", "fenice[use_coref=false]", "infuse-k[k=3]", "fizz[expand=false,filter=false]"]
    assert got[1].params == {"T": "0.7", "use_coref": "false"}
    assert got[3].params == {"expand": "false", "filter": "false"}
    assert got[1].slug == "fenice__use_coref-false"
    assert parse_variants("fenice[T=0.9]", ["fenice.T=0.7"])[0].params == {"T": "0.9"}
    claim = parse_variants("nli-claim[extractor=rules]")[0]
    assert claim.method_params == {} and claim.models == {"extractor": "rules"}


def test_a_plain_param_goes_to_every_variant_that_takes_it():
    fenice, sent, own = parse_variants("fenice,nli-sent,fenice[T=0.9,j=2]", ["T=0.7", "fenice.j=3"])
    assert fenice.params == {"T": "0.7", "j": "3"} and sent.params == {} and own.params == {"T": "0.9", "j": "2"}


@pytest.mark.parametrize("text, params, message", [
    ("fenice[T=1", [], "unbalanced"),
    ("fenice,fenice", [], "twice"),
    ("fenice[T]", [], "K=V"),
    ("nli-sent", ["T=0.7"], r"no method in this command has that parameter \(nli-sent takes: none\)"),
    ("fenice", ["fenice.T"], "K=V"),
    ("", [], "empty"),
])
def test_bad_variants(text, params, message):
    with pytest.raises(FactalignError, match=message):
        parse_variants(text, params)
