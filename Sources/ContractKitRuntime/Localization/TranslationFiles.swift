import Foundation

/// The translation files FOSMVVM loads from a folder, and the paths messages name them by.
///
/// FOSMVVM's `URL.findFiles(withExtension: "yml")` walks the folder with `FileManager`'s
/// enumerator and keeps every URL whose `pathExtension` is exactly `yml`: subfolders and
/// hidden files are walked, `.yaml`, `.YML` and a file named only `.yml` are not loaded, and a
/// folder named `Strings.yml` is read as a file (and fails). The same enumerator and the same
/// test are used here; the files are then read in sorted path order so results never depend
/// on the file system's order.
package enum TranslationFiles {
  /// One translation file.
  package struct File: Sendable {
    let url: URL
    /// The path messages use: the package's source file when `url` is a copy inside a built
    /// resource bundle, else `url`'s path.
    let displayPath: String

    /// The file's bytes.
    /// - Throws: `InputError` for a folder or an unreadable file, which FOSMVVM also fails on.
    func contents() throws(InputError) -> [UInt8] {
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder),
         isFolder.boolValue {
        throw InputError(
          file: displayPath,
          reason: "this folder's name ends in '.yml', so FOSMVVM reads it as a translation "
            + "file and fails; rename the folder")
      }
      guard let data = FileManager.default.contents(atPath: url.path) else {
        throw InputError(file: displayPath, reason: "cannot read the file")
      }
      return [UInt8](data)
    }
  }

  /// The `*.yml` files under `directory`, in sorted relative-path order.
  /// - Throws: `InputError` when `directory` is not a readable folder.
  package static func find(in directory: URL) throws(InputError) -> [File] {
    let root = directory.path
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder),
          isFolder.boolValue else {
      throw InputError(file: root, reason: "the localization directory does not exist")
    }
    guard let enumerator = FileManager.default.enumerator(atPath: root) else {
      throw InputError(file: root, reason: "cannot list the localization directory")
    }
    var files: [(relative: String, url: URL)] = []
    while let relative = enumerator.nextObject() as? String {
      let url = directory.appendingPathComponent(relative)
      if url.pathExtension == "yml" { files.append((relative, url)) }
    }
    return files.sorted { $0.relative < $1.relative }.map { file in
      File(url: file.url, displayPath: sourcePath(of: file.url) ?? file.url.path)
    }
  }

  /// The source file a resource bundle's file was copied from, when `url` lies in a bundle
  /// SwiftPM built under a package's `.build` folder and that package has the file.
  ///
  /// SwiftPM names a target's resource bundle `<Package>_<Target>.resources` on Linux and
  /// `<Package>_<Target>.bundle` on Darwin (resources under `Contents/Resources` in some
  /// layouts) and copies each `.copy` resource folder into it under the folder's own name, so
  /// `.build/…/ContractKit_SampleContracts.resources/Localization/fr.yml` comes from
  /// `Sources/SampleContracts/Localization/fr.yml` (`.copy("Localization")`), and
  /// `.build/…/App_Server.resources/Resources/en.yml` from `Sources/Resources/en.yml`
  /// (`.copy("../Resources")`, the layout of a server that hosts FOSMVVM's YAML). The source
  /// is looked for in the target's folder, then in each folder above it up to the package
  /// root: the first regular file found there wins.
  static func sourcePath(of url: URL) -> String? {
    let components = url.standardizedFileURL.pathComponents
    guard let bundleIndex = components.lastIndex(where: {
      $0.hasSuffix(".resources") || $0.hasSuffix(".bundle")
    }), let buildIndex = components[..<bundleIndex].lastIndex(of: ".build") else { return nil }
    let bundle = components[bundleIndex]
    let bundleName = bundle[..<(bundle.lastIndex(of: ".") ?? bundle.endIndex)]
    var inside = Array(components[(bundleIndex + 1)...])
    if inside.starts(with: ["Contents", "Resources"]) { inside.removeFirst(2) }
    guard !inside.isEmpty else { return nil }
    let packageRoot = Array(components[..<buildIndex])
    // The package name may hold underscores too: try each split, shortest package first.
    for split in bundleName.indices where bundleName[split] == "_" {
      let target = String(bundleName[bundleName.index(after: split)...])
      for folder in ["Sources", "Tests"] {
        var level = packageRoot + [folder, target]
        while level.count >= packageRoot.count {
          let candidate = NSString.path(withComponents: level + inside)
          if isRegularFile(candidate) { return candidate }
          level.removeLast()
        }
      }
    }
    return nil
  }

  private static func isRegularFile(_ path: String) -> Bool {
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
      && !isFolder.boolValue
  }
}
