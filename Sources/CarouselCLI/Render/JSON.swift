/// A free-form value read from a person's front-matter (numbers and booleans typed, the rest as
/// text), keeping the keys in file order. Encoded through `JSONOutput` like every other output.
enum JSON {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])
}
