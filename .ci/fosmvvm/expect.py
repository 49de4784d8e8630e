#!/usr/bin/env python3
"""Holds a ContractKit JSON report to exactly the findings a scenario expects.

Usage: expect.py SCENARIO REPORT.json EXIT_CODE EXPECTED_EXIT < expected

Each expected line is one finding, `severity kind contract version locale variant path`
(`-` where the report has null), optionally followed by ` :: text` that its message must
contain (`$APP` in it stands for the app's folder, from the environment). The report's
findings must be exactly these, no more and no fewer, and no message may name a file under the
app's `.build` folder: messages name the YAML file a team edits, not its copy in a bundle.
"""
import json
import os
import sys


def key(finding):
    return " ".join(
        "-" if finding.get(field) is None else str(finding[field])
        for field in ("severity", "kind", "contract", "version", "locale", "variant", "path"))


def main():
    scenario, report_path, exit_code, expected_exit = sys.argv[1:5]
    problems = []
    if exit_code != expected_exit:
        problems.append(f"exit code {exit_code}, expected {expected_exit}")
    with open(report_path, encoding="utf-8") as handle:
        report = json.load(handle)
    found = {}
    for finding in report["findings"]:
        found.setdefault(key(finding), []).append(finding["message"])
        if os.environ.get("APP", "") + "/.build/" in finding["message"]:
            problems.append(f"names a build copy: {key(finding)}: {finding['message']}")
    expected = {}
    for line in sys.stdin:
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        finding, _, text = line.partition(" :: ")
        text = text.replace("$APP", os.environ.get("APP", "$APP"))
        expected[finding.strip()] = text.strip()
    for finding, text in expected.items():
        messages = found.get(finding)
        if messages is None:
            problems.append(f"missing: {finding}")
        elif text and not any(text in message for message in messages):
            problems.append(f"message of {finding} lacks {text!r}: {messages}")
    for finding, messages in found.items():
        if finding not in expected:
            problems.append(f"unexpected: {finding}: {messages[0]}")
        elif len(messages) > 1:
            problems.append(f"reported {len(messages)} times: {finding}")
    if problems:
        print(f"FOSMVVM example, {scenario}: FAILED", file=sys.stderr)
        for problem in problems:
            print(f"  {problem}", file=sys.stderr)
        sys.exit(1)
    summary = report["summary"]
    print(f"FOSMVVM example, {scenario}: as expected (exit {exit_code}; {summary['errors']} "
          f"errors, {summary['warnings']} warnings, {summary['infos']} infos)")


main()
