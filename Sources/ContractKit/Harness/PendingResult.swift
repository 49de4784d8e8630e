import ContractKitRuntime
/// What one `check` or `swift test` saw for one case whose encoding differs from its baseline
/// (or has none): today's canonical bytes, kept beside the findings they gave and the
/// fingerprints that tie them to the files they were made from.
///
/// `review` applies a pending result only while both fingerprints still hold: the baseline on
/// disk is the one it was compared with, and today's encoding is the one it holds. Anything
/// else is a pending result that no longer applies, dropped or refused, never applied.
struct PendingResult: Sendable, Hashable {
  /// The case.
  var contractCase: ContractCase
  /// The SHA-256 of the baseline it was compared with; `nil` when there was none.
  var baseline: String?
  /// The SHA-256 of the canonical encoding it holds.
  var encoding: String
  /// The findings about this case's file that the run reported.
  var findings: [Finding]
}

extension PendingResult {
  /// The fingerprint of a baseline's or an encoding's bytes.
  static func fingerprint(_ bytes: [UInt8]) -> String { SHA256.hex(bytes) }

  /// The result as one member of a contract's `pending.json`.
  var json: JSONValue {
    .object([
      "version": .string(contractCase.version.versionString),
      "locale": .string(contractCase.locale),
      "variant": .string(contractCase.variant),
      "baseline": baseline.map(JSONValue.string) ?? .null,
      "encoding": .string(encoding),
      "findings": .array(findings.map(Self.json(of:))),
    ])
  }

  /// Reads one member of `contract`'s `pending.json`; `file` names it in errors.
  /// - Throws: ``InputError`` when a member is missing or of the wrong type.
  init(json: JSONValue, contract: String, file: String) throws(InputError) {
    func text(_ key: String, in value: JSONValue) throws(InputError) -> String {
      guard let text = value[key]?.stringValue else {
        throw InputError(file: file, reason: "a pending result has no string '\(key)'")
      }
      return text
    }
    let versionText = try text("version", in: json)
    guard let version = try? SystemVersion(parsing: versionText) else {
      throw InputError(file: file, reason: "'\(versionText)' is not a version")
    }
    let locale = try text("locale", in: json)
    let variant = try text("variant", in: json)
    // The names make the path of the bytes: a list downloaded from CI must not reach out.
    guard BaselineLayout.isValidLocale(locale),
      variant == BaselineLayout.defaultVariant || BaselineLayout.isValidVariant(variant)
    else {
      throw InputError(file: file, reason: "'\(locale).\(variant)' is not a locale and variant")
    }
    contractCase = ContractCase(contract: contract, version: version, locale: locale,
                                variant: variant)
    baseline = json["baseline"]?.stringValue
    encoding = try text("encoding", in: json)
    guard case .array(let list)? = json["findings"] else {
      throw InputError(file: file, reason: "a pending result has no 'findings' list")
    }
    var findings: [Finding] = []
    for item in list {
      let kindText = try text("kind", in: item)
      let severityText = try text("severity", in: item)
      guard let kind = FindingKind(rawValue: kindText),
        let severity = Severity(rawValue: severityText)
      else {
        throw InputError(file: file, reason: "'\(kindText)' (\(severityText)) is not a finding "
          + "kind and severity this version knows")
      }
      findings.append(Finding(
        kind, severity: severity, scope: .file(contractCase), path: item["path"]?.stringValue,
        message: try text("message", in: item), baseline: item["baseline"],
        current: item["current"]))
    }
    self.findings = findings
  }

  private static func json(of finding: Finding) -> JSONValue {
    var members: [String: JSONValue] = [
      "kind": .string(finding.kind.rawValue),
      "severity": .string(finding.severity.rawValue),
      "message": .string(finding.message),
    ]
    if let path = finding.path { members["path"] = .string(path) }
    if let baseline = finding.baseline { members["baseline"] = baseline }
    if let current = finding.current { members["current"] = current }
    return .object(members)
  }
}
