#!/usr/bin/env python3
"""Prints the compiler warnings of a build log that come from code other than FOSMVVM's.

Usage: warnings.py BUILD_LOG VENDOR_DIR; exit 1 when there is one.

A warning is FOSMVVM's (or swift-syntax's, or Yams') when its file lies under VENDOR_DIR. A
warning inside a macro's expansion (`macro expansion @VersionedFactory:2:19: warning: …`) is
the code's whose expansion it is: the note on the next line names that file.
"""
import re
import sys

log_path, vendor = sys.argv[1:3]
location = re.compile(r"^(.+?):\d+:\d+: (warning|note):")
lines = open(log_path, encoding="utf-8", errors="replace").read().splitlines()
found = []
for index, line in enumerate(lines):
    if ": warning:" not in line:
        continue
    origin = line
    if line.startswith("macro expansion ") and index + 1 < len(lines):
        origin = lines[index + 1].lstrip("`- ")
    match = location.match(origin)
    if match and match.group(1).startswith(vendor.rstrip("/") + "/"):
        continue
    found.append(line if origin is line else f"{line}\n    {origin}")
for warning in found:
    print(warning)
sys.exit(1 if found else 0)
