import ContractKitRuntime

/// The fixed layout of a baseline tree and the rules its names follow.
///
/// ```
/// .VersionedTestJSON/<Contract>/<version>/<locale>.json             default stub
/// .VersionedTestJSON/<Contract>/<version>/<locale>.<variant>.json   named variant
/// .VersionedTestJSON/<Contract>/<version>/contract.json             metadata
/// ```
/// Every name is validated before it becomes part of a path, so nothing is ever written
/// outside the baseline directory. ``ContractCase/relativePath`` and
/// ``ContractVersion/path`` spell the paths.
package enum BaselineLayout {
  /// The conventional directory name, relative to the package root.
  package static let directoryName = ".VersionedTestJSON"
  /// The metadata file in each version folder.
  package static let metadataFileName = "contract.json"
  /// The variant name reports use for the default stub.
  package static let defaultVariant = "default"

  /// `en.json` for the default stub, `en.empty.json` for the `empty` variant.
  package static func fileName(locale: String, variant: String?) -> String {
    guard let variant, variant != defaultVariant else { return "\(locale).json" }
    return "\(locale).\(variant).json"
  }

  /// Splits a payload file name into locale and variant (`"default"` for none);
  /// `nil` when the name is not a payload file's.
  package static func parseFileName(_ name: String) -> (locale: String, variant: String)? {
    guard name.hasSuffix(".json"), name != metadataFileName else { return nil }
    let stem = name.dropLast(5)
    let parts = stem.split(separator: ".", omittingEmptySubsequences: false)
    switch parts.count {
    case 1 where isValidLocale(String(parts[0])):
      return (String(parts[0]), defaultVariant)
    case 2 where isValidLocale(String(parts[0])) && isValidVariant(String(parts[1])):
      return (String(parts[0]), String(parts[1]))
    default:
      return nil
    }
  }

  /// `[A-Za-z0-9_][A-Za-z0-9_.-]*`, never containing `..`.
  package static func isValidContractName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, isWordScalar(first),
      !name.contains("..")
    else { return false }
    return name.unicodeScalars.allSatisfy { isWordScalar($0) || $0 == "." || $0 == "-" }
  }

  /// `[a-z0-9][a-z0-9-]*`, and not `default`, which names the default stub.
  package static func isValidVariant(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, isLowerAlnum(first), name != defaultVariant
    else { return false }
    return name.unicodeScalars.allSatisfy { isLowerAlnum($0) || $0 == "-" }
  }

  /// A BCP-47 identifier with hyphens: a 2–3 letter language, then 1–8 character subtags
  /// (`en`, `pt-BR`, `zh-Hant-TW`). `pt_BR` is rejected.
  package static func isValidLocale(_ name: String) -> Bool {
    let parts = name.split(separator: "-", omittingEmptySubsequences: false)
    guard let language = parts.first, (2...3).contains(language.count),
      language.unicodeScalars.allSatisfy(isLetter)
    else { return false }
    return parts.dropFirst().allSatisfy { part in
      (1...8).contains(part.count)
        && part.unicodeScalars.allSatisfy { isLetter($0) || isDigit($0) }
    }
  }

  static func isLetter(_ s: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(s) || ("A"..."Z").contains(s)
  }
  static func isDigit(_ s: Unicode.Scalar) -> Bool { ("0"..."9").contains(s) }
  static func isWordScalar(_ s: Unicode.Scalar) -> Bool {
    isLetter(s) || isDigit(s) || s == "_"
  }
  private static func isLowerAlnum(_ s: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(s) || isDigit(s)
  }
}
