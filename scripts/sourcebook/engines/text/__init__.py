"""Text engines: charset, normalize, HTML tree, extraction, chunking, tokenizing, find."""
