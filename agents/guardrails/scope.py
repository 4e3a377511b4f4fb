"""Whether a question is about the vendor at all: its product, security, compliance,
contracts or company. Questions that are not get a short refusal and no pipeline run.

Decided without a model: a question using the vocabulary of security questionnaires
is in scope; one that does not is out of scope when it matches a common off-topic
request or when the documentation shares none of its words.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable

from retrieval import content_terms

from ..text.terms import key_terms, stem

_DOMAIN = {stem(w) for w in """
security secure encryption encrypt encrypted data compliance compliant certification certified audit auditor
soc iso gdpr hipaa pci fedramp ccpa nist cis csa dpa baa privacy personal retention retain deletion delete
backup backups restore recovery disaster continuity incident incidents breach vulnerability vulnerabilities
penetration pentest scanning patch patching access authentication authorization sso saml oidc oauth scim mfa
password passwords credential credentials key keys kms tls ssl certificate firewall network monitoring logging
logs log alert alerts role roles permission permissions admin administrator user users account accounts tenant
tenants isolation region regions residency hosting hosted host cloud aws gcp azure kubernetes infrastructure
server servers api apis integration integrations sla uptime availability support product platform service
services customer customers vendor vendors subprocessor subprocessors third party employee employees staff
training background policy policies procedure procedures risk risks governance insurance contract contracts
license licensing pricing plan plans feature features deployment deploy self-hosted on-premise instance
software code source repository sdlc development release vulnerability disclosure bounty endpoint device
laptop antivirus malware soc2 company organisation organization office offices headquarters legal
email domain dkim spf dmarc dns information asset assets classification document documents confidential
rto rpo mttr mttd slo slos siem edr dlp ddos waf bcp drp byok cmek hsm totp 2fa passkey passkeys
""".split()}
_OFF_TOPIC = re.compile(
    r"\b(?:weather|forecast|poem|poetry|haiku|limerick|joke|riddle|recipe|cook|song|lyrics|horoscope|"
    r"movie|film|celebrity|football|soccer|basketball|baseball|cricket|score of|stock price|share price|"
    r"bitcoin|crypto(?:currency)?|lottery|election|president|prime minister|capital of|homework|"
    r"write (?:me )?(?:a|an) (?:story|essay|poem|song)|tell me (?:a|an) (?:joke|story)|translate)\b",
    re.IGNORECASE)

Known = Callable[[list[str]], Awaitable[bool]]
"""Whether the documentation contains any of these words."""

REFUSAL = ("I answer questions about the product, its security and compliance from its documentation. "
           "This question looks outside that, so I didn't search for it. Rephrase it if I misread it.")


async def out_of_scope(question: str, known: Known) -> bool:
    """True for a question about something other than the vendor; a doubt counts as in scope."""
    terms = key_terms(question)
    if any(term in _DOMAIN for term in terms):
        return False
    if _OFF_TOPIC.search(question):
        return True
    words = content_terms(question)
    return bool(words) and not await known(words)
