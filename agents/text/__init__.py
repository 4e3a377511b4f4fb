"""Reading text: key terms and the fitted wording of denials and limits (terms.py, cues.json), quotes
and passages (grounding.py), quotes told as prose (prose.py), the same question asked twice."""
