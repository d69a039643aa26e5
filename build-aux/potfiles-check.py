#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Check po/POTFILES.in against the sources: every source file with a translatable string is
listed, and every listed file exists.  Exits 1 and names the files otherwise."""

import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
listed = {line.strip() for line in (root / 'po' / 'POTFILES.in').read_text().splitlines()
          if line.strip() and not line.startswith('#')}
marks = {
    '.c': re.compile(r'\b(?:N?_|C_|NC_|ngettext|g_dngettext)\s*\('),
    '.h': re.compile(r'\b(?:N?_|C_|NC_|ngettext)\s*\("'),
    '.ui': re.compile(r'translatable="yes"'),
}
wanted = set()
for folder in ('src', 'ui'):
    for path in sorted((root / folder).rglob('*')):
        mark = marks.get(path.suffix)
        if mark is not None and mark.search(path.read_text(encoding='utf-8')):
            wanted.add(str(path.relative_to(root)))

missing = sorted(wanted - listed)
gone = sorted(p for p in listed if not (root / p).exists())
for p in missing:
    print(f'po/POTFILES.in: {p} has translatable strings but is not listed')
for p in gone:
    print(f'po/POTFILES.in: {p} is listed but does not exist')
sys.exit(1 if missing or gone else 0)
