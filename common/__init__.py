"""Helpers every package may use and that use none of ours: private files, installed packages'
folders, lazily imported package names."""
