import Synchronization

/// What a ``ViewModelEnum`` type says about its cases, worked out once per type.
///
/// Spelling a case name takes reflection (`String(describing:)`) and listing the cases a
/// key path per case; a payload with thousands of rows would pay both for every row.
final class EnumCaseTable<Enum: ViewModelEnum>: Sendable {
  /// The type's name as keys and `contract.json` spell it: `OrderStatus`.
  let typeName: String
  /// Every case name, in declaration order.
  package let names: [String]
  /// The metadata recorded at a path carrying this enum on a version's wire that carries
  /// every case.
  private let annotation: PathAnnotation
  /// The localization key of every case's display text, in declaration order.
  private let keys: [String]
  /// The cases that exist only from some version on.
  private let availability: [Enum: CaseAvailability<Enum>]
  /// Whether `availability` names any case: asked of a `Bool`, the common answer looks up no
  /// generic type at run time, as asking the dictionary does on every value encoded.
  private let declaresAvailability: Bool
  /// Each case's place in `names` and `keys`.
  private let indexOfCase: [Enum: Int]
  private let caseNamed: [String: Enum]

  private init() {
    let typeName = contractTypeName(Enum.self)
    self.typeName = typeName
    var names: [String] = []
    var indexOfCase: [Enum: Int] = [:]
    var caseNamed: [String: Enum] = [:]
    for value in Enum.allCases {
      let name = String(describing: value)
      indexOfCase[value] = names.count
      names.append(name)
      if caseNamed[name] == nil { caseNamed[name] = value }
    }
    self.names = names
    keys = names.map { Self.key(typeName: typeName, name: $0) }
    self.indexOfCase = indexOfCase
    self.caseNamed = caseNamed
    annotation = .enumeration(type: typeName, cases: names)
    availability = Enum.caseAvailability
    declaresAvailability = !availability.isEmpty
  }

  /// The localization key of a case's display text: `<EnumType>.<case>`.
  private static func key(typeName: String, name: String) -> String { "\(typeName).\(name)" }

  /// The metadata recorded at a path carrying this enum on `version`'s wire: the cases that
  /// wire can carry.
  func annotation(for version: SystemVersion) -> PathAnnotation {
    guard declaresAvailability else { return annotation }
    let cases = Enum.allCases.filter { availability[$0].map { $0.since <= version } ?? true }
    return .enumeration(type: typeName, cases: cases.map(name(of:)))
  }

  /// The name of what `version`'s wire carries for `value`: the case itself, the case older
  /// wires carry in its place, or `nil` when the field is left out.
  /// - Throws: ``DeclarationError`` when the availabilities from `value` on form a cycle
  ///   (a case shown in its own place, or two shown in each other's).
  func wireName(of value: Enum, in version: SystemVersion) throws(DeclarationError) -> String? {
    // Most enums declare no availability: every value is on every wire, and neither the walk
    // nor an optional case (generic types, looked up at run time for every value) is needed.
    guard declaresAvailability else { return name(of: value) }
    return try wireValue(of: value, in: version).map(name(of:))
  }

  /// What `version`'s wire carries for `value` (``wireName(of:in:)``).
  private func wireValue(of value: Enum, in version: SystemVersion) throws(DeclarationError)
    -> Enum?
  {
    var current = value
    var walked = [value]
    // Each step should go to a case that exists at an older version, so the walk ends,
    // unless the availabilities point at each other (or a case at itself).
    while let rule = availability[current], version < rule.since {
      switch rule.olderWires {
      case .show(let older):
        let seen = walked.contains(older)
        walked.append(older)
        guard !seen else {
          throw DeclarationError(
            "the caseAvailability of \(typeName) forms a cycle ("
              + walked.map(name(of:)).joined(separator: " → ") + "): each case's olderWires "
              + "must show a case that older wires already carry")
        }
        current = older
      case .omitField: return nil
      }
    }
    return current
  }

  /// The name of `value`; a value `allCases` does not list is spelled by reflection.
  func name(of value: Enum) -> String {
    guard let index = indexOfCase[value] else { return String(describing: value) }
    return names[index]
  }

  /// The localization key of `value`'s display text: `<EnumType>.<case>`.
  func key(of value: Enum) -> String {
    guard let index = indexOfCase[value] else {
      return Self.key(typeName: typeName, name: String(describing: value))
    }
    return keys[index]
  }

  /// The case spelled `name`, if any.
  package func value(named name: String) -> Enum? { caseNamed[name] }

  /// The table of `Enum`, built on first use.
  static var shared: EnumCaseTable<Enum> {
    let key = ObjectIdentifier(Enum.self)
    // Only `Enum`'s table is kept under its key: the cast cannot fail, and a checked one
    // would cost a dynamic cast on every value encoded.
    if let known = enumCaseTables.withLock({ $0[key] }) {
      return unsafeDowncast(known, to: EnumCaseTable<Enum>.self)
    }
    // Built outside the lock: two threads may both build it, and either result is right.
    let table = EnumCaseTable<Enum>()
    enumCaseTables.withLock { $0[key] = table }
    return table
  }
}

/// Every table built so far, by enum type.
private let enumCaseTables = Mutex<[ObjectIdentifier: any AnyObject & Sendable]>([:])
