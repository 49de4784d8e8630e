import ContractKitRuntime

/// Every finding the harness reports, built from the facts that make it, with its wording.
///
/// This is the one place where findings are worded. A message never names its finding's own
/// locale or variant (the scope carries them), so equal messages group across locales.
extension Finding {
  /// `'/cards/0/title'`, or `the document` for `""`.
  static func describe(_ pointer: String) -> String {
    pointer.isEmpty ? "the document" : "'\(pointer)'"
  }

  // MARK: - Wire shape and values

  static func becameNull(at path: String, in file: ContractCase, was old: JSONValue,
                         now new: JSONValue) -> Finding
  {
    Finding(.becameNull, scope: .file(file), path: path,
            message: "\(describe(path)) was \(old.typeName), is null now",
            baseline: old, current: new)
  }

  static func becameNonNull(at path: String, in file: ContractCase, was old: JSONValue,
                            now new: JSONValue) -> Finding
  {
    Finding(.becameNonNull, scope: .file(file), path: path,
            message: "\(describe(path)) was null, is \(new.typeName) now",
            baseline: old, current: new)
  }

  static func typeChanged(at path: String, in file: ContractCase, was old: JSONValue,
                          now new: JSONValue) -> Finding
  {
    Finding(.typeChanged, scope: .file(file), path: path,
            message: "\(describe(path)) changed type from \(old.typeName) to \(new.typeName)",
            baseline: old, current: new)
  }

  /// An identity that changed; `becameRandom` when the new one has no `id` any more.
  static func identityChanged(at path: String, in file: ContractCase, was old: JSONValue,
                              now new: JSONValue, becameRandom: Bool) -> Finding
  {
    Finding(.identityChanged, scope: .file(file), path: path,
            message: becameRandom
              ? "identity \(describe(path)) became random (its 'id' is gone); clients and "
                + "SwiftUI see a new view model on every render"
              : "identity \(describe(path)) changed; clients and SwiftUI see a different "
                + "view model",
            baseline: old, current: new)
  }

  static func textChanged(at path: String, in file: ContractCase, was old: JSONValue,
                          now new: JSONValue) -> Finding
  {
    Finding(.textChanged, scope: .file(file), path: path,
            message: "text of \(describe(path)) changed", baseline: old, current: new)
  }

  static func valueChanged(at path: String, in file: ContractCase, was old: JSONValue,
                           now new: JSONValue) -> Finding
  {
    Finding(.valueChanged, scope: .file(file), path: path,
            message: "value of \(describe(path)) changed", baseline: old, current: new)
  }

  /// A key gone from an object; `renamedTo` names an added key holding the same value.
  static func fieldRemoved(at path: String, in file: ContractCase, was old: JSONValue?,
                           renamedTo: String?) -> Finding
  {
    var message = "field \(describe(path)) is gone; clients that require it fail to decode"
    if let renamedTo {
      message += " (looks like a rename to '\(renamedTo)': old clients break either way)"
    }
    return Finding(.fieldRemoved, scope: .file(file), path: path, message: message,
                   baseline: old)
  }

  /// A key new in an object; `renameOf` names a removed key that held the same value.
  static func fieldAdded(at path: String, in file: ContractCase, now new: JSONValue?,
                         renameOf: String?) -> Finding
  {
    var message = "new field \(describe(path))"
    if let renameOf { message += " (looks like a rename of '\(renameOf)')" }
    return Finding(.fieldAdded, scope: .file(file), path: path, message: message, current: new)
  }

  static func elementRemoved(at path: String, in file: ContractCase, was old: JSONValue)
    -> Finding
  {
    Finding(.valueChanged, scope: .file(file), path: path,
            message: "element \(describe(path)) was removed from the list", baseline: old)
  }

  static func elementAdded(at path: String, in file: ContractCase, now new: JSONValue)
    -> Finding
  {
    Finding(.valueChanged, scope: .file(file), path: path,
            message: "element \(describe(path)) was added to the list", current: new)
  }

  /// Today's type cannot decode the committed baseline, which differs from today's payload:
  /// the forward direction, whose severity the catalog's `guarantee` decides.
  static func decodeFailed(at path: String, in file: ContractCase, reason: String,
                           guarantee: Compatibility) -> Finding
  {
    Finding(.decodeFailed,
            severity: severity(of: .decodeFailed, direction: .forward, under: guarantee),
            scope: .file(file), path: path,
            message: "today's type cannot decode the committed baseline (servers of this "
              + "version still send it; released clients are not affected): \(reason)")
  }

