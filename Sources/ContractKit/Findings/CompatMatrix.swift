import ContractKitRuntime

/// What `contracts compat` asked each release: whether its own code decodes today's
/// payloads, per contract and locale.
///
/// A failure is a ``FindingKind/clientDecodeFailed`` finding of the report (with its coding
/// path and the decoder's message); the matrix adds what findings cannot say: which cells
/// decode, and which contracts a release does not have.
package struct CompatMatrix: Sendable, Hashable {
  /// One release asked, in the order the refs were given.
  package struct Release: Sendable, Hashable {
    /// The ref as given (`v1.0.0`).
    package let ref: String
    /// The commit it names.
    package let commit: String
    /// The catalog version whose payloads it decoded: the newest one not newer than the
    /// newest version of the release's own baseline tree.
    package let version: SystemVersion
    /// Whether its probe was built by this run (`false`: served from the cache).
    package let built: Bool
    /// One cell per contract and locale, in the matrix's order.
    package let cells: [Cell]
    /// What a reader needs to know about how it was asked: the version a release without
    /// baselines was asked as, a cache that was not trusted, the decoders used.
    package let notes: [String]

    package init(ref: String, commit: String, version: SystemVersion, built: Bool,
                 cells: [Cell], notes: [String] = []) {
      self.ref = ref
      self.commit = commit
      self.version = version
      self.built = built
      self.cells = cells
      self.notes = notes
    }
  }

  /// One contract in one locale at one release.
  package struct Cell: Sendable, Hashable {
    package let contract: String
    package let locale: String
    package let outcome: Outcome

    package init(contract: String, locale: String, outcome: Outcome) {
      self.contract = contract
      self.locale = locale
      self.outcome = outcome
    }
  }

  /// What the release's decoder did with the cell's variants.
  package enum Outcome: Sendable, Hashable {
    /// Every variant decoded.
    case decodes
    /// This many variants failed to decode.
    case fails(Int)
    /// The contract's type is not a public `Decodable` type of the release's module: the
    /// contract did not exist there (not a failure).
    case absent
    /// The contract is registered without a `Decodable` type, so there is nothing to ask.
    case untyped

    /// The cell as tables print it.
    package var label: String {
      switch self {
      case .decodes: "ok"
      case .fails(let count): count == 1 ? "FAILS" : "FAILS (\(count))"
      case .absent: "absent"
      case .untyped: "no type"
      }
    }
  }

  package let releases: [Release]
  /// The contracts, in registration order.
  package let contracts: [String]
  /// The locales, the base locale first.
  package let locales: [String]

  package init(releases: [Release], contracts: [String], locales: [String]) {
    self.releases = releases
    self.contracts = contracts
    self.locales = locales
  }

  /// The table's rows: a header of locales, then one row per release and contract.
  package var rows: [[String]] {
    [["ref", "contract"] + locales] + releases.flatMap { release in
      contracts.map { contract in
        [release.ref, contract] + locales.map { locale in
          release.cells.first { $0.contract == contract && $0.locale == locale }?.outcome.label
            ?? ""
        }
      }
    }
  }
}
