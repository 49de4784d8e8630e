import ContractKitRuntime

/// What a run compared, and the version bump the next release must declare: the one
/// definition every command and report uses.
///
/// The next release declares ``current``. It must account for every wire change since what
/// clients in the field have: each released version's committed baselines against today's
/// payloads of that version, and the newest released version before ``current``
/// (``previous``) against today's payloads of ``current``. Breaking kinds require a major
/// bump, additions a minor one, text and value changes a patch.
package struct ReleaseComparison: Sendable, Hashable {
  /// The versions compared with their own committed baselines.
  package var versions: [SystemVersion]
  /// The newest released version before ``current``, compared with ``current``.
  package var previous: SystemVersion?
  /// The version the next release declares.
  package var current: SystemVersion?
  /// The kinds of the changes that bear on the bump, by contract.
  package var changes: [String: Set<FindingKind>]

  package init(versions: [SystemVersion], previous: SystemVersion?, current: SystemVersion?,
              changes: [String: Set<FindingKind>] = [:])
  {
    self.versions = versions
    self.previous = previous
    self.current = current
    self.changes = changes
  }

  /// Notes a change of `kind` in `contract`; kinds that bear on no bump are left out.
  mutating func note(_ kind: FindingKind, in contract: String) {
    guard kind.bump != .none else { return }
    changes[contract, default: []].insert(kind)
  }

  /// Notes every finding's kind in its contract.
  mutating func note(_ findings: some Sequence<Finding>) {
    for finding in findings {
      if let contract = finding.contract { note(finding.kind, in: contract) }
    }
  }

  /// The smallest step the changes require.
  package var requiredBump: VersionBump {
    changes.values.lazy.flatMap { $0 }.map(\.bump).max() ?? .none
  }

  /// The contracts and kinds that require ``requiredBump``, by contract name.
  package var reasons: [(contract: String, kinds: [FindingKind])] {
    let required = requiredBump
    return changes.keys.sorted(by: codePointOrder).compactMap { contract in
      let kinds = (changes[contract] ?? []).filter { $0.bump == required }
      return kinds.isEmpty
        ? nil : (contract, kinds.sorted { codePointOrder($0.rawValue, $1.rawValue) })
    }
  }

  /// `each of 1.0.0, 1.1.0, 2.0.0 with its baselines; 2.1.0 with 2.0.0`.
  package var sentence: String {
    var parts: [String] = []
    if !versions.isEmpty {
      parts.append("each of \(versions.map(\.versionString).joined(separator: ", ")) with its "
        + "baselines")
    }
    if let previous, let current { parts.append("\(current) with \(previous)") }
    return parts.isEmpty ? "nothing" : parts.joined(separator: "; ")
  }

  /// The comparison of several shards of one run: the same versions, the changes of all.
  static func merging(_ comparisons: [ReleaseComparison]) -> ReleaseComparison? {
    guard var merged = comparisons.first else { return nil }
    for other in comparisons.dropFirst() {
      merged.changes.merge(other.changes) { $0.union($1) }
    }
    return merged
  }
}
