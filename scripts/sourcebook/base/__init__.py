"""Base layer: errors, codes, versions, ids, JSON I/O, schemas. Standard library only."""
