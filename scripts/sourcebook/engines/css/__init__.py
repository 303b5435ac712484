"""CSS engine: tokens, values, colours, cascade. Pure."""
