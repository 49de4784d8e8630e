extension Int {
  /// The count and a noun, plural unless the count is one: `3.counting("error")` is `3 errors`.
  package func counting(_ noun: String) -> String {
    self == 1 ? "1 \(noun)" : "\(self) \(noun)s"
  }
}
