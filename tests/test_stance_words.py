"""Words a cited sentence may not add to what its claims say: each refused word beside an honest
sentence of the same shape that must pass."""
import pytest

from sourcebook.engines.text.stance import added_words

_OPERATOR = "The operator lists routes W1 and W2 as taking the pass."


@pytest.mark.parametrize("sentence, backing, cited, kind, word", [
    ("On each water bus route, yes: the operator lists both W1 and W2 as taking the pass", _OPERATOR, 1,
     "scope", "each"),
    ("Wherever you board, yes: the operator lists W1 and W2 as taking the pass", _OPERATOR, 1, "scope", "wherever"),
    ("Anywhere on the water bus, the operator lists W1 and W2 as taking the pass", _OPERATOR, 1, "scope", "anywhere"),
    ("Everywhere on the water, the operator lists W1 and W2 as taking the pass", _OPERATOR, 1, "scope",
     "everywhere"),
    # 各 ... 均 / 都 (each ... all) in Chinese, 各 ... とも in Japanese
    ("各航线均接受潮汐通行卡，包括W1和W2", _OPERATOR, 1, "scope", "各航线均"),
    ("各路线都接受通行卡", _OPERATOR, 1, "scope", "各路线都"),
    ("各航路ともパスが使えます", _OPERATOR, 1, "scope", "各航路とも"),
])
def test_a_word_of_scope_no_claim_says_is_refused(sentence, backing, cited, kind, word):
    assert added_words(sentence, [backing], cited=cited) == (kind, word)


@pytest.mark.parametrize("sentence, backing, cited", [
    ("The operator checks the readers each day on W1 and W2", _OPERATOR, 1),
    # 各 with no 均 or 都 after it is no scope (各种: of various kinds)
    ("运营方列出W1和W2两条航线接受各种通行卡", _OPERATOR, 1),
    ("运营方列出W1和W2两条航线接受通行卡", _OPERATOR, 1),
    ("Each of the two routes takes the pass, the operator says", _OPERATOR, 2),
    ("The two routes each take the pass", "The pass is accepted on each of routes W1 and W2.", 1),
    # "each" over the set the claim names, counted or named beside it
    ("Each of the two routes takes the pass, the operator says", _OPERATOR, 1),
    ("W1 and W2 each take the pass, the operator says", _OPERATOR, 1),
    # "each" after a list speaks of its members one by one
    ("The RFC set up three channels, nightly, beta and stable, each tied to its own branch",
     "Rust has three release channels: nightly, beta and stable.", 1),
])
def test_a_frequency_or_a_scope_the_claims_say_passes(sentence, backing, cited):
    assert added_words(sentence, [backing], cited=cited) is None


@pytest.mark.parametrize("page, claim, backed", [
    ("The trade press reports north of 38,500 over the summer", "Ridership averaged 38,500 over the summer.", False),
    ("The trade press reports well over 38,500 over the summer", "Ridership averaged 38,500 over the summer.", False),
    ("Ridership was in excess of 38,500", "Ridership averaged 38,500 over the summer.", False),
    ("Ridership was south of 38,500", "Ridership averaged 38,500 over the summer.", False),
    ("Ridership was just shy of 38,500", "Ridership averaged 38,500 over the summer.", False),
    # the claim makes the same comparison: the idiom says what it says
    ("The trade press reports north of 38,500 over the summer", "Ridership was more than 38,500 over the summer.",
     True),
    ("Ridership was just shy of 38,500", "Ridership was a little under 38,500.", True),
    ("Ridership was about 38,500", "Ridership averaged 38,500 over the summer.", True),
])
def test_a_comparison_idiom_bound_to_a_figure_needs_the_same_comparison_in_the_claim(page, claim, backed):
    from sourcebook.engines.text.figure_units import agrees, comparison

    def bound(text):
        i = text.index("38,500")
        return comparison(text, i, i + len("38,500"))

    assert bound(page) is not None
    assert agrees(bound(page), bound(claim)) is backed


@pytest.mark.parametrize("sentence, backing, word", [
    ("Children under twelve ride at half fare with a paying adult", "Children under twelve ride free with a paying adult.",
     "half"),
    ("Children pay a third of the adult fare", "Children under twelve ride free with a paying adult.", "a third"),
    ("Children ride at quarter fare", "Children under twelve ride free with a paying adult.", "quarter"),
    ("Half-price tickets are sold on W3", "Route W3 is due to accept the pass from 1 December 2026.", "Half"),
])
def test_a_fraction_no_claim_states_is_a_multiplier(sentence, backing, word):
    assert added_words(sentence, [backing]) == ("multiplier", word)


