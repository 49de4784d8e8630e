import Foundation

/// A version folder of the tree held open while its files are read by name
/// (``BaselineFiles/open(folder:)``): each file is opened relative to the folder, with
/// ``InputFile``'s checks, rather than by a path the system walks again from `/` for every
/// file. The folder is closed when the last reference goes.
final class OpenFolder {
  private let descriptor: Int32
  /// The folder, relative to the baseline directory (`Contract/version`).
  let folder: String
  private let files: BaselineFiles

  fileprivate init(descriptor: Int32, folder: String, files: BaselineFiles) {
    self.descriptor = descriptor
    self.folder = folder
    self.files = files
  }

  deinit { close(descriptor) }

  /// The bytes of the file `name` in the folder, or `nil` when it does not exist: what
  /// ``BaselineFiles/read(_:)`` gives for its path, with the same checks and errors.
  func read(_ name: String) throws(InputError) -> [UInt8]? {
    try InputFile.read(name, display: files.displayPath(folder + "/" + name), in: descriptor)
  }
}

extension BaselineFiles {
  /// `folder` (`Contract/version`) held open, when it is on disk and known to be reached
  /// through no link (the scan listed it, or a read walked it); `nil` otherwise, and for a
  /// commit's tree: its files are then read by their paths.
  func open(folder: String) -> OpenFolder? {
    guard gitTree == nil, isChecked(folder),
      let descriptor = InputFile.openFolder(root.path + "/" + folder)
    else { return nil }
    return OpenFolder(descriptor: descriptor, folder: folder, files: self)
  }
}
