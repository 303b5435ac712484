"""The workspace room: where files live, the manifest, settings and the typed records.

Modules:
- ``layout``: discovery, the folder layout (the only module that knows a path), the manifest,
  history and the lock (``Workspace``, ``find_root``, ``MANIFEST``);
- ``setup``: ``sb init`` and ``sb config``;
- ``records``: the typed shapes of sources, claims and adjudications, and their enums;
- ``identity``: a file's identity (``file_sig``) and when it names the file's content (``settled``).

May import: ``base`` and ``engines`` only. Every other room may import this one.
"""
