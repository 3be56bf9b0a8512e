/// The numbers a controller gives the deliveries its caller did not number, so every verdict
/// can be matched to its URL without the caller making up ids.
struct DeliveryNumbering {
    /// The number of the last delivery numbered here.
    private var last: UInt64 = 0

    /// `delivery`, or the next number of its own when the caller gave none.
    mutating func number(_ delivery: DeliveryID?) -> DeliveryID {
        if let delivery { return delivery }
        last += 1
        return DeliveryID(last)
    }
}
