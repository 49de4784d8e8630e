import ContractKitRuntime

/// What a failing or warning test case carries beside its issues: the committed baseline,
/// today's payload and the line diff of the two, as files a test framework attaches
/// (Swift Testing's `Attachment`, XCTest's `XCTAttachment`): `swift test
/// --attachments-path DIR` saves them, Xcode shows them.
///
/// Named after the case, `HomeViewModel-1.0.0-en-baseline.json`,
/// `HomeViewModel-1.0.0-en-today.json` and `HomeViewModel-1.0.0-en.diff` (a named
/// variant after the locale: `…-en.empty-today.json`). A case without a committed baseline
/// has no baseline to attach, and one that could not be encoded no payload of today.
package struct CaseAttachment: Sendable, Hashable {
  /// The file name.
  package let name: String
  /// The contents.
  package let bytes: [UInt8]
}

extension CaseAttachment {
  /// The attachments of `contractCase` in `run`: its baseline, today's payload, their diff.
  static func of(_ contractCase: ContractCase, in run: CatalogRun, files: BaselineFiles)
    -> [CaseAttachment]
  {
    let path = contractCase.relativePath
    let baseline = (try? files.read(path)) ?? nil
    let failed = run.findings(of: contractCase).contains { $0.kind == .encodingFailed }
    // A case that is not among the differing ones encodes to its baseline's bytes.
    let today = failed ? nil : run.currentBytes[contractCase] ?? baseline
    let stem = contractCase.contract + "-" + contractCase.version.versionString + "-"
      + contractCase.locale
      + (contractCase.variant == BaselineLayout.defaultVariant ? "" : "." + contractCase.variant)
    var attachments: [CaseAttachment] = []
    if let baseline { attachments.append(CaseAttachment(name: stem + "-baseline.json", bytes: baseline)) }
    if let today { attachments.append(CaseAttachment(name: stem + "-today.json", bytes: today)) }
    attachments.append(CaseAttachment(
      name: stem + ".diff",
      bytes: Array(diff(path: path, baseline: baseline, today: today, files: files).utf8)))
    return attachments
  }

  /// A unified diff of the two payloads, or why there is none.
  private static func diff(path: String, baseline: [UInt8]?, today: [UInt8]?,
                           files: BaselineFiles) -> String
  {
    let old = baseline.map { String(decoding: $0, as: UTF8.self) } ?? ""
    guard let today else {
      return "No payload of today: the case could not be encoded (see the test's issue).\n"
    }
    let new = String(decoding: today, as: UTF8.self)
    let lines = LineDiff(old: old, new: new)
    guard lines.hasChanges else {
      return "The canonical JSON of today equals the baseline \(files.displayPath(path)): the "
        + "finding is about what it says, not about a change of bytes (see the test's issue).\n"
    }
    let header = [
      "--- \(baseline == nil ? "(no baseline)" : "baseline/" + path)",
      "+++ today/\(path)",
    ]
    return (header + lines.render(context: 3, colored: false)).joined(separator: "\n") + "\n"
  }
}
