import FOSMVVM
import Foundation

/// The app's translations, as FOSMVVM loads them and as ContractKit reads them.
public enum AppResources {
  /// The folder of the app's YAML files: `Sources/Resources`, copied into this target's
  /// bundle by `.copy("../Resources")`, so it stays a folder named `Resources`.
  public static var localizationDirectory: URL? {
    Bundle.module.url(forResource: "Resources", withExtension: nil)
  }

  /// FOSMVVM's store of the same files.
  public static func localizationStore() throws -> any LocalizationStore {
    try Bundle.module.yamlLocalization(resourceDirectoryName: "Resources")
  }
}
