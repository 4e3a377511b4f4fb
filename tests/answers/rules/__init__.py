"""The status rules of agents/rules, one module each: denials, narrowed scopes, closed lists, whose job it is, plans."""
