import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

@testable import ContractKit
@testable import ContractKitRuntime

/// A small report that exercises grouping, every severity and a finding without coordinates.
enum ReportFixture {
  /// Findings in no particular order; ``Report`` sorts them.
  static let findings: [Finding] = [
    Finding(
      .textChanged, contract: "DashboardViewModel", version: "1.1.0", locale: "es",
      variant: "empty", path: "/header", message: "Text changed.", baseline: "Hola",
      current: "Hola de nuevo"),
    Finding(
      .fieldRemoved, contract: "DashboardViewModel", version: "1.0.0", locale: "en",
      variant: "default", path: "/cards/0/title", message: "Field 'title' was removed.",
      baseline: "Weekly summary"),
    Finding(
      .fieldRemoved, contract: "DashboardViewModel", version: "1.0.0", locale: "es",
      variant: "default", path: "/cards/0/title", message: "Field 'title' was removed.",
      baseline: "Resumen semanal"),
    Finding(
      .fieldRemoved, contract: "DashboardViewModel", version: "1.0.0", locale: "de",
      variant: "default", path: "/cards/0/title", message: "Field 'title' was removed.",
      baseline: "Wochenübersicht"),
    Finding(
      .translationFallback, contract: "SettingsViewModel", version: "1.1.0", locale: "pt-BR",
      variant: "default", path: "/title", message: "Text came from the fallback locale en.",
      current: "Settings"),
    Finding(
      .contractRemoved, contract: "LegacyBannerViewModel",
      message: "Contract has baselines but no current encoding."),
  ]

  static let coverage = [
    LocaleCoverage(locale: "en", resolved: 40, fellBack: 0, missing: 0),
    LocaleCoverage(locale: "es", resolved: 39, fellBack: 0, missing: 1),
    LocaleCoverage(locale: "de", resolved: 40, fellBack: 0, missing: 0),
    LocaleCoverage(locale: "pt-BR", resolved: 38, fellBack: 2, missing: 0),
  ]

  /// The cases the fixture's run covered: those with findings, and one that passes.
  static let cases = [
    ContractCase("DashboardViewModel", "1.0.0", "de"), ContractCase("DashboardViewModel", "1.0.0", "en"),
    ContractCase("DashboardViewModel", "1.0.0", "es"),
    ContractCase("DashboardViewModel", "1.1.0", "es", "empty"),
    ContractCase("SettingsViewModel", "1.1.0", "en"), ContractCase("SettingsViewModel", "1.1.0", "pt-BR"),
  ]

  /// The fixture as `command` would report it.
  static func report(_ command: String = "check", findings: [Finding] = findings,
                     strict: Bool = false, cases: [ContractCase] = cases) -> Report
  {
    Report(
      command: command, findings: findings,
      summary: Summary(
        findings: findings, contracts: 3, versions: 2, locales: 4, baselines: 18,
        failOn: strict ? .warning : .error, requiredBump: .major),
      coverage: coverage, baselineDirectory: ".VersionedTestJSON", failOn: strict ? .warning : .error,
      cases: cases)
  }
}

