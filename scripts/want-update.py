#!/usr/bin/env python3
"""Rewrite the // want annotations of testdata/minfo and testdata/errors files
from accc's JSON diagnostics.

Usage: scripts/want-update.py FILE...

Each file's first line is its recipe ("// minfo ARGS..."); the script runs
`go run ./cmd/accc --diag-format=json ARGS -c FILE`, drops every existing
// want annotation and writes one per diagnosed line. It records what accc
says now: review the diff before committing, since a wrong remark becomes
the expected one.
"""
import json
import os
import re
import subprocess
import sys
import tempfile


def update(path):
    src = open(path).read().split('\n')
    args = src[0].split()[2:]
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run(['go', 'run', './cmd/accc', '--diag-format=json'] + args +
                             ['-c', '-o', os.path.join(tmp, 'x.o'), path],
                             capture_output=True, text=True)
    found = {}
    for line in (out.stdout + out.stderr).split('\n'):
        if not line.startswith('{'):
            continue
        d = json.loads(line)
        if os.path.basename(d.get('file', '')) != os.path.basename(path):
            continue
        n = d['range']['start']['line'] + 1
        found.setdefault(n, []).append((d['severity'], d['message']))
    res = []
    for i, line in enumerate(src, 1):
        line = re.sub(r'\s*// want .*$', '', line)
        if i in found:
            line += ' // want ' + ' '.join(
                '%s:"%s"' % (s, m.replace('\\', '\\\\').replace('"', '\\"')) for s, m in found[i])
        res.append(line)
    open(path, 'w').write('\n'.join(res))


if __name__ == '__main__':
    for p in sys.argv[1:]:
        update(p)
