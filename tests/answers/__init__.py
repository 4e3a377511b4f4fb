"""What users get from an answer: the offline engine, its rules, its fitted parts and the development sets."""
