"""Search and filters on the report's pages: a text search and choices of status, section, tag
and interpretation switch over a list of scenarios or clause rows.

Each item a filter bar sorts carries what it is sorted by as ``data-*`` attributes
(:func:`item_data`); the bar (:func:`filter_bar`) names the element holding the items. The
bar is hidden until the page's small inline script (:data:`SCRIPT`) shows it, so with scripting
off the page reads the same, all of it shown. Items are grouped (``class="group"``): a group
whose items are all hidden is hidden too.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

SCRIPT = """
document.querySelectorAll('form.filters').forEach(function (form) {
  var box = document.getElementById(form.dataset.filter);
  if (!box) return;
  var items = Array.prototype.slice.call(box.querySelectorAll('[data-status]'));
  var groups = box.querySelectorAll('.group');
  var count = form.querySelector('output');
  function value(name) {
    var field = form.elements.namedItem(name);
    return field ? field.value.trim().toLowerCase() : '';
  }
  function words(text) { return text ? text.split(' ') : []; }
  function apply() {
    var search = value('search').split(/\\s+/).filter(Boolean);
    var status = value('status'), section = value('section');
    var tag = value('tag'), chosen = value('switch'), shown = 0;
    items.forEach(function (item) {
      var d = item.dataset;
      var ok = search.every(function (w) { return d.search.indexOf(w) >= 0; })
        && (!status || d.status.toLowerCase() === status)
        && (!section || d.section.toLowerCase() === section)
        && (!tag || words(d.tags.toLowerCase()).some(function (t) { return t.indexOf(tag) >= 0; }))
        && (!chosen || words(d.switches.toLowerCase()).indexOf(chosen) >= 0);
      item.hidden = !ok;
      if (ok) shown += 1;
    });
    Array.prototype.forEach.call(groups, function (group) {
      group.hidden = !group.querySelector('[data-status]:not([hidden])');
    });
    if (count) count.textContent = shown + ' of ' + items.length + ' shown';
  }
  form.addEventListener('input', apply);
  form.addEventListener('submit', function (event) { event.preventDefault(); });
  form.addEventListener('reset', function () { setTimeout(apply, 0); });
  form.hidden = false;
});
"""
"""The filter script: shows every filter bar and hides the items its choices leave out."""


def item_data(
    status: str,
    section: str,
    tags: Iterable[str],
    switches: Iterable[str],
    search: Iterable[str],
) -> str:
    """The ``data-*`` attributes a filter sorts an item by: its status, its section, its tags and
    the switches it read (each space-separated), and the text the search looks in."""
    text = " ".join(" ".join(search).lower().split())
    return (
        f'data-status="{escape(status)}" data-section="{escape(section)}" '
        f'data-tags="{escape(" ".join(dict.fromkeys(tags)))}" '
        f'data-switches="{escape(" ".join(dict.fromkeys(switches)))}" '
        f'data-search="{escape(text)}"'
    )


def filter_bar(
    target: str,
    what: str,
    statuses: Iterable[str],
    sections: Iterable[str] = (),
    tags: Iterable[str] = (),
    switches: Iterable[str] = (),
) -> str:
    """The filter bar over the items inside the element ``target`` (an id): a search box, and a
    choice of status, of section (when there are two or more), of tag (a box suggesting the
    tags), and of switch (when there are any)."""
    sections, tags, switches = list(sections), sorted(set(tags)), sorted(set(switches))
    fields = [
        f'<label>Search {escape(what)} <input type="search" name="search" '
        f'placeholder="words of a name, a step or a clause"></label>',
        _choice("status", "Status", statuses),
    ]
    if len(sections) > 1:
        fields.append(_choice("section", "Section", sections))
    if tags:
        options = "".join(f'<option value="{escape(t)}">' for t in tags)
        fields.append(
            f'<label>Tag <input type="search" name="tag" list="{target}-tags" '
            f'placeholder="part of a tag"></label><datalist id="{target}-tags">{options}</datalist>'
        )
    if switches:
        fields.append(_choice("switch", "Switch read", switches))
    fields.append('<button type="reset">Clear</button><output aria-live="polite"></output>')
    return (
        f'<form class="filters" data-filter="{escape(target)}" role="search" hidden>'
        + "".join(fields)
        + "</form>"
    )


def _choice(name: str, label: str, values: Iterable[str]) -> str:
    options = "".join(
        f'<option value="{escape(v)}">{escape(v)}</option>' for v in dict.fromkeys(values)
    )
    return f'<label>{label} <select name="{name}"><option value="">any</option>{options}</select></label>'
