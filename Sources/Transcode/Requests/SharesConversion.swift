/// A request or a summary built around the part every single-file conversion shares, whose
/// members it answers as its own: ``VideoRequest`` and ``AnimationRequest`` around their
/// ``ConversionOptions`` (`request.targetPSNR`), `VideoSummary` and ``AnimationSummary``
/// around their ``ConversionSummary`` (`summary.width`).
@dynamicMemberLookup
public protocol SharesConversion {
  /// ``ConversionOptions`` or ``ConversionSummary``.
  associatedtype Conversion
  var conversion: Conversion { get set }
}

extension SharesConversion {
  public subscript<T>(dynamicMember member: WritableKeyPath<Conversion, T>) -> T {
    get { conversion[keyPath: member] }
    set { conversion[keyPath: member] = newValue }
  }
}
