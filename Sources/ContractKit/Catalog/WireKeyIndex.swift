import ContractKitRuntime
/// Every translation key of a store, indexed the ways FOSMVVM's key rules need them: whether
/// any locale has a key, which keys end in a given segment (a property or an enum case), and
/// which keys lie under a group (a type, a type and its `parentKeys`).
struct WireKeyIndex: Sendable {
  /// Every key some locale has a value for.
  let keys: Set<String>
  /// Keys by their last segment (`SessionState.running` under `running`).
  let byLastSegment: [String: [String]]
  /// Keys by every group they lie under, at any depth: `InboxViewModel.sort.shortTitle` under
  /// `InboxViewModel` and `InboxViewModel.sort`. Sorted.
  private let byGroup: [String: [String]]

  init(_ store: LocalizationStore) {
    var keys = Set<String>()
    for locale in store.locales { keys.formUnion(store.keys(in: locale)) }
    self.keys = keys
    var byLast: [String: [String]] = [:]
    var byGroup: [String: [String]] = [:]
    for key in keys.sorted() {
      guard let dot = key.lastIndex(of: ".") else { continue }
      byLast[String(key[key.index(after: dot)...]), default: []].append(key)
      var end = dot
      while true {
        byGroup[String(key[..<end]), default: []].append(key)
        guard let previous = key[..<end].lastIndex(of: ".") else { break }
        end = previous
      }
    }
    byLastSegment = byLast
    self.byGroup = byGroup
  }

  /// Whether any locale has `key`.
  func contains(_ key: String) -> Bool { keys.contains(key) }

  /// The keys under `group` at any depth (`InboxViewModel.tabs`, `InboxViewModel.sort.long`
  /// under `InboxViewModel`), sorted.
  func keys(under group: String) -> [String] { byGroup[group] ?? [] }

  /// The key groups with a key `<group>.<property>` for one of `properties`, directly under
  /// `prefix` (`JobListViewModel.Row` under `JobListViewModel`), or at the top level when
  /// `prefix` is `nil` (`DashboardRowViewModel`).
  func groups(under prefix: String?, having properties: [String]) -> [String] {
    var found: [String] = []
    for property in properties {
      for key in byLastSegment[property] ?? [] {
        let group = String(key.dropLast(property.count + 1))
        let parent = group.lastIndex(of: ".").map { String(group[..<$0]) }
        if parent == prefix, !found.contains(group) { found.append(group) }
      }
    }
    return found
  }
}
