import ContractKitRuntime

/// Whether a pointer names the same place in two versions of a payload for every rule that
/// maps ``StablePaths`` to pointers: the same kind of container at each step, and each array
/// on the way matched the same way in both (by index in both, or by the same identities in
/// the same order).
///
/// Where it holds, a fact the shape rule learns about the place (``LocalizedPointers``,
/// resolved to pointers by ``StablePaths/pointers(of:)``) holds for that pointer in both
/// versions or in neither.
struct MatchingPlaces {
  private let old: JSONValue
  private let new: JSONValue
  /// Whether the arrays at a pointer are matched alike, by pointer: each array once.
  private var arrays: [String: Bool] = [:]

  init(old: JSONValue, new: JSONValue) {
    self.old = old
    self.new = new
  }

  /// Whether `pointer` leads to a value in both versions through containers of the same
  /// kind, with arrays matched alike.
  mutating func match(at pointer: String) -> Bool {
    var (oldValue, newValue) = (old, new)
    var walked = ""
    for token in JSONPointer.tokens(of: pointer) {
      switch (oldValue, newValue) {
      case (.object(let oldMembers), .object(let newMembers)):
        guard let oldMember = oldMembers[token], let newMember = newMembers[token] else {
          return false
        }
        (oldValue, newValue) = (oldMember, newMember)
      case (.array(let oldElements), .array(let newElements)):
        guard let index = Int(token), oldElements.indices.contains(index),
          newElements.indices.contains(index),
          matchedAlike(oldElements, newElements, at: walked)
        else { return false }
        (oldValue, newValue) = (oldElements[index], newElements[index])
      default:
        return false
      }
      walked = JSONPointer.appending(token, to: walked)
    }
    return true
  }

  private mutating func matchedAlike(_ old: [JSONValue], _ new: [JSONValue],
                                     at pointer: String) -> Bool
  {
    if let known = arrays[pointer] { return known }
    let alike = ArrayMatching.allIdentities(old) == ArrayMatching.allIdentities(new)
    arrays[pointer] = alike
    return alike
  }
}
