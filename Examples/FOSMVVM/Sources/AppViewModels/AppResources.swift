import FOSMVVM
import Foundation

/// The app's translations, as FOSMVVM loads them and as ContractKit reads them.
public enum AppResources {
  /// The folder of the app's YAML files (a `.copy` resource, so it stays a folder).
  public static var localizationDirectory: URL? {
    Bundle.module.url(forResource: "Localization", withExtension: nil)
  }

  /// FOSMVVM's store of the same files.
  public static func localizationStore() throws -> any LocalizationStore {
    try Bundle.module.yamlLocalization(resourceDirectoryName: "Localization")
  }
}
