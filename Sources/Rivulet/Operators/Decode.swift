import Foundation

/// A decoder that turns `Data` into a `Decodable` value, as `decode(type:decoder:)` needs.
/// `JSONDecoder` and `PropertyListDecoder` are ones; conform your own decoder to use it.
public protocol DataDecoder {
    /// Decodes a value of `type` from `data`, or throws why it cannot.
    func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item
}

extension JSONDecoder: DataDecoder {}
extension PropertyListDecoder: DataDecoder {}

extension ObservableType where Element == Data {
    /// Decodes each `Data` value into `type` with `decoder`; a value that does not decode ends the
    /// stream with the decoder's error.
    ///
    /// ```
    /// source:                                  --d1--d2--|     (d2 is not valid JSON)
    /// decode(type:, decoder: JSONDecoder()):   --v1--X
    /// ```
    @inlinable
    public func decode<Item: Decodable, Decoder: DataDecoder>(
        type: Item.Type, decoder: Decoder
    ) -> Observable<Item> {
        map { data in try decoder.decode(type, from: data) }
    }
}
