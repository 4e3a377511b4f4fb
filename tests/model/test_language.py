"""The asker's language: told, when the question is not in English, that the English documentation was searched."""

from __future__ import annotations

import json

import pytest

from agents.conversation.language import language_of, searched_in_english
from agents.pipeline import Pipeline
from cli.main import main
from tests.conftest import KB
from tests.slack_harness import start_app


@pytest.mark.parametrize("question, code", [
    ("Verschlüsseln Sie Kundendaten im Ruhezustand?", "de"),
    ("¿Cifran los datos de los clientes en reposo?", "es"),
    ("Prenez-vous en charge SAML pour vos clients?", "fr"),
    ("Crittografate i dati dei clienti?", "it"),
    ("Ondersteunt u single sign-on voor onze gebruikers?", "nl"),
    ("Vocês criptografam os dados dos clientes?", "pt"),
    ("Do you support SCIM?", "en"), ("Is MFA enforced?", "en"), ("SSO?", "en"),
    ("Is Müller GmbH a subprocessor?", "en"), ("Does the café encrypt data at rest?", "en"),
    # Few common words: the bundled model decides.
    ("I nostri dati possono essere ospitati in Australia?", "it"),
    ("Vocês oferecem provisionamento automático de usuários com SCIM?", "pt"),
    ("Data retention policy for backups?", "en"), ("Logging?", "en"), ("Backups?", "en"),
])
def test_the_language_of_a_question(question, code):
    assert language_of(question) == code


def test_an_english_question_gets_no_note():
    assert searched_in_english("Do you encrypt customer data at rest?") is None


def test_the_command_line_answer_says_the_documentation_was_searched_in_english(capsys):
    assert main(["ingest", str(KB)]) == 0
    capsys.readouterr()
    main(["ask", "Unterstützen Sie die SCIM-Provisionierung für Okta?"])
    out = capsys.readouterr().out
    assert "Your question looks German; the documentation is in English" in out
    main(["ask", "Verschlüsseln Sie Kundendaten im Ruhezustand?"])
    assert "none of its words are in the documentation, so I didn't search. Please ask in English." in \
        capsys.readouterr().out
    main(["ask", "Do you encrypt customer data at rest?"])
    assert "the documentation is in English" not in capsys.readouterr().out


async def test_the_slack_answer_carries_the_note(slack, kb_index, embedder, tmp_path):
    app = await start_app(slack, slack.url, tmp_path, Pipeline(kb_index), embedder)
    try:
        await app.sender.mention("¿Cifran ustedes los datos de los clientes en reposo?", ts="12000.1")
        await app.settle()
    finally:
        await app.stop()
    answer = next(m for m in slack.thread("C1", "12000.1") if "confidence" in json.dumps(m.get("blocks", [])))
    assert "Your question looks Spanish" in json.dumps(answer["blocks"], ensure_ascii=False)
