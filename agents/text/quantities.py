"""How documentation writes an amount of time: a period ("20 years", "within 72 hours", "3 business
days") or a frequency ("daily", "once a year"). Read by the how-long rule (`judging.support`) and by
the rule on questions that measure in words (`rules.measure`)."""

PERIOD = (r"\b\d+(?:[.,]\d+)?[\s-]*(?:business\s+days?|seconds?|minutes?|mins?|hours?|hrs?|h|days?|weeks?|months?|"
          r"years?)\b")
FREQUENCY = (r"\b(?:hourly|daily|nightly|weekly|fortnightly|monthly|quarterly|annually|yearly|semi-annually|"
             r"biannually)\b|\bonce (?:a|an|per|every) \w+")
