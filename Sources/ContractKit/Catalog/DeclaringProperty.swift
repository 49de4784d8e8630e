import Foundation
import ContractKitRuntime

/// Names the Swift property behind a place in a payload, so that a finding can say where a
/// value is made: `/banner/vmId` is `BannerViewModel.vmId`, whose property default or
/// initializer (`vmId = ViewModelId()`) makes the random identity, whatever `stub()` says.
///
/// It walks the value by reflection, one token of the pointer at a time: a member is the
/// stored property of that name (or its property wrapper's `_name` storage), an index an
/// element. Synthesized `Codable` names members after their properties, as FOSMVVM's
/// `@ViewModel` types do; where a coding key renames one, no property is named.
enum DeclaringProperty {
  /// `Type.property` for the member at `pointer` of `root`, or `nil` when reflection cannot
  /// follow the pointer.
  static func name(of pointer: String, in root: Any) -> String? {
    let tokens = JSONPointer.tokens(of: pointer)
    guard let last = tokens.last else { return nil }
    var current = root
    for token in tokens.dropLast() {
      guard let next = child(token, of: current) else { return nil }
      current = next
    }
    let holder = unwrapped(current)
    guard Mirror(reflecting: holder).displayStyle != .collection,
      child(last, of: holder) != nil
    else { return nil }
    return "\(contractTypeName(type(of: holder))).\(last)"
  }

  /// The value a pointer token leads to from `value`: an element by index, a stored property
  /// by name, or the same through a property wrapper's wrapped value.
  private static func child(_ token: String, of value: Any) -> Any? {
    let value = unwrapped(value)
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .collection {
      guard let index = Int(token), index >= 0, index < mirror.children.count else { return nil }
      return mirror.children[mirror.children.index(mirror.children.startIndex, offsetBy: index)]
        .value
    }
    guard mirror.displayStyle != .dictionary, mirror.displayStyle != .set else { return nil }
    var mirrors: [Mirror] = []
    var next: Mirror? = mirror
    while let found = next {
      mirrors.append(found)
      next = found.superclassMirror
    }
    for level in mirrors {
      for member in level.children where member.label == token || member.label == "_" + token {
        return member.value
      }
    }
    // A wrapper that encodes as its wrapped value (`@Versioned`): look inside it.
    for level in mirrors {
      for member in level.children where member.label == "wrappedValue" {
        return child(token, of: member.value)
      }
    }
    return nil
  }

  /// `value` without the optionals around it.
  private static func unwrapped(_ value: Any) -> Any {
    var current = value
    while true {
      let mirror = Mirror(reflecting: current)
      guard mirror.displayStyle == .optional, let wrapped = mirror.children.first?.value else {
        return current
      }
      current = wrapped
    }
  }
}

extension Contract {
  /// A value of `variant` to reflect on: a fresh stub of a built-in contract, or `live` (a
  /// wire payload before redaction) decoded with the app's type; `nil` for neither.
  func reflectedValue(of variant: Variant, live: JSONValue) -> Any? {
    switch variant.source {
    case .stub(let make): return make()
    case .wire, .wireAsync:
      guard let decode else { return nil }
      return try? decode(Data(CanonicalJSON.encode(live)))
    }
  }
}
