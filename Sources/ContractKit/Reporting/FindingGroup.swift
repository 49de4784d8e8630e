import ContractKitRuntime

/// One line of a human-readable report: the same finding across several locales, versions,
/// variants and rows.
///
/// A removed field is one finding per row, locale, version and variant; text and Markdown
/// show it once, `field-removed DashboardViewModel 1.0.0, 1.1.0 /cards/*/title in en, es, de
/// (default, empty)`, so a change to one field reads as one change (JSON still counts each).
struct FindingGroup: Hashable {
  /// The finding that stands for the group: the first in locale and variant display order.
  var representative: Finding
  /// Every finding in the group, the representative first.
  var members: [Finding]
  /// The locales the findings apply to, in display order, without repeats.
  var locales: [String]
  /// The variants the findings apply to, `default` first, without repeats.
  var variants: [String]
  /// The versions the findings apply to, oldest first, without repeats.
  var versions: [String] = []
  /// The payload paths the findings are at, without repeats: more than one when the same
  /// change is in several rows of a list.
  var paths: [String] = []

  /// The kind every member shares.
  var kind: FindingKind { representative.kind }
  /// The severity every member shares.
  var severity: Severity { representative.severity }
  /// The contract every member shares.
  var contract: String? { representative.contract }
  /// The versions the members are about, `1.0.0, 1.1.0`.
  var version: String? { versions.isEmpty ? nil : versions.joined(separator: ", ") }
  /// The path every member is at, its row indices written `*` when they differ.
  var path: String? {
    guard paths.count > 1, let path = representative.path else { return representative.path }
    return Self.rowPattern(path)
  }
  /// The representative's message, naming ``path``; the members' differ at most in their
  /// locale, version, variant and row.
  var message: String {
    guard paths.count > 1, let own = representative.path, let path else {
      return representative.message
    }
    return representative.message.replacing("'\(own)'", with: "'\(path)'", maxReplacements: 1)
  }

  /// `en, es, de (default, empty)`: the locales and variants, or `nil` when neither applies.
  var scope: String? {
    var parts: [String] = []
    if !locales.isEmpty { parts.append(locales.joined(separator: ", ")) }
    if !variants.isEmpty { parts.append("(\(variants.joined(separator: ", ")))") }
    return parts.isEmpty ? nil : parts.joined(separator: " ")
  }

  /// `DashboardViewModel 1.0.0 /cards/0/title in en, es (default)`: where the group applies.
  ///
  /// This is the one prose description of a finding's location; every human-readable line
  /// (text, JUnit output) uses it.
  var location: String {
    let displayPath = path.map { $0.isEmpty ? "(document)" : $0 }
    var words = [contract, version, displayPath].compactMap { $0 }
    if let scope { words.append(locales.isEmpty ? scope : "in \(scope)") }
    return words.joined(separator: " ")
  }

  /// Whether every member carries the representative's baseline and current values.
  var membersShareValues: Bool {
    members.allSatisfy {
      $0.baseline == representative.baseline && $0.current == representative.current
    }
  }
}

extension FindingGroup {
  /// Groups `findings`, most severe first and otherwise in the order they come.
  ///
  /// Findings join one group when their kind, severity, contract, path and message are equal
  /// but for the version and the rows (array indices, in the path and where the message
  /// names it): a message never names its finding's own locale or variant, so the same change
  /// in several locales, versions, variants and rows has one message.
  ///
  /// - Parameters:
  ///   - findings: Findings in report order.
  ///   - localeOrder: The catalog's locales, which lists follow; others come after, sorted.
  /// - Returns: The groups; grouping is deterministic because it only follows array order.
  static func grouping(_ findings: [Finding], localeOrder: [String]) -> [FindingGroup] {
    var indexByKey: [_Key: Int] = [:]
    var buckets: [[Finding]] = []
    for finding in findings {
      let key = _Key(finding)
      if let index = indexByKey[key] {
        buckets[index].append(finding)
      } else {
        indexByKey[key] = buckets.count
        buckets.append([finding])
      }
    }
    let rank = Dictionary(localeOrder.enumerated().map { ($1, $0) }, uniquingKeysWith: min)
    let groups = buckets.compactMap { FindingGroup(bucket: $0, localeRank: rank) }
    return groups.enumerated()
      .sorted { left, right in
        left.element.severity != right.element.severity
          ? left.element.severity > right.element.severity : left.offset < right.offset
      }
      .map(\.element)
  }

  /// A group of one finding.
  init(_ finding: Finding) {
    representative = finding
    members = [finding]
    locales = finding.locale.map { [$0] } ?? []
    variants = finding.variant.map { [$0] } ?? []
    versions = finding.version.map { [$0] } ?? []
    paths = finding.path.map { [$0] } ?? []
  }

  /// `path` with every array index written `*`: `/cards/*/title`.
  static func rowPattern(_ path: String) -> String { BreakPlace.rowPattern(path) }

  /// A group of `bucket`, its members ordered by locale then variant; `nil` when empty.
  private init?(bucket: [Finding], localeRank: [String: Int]) {
    // Locale and variant names are ASCII (BaselineLayout validates them), so String order
    // is byte order here and the same on every platform.
    let sortKey = { (offset: Int, finding: Finding) in
      (
        finding.locale.flatMap { localeRank[$0] } ?? localeRank.count, finding.locale ?? "",
        finding.variant == BaselineLayout.defaultVariant ? 0 : 1, finding.variant ?? "", offset
      )
    }
    let sorted = bucket.enumerated()
      .sorted { sortKey($0.offset, $0.element) < sortKey($1.offset, $1.element) }
      .map(\.element)
    guard let first = sorted.first else { return nil }
    representative = first
    members = sorted
    locales = Self.unique(sorted.compactMap(\.locale))
    variants = Self.unique(sorted.compactMap(\.variant))
    versions = Self.unique(sorted.compactMap(\.scope.version)
      .sorted().map(\.versionString))
    paths = Self.unique(sorted.compactMap(\.path))
  }

  /// `values` without repeats, in first-appearance order.
  private static func unique(_ values: [String]) -> [String] {
    var seen: Set<String> = []
    return values.filter { seen.insert($0).inserted }
  }

  /// What makes two findings the same finding for a reader.
  private struct _Key: Hashable {
    var kind: FindingKind
    var severity: Severity
    var contract: String?
    var path: String?
    var message: String

    init(_ finding: Finding) {
      kind = finding.kind
      severity = finding.severity
      contract = finding.contract
      let pattern = finding.path.map(FindingGroup.rowPattern)
      path = pattern
      message = finding.message
      if let own = finding.path, let pattern, own != pattern {
        message = message.replacing("'\(own)'", with: "'\(pattern)'", maxReplacements: 1)
      }
    }
  }
}
