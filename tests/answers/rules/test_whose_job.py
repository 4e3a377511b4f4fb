"""Statuses a reader of real documentation would give: a duty the docs leave to the customer
answers "no" to "will you do it?", a fact stated with "not" answers a question asking for
that fact, and a place named as an acronym is found written out."""

from __future__ import annotations

from agents.pipeline import Pipeline
from agents.rules.duty import asks_to_be_told, asks_vendor_act, left_to_customer, reader_does_asked
from agents.text.question_form import is_yes_no
from tests.documents import pipeline_over

_PAGES = {
    "self-hosting.md": "# Self-hosting\n\nDeploying on your own servers is straightforward. When self-hosting, it is up to "
                       "you to secure your instance with TLS and a firewall.\n",
    "breaches.md": "# Data breaches under GDPR\n\nIf you have a data breach, you have 72 hours to tell the data subjects "
                   "or face penalties.\n",
    "logs.md": "# Log export\n\nCustomers can forward their application logs to an external log service. You are "
               "responsible for the retention settings of that service.\n",
    "transfers.md": "# International transfers\n\nIf data transfer is required from the United Kingdom, EU or EEA to our "
                    "US-West based environment, we rely on Standard Contractual Clauses (SCCs).\n",
    "retention.md": "# Retention\n\nDeleted projects are not kept: project data is removed after 30 days.\n",
}


async def _pipeline(tmp_path, index) -> Pipeline:
    return await pipeline_over(tmp_path / "docs", index, _PAGES)


async def test_a_duty_the_documentation_leaves_to_the_customer_is_not_claimed_for_the_vendor(tmp_path, index):
    pipeline = await _pipeline(tmp_path, index)
    secured = await pipeline.run("If we self-host, will you take care of securing our instance?")
    assert secured.synthesis.compliance_status == "Not Supported"
    assert "self-hosting.md" in {c.source_path for c in secured.synthesis.citations}
    notified = await pipeline.run("Will you notify us of a personal data breach within 72 hours?")
    assert notified.synthesis.compliance_status != "Fully Supported"
    # The customer's duty to tell its data subjects says nothing of whether the vendor tells the customer:
    # not a "No." sent alone, but "no evidence", with the passage for a reviewer.
    assert notified.synthesis.answer.startswith("No evidence") and notified.escalated
    assert "breaches.md" in {c.source_path for c in notified.synthesis.citations}


async def test_what_the_customer_may_do_is_answered_by_a_page_addressed_to_the_customer(tmp_path, index):
    pipeline = await _pipeline(tmp_path, index)
    result = await pipeline.run("Can a customer forward its application logs to an external log service?")
    assert result.synthesis.compliance_status == "Fully Supported"


async def test_an_acronym_written_out_in_the_documents_is_found_and_a_fact_with_not_in_it_answers(tmp_path, index):
    pipeline = await _pipeline(tmp_path, index)
    transfers = await pipeline.run("What do you rely on when personal data is transferred from the UK to your US environment?")
    assert transfers.synthesis.compliance_status == "Fully Supported"
    assert "Standard Contractual Clauses" in transfers.synthesis.answer
    kept = await pipeline.run("How long is the data of a deleted project kept?")
    assert kept.synthesis.compliance_status != "Not Supported"
    assert "30 days" in kept.synthesis.answer


def test_the_question_forms_behind_those_answers():
    assert is_yes_no("When a deletion is requested, is event data removed at once?")
    assert not is_yes_no("In which regions, if any, is data stored?")
    # A default or a condition said first, then the yes/no question (Ably's first run read these as open questions).
    assert is_yes_no("Without extra configuration, are our messages encrypted inside your system?")
    assert is_yes_no("By default, does a revocation take effect almost at once?")
    assert not is_yes_no("Describe how keys are rotated, is it automatic?")
    assert asks_vendor_act("Will you notify us of a breach?") and asks_vendor_act("If we self-host, will you patch it?")
    assert not asks_vendor_act("Can we bring our own keys?") and not asks_vendor_act("May a customer export data?")
    assert asks_vendor_act("Is customer data replicated to a second region?")
    assert asks_to_be_told("Will you notify us of a breach?") and not asks_to_be_told("Will you notify our end users?")
    assert left_to_customer("You, as the customer, are responsible for your own plan.")
    assert left_to_customer("Customers can enable MFA in settings.") is None


