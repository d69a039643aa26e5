#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Count the tests of meson runs from their testlog.json files: print "N passed, N failed".

Each TAP subtest counts on its own: "ok" lines (except "# SKIP") pass, "not ok" lines (except
"# TODO") fail.  A TAP test that crashed or failed without a "not ok" line counts as one
failure.  A test that does not speak TAP counts once, by its result.  Exits 1 when anything
failed or nothing ran.
"""

import json
import re
import sys

OK_RESULTS = {"OK", "EXPECTEDFAIL"}
TAP_LINE = re.compile(r"^(not ok|ok)\b(.*)$")


def count(path):
    passed = failed = 0
    with open(path, encoding="utf-8") as log:
        for line in log:
            line = line.strip()
            if not line:
                continue
            test = json.loads(line)
            result = test.get("result", "")
            if result == "SKIP":
                continue
            tap_pass = tap_fail = 0
            saw_tap = False
            for out in (test.get("stdout") or "").splitlines():
                m = TAP_LINE.match(out.strip())
                if not m:
                    continue
                saw_tap = True
                verdict, rest = m.groups()
                directive = rest.split("#", 1)[1].strip().upper() if "#" in rest else ""
                if verdict == "ok":
                    if not directive.startswith("SKIP"):
                        tap_pass += 1
                elif not directive.startswith("TODO"):
                    tap_fail += 1
            if saw_tap:
                passed += tap_pass
                failed += tap_fail
                if result not in OK_RESULTS and tap_fail == 0:
                    failed += 1
            elif result in OK_RESULTS:
                passed += 1
            else:
                failed += 1
    return passed, failed


def main():
    if len(sys.argv) < 2:
        print("usage: count-tests.py TESTLOG.json...", file=sys.stderr)
        return 2
    passed = failed = 0
    for path in sys.argv[1:]:
        try:
            p, f = count(path)
        except (OSError, ValueError) as e:
            print(f"count-tests: {path}: {e}", file=sys.stderr)
            p, f = 0, 1
        passed += p
        failed += f
    print(f"{passed} passed, {failed} failed")
    return 1 if failed > 0 or passed == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
