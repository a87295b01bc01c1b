/// One message on the server's event stream: an event name and its text.
public struct ServerSentEvent: Sendable, Equatable {
    public var name: String
    public var data: String

    public init(name: String, data: String) {
        self.name = name
        self.data = data
    }

    /// The wire form: `event:`, one `data:` line per line of text, and a blank line.
    ///
    /// The format ends a line at CR, LF or CRLF, so each of them in `data` starts a new `data:`
    /// line (the client joins them back with LF) and can never end the event early or begin a
    /// field of its own, such as a forged `event:`. The name is one line by definition: its line
    /// breaks and other control characters are left out. Works on bytes, not characters: Swift
    /// sees CRLF as one character that is neither "\r" nor "\n".
    var encoded: [UInt8] {
        var bytes = Array("event: ".utf8)
        bytes += name.utf8.filter { $0 >= 0x20 && $0 != 0x7F }
        bytes += Array("\ndata: ".utf8)
        var previous: UInt8 = 0
        for byte in data.utf8 {
            switch byte {
            case 0x0D: bytes += Array("\ndata: ".utf8)
            case 0x0A where previous == 0x0D: break
            case 0x0A: bytes += Array("\ndata: ".utf8)
            default: bytes.append(byte)
            }
            previous = byte
        }
        bytes += Array("\n\n".utf8)
        return bytes
    }
}