@pytest.mark.parametrize("sentence, backing", [
    ("Children under twelve ride at half fare with a paying adult", "Children under twelve pay half fare."),
    ("The crossing takes half an hour", "The crossing takes thirty minutes."),
    ("Ridership rose in the second half of the year", "Ridership rose in the second half of 2025."),
    ("Ridership rose in the first quarter of 2025", "Ridership grew in the first quarter of 2025."),
])
def test_a_fraction_the_claim_states_or_a_time_passes(sentence, backing):
    assert added_words(sentence, [backing]) is None


_STILL = "Riders on route W3 said its card readers were still switched off in late September."


@pytest.mark.parametrize("sentence, backing, word", [
    ("The operator has previously listed both W1 and W2 as taking the pass", _OPERATOR, "previously"),
    ("Riders say the W3 readers were switched off again in late September", _STILL, "again"),
    ("Riders say the W3 readers were off once more in late September", _STILL, "once more"),
    ("The operator lists W1 and W2 as taking the pass anew", _OPERATOR, "anew"),
    ("The operator has resumed taking the pass on W1 and W2", _OPERATOR, "resumed"),
    ("The pass was restored on routes W1 and W2", _OPERATOR, "restored"),
    ("The W3 readers were switched back on in late September", _STILL, "switched back on"),
    ("In the past the operator listed W1 and W2 as taking the pass", _OPERATOR, "in the past"),
])
def test_a_change_or_a_repeat_no_claim_tells_is_refused(sentence, backing, word):
    assert added_words(sentence, [backing]) == ("change", word)


@pytest.mark.parametrize("sentence, backing", [
    ("Riders say the W3 readers were switched off again in late September",
     "Riders said the W3 readers, fixed in August, were switched off again in late September."),
    ("Service on W3 resumed on 3 May", "Service on route W3 resumed on 3 May after repairs."),
    ("The operator previously listed only W1", "The operator lists W1 and W2; its previous list named only W1."),
    ("Riders say the W3 readers were still switched off in late September", _STILL),
])
def test_a_change_or_a_repeat_the_claim_tells_passes(sentence, backing):
    assert added_words(sentence, [backing]) is None


_PRESS = "The trade press reports 38,500 passengers over the summer."


@pytest.mark.parametrize("sentence, backing, word", [
    ("The operator claims, at least, that it lists both W1 and W2 as taking the pass", _OPERATOR, "claims"),
    ("The operator lists W1 and W2 as taking the pass, or so it claims", _OPERATOR, "it claims"),
    ("The operator, at least, lists W1 and W2 as taking the pass", _OPERATOR, "at least"),
    ("The operator allegedly lists W1 and W2 as taking the pass", _OPERATOR, "allegedly"),
    ("The operator purportedly lists W1 and W2 as taking the pass", _OPERATOR, "purportedly"),
    ("How many ride is settled: 38,500 over the summer, the trade press reports", _PRESS, "settled"),
    ("The 38,500 summer figure of the trade press is undisputed", _PRESS, "undisputed"),
    ("The trade press reports 38,500 over the summer, beyond doubt", _PRESS, "beyond doubt"),
    ("The trade press reports 38,500 over the summer, a figure the city has since corrected", _PRESS, "corrected"),
    ("The trade press reports 38,500 over the summer, since revised down", _PRESS, "revised"),
])
def test_a_word_of_doubt_or_verdict_no_claim_says_is_refused(sentence, backing, word):
    assert added_words(sentence, [backing]) == ("judgement", word)


@pytest.mark.parametrize("sentence, backing", [
    # the claim's own words of doubt or verdict, and the noun "claims"
    ("The operator claims that it lists W1 and W2 as taking the pass",
     "The operator claims that routes W1 and W2 take the pass."),
    ("The trade press reports 38,500 over the summer, a figure the city has since corrected",
     _PRESS + " The city has since corrected the figure."),
    ("The claims that follow say W1 and W2 take the pass", _OPERATOR),
    ("The operator's claims, W1 and W2 among them, are listed below", _OPERATOR),
    ("At least 38,500 rode over the summer, the trade press reports", "At least 38,500 passengers rode over the summer."),
])
def test_the_claim_s_own_doubt_or_the_noun_claims_passes(sentence, backing):
    assert added_words(sentence, [backing]) is None


