import ContractKit

/// The benchmark's translations: a fixed set of keys in every locale, built in memory as
/// FOSMVVM YAML and loaded with `LocalizationStore(files:)`.
///
/// The key set does not grow with the catalog (screens share titles, headings and status
/// texts, as the screens of one app do), so memory that grows with the tree is the engine's.
enum SyntheticStore {
  static let titleKeys = (0..<40).map { "SyntheticScreen.titles.t\(pad($0))" }
  static let promotionKeys = (0..<10).map { "SyntheticScreen.promotions.p\(pad($0))" }
  static let headingKeys = (0..<24).map { "ScreenSection.headings.h\(pad($0))" }
  static let summaryKeys = (0..<6).map { "ScreenSummary.labels.l\(pad($0))" }
  static let greetingKey = "SyntheticScreen.greeting"

  /// Every key with its text per locale, in a fixed order.
  static func texts(locale: String) -> [(key: String, text: String)] {
    var random = SeededRandom(seed: UInt64(SyntheticCatalog.locales.firstIndex(of: locale) ?? 0))
    let words = SyntheticWords.words[locale] ?? SyntheticWords.words["en", default: []]
    func phrase(_ count: ClosedRange<Int>) -> String {
      let separator = locale == "ja" ? "" : " "
      let text = (0..<random.int(count)).map { _ in random.pick(words) }
        .joined(separator: separator)
      return text.prefix(1).uppercased() + text.dropFirst()
    }
    var entries: [(key: String, text: String)] = []
    entries += titleKeys.map { ($0, phrase(2...4)) }
    entries += promotionKeys.map { ($0, phrase(5...12)) }
    entries += headingKeys.map { ($0, phrase(1...3)) }
    entries += summaryKeys.map { ($0, phrase(2...3)) }
    entries += RowStatus.allCases.map { ($0.localizationKey, phrase(1...2)) }
    entries.append((greetingKey, SyntheticWords.greetings[locale] ?? "Welcome back, %{name}!"))
    return entries
  }

  /// The store holding every locale's texts.
  static func make() throws -> LocalizationStore {
    try LocalizationStore(files: SyntheticCatalog.locales.map { locale in
      (name: "Synthetic/\(locale).yml", text: yaml(locale: locale))
    })
  }

  /// One locale's file: `<locale>:` then the dotted keys as nested mappings.
  static func yaml(locale: String) -> String {
    var lines = ["\(locale):"]
    var open: [Substring] = []
    for entry in texts(locale: locale).sorted(by: { $0.key < $1.key }) {
      let parts = entry.key.split(separator: ".")
      let folders = Array(parts.dropLast())
      var shared = 0
      while shared < min(open.count, folders.count), open[shared] == folders[shared] {
        shared += 1
      }
      open = Array(open.prefix(shared))
      for folder in folders.dropFirst(shared) {
        lines.append(String(repeating: "  ", count: open.count + 1) + "\(folder):")
        open.append(folder)
      }
      lines.append(String(repeating: "  ", count: open.count + 1)
        + "\(parts[parts.count - 1]): \"\(entry.text)\"")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func pad(_ value: Int) -> String {
    value < 10 ? "00\(value)" : value < 100 ? "0\(value)" : "\(value)"
  }
}

/// Word lists the synthetic texts are drawn from: accented Latin scripts and Japanese, so
/// payloads carry multi-byte UTF-8 as real translations do.
enum SyntheticWords {
  static let words: [String: [String]] = [
    "en": ["order", "delivery", "account", "summary", "recent", "activity", "payment",
           "shipping", "details", "weekly", "favorite", "history", "status", "update", "offer"],
    "es": ["pedido", "entrega", "cuenta", "resumen", "reciente", "actividad", "pago",
           "envío", "detalles", "semanal", "favorito", "historial", "estado", "público", "oferta"],
    "de": ["Bestellung", "Lieferung", "Konto", "Übersicht", "neueste", "Aktivität", "Zahlung",
           "Versand", "Details", "wöchentlich", "Favorit", "Verlauf", "Status", "Größe", "Angebot"],
    "fr": ["commande", "livraison", "compte", "résumé", "récent", "activité", "paiement",
           "expédition", "détails", "hebdomadaire", "favori", "historique", "état", "offre", "reçu"],
    "ja": ["注文", "配送", "アカウント", "概要", "最近", "アクティビティ", "支払い", "発送",
           "詳細", "毎週", "お気に入り", "履歴", "ステータス", "更新", "特典"],
    "pt-BR": ["pedido", "entrega", "conta", "resumo", "recente", "atividade", "pagamento",
              "envio", "detalhes", "semanal", "favorito", "histórico", "situação", "oferta", "ação"],
  ]

  static let greetings: [String: String] = [
    "en": "Welcome back, %{name}!", "es": "¡Hola de nuevo, %{name}!",
    "de": "Willkommen zurück, %{name}!", "fr": "Bon retour, %{name} !",
    "ja": "おかえりなさい、%{name}さん！", "pt-BR": "Bem-vindo de volta, %{name}!",
  ]

  static let people = ["Ana Souza", "Kenji Tanaka", "Lea Müller", "Chloé Martin", "Diego Ruiz",
                       "Sam Taylor", "Aiko Sato", "João Lima", "Emma Weber", "Lucas Petit"]
  static let products = ["Trail Runner", "Desk Lamp", "Espresso Cup", "Rain Jacket", "Notebook",
                         "Wool Scarf", "Travel Mug", "Headphones", "Yoga Mat", "Backpack"]
  static let colors = ["Red", "Slate", "Olive", "Sand", "Navy", "Coral", "Graphite", "Ivory"]
  static let tags = ["new", "sale", "gift", "eco", "bestseller", "limited", "bundle"]
  static let notes = ["Leave at the front desk", "Gift wrap, no invoice in the box",
                      "Call before delivery", "Fragile: handle with care"]
}
