"""HTML: the one tokenizer and tree builder, and a page's main content as canonical Markdown.

Modules:
- ``tokens``: a fast tokenizer with the standard library parser's results;
- ``tree``: the one tree builder, shared by extraction, the linter and the gate;
- ``extract``: a page to canonical Markdown (its main content, links and metadata);
- ``score``: which part of a page is the article (furniture dropped, paragraphs scored);
- ``blocks``, ``writer``: kept elements written as Markdown, with where each link lands;
- ``meta``: title, author, publisher, dates, language and canonical URL;
- ``names``: the words of an element's class and id, compared whole;
- ``dates``: byline and dates for the reader, with the tag that said each, conflicts kept;
- ``captions``: which elements are captions and credits, and the ``::: caption`` block form;
- ``lead``: the standfirst under the headline, kept as the article's opening;
- ``teasers``: lists of other stories inside the chosen content, told by their structure;
- ``trim``: headings and lead-ins left over from dropped teaser blocks.

May import: ``base``, the ``text`` engine, and ``formats.extract_notes`` (the words a note starts
with, shared by every extractor). Nothing here knows a workspace.
"""
