"""Reading, chunking, embedding and searching documents, on the SQLite index and a real Weaviate."""
