"""Compatibility name (CONTRACT 12): ``sourcebook.manifest.check(instance, schema_name, subject)``."""

from .base.schema import check  # noqa: F401
