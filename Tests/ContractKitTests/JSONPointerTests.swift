import Testing

@testable import ContractKit
@testable import ContractKitRuntime

@Suite("JSON Pointer")
struct JSONPointerTests {
  @Test("appends keys with ~ and / escaped, and indices as decimal")
  func appending() {
    #expect(JSONPointer.appending("cards", to: "") == "/cards")
    #expect(JSONPointer.appending(0, to: "/cards") == "/cards/0")
    #expect(JSONPointer.appending("a/b~c", to: "/x") == "/x/a~1b~0c")
    #expect(JSONPointer.appending("~1", to: "") == "/~01")
    #expect(JSONPointer.appending("", to: "") == "/")
    #expect(JSONPointer.appending("é 😀", to: "/") == "//é 😀")
  }

  @Test("splits and unescapes tokens, ~01 being ~1 and not /")
  func tokens() {
    #expect(JSONPointer.tokens(of: "") == [])
    #expect(JSONPointer.tokens(of: "/") == [""])
    #expect(JSONPointer.tokens(of: "/cards/0/title") == ["cards", "0", "title"])
    #expect(JSONPointer.tokens(of: "/a~1b/m~0n/~01") == ["a/b", "m~n", "~1"])
    #expect(JSONPointer.tokens(of: "//x/") == ["", "x", ""])
    #expect(JSONPointer.tokens(of: "/\u{301}/x") == ["\u{301}", "x"])
    #expect(JSONPointer.tokens(of: "/a~2b/~") == ["a~2b", "~"])
  }

  @Test("tokens(of:) undoes appending for any key")
  func roundTrip() {
    let keys = ["", "~", "/", "~0", "~1", "a/b/~c", "/~/~", "é\u{301}/"]
    let pointer = keys.reduce("") { JSONPointer.appending($1, to: $0) }
    #expect(JSONPointer.tokens(of: pointer) == keys)
  }

  @Test("finds the value a pointer names, RFC 6901's examples included")
  func valueAt() {
    let document: JSONValue = [
      "foo": ["bar", "baz"], "": 0, "a/b": 1, "c%d": 2, "e^f": 3, "g|h": 4, "i\\j": 5,
      "k\"l": 6, " ": 7, "m~n": 8, "nested": ["list": [["name": "x"]]],
    ]
    let expectations: [(String, JSONValue?)] = [
      ("", document), ("/foo", ["bar", "baz"]), ("/foo/0", "bar"), ("/", 0), ("/a~1b", 1),
      ("/c%d", 2), ("/e^f", 3), ("/g|h", 4), ("/i\\j", 5), ("/k\"l", 6), ("/ ", 7),
      ("/m~0n", 8), ("/nested/list/0/name", "x"),
    ]
    for (pointer, expected) in expectations {
      #expect(JSONPointer.value(at: pointer, in: document) == expected, "\(pointer)")
    }
  }

  @Test("finds nothing for missing members, bad indices and malformed pointers")
  func valueAtMisses() {
    let document: JSONValue = ["list": [10, 20], "n": 1, "~x": true]
    let misses = [
      "/missing", "/list/2", "/list/-", "/list/01", "/list/-1", "/list/+1", "/list/1e0",
      "/list/x", "/n/0", "/list/0/deeper", "list", "/~x", "/~2x",
      "/list/99999999999999999999999",
    ]
    for pointer in misses {
      #expect(JSONPointer.value(at: pointer, in: document) == nil, "\(pointer)")
    }
    #expect(JSONPointer.value(at: "/list/1", in: document) == 20)
    #expect(JSONPointer.value(at: "/~0x", in: document) == true)
  }
}
