/// The smallest semantic-version step a set of wire changes requires.
package enum VersionBump: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
  case none
  case patch
  case minor
  case major

  private var rank: Int {
    switch self {
    case .none: 0
    case .patch: 1
    case .minor: 2
    case .major: 3
    }
  }

  package static func < (lhs: VersionBump, rhs: VersionBump) -> Bool { lhs.rank < rhs.rank }
}
