"""Gates over the workspace's records: sources, claims, clusters, the plan.

Modules: ``schemas``, ``normalizer``, ``quotes``, ``confidence``, ``tiers``, ``volatility``,
``clusters``, ``plan``, ``recheck``, ``claim_text``, ``arithmetic`` (derived figures computed
from their inputs), ``titles`` (a cited source's title states no figure its text does not), ``author_text`` (reasons
and attestations state no figure what they speak of does not), ``source_records`` (a cited
source's title, publication date and url against its text and the other records); each
registers one gate family.

May import: the gate room's shared machinery (``registry``, ``context``) and the rooms it may import.
"""
