import Foundation
import Testing

@testable import ContractKit
@testable import ContractKitRuntime

/// One document the parser must refuse, with where and why.
struct JSONRejection: Sendable, CustomTestStringConvertible {
  let name: String
  let bytes: [UInt8]
  let line: Int
  let column: Int
  let offset: Int
  let reason: String

  init(_ name: String, _ text: String, _ line: Int, _ column: Int, _ offset: Int,
       _ reason: String) {
    self.init(name, bytes: Array(text.utf8), line, column, offset, reason)
  }

  init(_ name: String, bytes: [UInt8], _ line: Int, _ column: Int, _ offset: Int,
       _ reason: String) {
    self.name = name
    self.bytes = bytes
    self.line = line
    self.column = column
    self.offset = offset
    self.reason = reason
  }

  var testDescription: String { name }
}

@Suite("Strict JSON parser")
struct JSONParserTests {
  static let rejections: [JSONRejection] = [
    // Empty, whitespace, BOM, trailing content.
    .init("empty file", "", 1, 1, 0, "the file is empty"),
    .init("only whitespace", " \n\t", 2, 2, 3, "the file contains only whitespace"),
    .init("byte-order mark", bytes: [0xEF, 0xBB, 0xBF, 0x7B, 0x7D], 1, 1, 0,
          "byte-order mark at the start of the file; baselines are UTF-8 without BOM"),
    .init("second document", "{} {}", 1, 4, 3, "unexpected content after the JSON document"),
    .init("second scalar", "1\n2", 2, 1, 2, "unexpected content after the JSON document"),
    // Truncation.
    .init("truncated object", "{\"a\": 1", 1, 8, 7, "unexpected end of file inside an object"),
    .init("truncated after colon", "{\"a\":", 1, 6, 5,
          "unexpected end of file inside an object"),
    .init("truncated after key", "{\"a\"", 1, 5, 4, "unexpected end of file inside an object"),
    .init("truncated array", "[1, 2", 1, 6, 5, "unexpected end of file inside an array"),
    .init("truncated nested array", "{\"a\": [", 1, 8, 7,
          "unexpected end of file inside an array"),
    .init("truncated string", "{\"a\": \"hel", 1, 11, 10,
          "unexpected end of file inside a string"),
    .init("truncated escape", "[\"a\\", 1, 5, 4, "unexpected end of file inside a string"),
    .init("truncated \\u escape", "[\"\\u00", 1, 7, 6,
          "unexpected end of file inside a string"),
    .init("truncated number", "[1.", 1, 4, 3, "unexpected end of file inside a number"),
    .init("lone minus", "-", 1, 2, 1, "unexpected end of file inside a number"),
    // UTF-8.
    .init("invalid UTF-8 in a string", bytes: [0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D], 1, 3, 2,
          "invalid UTF-8"),
    .init("invalid UTF-8 after non-ASCII, column in scalars",
          bytes: Array("[\"é\", \"".utf8) + [0xFF, 0x22, 0x5D], 1, 8, 8, "invalid UTF-8"),
    .init("invalid UTF-8 outside a string", bytes: Array("[1, ".utf8) + [0x80, 0x5D], 1, 5, 4,
          "invalid UTF-8"),
    .init("overlong encoding", bytes: [0x22, 0xC0, 0xAF, 0x22], 1, 2, 1, "invalid UTF-8"),
    .init("UTF-8-encoded surrogate", bytes: [0x22, 0xED, 0xA0, 0x80, 0x22], 1, 2, 1,
          "invalid UTF-8"),
    .init("code point above U+10FFFF", bytes: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1, 2, 1,
          "invalid UTF-8"),
    .init("UTF-8 truncated at end of file", bytes: [0x22, 0xE2, 0x82], 1, 2, 1,
          "invalid UTF-8"),
    // Duplicates.
    .init("duplicate key", "{\"x\": 1,\n  \"x\": 2}", 2, 3, 11,
          "duplicate key \"x\" (first at line 1, column 2)"),
    .init("duplicate key spelled with an escape", "{\"a\": 1, \"b\": {}, \"\\u0061\": 2}", 1,
          19, 18, "duplicate key \"a\" (first at line 1, column 2)"),
    .init("duplicate key in a nested object", "[{\"a\": {\"q\": 1, \"q\": [1, }}]", 1, 17,
          16, "duplicate key \"q\" (first at line 1, column 9)"),
    .init("keys differing only in Unicode normalization", "{\"\u{E9}\": 1, \"e\u{301}\": 2}", 1,
          10, 10,
          "duplicate key \"e\u{301}\" (first at line 1, column 2); the two spellings differ "
            + "only in Unicode normalization"),
    .init("duplicate key in an object with many keys",
          "{" + (0..<20).map { "\"k\($0)\": 0, " }.joined() + "\"k3\": 1}", 1, 192, 191,
          "duplicate key \"k3\" (first at line 1, column 29)"),
    // Merge conflicts.
    .init("merge-conflict start marker",
          "{\n<<<<<<< HEAD\n  \"a\" : 1\n=======\n  \"a\" : 2\n>>>>>>> topic\n}\n", 2, 1, 2,
          "merge-conflict marker '<<<<<<<'; resolve the conflict in this file first"),
    .init("merge-conflict separator after a member", "{\n  \"a\" : 1\n=======\n", 3, 1, 12,
          "merge-conflict marker '======='; resolve the conflict in this file first"),
    .init("merge-conflict end marker after the document", "{}\r\n>>>>>>> topic\r\n", 2, 1, 4,
          "merge-conflict marker '>>>>>>>'; resolve the conflict in this file first"),
    // Grammar.
    .init("trailing comma in an object", "{\"a\": 1,}", 1, 8, 7, "trailing comma before '}'"),
    .init("trailing comma in an array", "[1, 2,\n]", 1, 6, 5, "trailing comma before ']'"),
    .init("line comment", "{\"a\": 1 // note\n}", 1, 9, 8, "comments are not allowed in JSON"),
    .init("block comment", "/* c */ {}", 1, 1, 0, "comments are not allowed in JSON"),
    .init("single-quoted key", "{'a': 1}", 1, 2, 1,
          "single quotes are not allowed in JSON; strings and keys need double quotes"),
    .init("single-quoted value", "[\"a\", 'b']", 1, 7, 6,
          "single quotes are not allowed in JSON; strings and keys need double quotes"),
    .init("unquoted key", "{a: 1}", 1, 2, 1, "object keys must be double-quoted strings"),
    .init("NaN", "[NaN]", 1, 2, 1, "NaN and Infinity are not JSON numbers"),
    .init("Infinity", "Infinity", 1, 1, 0, "NaN and Infinity are not JSON numbers"),
    .init("-Infinity", "[1, -Infinity]", 1, 5, 4, "NaN and Infinity are not JSON numbers"),
    .init("leading zero", "[01]", 1, 2, 1, "leading zeros are not allowed in numbers"),
    .init("negative leading zero", "-012", 1, 2, 1, "leading zeros are not allowed in numbers"),
    .init("plus sign", "[+1]", 1, 2, 1, "a number cannot start with '+'"),
    .init("bare fraction", "[.5]", 1, 2, 1, "a number needs a digit before the decimal point"),
    .init("empty fraction", "[1.]", 1, 4, 3,
          "expected a digit after the decimal point, found ']'"),
    .init("empty exponent", "[1e+]", 1, 5, 4, "expected a digit in the exponent, found ']'"),
    .init("minus without digits", "[-a]", 1, 3, 2, "expected a digit after '-', found 'a'"),
    .init("number out of range", "[1e400]", 1, 2, 1, "number 1e400 is out of range"),
    .init("misspelled literal", "[True]", 1, 2, 1,
          "invalid literal 'True'; JSON has true, false and null, and strings need double "
            + "quotes"),
    .init("literal with a suffix", "[nullx]", 1, 2, 1,
          "invalid literal 'nullx'; JSON has true, false and null, and strings need double "
            + "quotes"),
    .init("missing comma", "[1 2]", 1, 4, 3,
          "expected ',' or ']' after an array element, found '2'"),
    .init("missing comma between members", "{\"a\": 1 \"b\": 2}", 1, 9, 8,
          "expected ',' or '}' after an object member, found '\"'"),
    .init("missing colon", "{\"a\" 1}", 1, 6, 5, "expected ':' after the key \"a\", found '1'"),
    .init("missing value", "{\"a\": }", 1, 7, 6, "expected a value, found '}'"),
    .init("leading comma", "[,1]", 1, 2, 1, "expected a value, found ','"),
    .init("non-string key", "{1: 2}", 1, 2, 1, "object keys must be double-quoted strings"),
    .init("closing the wrong bracket", "[1}", 1, 3, 2,
          "expected ',' or ']' after an array element, found '}'"),
    .init("non-ASCII outside a string", "[é]", 1, 2, 1,
          "expected a value, found 'é' (U+00E9)"),
    .init("control character outside a string", "[\u{1}]", 1, 2, 1,
          "expected a value, found control character U+0001"),
    // Strings.
    .init("raw tab in a string", "[\"a\tb\"]", 1, 4, 3,
          "unescaped control character U+0009 in a string"),
    .init("raw line break in a string", "{\"a\": \"one\ntwo\"}", 1, 11, 10,
          "unescaped control character U+000A in a string"),
    .init("invalid escape", "[\"\\x\"]", 1, 3, 2, "invalid escape '\\x'"),
    .init("escaped single quote", "[\"\\'\"]", 1, 3, 2, "invalid escape '\\''"),
    .init("escape of a control character", "[\"\\\t\"]", 1, 3, 2,
          "invalid escape: '\\' followed by control character U+0009"),
    .init("bad hex digit", "[\"\\u12G4\"]", 1, 3, 2,
          "invalid \\u escape: expected four hex digits after '\\u'"),
    .init("lone high surrogate", "[\"\\uD83D\"]", 1, 3, 2,
          "lone high surrogate \\uD83D is not followed by a low surrogate \\uDC00-\\uDFFF"),
    .init("high surrogate before a non-surrogate", "[\"\\ud83d\\u0041\"]", 1, 3, 2,
          "lone high surrogate \\ud83d is not followed by a low surrogate \\uDC00-\\uDFFF"),
    .init("two high surrogates", "[\"x\\uD83D\\uD83D\"]", 1, 4, 3,
          "lone high surrogate \\uD83D is not followed by a low surrogate \\uDC00-\\uDFFF"),
    .init("lone low surrogate", "[\"ab\\uDE00\"]", 1, 5, 4,
          "lone low surrogate \\uDE00 without a high surrogate before it"),
    // Positions.
    .init("CRLF and lone CR line breaks", "{\r\n  \"a\": 1\r\r\n  \"b\": 2}", 4, 3, 16,
          "expected ',' or '}' after an object member, found '\"'"),
    .init("columns count scalars, not bytes", "{\"é😀\": x}", 1, 8, 11,
          "invalid literal 'x'; JSON has true, false and null, and strings need double "
            + "quotes"),
    // Depth.
    .init("nesting deeper than 10,000 levels", String(repeating: "[", count: 10_001), 1,
          10_001, 10_000, "nesting is deeper than 10000 levels"),
  ]

