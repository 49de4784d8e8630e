#!/usr/bin/env python3
"""Shares of a contracts-bench step's CPU by what it was doing, from `perf record -g`.

Usage (see Performance.md, "Where the CPU goes"):

    perf record -F 2000 -g -o check.data \
        .build/release/contracts-bench --step contractkit-check --dir DIR/2000 --files 2000
    python3 Documentation/profile-shares.py check.data

Each sample goes to the category of its innermost frame that names one (so a formatter
called from the encoder counts as localization, the encoder's own work as encoding);
samples with none, mostly allocation and process start, are "other".
"""
import collections
import re
import subprocess
import sys

CATEGORIES = [
    ("decoding (the app's type, JSONDecoder)", r"JSONDecoder|Decodable\.init|init\(from:"),
    ("validating byte-equal files", r"GroupDiff\.validate|JSONParser\.validate|acceptsInOrder"),
    ("FOSMVVM key rules", r"FOSMVVMKeys"),
    ("localized pointers (shape rule)", r"LocalizedPointers|Memo\.value"),
    ("base-locale fallbacks", r"FileDiff\.(fallbacks|fallbackCandidates|newFallbacks)"),
    ("file diff", r"FileDiff|PayloadDiff|StablePaths"),
    ("canonical writing", r"CanonicalJSON|ObjectBox\.appendCanonical|Slot\.appendCanonical"
                          r"|JSONTokenWriter|canonicalBytes"),
    ("tokenizing the app's bytes", r"JSONTokens"),
    ("localization (lookups, formatters)", r"Localiz|Formatter|icu_|SpellingMemory"),
    ("ContractKit's encoder", r"ContractEncoder|KeyedContainer|UnkeyedContainer"
                              r"|SingleValueContainer|EncodingSession|EncodingPath"
                              r"|WirePrimitive|primitiveValue|encodeChild|Slot|EnumCaseTable"),
    ("Foundation's JSONEncoder", r"__JSONEncoder|JSONWriter|_JSONKeyed|_JSONUnkeyed"
                                 r"|JSONEncoder"),
    ("the app's encode(to:)", r"ScreenRow\.encode|ScreenSection\.encode"
                              r"|SyntheticScreen\.encode|NaiveScreen.*encode"
                              r"|Encodable\.encode"),
    ("the app's stub", r"SyntheticScreen\.make|NaiveScreen\.init|ScreenRow\.init"),
    ("reading files", r"BaselineFiles\.read|InputFile|contents\(atPath|GroupDiff\.contents"),
    ("listing the tree", r"BaselineTree|DirectoryListing|contentsOfDirectory|_Walk"),
    ("canonical facts", r"CanonicalFacts"),
    ("producer threads (hand-off)", r"ProducerThreads|ProducerCall|futex|semaphore"),
    ("parsing", r"JSONParser"),
    ("contract.json", r"ContractMetadata|CommittedMetadata|enumCaseFindings|EnumCaseDiff"),
    ("group bookkeeping (bump, tally, coverage)", r"GroupCheck|CaseCheck|VersionComparison"
                                                  r"|HintCoverage|TreeDiff|StructureDiff"),
    ("naive compare and line diff", r"LineDiff|NaiveReference"),
]


def main():
    script = subprocess.run(
        f"perf script -i {sys.argv[1]} -F ip,sym 2>/dev/null | swift demangle --simplified",
        shell=True, capture_output=True, text=True, check=True).stdout
    patterns = [(name, re.compile(rule)) for name, rule in CATEGORIES]
    shares = collections.Counter()
    total = 0
    for sample in script.split("\n\n"):
        frames = [line.strip().split(" ", 1)[-1] for line in sample.strip().split("\n")
                  if line.strip()]
        if not frames:
            continue
        total += 1
        category = next((name for frame in frames for name, pattern in patterns
                         if pattern.search(frame)), "other")
        shares[category] += 1
    print(f"{total} samples")
    for name, count in shares.most_common():
        print(f"{100 * count / total:5.1f}%  {name}")


if __name__ == "__main__":
    main()