  /// Today's type cannot decode today's own payload: this version's clients cannot read
  /// what the server sends, whatever the guarantee.
  static func undecodablePayload(at path: String, in file: ContractCase, reason: String)
    -> Finding
  {
    var finding = Finding(.decodeFailed, severity: .error, scope: .file(file), path: path,
                          message: "today's type cannot decode today's payload (clients of "
                            + "this version cannot read it): \(reason)")
    finding.direction = .backward
    return finding
  }

  /// Today's payload of `file`, which the release `ref` (commit `commit`) fails to decode
  /// with its own type: the decoder's message.
  static func clientDecodeFailed(at path: String, in file: ContractCase, ref: String,
                                 commit: String, reason: String) -> Finding
  {
    Finding(.clientDecodeFailed, scope: .file(file), path: path,
            message: "\(ref) (commit \(commit.prefix(12))) cannot decode today's payload with "
              + "its own type: \(reason)")
  }

  static func enumCaseRemoved(at pattern: String, in folder: ContractVersion, type: String,
                              caseName: String) -> Finding
  {
    Finding(.enumCaseRemoved, scope: .version(folder), path: pattern,
            message: "\(type) no longer has case '\(caseName)' at '\(pattern)'; clients still "
              + "sending or expecting it fail to decode")
  }

  /// A case `type` can carry at `pattern` now that the committed `contract.json` of a
  /// released version does not list (or, with `path`, that a payload now carries there).
  static func enumCaseAdded(at path: String, in scope: FindingScope, type: String,
                            caseName: String) -> Finding
  {
    Finding(.enumCaseAdded, scope: scope, path: path,
            message: "\(type) can now carry case '\(caseName)' at '\(path)', which clients of "
              + "this version do not know: decoding it fails")
  }

  /// This breaking change of a version recorded for the first time, as it reads to clients of
  /// the version before it.
  func breaking(clientsOf previous: SystemVersion) -> Finding {
    var finding = self
    finding.message = "new in \(scope.version.map(\.versionString) ?? "this version"), breaking "
      + "\(previous) clients: \(message)"
    return finding
  }

  /// The stub, the encoder or the app's producer threw (or never returned) for `file`.
  static func encodingFailed(_ file: ContractCase, reason: String) -> Finding {
    Finding(.encodingFailed, scope: .file(file), message: "cannot be encoded: \(reason)")
  }

  static func baselineMissing(_ file: ContractCase) -> Finding {
    Finding(.baselineMissing, scope: .file(file), message: "no committed baseline yet")
  }

  // MARK: - Identity and stability

  /// A random `ViewModelId()` at `path`; `madeBy` names the property that makes it
  /// (`BannerViewModel.vmId`), where known.
  static func randomIdentity(at path: String, in file: ContractCase, madeBy property: String?)
    -> Finding
  {
    let made = property.map { ", made by \($0) (its property default or its initializer)" } ?? ""
    return Finding(.identityNondeterministic, scope: .file(file), path: path,
                   message: "'\(path)' is a random ViewModelId()\(made): SwiftUI sees a new "
                     + "view model on every render")
  }

  /// The identity at `path` was random in the baseline and is stable now (`id` its
  /// identity).
  static func identityStabilized(at path: String, in file: ContractCase, was old: JSONValue,
                                 now id: JSONValue) -> Finding
  {
    Finding(.identityStabilized, scope: .file(file), path: path,
            message: "identity \(describe(path)) was random and is stable now: SwiftUI keeps "
              + "the view model across renders, and no client breaks",
            baseline: old, current: id)
  }

  /// Why a declaration is no longer needed.
  enum UnusedDeclaration {
    /// A hint or a redaction that matches no path of any payload.
    case unmatched
    /// A random identity whose path no payload has.
    case gone
    /// A random identity whose every identity is stable now.
    case stable
  }

  /// `declaration` (as the registration at `registeredAt` spells it, whose pattern is
  /// `pattern`) that no payload of `contract` needs.
  static func declarationUnused(contract: String, declaration: String, pattern: String,
                                registeredAt: String, because reason: UnusedDeclaration)
    -> Finding
  {
    let what = switch reason {
    case .unmatched:
      "matches no path of any payload of any version or variant: no longer needed: remove "
        + "it, or fix its path (a misspelt one leaves the real path unchecked)"
    case .gone:
      "matches no path of any payload of any version or variant: no longer needed: remove it"
    case .stable:
      "declares an identity that is stable in every payload now: no longer needed: remove it"
    }
    return Finding(.declarationUnused, scope: .contract(contract), path: pattern,
                   message: "\(declaration) (\(registeredAt)) \(what)")
  }

