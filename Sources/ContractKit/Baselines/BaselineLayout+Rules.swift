import ContractKitRuntime

/// The rule each entry of a baseline tree must follow, worded for the user who broke it.
///
/// A tree scan asks these for every entry it meets; an answer is a reason, and any reason
/// makes the tree unusable input (``BaselineLayoutError``): a rename slip must never read
/// as a harmless `version-removed` or `locale-removed`.
extension BaselineLayout {
  /// What an entry of a folder is, as `lstat` (or the listing) says, links not followed.
  enum EntryKind: Sendable, Hashable {
    case file, directory, link, fifo, characterDevice, blockDevice, socket, unknown
    /// A git tree's submodule entry (mode 160000): a commit of another repository.
    case submodule

    /// `is a FIFO (named pipe)`, for an entry that should be a file or folder.
    var phrase: String {
      switch self {
      case .file: "is a file"
      case .directory: "is a folder"
      case .link: "is a symbolic link; links are never followed"
      case .fifo: "is a FIFO (named pipe), never read"
      case .characterDevice: "is a character device, never read"
      case .blockDevice: "is a block device, never read"
      case .socket: "is a socket, never read"
      case .unknown: "is of an unknown kind, never read"
      case .submodule: "is a git submodule (a commit of another repository), never read"
      }
    }
  }

  /// Why an entry directly in the baseline directory breaks the layout, or `nil` for a
  /// contract folder (and for a legacy FOSTesting file, which ``isLegacyFileName(_:)`` tells).
  static func rootEntryProblem(name: String, kind: EntryKind) -> String? {
    switch kind {
    case .directory where isValidContractName(name):
      return nil
    case .directory:
      return "'\(DisplayText.escaped(name))' is not a contract name: contract folders match "
        + "[A-Za-z0-9_][A-Za-z0-9_.-]* and never contain '..'"
    case .file:
      return "is a file directly in the baseline directory, which holds only contract folders"
        + " (<Contract>/<major.minor.patch>/<locale>.json)"
    default:
      return kind.phrase
    }
  }

  /// Why an entry of a contract folder breaks the layout, or `nil` for a version folder.
  static func contractEntryProblem(name: String, kind: EntryKind) -> String? {
    switch kind {
    case .directory:
      do {
        let version = try SystemVersion(parsing: name)
        guard version.versionString == name else {
          return "'\(name)' is not a version folder name: write it \(version.versionString)"
        }
        return nil
      } catch {
        return "'\(DisplayText.escaped(name))' is not a version folder name: versions are "
          + "major.minor.patch, like 1.0.0 (\(DisplayText.escaped(error.reason)))"
      }
    case .file:
      return "is a file in a contract folder, which holds only version folders "
        + "(major.minor.patch)"
    default:
      return kind.phrase
    }
  }

  /// Why an entry of a version folder breaks the layout, or `nil` for a payload file or
  /// `contract.json`.
  static func versionEntryProblem(name: String, kind: EntryKind) -> String? {
    switch kind {
    case .file where name == metadataFileName || parseFileName(name) != nil:
      return nil
    case .file:
      return payloadNameProblem(name)
    case .directory:
      return "is a folder inside a version folder, which holds only payload files and "
        + "\(metadataFileName)"
    default:
      return kind.phrase
    }
  }

  /// Why `name`, a regular file in a version folder, is not a payload file's name.
  static func payloadNameProblem(_ name: String) -> String {
    let shown = DisplayText.escaped(name)
    let expected = "payload files are <locale>.json or <locale>.<variant>.json"
    guard name.hasSuffix(".json") else {
      if name.lowercased().hasSuffix(".json") {
        return "'\(shown)' must end in '.json', in lower case"
      }
      return "'\(shown)' is not a payload file: \(expected), beside \(metadataFileName)"
    }
    let parts = name.dropLast(5).split(separator: ".", omittingEmptySubsequences: false)
      .map(String.init)
    guard parts.count <= 2 else {
      return "'\(shown)' has more than one '.' before '.json': \(expected)"
    }
    guard isValidLocale(parts[0]) else {
      return "'\(DisplayText.escaped(parts[0]))' is not a locale: locales are BCP-47 "
        + "identifiers with hyphens, like en or pt-BR (\(expected))"
    }
    if parts.count == 2, parts[1] == defaultVariant {
      return "'\(shown)' names the default stub, whose file is \(parts[0]).json"
    }
    return "'\(DisplayText.escaped(parts.count == 2 ? parts[1] : ""))' is not a variant name: "
      + "variants match [a-z0-9][a-z0-9-]* (\(expected))"
  }

  /// Whether `name`, a file directly in the baseline directory, is a legacy FOSTesting
  /// baseline: `<Type>_<version>.json`, as `expectVersionedViewModel` writes it (a Swift type
  /// name, an underscore, a version such as `1.0.0`).
  static func isLegacyFileName(_ name: String) -> Bool {
    guard name.hasSuffix(".json"), let underscore = name.lastIndex(of: "_") else {
      return false
    }
    let type = name[..<underscore]
    let version = name[name.index(after: underscore)...].dropLast(5)
    guard let first = type.unicodeScalars.first, first == "_" || isLetter(first),
      type.unicodeScalars.allSatisfy({ isWordScalar($0) || $0 == "." })
    else { return false }
    let numbers = version.split(separator: ".", omittingEmptySubsequences: false)
    return (1...4).contains(numbers.count)
      && numbers.allSatisfy { !$0.isEmpty && $0.unicodeScalars.allSatisfy(isDigit) }
  }
}