def test_a_duty_named_for_the_customers_administrator_is_left_to_the_customer():
    said = "When self-hosting the identity server, it's the responsibility of the administrator to implement rate limiting."
    assert left_to_customer(said) == "it's the responsibility of the administrator"
    assert left_to_customer("The operators are the sole responsibility of the customer.") is not None
    # Whose responsibility the vendor's own staff hold is not the customer's.
    assert left_to_customer("Security is the responsibility of our security team.") is None
    # The developers building on the product are its customers (Appwrite's first run answered "Does hosting on
    # your HIPAA-compliant cloud make our own app HIPAA compliant?" "Fully Supported").
    said = "While the platform is HIPAA-compliant, it is the responsibility of developers to ensure that their app is too."
    assert left_to_customer(said) == "it is the responsibility of developers"


async def test_what_the_vendor_holds_is_not_claimed_for_the_customer(tmp_path, index):
    """Buildkite's "Can we hold the encryption keys … ourselves?" had gone out alone as "Yes." from the
    sentence in which the vendor manages them."""
    pipeline = await pipeline_over(tmp_path / "docs", index, {
        "secrets.md": "# Secrets\n\nSecrets are stored by Acme, and Acme manages the keys used to encrypt and decrypt "
                      "these secrets, both at rest and in transit.\n"})
    ours = await pipeline.run("Can we hold the encryption keys for our secrets ourselves?")
    assert ours.synthesis.compliance_status == "Not Supported" and ours.escalated
    theirs = await pipeline.run("Do you manage the encryption keys for secrets?")
    assert theirs.synthesis.compliance_status == "Fully Supported"


def test_the_holder_is_read_from_the_words_before_the_verb():
    from agents.rules.custody import vendor_holds

    asked = "Can we supply and manage our own encryption keys?"
    assert vendor_holds(asked, "We manage all encryption keys on your behalf.") == \
        "We manage all encryption keys on your behalf"
    assert vendor_holds(asked, "You manage the keys in your own key management service.") is None
    assert vendor_holds(asked, "With BYOK, your AWS KMS manages the keys that encrypt your data.") is None
    assert vendor_holds(asked, "Acme manages the billing contacts of every account.") is None
    assert vendor_holds("Do you manage the encryption keys?", "Acme manages the encryption keys.") is None
    # The vendor asked as the holder, "ourselves" saying who deletes (Appwrite's first run answered it "no").
    assert vendor_holds("Do you keep our project data until we delete it ourselves?",
                        "By default, Appwrite stores user and project data until you explicitly delete it.") is None


def test_what_the_customer_would_do_unaided_is_done_by_the_vendor_on_request():
    from agents.rules.custody import vendor_on_request

    limits = "Please contact us if you want to override the current system limits."
    assert vendor_on_request("Can customers raise the system limits on their own?", limits) == "contact us"
    restore = "To restore your project from a backup, contact support@acme.com with your project name."
    assert vendor_on_request("Can we restore a project from a backup ourselves?", restore) == "contact support"
    # Asked without "on our own", or the support sentence about something else: no denial.
    assert vendor_on_request("Can the system limits be raised?", limits) is None
    assert vendor_on_request("Can we restore a project ourselves?", "For billing questions, contact us.") is None


async def test_a_limit_the_vendor_raises_on_request_is_not_one_customers_raise_themselves(tmp_path, index):
    """Flagsmith's "Can SaaS customers raise a project's system limits on their own?" had been answered
    "Fully Supported" from "Please contact us if you want to override the current system limits"."""
    pipeline = await pipeline_over(tmp_path / "docs", index, {
        "limits.md": "# System limits\n\n## Overriding limits\n\nPlease contact us if you want to override the "
                     "current system limits.\n"})
    ours = await pipeline.run("Can customers raise a project's system limits on their own?")
    assert ours.synthesis.compliance_status == "Not Supported" and ours.escalated
    assert any("contact us" in c.quote for c in ours.synthesis.citations)


def test_the_readers_own_application_named_as_the_one_that_does_it_leaves_it_to_the_customer():
    """Login.gov's "your application will handle authorization of the user and assign roles and permissions" had
    answered "Fully Supported" to whether the platform assigns roles."""
    assert left_to_customer("With the attributes provided, your application will handle authorization of the user "
                            "and assign roles and permissions.") == "your application will handle"
    assert left_to_customer("Granting access is handled on the customer's side.") == "is handled on the customer's side"
    assert left_to_customer("Our application will handle authorization.") is None