@Suite("Reporters")
struct ReporterTests {
  @Test("text: verdict, grouped findings most severe first, values, next step")
  func textCheck() {
    #expect(ReportFormat.text.render(ReportFixture.report()) == """
      contracts check: 4 errors, 1 warning, 1 info in 3 contracts (18 baselines)

      error  field-removed  DashboardViewModel 1.0.0 /cards/0/title in en, es, de (default): \
      Field 'title' was removed.
          baseline (en): "Weekly summary"
          current (en):  (absent)
      error  contract-removed  LegacyBannerViewModel: Contract has baselines but no current \
      encoding.
      warning  translation-fallback  SettingsViewModel 1.1.0 /title in pt-BR (default): \
      Text came from the fallback locale en.
          current: "Settings"
      info  text-changed  DashboardViewModel 1.1.0 /header in es (empty): Text changed.
          baseline: "Hola"
          current:  "Hola de nuevo"

      Run 'swift run contracts record' after an intended change; breaking changes need \
      --accept-breaking --reason "…".

      """)
  }

  @Test("text: release gate with bump, summary table, contracts and coverage")
  func textReport() {
    #expect(ReportFormat.text.render(ReportFixture.report("report")) == """
      GATE: FAIL
      Required bump: major

      contracts  versions  locales  baselines  errors  warnings  infos
              3         2        4         18       4         1      1

      DashboardViewModel
        error  field-removed  DashboardViewModel 1.0.0 /cards/0/title in en, es, de (default): \
      Field 'title' was removed.
            baseline (en): "Weekly summary"
            current (en):  (absent)
        info  text-changed  DashboardViewModel 1.1.0 /header in es (empty): Text changed.
            baseline: "Hola"
            current:  "Hola de nuevo"

      LegacyBannerViewModel
        error  contract-removed  LegacyBannerViewModel: Contract has baselines but no current \
      encoding.

      SettingsViewModel
        warning  translation-fallback  SettingsViewModel 1.1.0 /title in pt-BR (default): \
      Text came from the fallback locale en.
            current: "Settings"

      Coverage
        en     resolved 40/40 (100.0%), fell back 0, missing 0
        es     resolved 39/40 (97.5%), fell back 0, missing 1
        de     resolved 40/40 (100.0%), fell back 0, missing 0
        pt-BR  resolved 38/40 (95.0%), fell back 2, missing 0

      """)
  }

  @Test("text: a passing gate with nothing found")
  func textEmptyGate() {
    let report = ReportFixture.report("report", findings: [])
    #expect(ReportFormat.text.render(report).hasPrefix("""
      GATE: PASS
      Required bump: major

      contracts  versions  locales  baselines  errors  warnings  infos
              3         2        4         18       0         0      0

      No findings.

      """))
    let check = ReportFormat.text.render(ReportFixture.report(findings: []))
    #expect(check == """
      contracts check: 0 errors, 0 warnings, 0 infos in 3 contracts (18 baselines)

      """)
  }

  @Test("text: a passing check says to record only when recording would write something")
  func textPassingCheckHint() {
    let added = Finding(
      .fieldAdded, contract: "Card", version: "2.1.0", locale: "en", variant: "default",
      path: "/badge", message: "new field '/badge'", current: "2")
    let fallback = Finding(
      .translationFallback, contract: "Card", version: "2.1.0", locale: "pt-BR",
      variant: "default", path: "/title", message: "Text came from the fallback locale en.",
      current: "Settings")
    #expect(ReportFormat.text.render(ReportFixture.report(findings: [added, fallback])) == """
      contracts check: 0 errors, 1 warning, 1 info in 3 contracts (18 baselines)

      warning  translation-fallback  Card 2.1.0 /title in pt-BR (default): Text came from the \
      fallback locale en.
          current: "Settings"
      info  field-added  Card 2.1.0 /badge in en (default): new field '/badge'
          baseline: (absent)
          current:  "2"

      Run 'swift run contracts record' to bring the baselines up to date.

      """)
    // Recording cannot fix a fallback, so nothing points at it.
    #expect(ReportFormat.text.render(ReportFixture.report(findings: [fallback])) == """
      contracts check: 0 errors, 1 warning, 0 infos in 3 contracts (18 baselines)

      warning  translation-fallback  Card 2.1.0 /title in pt-BR (default): Text came from the \
      fallback locale en.
          current: "Settings"

      """)
  }

  @Test("text: a finding without a location, a line break escaped, no hint outside check")
  func textEdges() {
    let findings = [
      Finding(.valueChanged, contract: "Card", version: "1.0.0", locale: "en",
              variant: "default", path: "", message: "line one\nline two"),
      Finding(.keyUnused, message: "Key 'Old.title' is never resolved."),
    ]
    #expect(ReportFormat.text.render(ReportFixture.report("diff", findings: findings)) == #"""
      contracts diff: 0 errors, 1 warning, 1 info in 3 contracts (18 baselines)

      warning  key-unused: Key 'Old.title' is never resolved.
      info  value-changed  Card 1.0.0 (document) in en (default): line one\nline two

      """#)
  }

  @Test("text and markdown: a name with a line break or an escape sequence cannot forge a line")
  func controlCharactersEscaped() {
    let forged = Finding(
      .fieldRemoved, contract: "Card", version: "1.0.0", locale: "en", variant: "default",
      path: "/a\nerror  field-removed  Card 1.0.0 /b", message: "field gone\r\u{1B}[2Kok")
    let report = ReportFixture.report(findings: [forged])
    let text = ReportFormat.text.render(report)
    // The verdict, the one finding line, the hint: nothing the path or message holds.
    #expect(text.split(separator: "\n").count == 3, "\(text)")
    #expect(text.contains(#"Card 1.0.0 /a\nerror  field-removed  Card 1.0.0 /b in en (default): "#
      + #"field gone\r\u{1B}[2Kok"#))
    #expect(!text.contains("\u{1B}") && !text.contains("\r"))
    let markdown = ReportFormat.markdown.render(report)
    #expect(markdown.contains(#"`/a\nerror  field-removed  Card 1.0.0 /b`"#), "\(markdown)")
    #expect(markdown.contains(#"field gone<br>\\u{1B}\[2Kok"#)
      || markdown.contains(#"field gone<br>\u{1B}\[2Kok"#), "\(markdown)")
    #expect(!markdown.contains("\u{1B}"))
  }

  @Test("text: colour wraps the severity words and nothing else")
  func textColored() {
    let lines = ReportFormat.text.render(ReportFixture.report(), colored: true)
      .split(separator: "\n")
    #expect(lines[0].hasPrefix("contracts check: 4 errors, 1 warning, 1 info in 3 contracts"))
    #expect(lines[1].hasPrefix("\u{1B}[1;31merror\u{1B}[0m  field-removed  DashboardViewModel"))
    #expect(lines[5].hasPrefix("\u{1B}[1;33mwarning\u{1B}[0m  translation-fallback  "))
    #expect(lines[7].hasPrefix("\u{1B}[1;36minfo\u{1B}[0m  text-changed  "))
    #expect(ReportFormat.text.render(ReportFixture.report()).contains("\u{1B}") == false)
  }

  @Test("markdown: heading, summary, a table per severity with counts and values, coverage")
  func markdown() {
    #expect(ReportFormat.markdown.render(ReportFixture.report("report")) == """
      ## ContractKit report: FAIL

      Required bump: **major**

      | contracts | versions | locales | baselines | errors | warnings | infos |
      | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
      | 3 | 2 | 4 | 18 | 4 | 1 | 1 |

      ### Findings

      6 findings in 4 rows: 4 errors, 1 warning, 1 info.

      **Errors: 4 findings in 2 rows**

      | kind | contract | version | path | locales | findings | message | values |
      | --- | --- | --- | --- | --- | ---: | --- | --- |
      | field-removed | `DashboardViewModel` | `1.0.0` | `/cards/0/title` | `en, es, de (default)` \
      | 3 \
      | Field 'title' was removed. | baseline (en): `"Weekly summary"`<br>current (en): `(absent)` |
      | contract-removed | `LegacyBannerViewModel` |  |  |  | 1 | Contract has baselines but no \
      current encoding. |  |

      **Warnings: 1 finding in 1 row**

      | kind | contract | version | path | locales | findings | message | values |
      | --- | --- | --- | --- | --- | ---: | --- | --- |
      | translation-fallback | `SettingsViewModel` | `1.1.0` | `/title` | `pt-BR (default)` | 1 \
      | Text came from the fallback locale en. | current: `"Settings"` |

      **Infos: 1 finding in 1 row**

      | kind | contract | version | path | locales | findings | message | values |
      | --- | --- | --- | --- | --- | ---: | --- | --- |
      | text-changed | `DashboardViewModel` | `1.1.0` | `/header` | `es (empty)` | 1 \
      | Text changed. \
      | baseline: `"Hola"`<br>current: `"Hola de nuevo"` |

      ### Coverage

      | locale | resolved | fell back | missing | coverage |
      | --- | ---: | ---: | ---: | ---: |
      | en | 40/40 | 0 | 0 | 100.0% |
      | es | 39/40 | 0 | 1 | 97.5% |
      | de | 40/40 | 0 | 0 | 100.0% |
      | pt-BR | 38/40 | 2 | 0 | 95.0% |

      """)
  }

  @Test("markdown: cells escape pipes, Markdown punctuation and line breaks; values are code spans")
  func markdownEscaping() {
    let finding = Finding(
      .valueChanged, contract: "Form_View", version: "1.0.0", locale: "en", variant: "default",
      path: "/a|b", message: "was *1* | now <2>\nsee [docs]", baseline: "a|`b`", current: "<x>")
    let markdown = ReportFormat.markdown.render(ReportFixture.report(findings: [finding]))
    #expect(markdown.contains(#"""
      | value-changed | `Form_View` | `1.0.0` | `/a\|b` | `en (default)` | 1 \#
      | was \*1\* \| now \<2\><br>see \[docs\] \#
      | baseline: `` "a\|`b`" ``<br>current: `"<x>"` |
      """#), "\(markdown)")
  }

  @Test("json: the fixed shape, sorted keys, null for what does not apply")
  func json() {
    #expect(ReportFormat.json.render(ReportFixture.report()) == """
      {
        "findings" : [
          {
            "contract" : "DashboardViewModel",
            "kind" : "field-removed",
            "locale" : "de",
            "message" : "Field 'title' was removed.",
            "path" : "/cards/0/title",
            "severity" : "error",
            "variant" : "default",
            "version" : "1.0.0"
          },
          {
            "contract" : "DashboardViewModel",
            "kind" : "field-removed",
            "locale" : "en",
            "message" : "Field 'title' was removed.",
            "path" : "/cards/0/title",
            "severity" : "error",
            "variant" : "default",
            "version" : "1.0.0"
          },
          {
            "contract" : "DashboardViewModel",
            "kind" : "field-removed",
            "locale" : "es",
            "message" : "Field 'title' was removed.",
            "path" : "/cards/0/title",
            "severity" : "error",
            "variant" : "default",
            "version" : "1.0.0"
          },
          {
            "contract" : "DashboardViewModel",
            "kind" : "text-changed",
            "locale" : "es",
            "message" : "Text changed.",
            "path" : "/header",
            "severity" : "info",
            "variant" : "empty",
            "version" : "1.1.0"
          },
          {
            "contract" : "LegacyBannerViewModel",
            "kind" : "contract-removed",
            "locale" : null,
            "message" : "Contract has baselines but no current encoding.",
            "path" : null,
            "severity" : "error",
            "variant" : null,
            "version" : null
          },
          {
            "contract" : "SettingsViewModel",
            "kind" : "translation-fallback",
            "locale" : "pt-BR",
            "message" : "Text came from the fallback locale en.",
            "path" : "/title",
            "severity" : "warning",
            "variant" : "default",
            "version" : "1.1.0"
          }
        ],
        "summary" : {
          "baselines" : 18,
          "contracts" : 3,
          "errors" : 4,
          "gate" : "fail",
          "infos" : 1,
          "requiredBump" : "major",
          "warnings" : 1
        }
      }

      """)
  }

  @Test("json: parsed back, every object has exactly the fixed keys and types")
  func jsonShape() throws {
    let text = ReportFormat.json.render(ReportFixture.report())
    let root = try JSONParser.parse(Array(text.utf8), file: "report.json")
    guard case .object(let members) = root, case .array(let findings)? = members["findings"],
      case .object(let summary)? = members["summary"]
    else {
      Issue.record("not the fixed shape: \(text)")
      return
    }
    #expect(Set(members.keys) == ["findings", "summary"])
    #expect(findings.count == 6)
    for finding in findings {
      guard case .object(let fields) = finding else {
        Issue.record("finding is not an object")
        continue
      }
      #expect(Set(fields.keys) == [
        "kind", "severity", "contract", "version", "locale", "variant", "path", "message",
      ])
      for key in ["kind", "severity", "message", "contract"] {
        #expect(fields[key]?.stringValue != nil, "\(key) is a string")
      }
      for key in ["version", "locale", "variant", "path"] {
        #expect(fields[key]?.stringValue != nil || fields[key]?.isNull == true, "\(key)")
      }
    }
    #expect(Set(summary.keys) == [
      "contracts", "baselines", "errors", "warnings", "infos", "gate", "requiredBump",
    ])
    #expect(summary["contracts"] == 3)
    #expect(summary["baselines"] == 18)
    #expect(summary["errors"] == 4)
    #expect(summary["warnings"] == 1)
    #expect(summary["infos"] == 1)
    #expect(summary["gate"] == "fail")
    #expect(summary["requiredBump"] == "major")
    #expect(findings[4]["locale"] == JSONValue.null)
    #expect(findings[4]["path"] == JSONValue.null)
  }

  @Test("junit: fixed catalog cases, then per contract its contract, versions and cases")
  func junit() {
    #expect(ReportFormat.junit.render(ReportFixture.report()) == """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites name="ContractKit" tests="15" failures="4" errors="0" skipped="1" time="0">
        <testsuite name="(catalog)" tests="4" failures="1" errors="0" skipped="1" time="0">
          <testcase classname="(catalog)" name="baseline tree" time="0">
            <failure type="contract-removed" message="Contract has baselines but no current \
      encoding.">error  contract-removed  LegacyBannerViewModel: Contract has baselines but no \
      current encoding.</failure>
          </testcase>
          <testcase classname="(catalog)" name="Baselines.md" time="0"/>
          <testcase classname="(catalog)" name="localization store" time="0"/>
          <testcase classname="(catalog)" name="release gate" time="0">
            <skipped message="check states no release gate; contracts report does"/>
          </testcase>
        </testsuite>
        <testsuite name="DashboardViewModel" tests="7" failures="3" errors="0" skipped="0" time="0">
          <testcase classname="DashboardViewModel" name="contract" time="0"/>
          <testcase classname="DashboardViewModel" name="1.0.0" time="0"/>
          <testcase classname="DashboardViewModel" name="1.0.0 de default" time="0">
            <failure type="field-removed" message="Field &apos;title&apos; was removed.">\
      error  field-removed  DashboardViewModel 1.0.0 /cards/0/title in de (default): Field 'title' \
      was removed.
          baseline: "Wochenübersicht"
          current:  (absent)</failure>
          </testcase>
          <testcase classname="DashboardViewModel" name="1.0.0 en default" time="0">
            <failure type="field-removed" message="Field &apos;title&apos; was removed.">\
      error  field-removed  DashboardViewModel 1.0.0 /cards/0/title in en (default): Field 'title' \
      was removed.
          baseline: "Weekly summary"
          current:  (absent)</failure>
          </testcase>
          <testcase classname="DashboardViewModel" name="1.0.0 es default" time="0">
            <failure type="field-removed" message="Field &apos;title&apos; was removed.">\
      error  field-removed  DashboardViewModel 1.0.0 /cards/0/title in es (default): Field 'title' \
      was removed.
          baseline: "Resumen semanal"
          current:  (absent)</failure>
          </testcase>
          <testcase classname="DashboardViewModel" name="1.1.0" time="0"/>
          <testcase classname="DashboardViewModel" name="1.1.0 es empty" time="0">
            <system-out>info  text-changed  DashboardViewModel 1.1.0 /header in es (empty): \
      Text changed.
          baseline: "Hola"
          current:  "Hola de nuevo"</system-out>
          </testcase>
        </testsuite>
        <testsuite name="SettingsViewModel" tests="4" failures="0" errors="0" skipped="0" time="0">
          <testcase classname="SettingsViewModel" name="contract" time="0"/>
          <testcase classname="SettingsViewModel" name="1.1.0" time="0"/>
          <testcase classname="SettingsViewModel" name="1.1.0 en default" time="0"/>
          <testcase classname="SettingsViewModel" name="1.1.0 pt-BR default" time="0">
            <system-out>warning  translation-fallback  SettingsViewModel 1.1.0 /title in pt-BR \
      (default): Text came from the fallback locale en.
          current: "Settings"</system-out>
          </testcase>
        </testsuite>
      </testsuites>

      """)
  }

  @Test("junit: passing cases are listed; --strict turns warnings into failures")
  func junitCasesAndStrict() throws {
    let cases = [
      ContractCase("SettingsViewModel", "1.1.0", "en"),
      ContractCase("SettingsViewModel", "1.1.0", "pt-BR"),
    ]
    let fallback = try #require(ReportFixture.findings.first { $0.kind == .translationFallback })
    let strict = ReportFixture.report("report", findings: [fallback], strict: true, cases: [])
    #expect(ReportFormat.junit.render(strict, cases: cases) == """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites name="ContractKit" tests="8" failures="1" errors="0" skipped="0" time="0">
        <testsuite name="(catalog)" tests="4" failures="0" errors="0" skipped="0" time="0">
          <testcase classname="(catalog)" name="baseline tree" time="0"/>
          <testcase classname="(catalog)" name="Baselines.md" time="0"/>
          <testcase classname="(catalog)" name="localization store" time="0"/>
          <testcase classname="(catalog)" name="release gate" time="0"/>
        </testsuite>
        <testsuite name="SettingsViewModel" tests="4" failures="1" errors="0" skipped="0" time="0">
          <testcase classname="SettingsViewModel" name="contract" time="0"/>
          <testcase classname="SettingsViewModel" name="1.1.0" time="0"/>
          <testcase classname="SettingsViewModel" name="1.1.0 en default" time="0"/>
          <testcase classname="SettingsViewModel" name="1.1.0 pt-BR default" time="0">
            <failure type="translation-fallback" message="Text came from the fallback locale en.">\
      warning  translation-fallback  SettingsViewModel 1.1.0 /title in pt-BR (default): Text came \
      from the fallback locale en.
          current: "Settings"</failure>
          </testcase>
        </testsuite>
      </testsuites>

      """)
  }

  @Test("junit: one failure per test case lists all its findings; coarser ones go to the version")
  func junitOneFailurePerCase() throws {
    let file = ContractCase("Card", "1.0.0", "en")
    let findings = [
      Finding(.fieldRemoved, scope: .file(file), path: "/a", message: "field '/a' is gone"),
      Finding(.typeChanged, scope: .file(file), path: "/b", message: "'/b' changed type"),
      Finding(.enumCaseRemoved, scope: .version(file.folder), path: "/s", message: "case gone"),
      Finding(.localeRemoved, scope: .locale(file.folder, locale: "it"), message: "it gone"),
      Finding(.versionRemoved, scope: .version(ContractVersion(contract: "Card",
                                                               version: SystemVersion(0, 9, 0))),
              message: "0.9.0 retired"),
    ]
    let report = ReportFixture.report(findings: findings, cases: [file])
    let plan = JUnitPlan(report)
    #expect(plan.testCases.map(\.name) == [
      "baseline tree", "Baselines.md", "localization store", "release gate", "contract", "1.0.0",
      "1.0.0 en default",
    ])
    #expect(plan.findings[.file(file)]?.count == 2)
    #expect(plan.findings[.version(file.folder)]?.map(\.kind) == [.enumCaseRemoved, .localeRemoved])
    #expect(plan.findings[.contract("Card")]?.map(\.kind) == [.versionRemoved])
    let xml = ReportFormat.junit.render(report)
    // The file's two findings, the version's two; the retired version is a warning.
    #expect(xml.components(separatedBy: "<failure ").count - 1 == 2)
    #expect(xml.contains(#"<failure type="field-removed, type-changed" message="2 findings: "#
      + #"field-removed, type-changed">error  field-removed  Card 1.0.0 /a in en (default): "#
      + "field '/a' is gone\nerror  type-changed  Card 1.0.0 /b in en (default): '/b' changed "
      + "type</failure>"))
    // The same catalog, clean: the same test cases.
    let clean = ReportFixture.report(findings: [], cases: [file])
    #expect(JUnitPlan(clean).testCases == plan.testCases)
    #expect(ReportFormat.junit.render(ReportFixture.report(findings: [], cases: []))
      .contains(#"<testsuites name="ContractKit" tests="4""#))
  }

  @Test("junit: output parses as XML, even with markup and control characters")
  func junitParses() throws {
    let hostile = Finding(
      .valueChanged, severity: .error, contract: "A&B", version: "1.0.0", locale: "en",
      variant: "default", path: "/x<y>",
      message: "quote \" apostrophe ' amp & lt < bell \u{7} nul \u{0} tab \t line\nbreak\r.",
      baseline: "]]> <!-- -->", current: .string("\u{1}"))
    let findings = ReportFixture.findings + [hostile]
    for report in [ReportFixture.report(), ReportFixture.report(findings: findings)] {
      let xml = ReportFormat.junit.render(report)
      let collector = XMLCollector()
      let parser = XMLParser(data: Data(xml.utf8))
      parser.delegate = collector
      #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")\n\(xml)")
      #expect(collector.elements.first == "testsuites")
      #expect(collector.count("testcase") == JUnitPlan(report).testCases.count)
    }
    let xml = ReportFormat.junit.render(ReportFixture.report(
      findings: [hostile], cases: [ContractCase("A&B", "1.0.0", "en")]))
    // Control characters are spelled out first (as in text output), then markup escaped.
    #expect(xml.contains(#"""
          <testcase classname="A&amp;B" name="1.0.0 en default" time="0">
            <failure type="value-changed" message="quote &quot; apostrophe &apos; amp &amp; \#
      lt &lt; bell \u{7} nul \u{0} tab \t line\nbreak\r.">error  value-changed  A&amp;B 1.0.0 \#
      /x&lt;y&gt; in en (default): quote " apostrophe ' amp &amp; lt &lt; bell \u{7} nul \u{0} \#
      tab \t line\nbreak\r.
          baseline: "]]&gt; &lt;!-- --&gt;"
          current:  "\u0001"</failure>
      """#), "\(xml)")
  }

  @Test("github: one annotation per change, each naming a file and a payload's line, then a summary notice")
  func github() {
    // The fixture's payloads are the committed sample's: lines come from those files.
    #expect(ReportFormat.github.render(ReportFixture.report()) == """
      ::error file=.VersionedTestJSON/DashboardViewModel/1.0.0/en.json,line=20,\
      title=field-removed::Field 'title' was removed. \
      (DashboardViewModel 1.0.0 /cards/0/title in en, es, de (default))
      ::error file=Baselines.md,title=contract-removed::\
      Contract has baselines but no current encoding. (LegacyBannerViewModel)
      ::warning file=.VersionedTestJSON/SettingsViewModel/1.1.0/pt-BR.json,line=24,\
      title=translation-fallback::Text came from the fallback locale en. \
      (SettingsViewModel 1.1.0 /title in pt-BR (default))
      ::notice file=.VersionedTestJSON/DashboardViewModel/1.1.0/es.empty.json,line=1,\
      title=text-changed::Text changed. (DashboardViewModel 1.1.0 /header in es (empty))
      ::notice title=ContractKit::contracts check: FAIL, 4 errors, 1 warning, 1 info in \
      3 contracts (18 baselines); required bump: major

      """)
  }

  @Test("github: version findings name contract.json, store findings their translation file and line")
  func githubFiles() {
    let source = TranslationLocation(file: "Sources/App/Localization/es.yml", line: 12, column: 5)
    let findings = [
      Finding(.enumCaseRemoved, contract: "Order", version: "1.0.0", path: "/status",
              message: "gone"),
      Finding(.localeRemoved, contract: "Order", version: "1.0.0", locale: "it", message: "gone"),
      Finding(.keyUnused, scope: .store(locale: "es", source: source), message: "unused"),
      Finding(.keyUnused, scope: .store(locale: "es"), message: "unused, nowhere"),
      Finding(.baselinesStale, scope: .entry("Order_1.0.0.json"), message: "legacy"),
      Finding(.baselinesStale, scope: .catalog, message: "stale"),
      Finding(.versionBumpRequired, scope: .release(SystemVersion(1, 1, 0)), message: "bump"),
    ]
    var report = ReportFixture.report(findings: findings)
    report.baselineDirectory = "app/.VersionedTestJSON"
    let output = ReportFormat.github.render(report)
    #expect(output.contains("::warning file=Sources/App/Localization/es.yml,line=12,col=5,"
      + "title=key-unused::unused"))
    #expect(output.contains("::error file=app/.VersionedTestJSON/Order/1.0.0/contract.json,"
      + "title=enum-case-removed::gone"))
    #expect(output.contains("::error file=app/.VersionedTestJSON/Order/1.0.0/contract.json,"
      + "title=locale-removed::gone"))
    #expect(output.contains("::warning file=app/Baselines.md,title=key-unused::unused, nowhere"))
    #expect(output.contains("::warning file=app/.VersionedTestJSON/Order_1.0.0.json,"
      + "title=baselines-stale::legacy"))
    #expect(output.contains("::error file=app/Baselines.md,title=version-bump-required::bump"))
    for line in output.split(separator: "\n").dropLast() {
      #expect(line.contains(" file="), "\(line)")
    }
  }

  @Test("github: messages and properties are escaped per the workflow-command rules")
  func githubEscaping() throws {
    let findings = [
      Finding(
        .valueChanged, contract: "Odd,Name:1", version: "1.0.0", locale: "en",
        variant: "default", path: "/a,b:c", message: "100% done\r\nnext, line: here"),
      Finding(.versionRemoved, contract: "Card", version: "1.0.0", message: "Version retired."),
      Finding(.keyUnused, message: "Key 'Old.title' is never resolved."),
    ]
    var report = ReportFixture.report("diff", findings: findings)
    report.baselineDirectory = "old/"
    let output = ReportFormat.github.render(report)
    #expect(output == """
      ::warning file=Baselines.md,title=key-unused::Key 'Old.title' is never resolved.
      ::warning file=old/Card/1.0.0/contract.json,title=version-removed::Version retired. (Card 1.0.0)
      ::notice file=old/Odd%2CName%3A1/1.0.0/en.json,title=value-changed::100%25 done\\r\\nnext, \
      line: here (Odd,Name:1 1.0.0 /a,b:c in en (default))
      ::notice title=ContractKit::contracts diff: PASS, 0 errors, 2 warnings, 1 info in \
      3 contracts (18 baselines); required bump: major

      """)
    let pattern = try Regex(#"^::(error|warning|notice) file=[^,]+,(line=\d+,(col=\d+,)?)?title=[^:]+::.+$"#)
    let fixtureOutput = ReportFormat.github.render(ReportFixture.report())
    for line in (output + fixtureOutput).split(separator: "\n") where !line.hasPrefix("::notice title=ContractKit") {
      #expect(line.wholeMatch(of: pattern) != nil, "\(line)")
    }
  }

  @Test("grouping: the same message across locales and variants is one line; others are not")
  func grouping() {
    let missing = ["en", "es", "pt-BR"].map { (locale: String) in
      Finding(
        .translationMissing, contract: "Card", version: "1.0.0", locale: locale,
        variant: "default", path: "/title", message: "key 'Card.title' has an empty translation")
    }
    // Messages name no locale of their own, so only equal messages group.
    let changed = [
      Finding(.valueChanged, contract: "Card", version: "1.0.0", locale: "en", variant: "default",
              path: "/n", message: "value of '/n' changed"),
      Finding(.valueChanged, contract: "Card", version: "1.0.0", locale: "es", variant: "empty",
              path: "/n", message: "value of '/n' changed"),
      Finding(.valueChanged, contract: "Card", version: "1.0.0", locale: "de", variant: "empty",
              path: "/n", message: "element '/n' was added to the list"),
    ]
    let groups = FindingGroup.grouping(missing + changed, localeOrder: ["en", "es", "de"])
    #expect(groups.map(\.location) == [
      "Card 1.0.0 /title in en, es, pt-BR (default)",
      "Card 1.0.0 /n in en, es (default, empty)",
      "Card 1.0.0 /n in de (empty)",
    ])
    #expect(groups.map(\.message) == [
      "key 'Card.title' has an empty translation", "value of '/n' changed",
      "element '/n' was added to the list",
    ])
  }

  @Test("value excerpts are compact, sorted, and cut at 80 characters")
  func excerpts() {
    #expect(ValueExcerpt.excerpt(nil) == "(absent)")
    let object: JSONValue = ["b": [1, true, nil], "a": "x\ny"]
    #expect(ValueExcerpt.excerpt(object) == #"{"a": "x\ny", "b": [1, true, null]}"#)
    let long = ValueExcerpt.excerpt(.string(String(repeating: "a", count: 10_000)))
    #expect(long == "\"" + String(repeating: "a", count: 78) + "…")
    let wide = ValueExcerpt.excerpt(.array((0..<1000).map { JSONValue.number(JSONNumber($0)) }))
    #expect(wide.count == 80)
    #expect(wide.hasPrefix("[0, 1, 2, 3, "))
    #expect(wide.hasSuffix("…"))
    let exactly80 = JSONValue.string(String(repeating: "b", count: 78))
    #expect(ValueExcerpt.excerpt(exactly80) == "\"" + String(repeating: "b", count: 78) + "\"")
  }

  @Test("counts read naturally and percentages never round up to 100")
  func wording() {
    #expect(0.counting("error") == "0 errors")
    #expect(1.counting("warning") == "1 warning")
    #expect(3.counting("info") == "3 infos")
    #expect(LocaleCoverage(locale: "es", resolved: 1999, fellBack: 1, missing: 0).percentText
      == "99.9")
    #expect(LocaleCoverage(locale: "es", resolved: 0, fellBack: 0, missing: 0).percentText
      == "100.0")
    #expect(LocaleCoverage(locale: "es", resolved: 1, fellBack: 2, missing: 0).percentText
      == "33.3")
  }
}

/// Collects element names while `XMLParser` reads a document.
final class XMLCollector: NSObject, XMLParserDelegate {
  var elements: [String] = []

  func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
              qualifiedName: String?, attributes: [String: String] = [:])
  {
    elements.append(elementName)
  }

  func count(_ name: String) -> Int { elements.filter { $0 == name }.count }
}