@pytest.mark.parametrize("text, word", [
    ("The two ridership figures disagree, and the smaller one is the more reliable.", "more reliable"),
    ("The audited figure is the trustworthy one.", "trustworthy"),
    ("Of the two, the city's is the right one.", "is the right"),
    ("The audit is more accurate than the press.", "is more accurate"),
    # a question left open, or a direction, rates nothing
    ("Neither figure is the right one.", None),
    ("Which is correct is not for this page to say.", None),
    ("The two figures are shown on the right.", None),
])
def test_a_rating_of_one_claim_over_another(text, word):
    from sourcebook.engines.text.stance import rated

    assert rated(text) == word


_RIDERS = "Riders on route W3 said its card readers were still switched off in late September."


@pytest.mark.parametrize("sentence, backing, word", [
    ("Riders say a couple of the W3 readers were still switched off in late September", _RIDERS, "a couple of"),
    ("Riders say a few of the W3 readers were still switched off in late September", _RIDERS, "a few"),
    ("Several riders say the W3 readers were still switched off in late September", _RIDERS, "several"),
    ("A handful of riders say the W3 readers were still switched off", _RIDERS, "a handful of"),
    ("Numerous riders say the W3 readers were still switched off", _RIDERS, "numerous"),
    ("One rider says the W3 readers were still switched off in late September", _RIDERS, "one rider"),
    ("A single rider says the W3 readers were still switched off in late September", _RIDERS, "a single rider"),
])
def test_a_quantity_no_claim_states_is_refused(sentence, backing, word):
    assert added_words(sentence, [backing]) == ("quantity", word)


@pytest.mark.parametrize("sentence, backing", [
    ("Riders say the W3 readers were still switched off in late September", _RIDERS),
    ("A few riders say the W3 readers were still switched off", "A few riders said the W3 readers were still off."),
    ("One rider says the W3 readers were still switched off", "One rider on W3 said its card readers were still off."),
    ("A single adult fare bought on board is 3.40 marks", "A single adult fare bought on board costs 3.40 marks."),
    ("One way to pay is the Tidewater Pass", "Riders can pay with the Tidewater Pass or buy tickets on board."),
])
def test_a_quantity_the_claim_states_passes(sentence, backing):
    assert added_words(sentence, [backing]) is None


_W3 = "Route W3 is due to accept the pass from 1 December 2026."


@pytest.mark.parametrize("sentence, word", [
    ("Route W3 is due to be the first route to take it, on 1 December 2026", "first"),
    ("Route W3 is due to be the only route that takes it from 1 December 2026", "only"),
    ("Route W3 is due to be the last route to take it, on 1 December 2026", "last"),
])
def test_a_rank_among_others_no_claim_states_is_refused(sentence, word):
    assert added_words(sentence, [_W3], plan=True) == ("scale", word)


@pytest.mark.parametrize("sentence, backing", [
    ("Route W1 was the first route to take the pass", "Route W1 was the first route to take the pass."),
    ("The first step to take is this: route W3 is due to accept the pass from 1 December 2026", _W3),
    ("Route W3 is due to accept the pass from 1 December 2026, the last of the three", _W3),
])
def test_a_rank_the_claim_states_or_an_order_of_steps_passes(sentence, backing):
    assert added_words(sentence, [backing], plan=True) is None


_BOTH = [_OPERATOR, _W3]


@pytest.mark.parametrize("sentence, word", [
    ("Bar W3, the water bus takes the pass, the operator says", "bar W3"),
    ("Save W3, the water bus takes the pass, the operator says", "save W3"),
    ("Excluding W3, the water bus takes the pass, the operator says", "excluding W3"),
    ("Aside from W3, the water bus takes the pass, the operator says", "aside from W3"),
    ("Except for W3, the water bus takes the pass, the operator says", "except for W3"),
])
def test_a_set_told_as_a_whole_bar_a_member_is_refused(sentence, word):
    assert added_words(sentence, _BOTH, cited=2) == ("scope", word)


@pytest.mark.parametrize("sentence, backing", [
    ("Bar W3, the water bus takes the pass, the operator says", "Every water bus route bar W3 takes the pass."),
    ("Except for W3, the water bus takes the pass", "The pass works on the water bus, except for route W3."),
    ("A bar of chocolate costs 3.40 marks on board", "A bar of chocolate bought on board costs 3.40 marks."),
])
def test_a_set_the_claim_itself_turns_inside_out_passes(sentence, backing):
    assert added_words(sentence, [backing]) is None


