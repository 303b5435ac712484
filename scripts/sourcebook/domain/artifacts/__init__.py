"""The artifacts room: pages, reports and scripts made from the ledger.

Modules:
- ``render``, ``render_images``, ``templates``: ``sb render``, inlined figures, ``sb template``;
- ``report``: the Markdown report and its numbered sources;
- ``podcast``: the podcast script's checks, TTS plan and transcript;
- ``licenses``: image credits and licences (``sb licenses``);
- ``check_draft``: ``sb check-draft``;
- ``labels``: a page's language (the plan's ``lang`` or the draft's) and the templates' words in it.

May import: ``base``, ``engines``, and the ``workspace``, ``sources``, ``ledger`` and ``review`` rooms
(``review``: a page's footer says whether a person reviewed it).
"""
