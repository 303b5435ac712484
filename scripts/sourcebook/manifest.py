"""Compatibility name (docs/compatibility.md): ``sourcebook.manifest.check(instance, schema_name, subject)``."""

from .base.schema import check  # noqa: F401
