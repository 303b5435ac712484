"""The design linter: rules registered by family, run over one HTML page (``runner.lint_html``)."""
