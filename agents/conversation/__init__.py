"""A question in its conversation: asked back when vague, a follow-up read against the thread, the
part in focus, the asker's language and the answer translated back."""