  /// Two encodings of one stub gave `first` and `second` at `path`.
  static func unstable(at path: String?, in file: ContractCase, isIdentity: Bool,
                       first: JSONValue?, second: JSONValue?) -> Finding
  {
    Finding(isIdentity ? .identityNondeterministic : .volatileValue, scope: .file(file),
            path: path,
            message: isIdentity
              ? "two encodings of one stub give different vmIds at '\(path ?? "")'"
              : "two encodings of one stub differ at '\(path ?? "")' (Date(), UUID() or "
                + "randomness in the stub?)",
            baseline: first, current: second)
  }

  /// Elements `indices` of the array at `path` share the identity `id`.
  static func identityCollision(at path: String, in file: ContractCase, indices: [Int],
                                id: String) -> Finding
  {
    Finding(.identityCollision, scope: .file(file), path: path,
            message: "elements \(indices.map(String.init).joined(separator: ", ")) of '\(path)' "
              + "share vmId '\(id)'; SwiftUI cannot tell these rows apart (use ViewModelId(id:) "
              + "from row data)",
            current: .string(id))
  }

  // MARK: - Localization

  /// A key this locale and its fallbacks do not have; `elsewhere` is where another locale
  /// wrote it, the text a translator starts from, and `home` the YAML file it belongs in
  /// when no locale has it (a new text nobody translated: FOSMVVM shows `""`).
  static func untranslated(key: String, at path: String, in file: ContractCase,
                           elsewhere: (locale: String, location: TranslationLocation)?,
                           home: String? = nil) -> Finding
  {
    if elsewhere == nil, let home {
      return Finding(.translationMissing, scope: .file(file), path: path,
                     message: "key '\(key)' has no translation in any locale, so the text is "
                       + "empty; add it to \(home)")
    }
    let written = elsewhere.map {
      " (\($0.locale) has it at \($0.location.file):\($0.location.line))"
    } ?? ""
    return Finding(.translationMissing, scope: .file(file), path: path,
                   message: "key '\(key)' has no translation here or in any fallback locale"
                     + written)
  }

  /// A text the baseline holds in this locale's own language that now shows `how` (another
  /// locale's text, nothing); `keys` are the keys looked up there, `home` the YAML file
  /// their translation belongs in.
  static func translationLost(keys: [String], at path: String, in file: ContractCase,
                              how: String, home: String?, was old: JSONValue,
                              now new: JSONValue) -> Finding
  {
    let named = keys.isEmpty
      ? "\(describe(path))" : "key " + keys.map { "'\($0)'" }.joined(separator: ", ")
    return Finding(.translationLost, scope: .file(file), path: path,
                   message: "the translation of \(named) is lost: \(how)"
                     + (home.map { "; it belongs in \($0)" } ?? ""),
                   baseline: old, current: new)
  }

  /// Most of a locale's texts lost their translation at once (a translation file gone or
  /// emptied): one finding for all of them. `how` says what they show now, `files` which
  /// translation files of the locale were read, or which one is missing.
  static func translationsLost(locale: String, lost: Int, texts: Int, how: String,
                               files: String) -> Finding
  {
    Finding(.translationLost, scope: .store(locale: locale),
            message: "\(lost) of \(texts) texts now \(how); \(files)")
  }

  /// A key whose translation in this locale, written at `source`, is `""`.
  static func emptyTranslation(key: String, at path: String, in file: ContractCase,
                               source: TranslationLocation?) -> Finding
  {
    let place = source.map { " (\($0.file):\($0.line))" } ?? ""
    return Finding(.translationMissing, scope: .file(file), path: path,
                   message: "key '\(key)'\(place) has an empty translation")
  }

  /// A key whose YAML value FOSMVVM cannot show as this text (a boolean, a number, a date,
  /// a null, a list it keeps only part of): `issue` says where and how to fix the YAML.
  static func unshowable(key: String, issue: TranslationIssue, at path: String,
                         in file: ContractCase) -> Finding
  {
    Finding(.translationMissing, scope: .file(file), path: path,
            message: "key '\(key)': \(issue.message)")
  }

  static func fallback(key: String, from locale: String, at path: String,
                       in file: ContractCase) -> Finding
  {
    Finding(.translationFallback, scope: .file(file), path: path,
            message: "key '\(key)' has no translation here; shown in \(locale) instead")
  }

  /// The base locale's text at `path` changed and this locale's did not.
  static func staleTranslation(at path: String, in file: ContractCase, baseLocale: String,
                               text: JSONValue?) -> Finding
  {
    Finding(.translationStale, scope: .file(file), path: path,
            message: "the \(baseLocale) text at '\(path)' changed but this one did not: the "
              + "translation may still say the old thing",
            current: text)
  }

