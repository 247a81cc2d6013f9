import Foundation

/// A value of a scenario-specific key in a ``BenchmarkResult`` (`states_per_s`, `p99_ms`, `final_state_matches`…).
///
/// It prints as a JSON value (``json``) and as a short text for the table's notes column (``text``).
enum BenchmarkValue: Sendable, Equatable {
  case int(Int)
  case double(Double)
  case bool(Bool)
  case string(String)

  /// The value as JSON: numbers with three decimals at most, non-finite numbers as `null`, strings escaped.
  var json: String {
    switch self {
    case .int(let value): String(value)
    case .double(let value): value.isFinite ? Self.decimal(value) : "null"
    case .bool(let value): value ? "true" : "false"
    case .string(let value): Self.quoted(value)
    }
  }

  /// The value as the table prints it.
  var text: String {
    switch self {
    case .int(let value): String(value)
    case .double(let value): Self.decimal(value)
    case .bool(let value): value ? "yes" : "no"
    case .string(let value): value
    }
  }

  /// A number with up to three decimals and no trailing zeros: deterministic, locale-free.
  static func decimal(_ value: Double) -> String {
    var text = String(format: "%.3f", locale: nil, value)
    while text.contains(".") && (text.hasSuffix("0") || text.hasSuffix(".")) { text.removeLast() }
    return text == "-0" ? "0" : text
  }

  /// A JSON string literal.
  static func quoted(_ value: String) -> String {
    var out = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}

extension BenchmarkValue: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByStringLiteral
{
  init(integerLiteral value: Int) { self = .int(value) }
  init(floatLiteral value: Double) { self = .double(value) }
  init(booleanLiteral value: Bool) { self = .bool(value) }
  init(stringLiteral value: String) { self = .string(value) }
}
