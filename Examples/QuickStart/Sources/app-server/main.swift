import AppViewModels
import ContractKitRuntime
import Foundation

// The production side: the server encodes a ViewModel for a client's locale and version.
// It links the runtime only; none of the harness (baselines, diffs, reports) ships.
guard let translations = AppTranslations.directory else { fatalError("no Localization folder") }
let store = try LocalizationStore(directory: translations)
let encoder = LocalizingEncoder(locale: "es", baseLocale: "en", store: store, version: "1.1.0")
let body = try encoder.encodeJSON(HomeViewModel.stub())
FileHandle.standardOutput.write(body)