  /// A localized string that is empty, found by shape in a tree diff.
  static func emptyText(at path: String, in file: ContractCase, now new: JSONValue) -> Finding {
    Finding(.translationMissing, scope: .file(file), path: path,
            message: "'\(path)' is empty", current: new)
  }

  /// A localized string that equals the base locale's, found by shape in a tree diff.
  static func baseLocaleText(at path: String, in file: ContractCase, now new: JSONValue)
    -> Finding
  {
    Finding(.translationFallback, scope: .file(file), path: path,
            message: "'\(path)' shows the base locale's text (a fallback?)", current: new)
  }

  static func placeholderUnresolved(at path: String, in file: ContractCase, names: [String],
                                    now new: JSONValue) -> Finding
  {
    Finding(.placeholderUnresolved, scope: .file(file), path: path,
            message: "'\(path)' still contains "
              + names.map { "%{\($0)}" }.joined(separator: ", "),
            current: new)
  }

  /// The translation at `key` in `locale` (written at `source`) has other placeholders
  /// than the base locale's.
  static func placeholderMismatch(key: String, locale: String, source: TranslationLocation?,
                                  found: Set<String>, baseLocale: String,
                                  expected: Set<String>) -> Finding
  {
    func spell(_ names: Set<String>) -> String {
      names.isEmpty ? "none" : names.sorted().map { "%{\($0)}" }.joined(separator: ", ")
    }
    let place = source.map { " (\($0.file):\($0.line))" } ?? ""
    return Finding(.placeholderMismatch, scope: .store(locale: locale, source: source),
                   message: "key '\(key)'\(place) has placeholders "
                     + "\(spell(found)) but \(baseLocale) has \(spell(expected))")
  }

  /// A store key (written at `source`) that no encoding resolved.
  static func keyUnused(_ key: String, locale: String, source: TranslationLocation? = nil)
    -> Finding
  {
    Finding(.keyUnused, scope: .store(locale: locale, source: source),
            message: "key '\(key)' is resolved by no contract")
  }

  // MARK: - Trees and files

  /// A contract with baselines that the catalog no longer registers (`check`).
  static func unregistered(_ contract: String, folder display: String) -> Finding {
    Finding(.contractRemoved, scope: .contract(contract),
            message: "contract '\(contract)' has baselines in \(display) but is no longer "
              + "registered; clients still decoding it break")
  }

  /// A contract with baselines in the old tree and none in the new one (`diff`).
  static func contractGone(_ contract: String) -> Finding {
    Finding(.contractRemoved, scope: .contract(contract),
            message: "contract '\(contract)' has no baselines any more; clients decoding it "
              + "break")
  }

  static func contractAdded(_ contract: String) -> Finding {
    Finding(.contractAdded, scope: .contract(contract), message: "new contract '\(contract)'")
  }

  /// A contract new since `previous`, found by the release gate.
  static func contractNew(_ contract: String, since previous: SystemVersion) -> Finding {
    Finding(.contractAdded, scope: .contract(contract), message: "no baseline at \(previous)")
  }

  /// A version folder that the catalog no longer supports (`check`).
  static func unsupportedVersion(_ folder: ContractVersion, baselines: Int, display: String)
    -> Finding
  {
    Finding(.versionRemoved, scope: .version(folder),
            message: "version \(folder.version) is no longer supported; its "
              + "\(baselines) baselines in \(display) are not checked")
  }

  /// A version folder in the old tree and not in the new one (`diff`).
  static func versionGone(_ folder: ContractVersion) -> Finding {
    Finding(.versionRemoved, scope: .version(folder),
            message: "all baselines of \(folder) are gone (support retired)")
  }

  /// A locale's baselines in a kept version that the catalog no longer produces (`check`).
  static func unproducedLocale(_ locale: String, in folder: ContractVersion) -> Finding {
    Finding(.localeRemoved, scope: .locale(folder, locale: locale),
            message: "this locale is no longer produced for \(folder); its clients lose this "
              + "screen's translations")
  }

  /// A locale's baselines in the old tree's version folder and not in the new one (`diff`).
  static func localeGone(_ locale: String, in folder: ContractVersion) -> Finding {
    Finding(.localeRemoved, scope: .locale(folder, locale: locale),
            message: "this locale's baselines of \(folder) are gone; its clients lose this "
              + "screen")
  }

