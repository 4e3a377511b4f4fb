"""What in a passage denies the question, read four ways: its negation cues (`negations`), the question's own act
negated (`acts`), denials said without a negation cue (`indirect`), and the opposite of what is asked (`opposites`, with
`reversals`)."""

from .acts import negated_verb, never_done, none_made, stopped
from .indirect import (by_hand, contrasted, default_state, disabled, every_plan, fixed_once, new_ones_only, none_of,
                       not_enough, part_only, same_not_new, unaffected, undone)
from .negations import denials, passage_denials
from .opposites import (done_unannounced, gone_after, hidden_from, https_only, keeps_working, kept_apart, mandatory,
                        must_keep, must_turn_off, no_longer, only_after, only_with_consent, preferred_instead,
                        said_opposite)

__all__ = ["by_hand", "contrasted", "default_state", "denials", "disabled", "done_unannounced", "every_plan",
           "fixed_once", "gone_after", "hidden_from", "https_only", "keeps_working", "kept_apart", "mandatory",
           "must_keep", "must_turn_off", "negated_verb", "never_done", "new_ones_only", "no_longer", "none_made",
           "none_of",
           "not_enough", "only_after", "only_with_consent", "part_only", "passage_denials", "preferred_instead",
           "said_opposite", "same_not_new", "stopped", "unaffected", "undone"]
