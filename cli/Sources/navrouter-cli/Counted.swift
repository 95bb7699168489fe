/// A count with its noun in the number it takes: "1 route", "2 routes", "0 errors" (the tool's nouns all take -s).
func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
