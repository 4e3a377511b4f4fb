"""Reading text: key terms (terms.py), the names a question uses (names.py), the fitted wording of denials
and limits (cues.py, cues.json), a question's form (question_form.py), quotes and passages (grounding.py),
quotes told as prose (prose.py), the same question asked twice."""
