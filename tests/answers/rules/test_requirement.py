"""A requirement the question says is lacking answers no: "You must be an account admin to create access
tokens" for "Can a developer without admin rights create them?"."""

from __future__ import annotations

from agents.rules.requirement import unmet_requirement
from tests.documents import pipeline_over

_ADMIN = "You must be an account admin to create access tokens."


def test_a_requirement_the_question_lacks_is_read_as_a_no():
    assert unmet_requirement("Can a developer without admin rights create access tokens?", _ADMIN) == \
        "must be an account admin"
    assert unmet_requirement("Can an owner who has not set up 2FA enforce it for everyone?",
                             "The account owner must already have 2FA enabled before they can enforce it.")
    # The requirement met, or something else lacking, answers nothing.
    assert unmet_requirement("Can an admin create access tokens?", _ADMIN) is None
    assert unmet_requirement("Can users without SSO create access tokens?", _ADMIN) is None


async def test_a_developer_without_admin_rights_is_told_no(tmp_path, index):
    page = ("# Access tokens\n\nAccess tokens authenticate requests to the management API.\n\n## Create a token\n\n"
            f"{_ADMIN} To create one, open the Access tokens page and click Create.\n")
    pipeline = await pipeline_over(tmp_path / "docs", index, {"tokens.md": page})
    answer = (await pipeline.run("Can a developer without admin rights create access tokens?")).synthesis
    assert answer.compliance_status == "Not Supported"
