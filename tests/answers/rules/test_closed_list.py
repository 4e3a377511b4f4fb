"""A version left out of a passage's closed list is denied by it; a list that is not closed,
or that includes the version, denies nothing."""

from __future__ import annotations

import pytest

from agents.rules.closed_list import excluded_by

FLY = "The Fly proxy only supports TLSv1.2 and TLSv1.3 with strong ciphers."


@pytest.mark.parametrize("phrase, text", [
    ("TLS 1.0", FLY),
    ("SAML 1.1", "We only support SAML 2.0 for single sign-on."),
    ("TLS 1.1", "Connections use only TLS 1.2 or later."),
])
def test_a_version_the_closed_list_leaves_out_is_excluded(phrase, text):
    assert excluded_by(phrase, text)


@pytest.mark.parametrize("phrase, text", [
    ("TLS 1.2", FLY),                                          # in the list
    ("TLS 1.3", "Connections use only TLS 1.2 or later."),     # "or later" takes it in
    ("TLS 1.0", "We support TLS 1.2 and TLS 1.3."),            # not said to be the only ones
    ("SOC 1", "The SOC 2 report is shared only under NDA."),   # "only" limits something else
    ("TLS 1.0", "Only administrators can change the cipher settings."),  # no version of it at all
])
def test_a_list_that_is_open_or_holds_the_version_excludes_nothing(phrase, text):
    assert not excluded_by(phrase, text)