@pytest.mark.parametrize("sentence, word", [
    ("The operator lists both W1 and W2 as taking the pass, as does the city council", "as does the city council"),
    ("The operator lists W1 and W2 as taking the pass, and so does the city", "so does the city"),
    ("The operator listed W1 and W2 as taking the pass, as did the trade press", "as did the trade press"),
])
def test_a_second_speaker_no_claim_names_is_refused(sentence, word):
    assert added_words(sentence, [_OPERATOR]) == ("speaker", word)


@pytest.mark.parametrize("sentence, backing", [
    ("The operator lists W1 and W2 as taking the pass, as does the city council",
     "The operator lists routes W1 and W2 as taking the pass, and the city council lists them too."),
    ("The press reports 38,500 over the summer, as do the operator's own counts",
     "The trade press and the operator's own counts both give 38,500 over the summer."),
])
def test_a_second_speaker_the_claim_names_passes(sentence, backing):
    assert added_words(sentence, [backing]) is None


_CHILDREN = "Children under twelve ride free when travelling with a paying adult."


@pytest.mark.parametrize("sentence, word", [
    ("Children under twelve ride free with a non-paying adult", "non-paying for paying"),
    ("Children under twelve ride free with a nonpaying adult", "nonpaying for paying"),
    ("Children under twelve ride free with an unpaying adult", "unpaying for paying"),
])
def test_a_prefix_that_turns_the_claim_s_condition_around_is_refused(sentence, word):
    assert added_words(sentence, [_CHILDREN]) == ("antonym", word)


@pytest.mark.parametrize("sentence, backing", [
    ("Children under twelve ride free with a paying adult, the operator informs riders", _CHILDREN),
    ("Children ride free with a non-paying adult", "Children ride free with a non-paying adult."),
    ("Children under twelve ride free with a paying adult, unaccompanied or not",
     _CHILDREN + " Children travelling unaccompanied or not pay nothing with a paying adult."),
])
def test_a_prefixed_word_the_claim_says_or_that_is_no_opposite_passes(sentence, backing):
    assert added_words(sentence, [backing]) is None


@pytest.mark.parametrize("sentence, word", [
    ("On routes W1 and W2, possibly: the operator lists both as perhaps taking the pass", "possibly"),
    ("Routes W1 and W2 might take the pass, the operator lists", "might"),
    ("Maybe routes W1 and W2 take the pass, the operator lists", "maybe"),
    ("Routes W1 and W2 could take the pass, the operator lists", "could"),
])
def test_a_word_of_doubt_added_to_a_plain_claim_is_refused(sentence, word):
    assert added_words(sentence, [_OPERATOR]) == ("hedge", word)


@pytest.mark.parametrize("sentence, backing", [
    ("Route W3 may take the pass from 1 December 2026", "Route W3 may accept the pass from 1 December 2026."),
    ("Perhaps W3 takes the pass next", "Perhaps route W3 will accept the pass next."),
    # a purpose, or a claim that tells what is to come
    ("The RFC planned an exception so that the 1.0.0 betas could run for several cycles",
     "The release cycles approaching 1.0.0 were to break with this pattern, to leave room for extending the betas over several cycles."),
    ("The operator lists W1 and W2, so that riders could use the pass on both", _OPERATOR),
    # "may" of what the claim allows is no doubt
    ("Children under twelve may ride free with a paying adult", _CHILDREN),
    # "could not", "could only": what was (not) possible then, a past "cannot"
    ("Once check detected an error, control could not resume in the enclosing function",
     "There is no way to resume control in the enclosing function after check detects an error."),
])
def test_a_word_of_doubt_the_claim_has_or_of_permission_passes(sentence, backing):
    assert added_words(sentence, [backing]) is None


def test_every_of_a_kind_the_claim_counts_only_some_of_is_refused():
    many = "In current versions of Python, many CPython builtin and standard library functions only accept positional-only parameters."
    assert added_words("Every CPython builtin and standard library function accepts only positional-only parameters",
                       [many]) == ("scope", "every")
    assert added_words("Every function of the standard library accepts only positional-only parameters",
                       [many]) == ("scope", "every")
    assert added_words("Most CPython builtin functions accept only positional-only parameters", [many]) == ("scope", "most")
    assert added_words("Many CPython builtin functions accept only positional-only parameters", [many]) is None
    # the same kind spoken of in general still takes "any"
    assert added_words("Any tool that reads annotations must handle strings",
                       ["Tools using annotations at runtime must handle strings."]) is None