  @Test("rejects malformed documents with the exact position and reason", arguments: rejections)
  func rejects(_ rejection: JSONRejection) {
    let expected = InputError(
      file: "baseline.json", line: rejection.line, column: rejection.column,
      byteOffset: rejection.offset, reason: rejection.reason)
    #expect(throws: expected) {
      try JSONParser.parse(rejection.bytes, file: "baseline.json")
    }
  }

  /// Documents in canonical key order that the parser still refuses: the one-pass check of
  /// ``JSONParser/validate(_:file:)`` must hand each to the reader, whose message it gives.
  static let orderedRejections: [JSONRejection] = [
    .init("a key twice, in order", #"{"a" : 1, "a" : 2}"#, 1, 11, 10,
          #"duplicate key "a" (first at line 1, column 2)"#),
    .init("keys equal but for normalization, in byte order", "{\"e\u{301}\" : 1, \"\u{E9}\" : 2}", 1,
          12, 12, "duplicate key \"\u{E9}\" (first at line 1, column 2); the two spellings differ "
            + "only in Unicode normalization"),
    .init("an escaped key equal to the next", #"{"\u0061" : 1, "a" : 2}"#, 1, 16, 15,
          #"duplicate key "a" (first at line 1, column 2)"#),
    .init("a number out of range", #"{"a" : 1e999}"#, 1, 8, 7, "number 1e999 is out of range"),
    .init("a trailing comma", #"{"a" : 1,}"#, 1, 9, 8, "trailing comma before '}'"),
  ]

  @Test("validation refuses what the parser refuses, with its message", arguments: rejections + orderedRejections)
  func validationRejects(_ rejection: JSONRejection) {
    let expected = InputError(
      file: "baseline.json", line: rejection.line, column: rejection.column,
      byteOffset: rejection.offset, reason: rejection.reason)
    #expect(throws: expected) { try JSONParser.parse(rejection.bytes, file: "baseline.json") }
    #expect(throws: expected) { try JSONParser.validate(rejection.bytes, file: "baseline.json") }
  }

  @Test("validation takes the sample's every baseline in one pass, and no unsorted document")
  func validationInOnePass() throws {
    func inOrder(_ bytes: [UInt8]) -> Bool {
      bytes.withUnsafeBufferPointer { buffer in
        var reader = JSONParser.Reader(bytes: buffer, file: "f.json")
        return reader.acceptsInOrder()
      }
    }
    let tree = packageRoot.appendingPathComponent(".VersionedTestJSON")
    let files = try #require(FileManager.default.enumerator(atPath: tree.path))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".json") && !$0.hasSuffix("contract.json") }
    #expect(files.count > 500)
    for file in files {
      let bytes = try Array(Data(contentsOf: tree.appendingPathComponent(file)))
      #expect(inOrder(bytes), "\(file)")
    }
    // Not canonical (escaped, beyond ASCII, unsorted, a key twice): the reader decides.
    for text in [#"{"b" : 1, "a" : 2}"#, #"{"\u0061" : 1}"#, #"{"é" : 1}"#, #"{"a" : {"b" : 1, "b" : 2}}"#] {
      #expect(!inOrder(Array(text.utf8)), "\(text)")
    }
    #expect(throws: Never.self) { try JSONParser.validate(Array(#"{"b" : 1, "a" : 2}"#.utf8), file: "f") }
    #expect(inOrder(Array(#"{"" : [], "a" : {}, "ab" : [1, -2.5e3, "x\n", true, null]}"#.utf8)))
  }

  @Test("every byte at every place in a string: taken or refused as JSON says, validation as the parser")
  func validationOfEveryStringByte() {
    // The parser and the one-pass check read a string's plain bytes eight at a time: each
    // byte value, at each place in and around an eight-byte run, in a value and in a key.
    // Alone among the bytes, printable ASCII and DEL stand for themselves (a quote ends the
    // string early, a backslash starts an escape, a control character must be escaped, and
    // a lone byte beyond ASCII is not UTF-8).
    var disagreements: [String] = []
    for byte in UInt8.min...UInt8.max {
      let standsForItself = (0x20...0x7F).contains(byte) && byte != 0x22 && byte != 0x5C
      for place in 0..<18 {
        var text = Array(repeating: UInt8(ascii: "a"), count: 18)
        text[place] = byte
        for document in [Array(#"{"k" : ""#.utf8) + text + Array(#""}"#.utf8),
                         Array(#"{""#.utf8) + text + Array(#"" : 1}"#.utf8)]
        {
          let parsed = Result { () throws(InputError) in _ = try JSONParser.parse(document, file: "f") }
          let validated = Result { () throws(InputError) in try JSONParser.validate(document, file: "f") }
          switch (parsed, validated) {
          case (.success, .success) where standsForItself: break
          case (.failure(let expected), .failure(let got)) where expected == got && !standsForItself:
            break
          default: disagreements.append("byte \(byte) at \(place): \(parsed), \(validated)")
          }
        }
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
  }

  @Test("every byte at every place in a line break's indentation: validation as the parser")
  func validationOfEveryIndentationByte() {
    // The one-pass check takes a line feed's indentation eight spaces at a time: each byte
    // value at each place of an 18-space indentation, in each of the eight places a
    // pretty-printed document breaks its lines, and the document cut there.
    func inOrder(_ bytes: [UInt8]) -> Bool {
      bytes.withUnsafeBufferPointer { buffer in
        var reader = JSONParser.Reader(bytes: buffer, file: "f.json")
        return reader.acceptsInOrder()
      }
    }
    let pieces = [#"{"#, #""a" : ["#, "1,", "2", #"],"#, #""b" : {"#, #""c" : null"#, "}", "}"]
      .map { Array($0.utf8) }
    var disagreements: [String] = []
    var onePass = 0
    for byte in UInt8.min...UInt8.max {
      let isWhitespace = [0x20, 0x0A, 0x0D, 0x09].contains(byte)
      for place in 0..<18 {
        var probe = Array("\n".utf8) + Array(repeating: UInt8(ascii: " "), count: 18)
        probe[1 + place] = byte
        for site in 1..<pieces.count {
          var document = pieces[0]
          var cut: [UInt8] = []
          for index in 1..<pieces.count {
            document += index == site ? probe : Array("\n  ".utf8)
            if index == site { cut = document }
            document += pieces[index]
          }
          for bytes in [document, cut] {
            let parsed = Result { () throws(InputError) in _ = try JSONParser.parse(bytes, file: "f") }
            let validated = Result { () throws(InputError) in try JSONParser.validate(bytes, file: "f") }
            switch (parsed, validated) {
            case (.success, .success): break
            case (.failure(let expected), .failure(let got)) where expected == got: break
            default:
              disagreements.append("byte \(byte) at \(place), line \(site): \(parsed), \(validated)")
            }
          }
          // Whitespace leaves a document in canonical order: taken in one pass.
          if isWhitespace, inOrder(document) { onePass += 1 }
        }
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    #expect(onePass == 4 * 18 * (pieces.count - 1))
  }

  @Test("a document nested deeper than the one-pass check follows is the reader's to decide")
  func validationBeyondTheAcceptedDepth() throws {
    func nested(_ depth: Int) -> [UInt8] {
      Array((String(repeating: #"{"a" : ["#, count: depth) + "1"
        + String(repeating: "]}", count: depth)).utf8)
    }
    func inOrder(_ bytes: [UInt8]) -> Bool {
      bytes.withUnsafeBufferPointer { buffer in
        var reader = JSONParser.Reader(bytes: buffer, file: "f.json")
        return reader.acceptsInOrder()
      }
    }
    // Two containers a level: 32 levels is the deepest taken in one pass.
    #expect(JSONParser.Reader.acceptedDepth == 64)
    #expect(inOrder(nested(32)))
    #expect(!inOrder(nested(33)))
    #expect(throws: Never.self) { try JSONParser.validate(nested(33), file: "f.json") }
    #expect(throws: Never.self) { try JSONParser.validate(nested(4_000), file: "f.json") }
    let tooDeep = nested(5_001)
    let parsed = Result { () throws(InputError) in _ = try JSONParser.parse(tooDeep, file: "f.json") }
    let validated = Result { () throws(InputError) in try JSONParser.validate(tooDeep, file: "f.json") }
    guard case .failure(let expected) = parsed, case .failure(let got) = validated else {
      Issue.record("nesting beyond the parser's limit was accepted: \(parsed), \(validated)")
      return
    }
    #expect(got == expected)
  }

  @Test("accepts every valid form, with any JSON whitespace")
  func acceptsValidForms() throws {
    let text = """
      \t{"numbers" :[0, -0, 1, -1, 1.5, -0.5e-3, 1e5, 1E+5, 2e-1, 0.0, 123456789],\r
      "literals":[true,false,null],"strings" : ["", "plain", "é😀\u{2028}", "\u{7F}"],
      "empty": {"object": {}, "array": [ ], "key": ""}, "": 0}\n\n
      """
    let value = try JSONParser.parse(Array(text.utf8), file: "valid.json")
    let expected: JSONValue = [
      "numbers": [0, 0, 1, -1, 1.5, -0.0005, 100_000, 100_000, 0.2, 0, 123_456_789],
      "literals": [true, false, nil],
      "strings": ["", "plain", "é😀\u{2028}", "\u{7F}"],
      "empty": ["object": [:], "array": [], "key": ""],
      "": 0,
    ]
    #expect(value == expected)
  }

  @Test("accepts a scalar as the whole document")
  func acceptsScalars() throws {
    #expect(try JSONParser.parse(Array("1".utf8), file: "f") == 1)
    #expect(try JSONParser.parse(Array(" \"s\" ".utf8), file: "f") == "s")
    #expect(try JSONParser.parse(Array("true".utf8), file: "f") == true)
    #expect(try JSONParser.parse(Array("\nnull\n".utf8), file: "f") == nil)
    #expect(try JSONParser.parse(Array("-0.0".utf8), file: "f") == 0)
  }

  @Test("unescapes every escape, including surrogate pairs and NUL")
  func unescapes() throws {
    let text =
      #"["\"\\\/\b\f\n\r\t", "\u0000\u00e9\u00C9\u20AC", "\uD83D\uDE00\ud83d\ude00x", "a\/b"]"#
    let value = try JSONParser.parse(Array(text.utf8), file: "f")
    #expect(value == ["\"\\/\u{8}\u{C}\n\r\t", "\u{0}éÉ€", "😀😀x", "a/b"])
  }

  @Test("reads numbers as JSONNumber(literal:) does, so 1.0 equals 1")
  func numbers() throws {
    let literals = [
      "0", "-0", "7", "-7", "1.0", "1e0", "10E-1", "0.1", "1e-7", "999999999999999999",
      "-999999999999999999", "9223372036854775807", "-9223372036854775808",
      "9223372036854775808", "18446744073709551615", "18446744073709551616",
      "123456789012345678901234567890", "1e308", "-1.5e-300", "1e-400",
    ]
    for literal in literals {
      let parsed = try JSONParser.parse(Array(literal.utf8), file: "f")
      let expected = try #require(JSONNumber(literal: literal[...]), "\(literal)")
      #expect(parsed == .number(expected), "\(literal)")
    }
    #expect(try JSONParser.parse(Array("[1.0, 1, 1e0]".utf8), file: "f") == [1, 1, 1])
    #expect(try JSONParser.parse(Array("18446744073709551615".utf8), file: "f")
            == .number(JSONNumber(UInt64.max)))
  }

  @Test("reads objects with many keys")
  func manyKeys() throws {
    let members = (0..<300).map { "\"key\($0)\": \($0)" }
    let value = try JSONParser.parse(Array(("{" + members.joined(separator: ",\n") + "}").utf8),
                                     file: "f")
    let expected = JSONValue.object(
      Dictionary(uniqueKeysWithValues: (0..<300).map { ("key\($0)", .number(JSONNumber($0))) }))
    #expect(value == expected)
  }

  @Test("frees the partial document of a failed parse without deep recursion")
  func failedDeepParse() async {
    // 9,000 closed levels inside an array whose trailing comma fails the parse; freeing them
    // recursively would overflow a 512 KiB stack.
    let depth = 9_000
    let text =
      "[" + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + ",]"
    let error = await runOnThread(stackSize: 512 * 1024) { () -> InputError? in
      do throws(InputError) {
        _ = try JSONParser.parse(Array(text.utf8), file: "deep.json")
        return nil
      } catch {
        return error
      }
    }
    #expect(error?.reason == "trailing comma before ']'")
    #expect(error?.byteOffset == 2 * depth + 1)
  }

  @Test("allows the same key in different objects")
  func sameKeyInSiblingObjects() throws {
    let text = #"{"x": {"x": 1, "y": {"x": 2}}, "y": [{"x": 3}, {"x": 4}]}"#
    let value = try JSONParser.parse(Array(text.utf8), file: "f")
    #expect(value == ["x": ["x": 1, "y": ["x": 2]], "y": [["x": 3], ["x": 4]]])
  }

  @Test("reads Data and other byte collections the same way")
  func otherCollections() throws {
    let text = #"{"a": [1, "b"]}"#
    let expected: JSONValue = ["a": [1, "b"]]
    #expect(try JSONParser.parse(Data(text.utf8), file: "f") == expected)
    #expect(try JSONParser.parse(text.utf8, file: "f") == expected)
    #expect(try JSONParser.parse(Array(text.utf8)[...], file: "f") == expected)
    #expect(try JSONParser.parse(AnyCollection(text.utf8), file: "f") == expected)
  }

  @Test("parses 1,000 levels on a 512 KiB stack and 10,000 levels at all")
  func deepNesting() async throws {
    let depths = await runOnThread(stackSize: 512 * 1024) { () -> [Int?] in
      [1_000, JSONParser.maximumDepth].map { depth in
        let opening = (0..<depth).map { $0.isMultiple(of: 3) ? "{\"k\":" : "[" }
        let text = opening.joined() + "0" + opening.reversed().map { $0 == "[" ? "]" : "}" }
          .joined()
        guard let value = try? JSONParser.parse(Array(text.utf8), file: "deep.json") else {
          return nil
        }
        var levels = 0
        var current = value
        while true {
          switch current {
          case .array(let elements) where elements.count == 1: current = elements[0]
          case .object(let members) where members.count == 1:
            current = members["k"] ?? .null
          default:
            JSONParser.releaseIteratively([consume value])
            return current == 0 ? levels : nil
          }
          levels += 1
        }
      }
    }
    #expect(depths == [1_000, JSONParser.maximumDepth])
  }

  @Test("reads files by path and names unreadable ones")
  func contentsOfPath() throws {
    let temporary = try TemporaryDirectory()
    let directory = temporary.url
    let good = directory.appendingPathComponent("good.json").path
    let bad = directory.appendingPathComponent("bad.json").path
    try Data("{\"a\": [true]}\n".utf8).write(to: URL(fileURLWithPath: good))
    try Data("{\"a\": [true,]}\n".utf8).write(to: URL(fileURLWithPath: bad))
    #expect(try JSONParser.parse(contentsOf: good) == ["a": [true]])
    #expect(throws: InputError(file: bad, line: 1, column: 12, byteOffset: 11,
                               reason: "trailing comma before ']'")) {
      try JSONParser.parse(contentsOf: bad)
    }
    let missing = directory.appendingPathComponent("missing.json").path
    #expect(throws: InputError(file: missing, reason: "no such file")) {
      try JSONParser.parse(contentsOf: missing)
    }
    #expect(throws: InputError(file: directory.path,
                               reason: "this is a directory, not a JSON file")) {
      try JSONParser.parse(contentsOf: directory.path)
    }
  }

  @Test("describes errors as file:line:column: reason (byte offset N)")
  func errorDescription() {
    do {
      _ = try JSONParser.parse(Array("{\"a\": 1,}".utf8), file: "en.json")
      Issue.record("expected an error")
    } catch {
      #expect(error.description == "en.json:1:8: trailing comma before '}' (byte offset 7)")
    }
  }
}
