"""Helpers every package may use and that use none of ours: private files, installed packages'
folders, lazily imported package names."""

from .files import installed_package, private_file
from .lazy import lazy_exports
from .retry import HTTP_RETRIES, RetryPolicy
from .text import clip, sentences

__all__ = ["HTTP_RETRIES", "RetryPolicy", "clip", "installed_package", "lazy_exports", "private_file", "sentences"]
