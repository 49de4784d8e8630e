import ContractKitRuntime
/// SHA-256 (FIPS 180-4), for the fingerprints of pending results and of what `compat` built.
///
/// Foundation has no CryptoKit on Linux and ContractKit takes no package, so the few lines
/// of the standard algorithm live here. A pending result names the baseline it was compared
/// with and the encoding it holds by their digests: `review` applies it only while both
/// still match, byte for byte.
///
/// ```swift
/// SHA256.hex(Array("abc".utf8))
/// // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
/// ```
/// The rounds work on raw buffers, not arrays: a debug build (what `swift run` makes) then
/// hashes a probe executable of a few megabytes in a fraction of a second, not seconds.
enum SHA256 {
  /// The digest of `bytes` as 64 lowercase hexadecimal digits.
  static func hex(_ bytes: [UInt8]) -> String {
    var hasher = Hasher()
    hasher.update(bytes)
    return hasher.hex()
  }

  /// The digest of `bytes` as eight big-endian words.
  static func digest(_ bytes: [UInt8]) -> [UInt32] {
    var hasher = Hasher()
    hasher.update(bytes)
    return hasher.finish()
  }

  /// A digest computed over bytes given piece by piece (a file read in chunks).
  struct Hasher {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
      0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a,
      0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )
    /// Bytes of an unfinished block.
    private var pending: [UInt8] = []
    private var count: UInt64 = 0

    /// Adds `bytes` to the message.
    mutating func update(_ bytes: some Collection<UInt8>) {
      count &+= UInt64(bytes.count)
      let done: Bool? = bytes.withContiguousStorageIfAvailable { buffer in
        consume(UnsafeRawBufferPointer(buffer))
        return true
      }
      if done == nil { Array(bytes).withUnsafeBytes { consume($0) } }
    }

    /// The digest as 64 lowercase hexadecimal digits.
    mutating func hex() -> String {
      let hexDigits = Array("0123456789abcdef".utf8)
      var text: [UInt8] = []
      text.reserveCapacity(64)
      for word in finish() {
        for shift in stride(from: 28, through: 0, by: -4) {
          text.append(hexDigits[Int((word >> UInt32(shift)) & 0xF)])
        }
      }
      return String(decoding: text, as: UTF8.self)
    }

    /// The digest as eight big-endian words: the message, a 1 bit, zeros up to 56 bytes
    /// modulo 64, then its length in bits.
    mutating func finish() -> [UInt32] {
      let bitCount = count &* 8
      var tail = pending
      tail.append(0x80)
      while tail.count % 64 != 56 { tail.append(0) }
      for shift in stride(from: 56, through: 0, by: -8) {
        tail.append(UInt8(truncatingIfNeeded: bitCount >> UInt64(shift)))
      }
      pending = []
      tail.withUnsafeBytes { consume($0) }
      return [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7]
    }

    /// Runs the rounds over every whole block of `pending` followed by `bytes`, keeping the
    /// rest for later.
    private mutating func consume(_ bytes: UnsafeRawBufferPointer) {
      var offset = 0
      if !pending.isEmpty {
        let take = min(64 - pending.count, bytes.count)
        pending += bytes[0..<take]
        offset = take
        guard pending.count == 64 else { return }
        pending.withUnsafeBytes { compress($0.baseAddress!) }
        pending = []
      }
      guard let base = bytes.baseAddress else { return }
      while bytes.count - offset >= 64 {
        compress(base + offset)
        offset += 64
      }
      pending += bytes[offset...]
    }

    /// One 64-byte block.
    private mutating func compress(_ block: UnsafeRawPointer) {
      withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
        let w = w.baseAddress!
        for index in 0..<16 {
          let at = block + index * 4
          w[index] = UInt32(at.load(as: UInt8.self)) << 24
            | UInt32(at.load(fromByteOffset: 1, as: UInt8.self)) << 16
            | UInt32(at.load(fromByteOffset: 2, as: UInt8.self)) << 8
            | UInt32(at.load(fromByteOffset: 3, as: UInt8.self))
        }
        for index in 16..<64 {
          let x = w[index - 15]
          let y = w[index - 2]
          let s0 = (x >> 7 | x << 25) ^ (x >> 18 | x << 14) ^ (x >> 3)
          let s1 = (y >> 17 | y << 15) ^ (y >> 19 | y << 13) ^ (y >> 10)
          w[index] = w[index - 16] &+ s0 &+ w[index - 7] &+ s1
        }
        var (a, b, c, d, e, f, g, h) = state
        SHA256.roundConstants.withUnsafeBufferPointer { k in
          let k = k.baseAddress!
          for index in 0..<64 {
            let s1 = (e >> 6 | e << 26) ^ (e >> 11 | e << 21) ^ (e >> 25 | e << 7)
            let choice = (e & f) ^ (~e & g)
            let temp1 = h &+ s1 &+ choice &+ k[index] &+ w[index]
            let s0 = (a >> 2 | a << 30) ^ (a >> 13 | a << 19) ^ (a >> 22 | a << 10)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let temp2 = s0 &+ majority
            h = g
            g = f
            f = e
            e = d &+ temp1
            d = c
            c = b
            b = a
            a = temp1 &+ temp2
          }
        }
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d,
                 state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h)
      }
    }
  }
  /// The first 32 bits of the fractional parts of the cube roots of the first 64 primes.
  private static let roundConstants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
    0xab1c_5ed5, 0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe,
    0x9bdc_06a7, 0xc19b_f174, 0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f,
    0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da, 0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7,
    0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967, 0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc,
    0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85, 0xa2bf_e8a1, 0xa81a_664b,
    0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070, 0x19a4_c116,
    0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
    0xc671_78f2,
  ]
}
