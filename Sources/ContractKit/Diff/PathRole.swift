import ContractKitRuntime

/// What a payload path means, which decides how a change there is classified.
enum PathRole: Sendable, Hashable {
  /// A view model identity (`vmId`): a change is `identity-changed`.
  case identity
  /// Text that differs by locale: a change is `text-changed`.
  case localized
  /// Anything else: a change is `value-changed`.
  case plain
}

/// Answers ``PathRole`` for a path, from `contract.json` metadata when there is some and
/// from the shape rules otherwise.
///
/// Shape rules: a `vmId` key holds an identity; a string is localized when its value differs
/// between locales of the same contract, version and variant, or when it is the `ls` text of
/// a FOSMVVM localizable value object.
struct PathRoles: Sendable {
  private let annotations: [String: [PathAnnotation]]
  private let localizedPointers: Memo<Set<String>>
  /// ``identityMember(ofElementsAt:)`` for every array pattern, found the first time one is
  /// asked: a diff asks it for every array it walks.
  private let identityMembers: Memo<[String: String]>

  /// Roles from the Swift types' metadata (path patterns with `*` for array indices).
  package init(metadata: ContractMetadata) {
    annotations = metadata.annotations
    localizedPointers = Memo([])
    identityMembers = Self.identityMembers(of: annotations)
  }

  /// Roles from shape alone: `localizedPointers` are the pointers whose values differ
  /// between locales.
  package init(localizedPointers: Set<String>) {
    annotations = [:]
    self.localizedPointers = Memo(localizedPointers)
    identityMembers = Memo([:])
  }

  /// Both sources: metadata first, shape where metadata says nothing.
  package init(metadata: ContractMetadata?, localizedPointers: Set<String>) {
    annotations = metadata?.annotations ?? [:]
    self.localizedPointers = Memo(localizedPointers)
    identityMembers = Self.identityMembers(of: annotations)
  }

  /// Both sources, the shape's pointers worked out the first time a path needs them: most
  /// changed paths have metadata, and finding the pointers walks every locale's payload.
  init(metadata: ContractMetadata?, localizedPointers: @escaping @Sendable () -> Set<String>) {
    annotations = metadata?.annotations ?? [:]
    self.localizedPointers = Memo(localizedPointers)
    identityMembers = Self.identityMembers(of: annotations)
  }

  /// What the value at `pointer` (whose pattern is `pattern`) means; `key` is its member
  /// name and `parent` the object holding it, when it is an object member. `isText` is
  /// `false` for a number or a boolean, which the shape rule never finds localized (it looks
  /// for strings), so the locales' payloads are not walked for it.
  package func role(pointer: String, pattern: String, key: String?,
                   parent: [String: JSONValue]? = nil, isText: Bool = true) -> PathRole
  {
    if let known = annotations[pattern] {
      if known.contains(.identity) { return .identity }
      if known.contains(where: \.isLocalized) { return .localized }
      if !annotations.isEmpty, key != WireIdentity.key { return .plain }
    }
    if key == WireIdentity.key { return .identity }
    if WireShapes.isLocalizedText(key: key, in: parent) { return .localized }
    guard isText else { return .plain }
    return localizedPointers.value.contains(pointer) ? .localized : .plain
  }

  /// The member that identifies the elements of the array at `pattern` (`/line_items/*` for
  /// an identity hint `/line_items/*/id`), when the metadata names one; rows are then matched
  /// by it (``ArrayMatching``), else by their `vmId`.
  func identityMember(ofElementsAt pattern: String) -> String? {
    identityMembers.value[pattern]
  }

  /// For each array pattern with an identity hint on a member of its elements, that
  /// member's name; the first in code point order of the hints' patterns where there are
  /// several.
  private static func identityMembers(of annotations: [String: [PathAnnotation]])
    -> Memo<[String: String]>
  {
    Memo {
      var members: [String: String] = [:]
      for key in annotations.keys.sorted(by: codePointOrder)
      where annotations[key]?.contains(.identity) == true {
        guard let slash = key.lastIndex(of: "/") else { continue }
        let name = key[key.index(after: slash)...]
        guard !name.isEmpty, name != "*", let member = JSONPointer.tokens(of: "/" + name).first
        else { continue }
        let arrayPattern = String(key[..<slash])
        if members[arrayPattern] == nil { members[arrayPattern] = member }
      }
      return members
    }
  }

  /// The enum cases the metadata lists at `pattern`, if it is an enum path.
  package func enumCases(at pattern: String) -> [String]? {
    for annotation in annotations[pattern] ?? [] {
      if case .enumeration(_, let cases) = annotation { return cases }
    }
    return nil
  }
}
