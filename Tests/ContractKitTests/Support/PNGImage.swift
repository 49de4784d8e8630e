import Foundation

/// Just enough of PNG to look at a browser's screenshot: 8-bit RGB or RGBA, not interlaced
/// (what Chromium writes), decoded to pixels with a small inflater (RFC 1950/1951).
struct PNGImage {
  let width: Int
  let height: Int
  /// Bytes per pixel: 3 (RGB) or 4 (RGBA).
  let channels: Int
  /// Rows of `width * channels` bytes, top to bottom, filters undone.
  let bytes: [UInt8]

  struct Unsupported: Error, CustomStringConvertible { var description: String }

  /// The red, green and blue of the pixel at `x`, `y`.
  func rgb(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
    let index = (y * width + x) * channels
    return (Int(bytes[index]), Int(bytes[index + 1]), Int(bytes[index + 2]))
  }

  /// Whether a pixel in rows `rows` is within `tolerance` of `color` in every channel.
  func contains(_ color: (r: Int, g: Int, b: Int), rows: Range<Int>, tolerance: Int = 10) -> Bool {
    for y in rows.clamped(to: 0..<height) {
      for x in 0..<width {
        let pixel = rgb(x, y)
        if abs(pixel.r - color.r) <= tolerance, abs(pixel.g - color.g) <= tolerance,
           abs(pixel.b - color.b) <= tolerance
        { return true }
      }
    }
    return false
  }

  /// How many different colours the image holds (a blank page has one).
  var colorCount: Int {
    var seen = Set<Int>()
    for index in stride(from: 0, to: bytes.count - 2, by: channels) {
      seen.insert(Int(bytes[index]) << 16 | Int(bytes[index + 1]) << 8 | Int(bytes[index + 2]))
    }
    return seen.count
  }

  init(_ data: Data) throws {
    let file = [UInt8](data)
    guard file.count > 8, file[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else {
      throw Unsupported(description: "not a PNG")
    }
    var position = 8
    var header: [UInt8] = []
    var compressed: [UInt8] = []
    while position + 8 <= file.count {
      let length = file[position..<(position + 4)].reduce(0) { $0 << 8 | Int($1) }
      let type = String(decoding: file[(position + 4)..<(position + 8)], as: UTF8.self)
      let body = Array(file[(position + 8)..<min(file.count, position + 8 + length)])
      if type == "IHDR" { header = body }
      if type == "IDAT" { compressed += body }
      position += 12 + length
    }
    guard header.count == 13 else { throw Unsupported(description: "no IHDR") }
    width = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
    height = header[4..<8].reduce(0) { $0 << 8 | Int($1) }
    guard header[8] == 8, header[12] == 0, header[9] == 2 || header[9] == 6 else {
      throw Unsupported(description: "bit depth \(header[8]), colour type \(header[9]), interlace \(header[12])")
    }
    channels = header[9] == 6 ? 4 : 3
    var inflater = Inflater(Array(compressed.dropFirst(2)))
    let raw = try inflater.run()
    bytes = try Self.unfiltered(raw, width: width, height: height, channels: channels)
  }

  /// The scanlines of `raw` with their filters undone.
  private static func unfiltered(_ raw: [UInt8], width: Int, height: Int, channels: Int) throws
    -> [UInt8]
  {
    let stride = width * channels
    guard raw.count >= height * (stride + 1) else { throw Unsupported(description: "short image data") }
    var out = [UInt8](repeating: 0, count: height * stride)
    for row in 0..<height {
      let filter = raw[row * (stride + 1)]
      let source = row * (stride + 1) + 1
      let target = row * stride
      for i in 0..<stride {
        let a = i >= channels ? Int(out[target + i - channels]) : 0
        let b = row > 0 ? Int(out[target - stride + i]) : 0
        let c = row > 0 && i >= channels ? Int(out[target - stride + i - channels]) : 0
        let predictor: Int
        switch filter {
        case 0: predictor = 0
        case 1: predictor = a
        case 2: predictor = b
        case 3: predictor = (a + b) / 2
        case 4:
          let p = a + b - c
          let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
          predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
        default: throw Unsupported(description: "filter \(filter)")
        }
        out[target + i] = UInt8(truncatingIfNeeded: Int(raw[source + i]) + predictor)
      }
    }
    return out
  }
}

/// A DEFLATE decoder (RFC 1951): stored, fixed and dynamic Huffman blocks.
private struct Inflater {
  private let input: [UInt8]
  private var position = 0
  private var buffer = 0
  private var count = 0
  private var output: [UInt8] = []

