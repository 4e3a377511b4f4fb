"""Documents: loading files (markdown, HTML, PDF, front matter), the cloud a page is about, chunks."""
