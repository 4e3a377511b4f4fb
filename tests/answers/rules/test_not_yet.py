"""What is only being looked into is not there yet: a question asking whether it is done today is answered no."""

from __future__ import annotations

from agents.rules.denial import denials


def test_ways_still_being_investigated_deny_that_it_is_done():
    exposed = "We're investigating ways to make sure that publicly exposed keys are revoked quickly."
    asked = "Are credentials that get exposed on the public internet revoked automatically by your platform today?"
    assert denials(exposed, asked) == ["investigating ways"]
    # A finding under investigation is a report's state, not a capability still to come.
    assert denials("We are investigating the report and will reply.", "Do you investigate reports?") == []
