import ContractKitRuntime
import Foundation

/// The unreleased version renamed in the catalog (`unreleased: "2.1.0"` becomes `"3.0.0"`):
/// `record` moves its baselines along, instead of leaving `2.1.0` for the user to delete
/// and recording `3.0.0` from nothing.
///
/// A contract's folder of version `V` moves to the catalog's unreleased version `U` when the
/// contract has no folder `U` yet, the catalog no longer declares `V`, `V` is newer than
/// every released version (``Catalog/guardsBreaks(of:)`` does not guard it: it was the
/// unreleased one), and it is the only such folder of the contract. Each move is one
/// `rename(2)`, so a killed `record` leaves every contract moved or not, and the next run
/// moves the rest.
struct UnreleasedRename {
  /// The folders to move, and where.
  let moves: [(from: ContractVersion, to: ContractVersion)]

  /// The moves `catalog` asks of the tree `files` holds; none without an unreleased version.
  /// - Throws: ``InputError`` when a contract folder cannot be listed.
  init(catalog: Catalog, files: BaselineFiles) throws(InputError) {
    guard let unreleased = catalog.unreleasedVersion else {
      moves = []
      return
    }
    var moves: [(from: ContractVersion, to: ContractVersion)] = []
    for contract in catalog.contracts {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(
        atPath: files.url(contract.name).path, isDirectory: &isDirectory), isDirectory.boolValue
      else { continue }
      let versions = try files.entries(in: contract.name, folders: true).compactMap { entry in
        entry.kind == .directory && !entry.isHidden
          ? entry.name.flatMap { try? SystemVersion(parsing: $0) } : nil
      }
      guard !versions.contains(unreleased) else { continue }
      let renamed = versions.filter {
        !catalog.versions.contains($0) && !catalog.guardsBreaks(of: $0)
      }
      guard renamed.count == 1 else { continue }
      moves.append((ContractVersion(contract: contract.name, version: renamed[0]),
                    ContractVersion(contract: contract.name, version: unreleased)))
    }
    self.moves = moves
  }

  /// Moves each folder; on failure, moves back what it moved.
  /// - Throws: ``InputError`` naming the folder that cannot be moved.
  func apply(in files: BaselineFiles) throws(InputError) {
    for (index, move) in moves.enumerated()
    where rename(files.url(move.from.path).path, files.url(move.to.path).path) != 0 {
      let reason = Platform.errorText
      undo(moves.prefix(index), in: files)
      throw InputError(file: files.displayPath(move.from.path),
                       reason: "cannot be moved to \(move.to.version): \(reason)")
    }
  }

  /// Moves every folder back.
  func undo(in files: BaselineFiles) { undo(moves[...], in: files) }

  private func undo(_ moves: ArraySlice<(from: ContractVersion, to: ContractVersion)>,
                    in files: BaselineFiles)
  {
    for move in moves.reversed() {
      _ = rename(files.url(move.to.path).path, files.url(move.from.path).path)
    }
  }
}
