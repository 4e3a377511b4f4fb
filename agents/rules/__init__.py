"""Rules of grammar that decide a status or an audit check: denials, duties left to the customer,
narrower kinds, closed lists, exclusions, lists holding a question across items. Written, not fitted."""
