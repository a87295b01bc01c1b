/// One message on the server's event stream: an event name and its text.
public struct ServerSentEvent: Sendable, Equatable {
    public var name: String
    public var data: String

    public init(name: String, data: String) {
        self.name = name
        self.data = data
    }

    /// The wire form: `event:`, one `data:` line per line of text, and a blank line. Carriage
    /// returns are line breaks in the format, so they are sent as line breaks too.
    var encoded: [UInt8] {
        var text = "event: \(name)\n"
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) {
            text += "data: \(line.replacing("\r", with: ""))\n"
        }
        text += "\n"
        return Array(text.utf8)
    }
}
