"""Words extractors start a note with, so a caller can tell a warning from an ordinary note."""

# Main-content extraction kept a small part of the page: `sb extract` shows it as W-EXTRACT-LOSS.
LOSS_NOTE = "main-content extraction kept only"