  /// One variant's file gone from a version folder whose locale stays (`diff`).
  static func variantFileGone(_ file: ContractCase) -> Finding {
    Finding(.localeRemoved, scope: .file(file),
            message: "this variant's baseline of \(file.folder) is gone")
  }

  /// A payload file of a supported version and locale that no registered variant writes.
  static func orphanVariant(_ file: ContractCase, display: String) -> Finding {
    Finding(.baselinesStale, scope: .file(file),
            message: "\(display) belongs to no registered variant")
  }

  /// FOSTesting's `<Type>_<version>.json` files directly under the baseline directory, one
  /// finding for all of them (`names`, escaped), about the first (`relativePath`).
  ///
  /// A warning, not unusable input: they are valid files of the tool a team migrates
  /// from, which ContractKit never reads where they are, so they protect nothing until
  /// `import fostesting` takes them over; `--strict` fails until they are gone.
  static func legacyBaselines(_ relativePath: String, count: Int, names: [String],
                              directory: String) -> Finding
  {
    let listed = names.prefix(5).joined(separator: ", ") + (count > 5 ? ", …" : "")
    return Finding(
      .baselinesStale, scope: .entry(relativePath),
      message: "\(count.counting("legacy FOSTesting baseline")) (<Type>_<version>.json) in "
        + "\(directory): \(listed); ContractKit does not read them here: take them over as "
        + "baselines with the command line's 'import fostesting \(directory)', then delete these "
        + "files")
  }

  /// Temporary files a killed `record` left (`names`, display paths), about the first.
  static func leftoverTemporaryFiles(_ relativePath: String, names: [String]) -> Finding {
    let listed = names.prefix(5).joined(separator: ", ") + (names.count > 5 ? ", …" : "")
    return Finding(
      .baselinesStale, scope: .entry(relativePath),
      message: "\(names.count.counting("temporary file")) left by an interrupted record: "
        + "\(listed); the next record removes them")
  }

  /// The hidden folder (`name`, at the tree's root) of a `record` killed while it removed
  /// baselines.
  static func interruptedRemoval(_ name: String, display: String) -> Finding {
    Finding(.baselinesStale, scope: .entry(name),
            message: "\(display) holds baselines an interrupted record was removing; the next "
              + "record finishes the removal if Baselines.md logs it, and puts them back "
              + "otherwise")
  }

  /// A `contract.json` that no longer says what the Swift types say.
  static func staleMetadata(_ folder: ContractVersion, display: String) -> Finding {
    Finding(.baselinesStale, scope: .version(folder),
            message: "\(display) does not match the Swift types")
  }

  /// `Baselines.md` missing (`exists` false) or not describing the tree.
  static func staleDocument(display: String, exists: Bool) -> Finding {
    Finding(.baselinesStale, scope: .catalog,
            message: exists
              ? "\(display) does not describe the baseline tree" : "\(display) is missing")
  }

  // MARK: - Release

  /// The step from `previous` to `current` is smaller than what `comparison` requires.
  /// `version-bump-required` against a release's tree (`report --against REF`).
  static func bumpRequired(since release: SinceRelease, current: SystemVersion) -> Finding {
    let declared = release.comparison.previous.map { "\($0) → \(current) is a "
      + "\(release.declaredBump.rawValue) bump" } ?? "\(current) declares no bump"
    return Finding(
      .versionBumpRequired, scope: .release(current),
      message: "since \(release.ref), \(declared), but the changes since require "
        + "\(release.bumpSentence); a break accepted in Baselines.md still breaks clients of "
        + "\(release.ref)")
  }

  /// `break-unlogged`: the break `change` since the release `ref` names, which no row of
  /// `Baselines.md`'s log written since accepts. Where, values and scope are the break's.
  static func unlogged(_ change: Finding, since ref: String) -> Finding {
    Finding(
      .breakUnlogged, scope: change.scope, path: change.path,
      message: "\(change.kind.rawValue) since \(ref), which no row of Baselines.md's log "
        + "accepts: \(change.message)",
      baseline: change.baseline, current: change.current)
  }

  static func bumpRequired(from previous: SystemVersion, to current: SystemVersion,
                           declared: VersionBump, comparison: ReleaseComparison) -> Finding
  {
    let reasons = comparison.reasons.map { reason in
      "\(reason.contract): \(reason.kinds.map(\.rawValue).joined(separator: ", "))"
    }
    return Finding(
      .versionBumpRequired, scope: .release(current),
      message: "\(previous) → \(current) is a \(declared.rawValue) bump, but the changes "
        + "require \(comparison.requiredBump.rawValue) (compared \(comparison.sentence)): "
        + reasons.joined(separator: "; "))
  }
}