  init(_ input: [UInt8]) { self.input = input }

  struct Corrupt: Error {}

  /// A canonical Huffman code: how many codes each length has, and the symbols in code order.
  private struct Code {
    var counts = [Int](repeating: 0, count: 16)
    var symbols: [Int] = []

    init(lengths: [Int]) {
      for length in lengths { counts[length] += 1 }
      counts[0] = 0
      symbols = lengths.indices.filter { lengths[$0] > 0 }
        .sorted { (lengths[$0], $0) < (lengths[$1], $1) }
    }
  }

  private static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35,
                                   43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
  private static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3,
                                    4, 4, 4, 4, 5, 5, 5, 5, 0]
  private static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
                                     257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
                                     8193, 12289, 16385, 24577]
  private static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8,
                                      9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
  private static let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

  mutating func run() throws -> [UInt8] {
    var last = 0
    repeat {
      last = try bits(1)
      switch try bits(2) {
      case 0: try stored()
      case 1:
        let literals = [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112)
          + [Int](repeating: 7, count: 24) + [Int](repeating: 8, count: 8)
        try block(Code(lengths: literals), Code(lengths: [Int](repeating: 5, count: 30)))
      case 2: try dynamic()
      default: throw Corrupt()
      }
    } while last == 0
    return output
  }

  private mutating func bits(_ needed: Int) throws -> Int {
    while count < needed {
      guard position < input.count else { throw Corrupt() }
      buffer |= Int(input[position]) << count
      position += 1
      count += 8
    }
    let value = buffer & ((1 << needed) - 1)
    buffer >>= needed
    count -= needed
    return value
  }

  private mutating func stored() throws {
    buffer = 0
    count = 0
    guard position + 4 <= input.count else { throw Corrupt() }
    let length = Int(input[position]) | Int(input[position + 1]) << 8
    position += 4
    guard position + length <= input.count else { throw Corrupt() }
    output += input[position..<(position + length)]
    position += length
  }

  private mutating func decode(_ code: Code) throws -> Int {
    var value = 0
    var first = 0
    var index = 0
    for length in 1...15 {
      value |= try bits(1)
      let count = code.counts[length]
      if value - first < count { return code.symbols[index + value - first] }
      index += count
      first = (first + count) << 1
      value <<= 1
    }
    throw Corrupt()
  }

  private mutating func dynamic() throws {
    let literalCount = try bits(5) + 257
    let distanceCount = try bits(5) + 1
    let lengthCount = try bits(4) + 4
    var lengthLengths = [Int](repeating: 0, count: 19)
    for index in 0..<lengthCount { lengthLengths[Self.order[index]] = try bits(3) }
    let lengthCode = Code(lengths: lengthLengths)
    var lengths: [Int] = []
    while lengths.count < literalCount + distanceCount {
      let symbol = try decode(lengthCode)
      switch symbol {
      case 0...15: lengths.append(symbol)
      case 16:
        guard let previous = lengths.last else { throw Corrupt() }
        lengths += [Int](repeating: previous, count: 3 + (try bits(2)))
      case 17: lengths += [Int](repeating: 0, count: 3 + (try bits(3)))
      default: lengths += [Int](repeating: 0, count: 11 + (try bits(7)))
      }
    }
    try block(Code(lengths: Array(lengths[0..<literalCount])),
              Code(lengths: Array(lengths[literalCount..<(literalCount + distanceCount)])))
  }

  private mutating func block(_ literals: Code, _ distances: Code) throws {
    while true {
      let symbol = try decode(literals)
      if symbol < 256 {
        output.append(UInt8(symbol))
      } else if symbol == 256 {
        return
      } else {
        let index = symbol - 257
        guard index < Self.lengthBase.count else { throw Corrupt() }
        let length = Self.lengthBase[index] + (try bits(Self.lengthExtra[index]))
        let distanceSymbol = try decode(distances)
        guard distanceSymbol < Self.distanceBase.count else { throw Corrupt() }
        let distance = Self.distanceBase[distanceSymbol] + (try bits(Self.distanceExtra[distanceSymbol]))
        guard distance <= output.count else { throw Corrupt() }
        let start = output.count - distance
        for offset in 0..<length { output.append(output[start + offset]) }
      }
    }
  }
}
