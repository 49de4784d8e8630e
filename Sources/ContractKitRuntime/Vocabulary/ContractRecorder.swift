/// What the vocabulary tells whatever is recording a contract while a value encodes.
///
/// `ViewModelId`, `@Versioned` and `ViewModelEnum` speak to the encoder only through this
/// protocol: the encoder that records contracts conforms to it, every other encoder
/// (`JSONEncoder`, an app's own) does not, and the vocabulary then encodes plainly. Each
/// call concerns the value being encoded, at the encoder's own place in the payload.
protocol ContractRecorder: AnyObject {
  /// The system version whose wire is being produced.
  var version: SystemVersion { get }

  /// Records what the Swift type says about the value at this place, for `contract.json`.
  func annotate(_ annotation: PathAnnotation)

  /// Records an identity at this place; a random one is reported by the harness.
  func noteIdentity(isRandom: Bool)

  /// Leaves the value at this place out of its parent object or array.
  func omit()
}

/// The class a recording encoder descends from, so that the vocabulary finds the recorder
/// behind an `any Encoder` with a class check (a walk up the superclasses) rather than a cast
/// to the protocol, which looks the conformance up in the runtime's tables: one cast per
/// `ViewModelId`, enum and localized value, 8% of a check.
class RecordingEncoderBase {
  /// This encoder as the recorder; a subclass that records returns itself.
  var recorder: (any ContractRecorder)? { nil }
}

extension Encoder {
  /// The recorder behind this encoder, when it is one.
  var contractRecorder: (any ContractRecorder)? { (self as? RecordingEncoderBase)?.recorder }
}
