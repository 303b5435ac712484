"""Compatibility names (docs/compatibility.md): ``sourcebook.licenses.data_uri_name`` and the checker."""

from .domain.artifacts.licenses import check_licenses  # noqa: F401
from .engines.render.images import data_uri_name  # noqa: F401