def test_the_vendor_that_will_manage_it_holds_it():
    """Login.gov's "In the Login.gov production environment, we will manage the final configuration" had answered
    "Fully Supported" to whether the customer controls the final configuration itself."""
    from agents.rules.custody import vendor_holds

    text = "In the production environment, we will manage the final configuration."
    assert vendor_holds("In production, do we control the final configuration of our app ourselves?", text) == \
        "we manage the final configuration"
    assert vendor_holds("Do you manage the final configuration?", text) is None


def test_people_described_by_what_they_cannot_do_deny_nothing_of_the_requirement():
    """Login.gov's "…required to provide an alternative method … to support users who are unable to complete
    Login.gov's identity verification process" had been read as a denial."""
    from agents.rules.denial import denials

    text = ("Applications using identity verification services are required to provide an alternative method of "
            "accessing agency services to support users who are unable to complete the identity verification process.")
    assert denials(text, "Must apps using identity verification offer another route to their services?") == []
    assert denials("Users who are unable to sign in cannot reset their password.",
                   "Can users reset their password?") != []


def test_a_cost_put_on_the_customer_answers_no_to_whether_the_vendor_pays():
    """Travis CI's data processing agreement: "The cost of such audit … shall be borne by the Client" had answered
    "Fully Supported" to "Do you pay the cost of audits we carry out?"."""
    from agents.rules.duty import cost_on_customer

    borne = "The cost of such audit, inspection or assessment shall be borne by the Client."
    assert cost_on_customer("Do you pay the cost of audits we carry out?", borne) == "borne by the Client"
    assist = "Travis-CI shall (at the Client’s expense) provide such further information and assistance."
    assert cost_on_customer("Is your help with regulator notifications free of charge?", assist) is not None
    assert cost_on_customer("Will you help us with regulator notifications?", assist) is None
    assert cost_on_customer("Do you pay the cost of audits?", "Audits are carried out by our staff.") is None


async def test_what_the_reader_still_has_to_do_and_what_the_vendor_keeps_answer_no(tmp_path, index):
    """Travis CI's "…therefore you will still need redirect them to a common logs target location", asked whether a
    basic installation sends its logs to central storage; and "Travis CI keeps the private key private", cited below
    the best passage, asked whether the repository owners hold the private key."""
    pages = {
        "ha.md": "# High availability\n\nPlease mind that in basic installation logs are put on stdout of each pod, "
                 "therefore you will still need redirect them to a common logs target location and store them using "
                 "a tool of your choice.\n",
        "keys.md": "# Encryption scheme\n\nOnce the public key is available, anyone can encrypt data which can only be "
                   "decrypted by Travis CI, using the corresponding private key for your encrypted values.\n\n"
                   "Travis CI keeps the private key private, but makes the repository's public key available.\n",
    }
    pipeline = await pipeline_over(tmp_path / "docs", index, pages)
    for question in ("Does a basic self-hosted installation send its logs to central storage for us?",
                     "As repository owners, do we hold the private key for our encrypted values?"):
        answer = (await pipeline.run(question)).synthesis
        assert answer.compliance_status == "Not Supported", (question, answer.reasoning)


def test_what_you_are_responsible_for_or_must_still_do_is_left_to_the_customer():
    """Semaphore's "When using self-hosted agents, you're responsible for setting up the artifact storage bucket" and
    "You must still manually grant the admin role" had answered "Fully Supported" to whether the vendor does it."""
    from agents.rules.duty import left_to_customer

    assert left_to_customer("When using self-hosted agents, you're responsible for setting up the storage bucket.") \
        == "you're responsible"
    assert left_to_customer("You must still manually grant the admin role to the new owner.") == "You must still"
    assert left_to_customer("You must grant the admin role to the new owner.") is None


def test_the_reader_told_to_do_the_act_asked_of_the_vendor_is_a_no():
    """GOV.UK Forms' terms of use: "You must check submitted form data looks safe and consider its accuracy", asked
    "Do you check respondents' answers for accuracy?". Told to do something else, asked what the vendor advises, or
    only if the reader needs to, the duty says nothing of the vendor's act."""
    terms = "You must check submitted form data looks safe and consider its accuracy before you use it."
    assert reader_does_asked("Do you check respondents' answers for accuracy?", terms) == "You must check"
    assert reader_does_asked("Do you support SSO?", "You must configure SSO first.") is None
    assert reader_does_asked("Do you advise running several instances?", "You should run several instances.") is None
    assert reader_does_asked("Can you route submissions by answer?",
                             "If you need to route submissions by answer, you may be able to set up rules.") is None
    assert reader_does_asked("Is MFA required?", "You must sign in using MFA.") is None
