import Foundation

/// The app's translations, in FOSMVVM's YAML format, shipped with its ViewModels.
public enum AppTranslations {
  /// The folder of `en.yml`, `es.yml` and `de.yml`.
  public static var directory: URL? {
    Bundle.module.url(forResource: "Localization", withExtension: nil)
  }
}
